import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The pages a newcomer and the owner read: every command and path in them must be real. */
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Paths the docs name on purpose that are not in the tree, each with why. */
const NOT_IN_TREE: Record<string, string> = {
  'content/private/passwords.env': 'where passwords lived before the galleries folder; the owner moves them out',
};

/** A backticked text that is a repository path: one of the project's folders, then no space. */
const REPO_PATH = /^(?:src|scripts|content|e2e|docs|functions|public)\/\S*$/;
/** Where a path turns into a placeholder (`content/blog/<address>.mdx`, `content/pages/*.md`). */
const PLACEHOLDER = /[<*…]/;

interface Page {
  file: string;
  lines: { text: string; line: number; fenced: boolean }[];
}

function read(file: string): Page {
  let fenced = false;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((text, index) => {
      const fence = /^\s*```/.test(text);
      if (fence) fenced = !fenced;
      return { text, line: index + 1, fenced: fenced && !fence };
    });
  return { file, lines };
}

/** What a path written in the docs names in the tree: the part before any placeholder. */
function treePath(path: string): string {
  const cut = path.search(PLACEHOLDER);
  return cut === -1 ? path : path.slice(0, path.lastIndexOf('/', cut) + 1);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const { text, fenced } of read(file).lines) {
    const heading = /^#{1,6} (.+)$/.exec(text);
    if (!heading || fenced) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/**
 * The titles of a test file's tests: the first argument of each `it(` or `test(` (and their
 * `.each`, `.skip`-free forms), a quoted or backticked string, which may start on the next line.
 */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  const call = /\b(?:it|test)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*)\1/g;
  for (const [, , title] of source.matchAll(call)) titles.push(title!.replace(/\\(.)/g, '$1'));
  return titles;
}

/**
 * Whether a test title is the one a doc names: the name is quoted up to "…", and a "…" inside it
 * stands for words left out, so each piece comes in the title in order.
 */
export function titleMatches(title: string, name: string): boolean {
  let from = 0;
  for (const piece of name
    .split('…')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = title.indexOf(piece, from);
    if (at === -1) return false;
    from = at + piece.length;
  }
  return true;
}

const pages = DOCS.map(read);
const scripts = Object.keys(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
);

describe('the README, CONTRIBUTING.md and docs/', () => {
  it('name in their `npm run` lines only scripts package.json has', () => {
    const missing: string[] = [];
    for (const { file, lines } of pages)
      for (const { text, line, fenced } of lines) {
        // Fenced blocks are what a reader copies; inline `npm run …` is held to the same rule.
        const code = fenced ? [text] : [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
        for (const span of code)
          for (const [, script] of span.matchAll(/\bnpm run ([\w:.-]+)/g))
            if (!scripts.includes(script!))
              missing.push(`${file}:${line}: npm run ${script} is no script in package.json`);
      }
    expect(missing).toEqual([]);
  });

  it('write in backticks only repository paths that exist in the tree', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { file, lines } of pages)
      for (const { text, line, fenced } of lines) {
        if (fenced) continue;
        for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
          if (!REPO_PATH.test(span!) || span! in NOT_IN_TREE) continue;
          checked += 1;
          if (!existsSync(treePath(span!))) missing.push(`${file}:${line}: \`${span}\` is not in the tree`);
        }
      }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('link to pages and headings that exist', () => {
    const broken: string[] = [];
    for (const { file, lines } of pages)
      for (const { text, line, fenced } of lines) {
        if (fenced) continue;
        for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^[a-z]+:/.test(target!)) continue;
          const [path, anchor] = target!.split('#') as [string, string | undefined];
          const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
          const resolved = path === '' ? file : new URL(path, `file:///${dir}`).pathname.slice(1);
          if (!existsSync(resolved)) broken.push(`${file}:${line}: ${target} names no file`);
          else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
            broken.push(`${file}:${line}: ${target} names no heading of ${resolved}`);
        }
      }
    expect(broken).toEqual([]);
  });

  it('name in the claims table of docs/galleries.md test files and tests that exist', () => {
    const table = read('docs/galleries.md').lines.filter(({ text }) => text.startsWith('| ') && text.includes(' :: '));
    const missing: string[] = [];
    let named = 0;
    for (const { text, line } of table) {
      const proof = text.split('|')[2]!;
      for (const part of proof.split(/;\s*/)) {
        const file = /`([^`]+\.test\.ts|[^`]+\.spec\.ts)`/.exec(part)?.[1];
        if (!file) continue;
        // "Paths without a folder are in `src/private-gallery/`."
        const path = REPO_PATH.test(file) ? file : `src/private-gallery/${file}`;
        if (!existsSync(path)) {
          missing.push(`docs/galleries.md:${line}: ${path} is not in the tree`);
          continue;
        }
        const titles = testTitles(readFileSync(path, 'utf8'));
        for (const [, name] of part.matchAll(/"([^"]+)"/g)) {
          named += 1;
          if (!titles.some((title) => titleMatches(title, name!))) {
            missing.push(`docs/galleries.md:${line}: no test in ${path} is named "${name}"`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(named).toBeGreaterThan(25);
  });

  it('name in docs/performance.md test files and tests that exist, each title after its file', () => {
    // The prose as one line, so a title that wraps reads whole: `e2e/home.spec.ts` "its script…", "the first…".
    const text = read('docs/performance.md')
      .lines.filter(({ fenced }) => !fenced)
      .map(({ text }) => text.trim())
      .join(' ');
    const missing: string[] = [];
    let named = 0;
    for (const [, file, names] of text.matchAll(/`([^`]+\.(?:test|spec)\.ts)`((?:,? "[^"]+")+)/g)) {
      if (!REPO_PATH.test(file!) || !existsSync(file!)) {
        missing.push(`docs/performance.md: ${file} is not in the tree`);
        continue;
      }
      const titles = testTitles(readFileSync(file!, 'utf8'));
      for (const [, name] of names!.matchAll(/"([^"]+)"/g)) {
        named += 1;
        if (!titles.some((title) => titleMatches(title, name!)))
          missing.push(`docs/performance.md: no test in ${file} is named "${name}"`);
      }
    }
    // "(test: …" and "Tests: …" at a sentence's start name their file first.
    for (const [mention] of text.matchAll(/(?:\(|^|[.;] )tests?: (?!`[^`]+\.(?:test|spec)\.ts`)\S+/gi))
      missing.push(`docs/performance.md: "${mention}" names a test without its file`);
    expect(missing).toEqual([]);
    expect(named).toBeGreaterThan(8);
  });

  it('count as a named test only a test title, not the same words elsewhere in the file', () => {
    const source = [
      "// the owner's command refuses a gallery without its password",
      "it('publishes her gallery', () => {});",
      'test(',
      "  'a wrong password opens nothing; it\\'s said once',",
      '  async () => {},',
      ');',
      'it.each([1, 2])(`%s photos open ${"in order"}`, () => {});',
    ].join('\n');
    const titles = testTitles(source);
    expect(titles).toEqual([
      'publishes her gallery',
      "a wrong password opens nothing; it's said once",
      '%s photos open ${"in order"}',
    ]);
    expect(titles.some((t) => titleMatches(t, "the owner's command refuses…"))).toBe(false);
    expect(titles.some((t) => titleMatches(t, 'a wrong password opens nothing…said once'))).toBe(true);
    expect(titles.some((t) => titleMatches(t, 'photos open…'))).toBe(true);
  });

  it('keep the README to 250 lines at most', () => {
    expect(readFileSync('README.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });
});
