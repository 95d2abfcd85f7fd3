// The desk's stylesheets, compiled by Tailwind's own compiler on her computer from the classes they
// are used by (no build step): the desk's own, src/desk/desk.css over the site's theme, about a
// quarter of a second, begun as the desk starts listening and kept between runs (disk-cache.ts)
// until its pages, islands or the theme change; and the site's own for the preview (preview-assets.ts).
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cached, hashOf, keep, once } from './disk-cache.ts';

const ENTRY = fileURLToPath(new URL('../desk.css', import.meta.url));
const THEME = fileURLToPath(new URL('../../styles/theme.css', import.meta.url));
const DESK = fileURLToPath(new URL('../', import.meta.url));
const TAILWIND_VERSION = (
  JSON.parse(readFileSync(new URL('../../../node_modules/tailwindcss/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** A stylesheet: `css` (its imports read from `base`), with the classes its own @source and `more` use. */
export async function compileCss(css: string, base: string, more: { base: string; pattern: string }[] = []) {
  const [{ compile }, { Scanner }] = await Promise.all([import('@tailwindcss/node'), import('@tailwindcss/oxide')]);
  const compiler = await compile(css, { base, onDependency: () => {} });
  const sources = [...compiler.sources, ...more.map((source) => ({ ...source, negated: false }))];
  return compiler.build(new Scanner({ sources }).scan());
}

/** The desk's compiled CSS (made at the first call, then the same each time). */
export const deskStylesheet = once(async () => {
  // Made from the entry, the site's theme and the desk's files, by this Tailwind: kept between runs.
  const entry = readFileSync(ENTRY, 'utf8');
  const key = hashOf([TAILWIND_VERSION, entry, readFileSync(THEME, 'utf8')], [DESK]);
  return cached('desk-css', key) ?? keep('desk-css', key, await compileCss(entry, dirname(ENTRY)));
});
