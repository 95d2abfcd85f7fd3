// The loader `npm run desk` reads its React pages with: a .tsx file, imported by Node itself (not
// Vite) once registerJsx ran, is JSX turned into JavaScript; `@/…` is src/ and an import without its
// extension finds the .ts file, as the site's own code is written. Run in a Node of its own, as the
// desk's command runs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const loader = fileURLToPath(new URL('./jsx.ts', import.meta.url));
// Inside the project, as the desk's pages are (their imports of react are found in its node_modules),
// in a folder git ignores; not under node_modules, where Node strips no types.
const cache = fileURLToPath(new URL('../../reports/', import.meta.url));
mkdirSync(cache, { recursive: true });
const root = mkdtempSync(join(cache, 'jsx-loader-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What `node main.ts` prints, main.ts importing `entry` after registerJsx (or before it: `register` false). */
function run(entry: string, register = true): string {
  const main = join(root, 'main.ts');
  writeFileSync(
    main,
    `import { registerJsx } from ${JSON.stringify(loader)};\n${register ? 'registerJsx();\n' : ''}` +
      `const { shown } = await import(${JSON.stringify(entry)});\nconsole.log(shown);\n`,
  );
  return execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', main], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

describe('React components for a command run by Node (scripts/shared/jsx.ts)', () => {
  it("renders a .tsx component that imports the site's own code by @/ and without an extension", () => {
    writeFileSync(join(root, 'note.ts'), 'export const note = (text: string): string => `${text}!`;\n');
    writeFileSync(
      join(root, 'Card.tsx'),
      [
        "import { renderToStaticMarkup } from 'react-dom/server';",
        "import { pageTitle } from '@/lib/site/page-title';",
        "import { note } from './note';",
        'const Card = ({ title }: { title: string }) => <p className="card" title={pageTitle(title, "Studio")}>{note(title)}</p>;',
        "export const shown = renderToStaticMarkup(<Card title={'Ivy & <Rose>'} />);",
      ].join('\n'),
    );
    expect(run(join(root, 'Card.tsx'))).toBe(
      '<p class="card" title="Ivy &amp; &lt;Rose&gt; | Studio">Ivy &amp; &lt;Rose&gt;!</p>',
    );
  });

  it('is what reads the JSX: without it, Node refuses the .tsx file', () => {
    writeFileSync(join(root, 'Plain.tsx'), 'export const shown = <p>hello</p>;\n');
    expect(() => run(join(root, 'Plain.tsx'), false)).toThrow(/Plain\.tsx/);
  });
});
