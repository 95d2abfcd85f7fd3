// The desk's stylesheet: src/desk/desk.css (Tailwind over the site's theme) compiled by Tailwind's
// own compiler from the classes the desk's pages use, on her computer, once a run. No build step:
// about a quarter of a second, begun as the desk starts listening, and kept between runs
// (disk-cache.ts) until the pages or the theme change.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cached, hashOf, keep } from '../shared/disk-cache.ts';

const ENTRY = fileURLToPath(new URL('../../src/desk/desk.css', import.meta.url));
const THEME = fileURLToPath(new URL('../../src/styles/theme.css', import.meta.url));
const DESK = fileURLToPath(new URL('../../src/desk/', import.meta.url));
const TAILWIND_VERSION = (
  JSON.parse(readFileSync(new URL('../../node_modules/tailwindcss/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
let made: Promise<string> | undefined;

/** The compiled CSS (made at the first call, then the same each time). */
export function deskStylesheet(): Promise<string> {
  made ??= (async () => {
    // Made from the entry, the site's theme and the desk's pages, by this Tailwind: kept between runs.
    const key = hashOf([TAILWIND_VERSION, readFileSync(ENTRY, 'utf8'), readFileSync(THEME, 'utf8')], [DESK]);
    const kept = cached('desk-css', key);
    if (kept !== null) return kept;
    const [{ compile }, { Scanner }] = await Promise.all([import('@tailwindcss/node'), import('@tailwindcss/oxide')]);
    const compiler = await compile(readFileSync(ENTRY, 'utf8'), { base: dirname(ENTRY), onDependency: () => {} });
    return keep('desk-css', key, compiler.build(new Scanner({ sources: compiler.sources }).scan()));
  })();
  // A failure is not kept: the next request tries again (and the terminal says why, server.ts).
  made.catch(() => (made = undefined));
  return made;
}
