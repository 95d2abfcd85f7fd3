// The desk's stylesheet: src/desk/desk.css (Tailwind over the site's theme) compiled by Tailwind's
// own compiler from the classes the desk's pages use, on her computer, once a run. No build step:
// about a tenth of a second, begun as the desk starts listening, so her first page seldom waits.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../../src/desk/desk.css', import.meta.url));
let made: Promise<string> | undefined;

/** The compiled CSS (made at the first call, then the same each time). */
export function deskStylesheet(): Promise<string> {
  made ??= (async () => {
    const [{ compile }, { Scanner }] = await Promise.all([import('@tailwindcss/node'), import('@tailwindcss/oxide')]);
    const compiler = await compile(readFileSync(ENTRY, 'utf8'), { base: dirname(ENTRY), onDependency: () => {} });
    return compiler.build(new Scanner({ sources: compiler.sources }).scan());
  })();
  // A failure is not kept: the next request tries again (and the terminal says why, server.ts).
  made.catch(() => (made = undefined));
  return made;
}
