// A throwaway copy of the project to build with changed content: node_modules linked, not copied,
// and Astro's and Vite's caches kept inside the copy (a build of a few pages would otherwise prune
// the real project's image cache of everything else). Used by the tests that prove what a content
// change does to a real build.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = new URL('../../', import.meta.url).pathname;
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const NOT_COPIED = new Set([
  'node_modules',
  'dist',
  'dist-editor',
  '.git',
  '.astro',
  '.wrangler',
  'reports',
  'test-results',
  'playwright-report',
]);
// Tool caches stay inside the copy, so its runs never disturb the real project's caches.
const NOT_LINKED = new Set(['.vite', '.astro', '.cache']);

/**
 * Copies the project to a new temporary folder (named `prefix…`). `pages`, if given, keeps only
 * those entries of src/pages/ (the other pages' images would make the build slow without proving
 * more). Returns the copy's path.
 */
export function copyProject(prefix: string, { pages }: { pages?: string[] } = {}): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  for (const name of readdirSync(ROOT)) {
    if (!NOT_COPIED.has(name)) cpSync(join(ROOT, name), join(copy, name), { recursive: true });
  }
  mkdirSync(join(copy, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!NOT_LINKED.has(name)) symlinkSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name));
  }
  // Astro's image cache, warm from the project's own build, copied (not linked: the copy's build
  // prunes what it did not use, and must never touch the project's): the copy's photos are not
  // encoded again. A cold cache cost each copy's build every photo the site has.
  const images = join(ROOT, 'node_modules', '.astro', 'assets');
  if (existsSync(images)) cpSync(images, join(copy, 'node_modules', '.astro', 'assets'), { recursive: true });
  if (pages) {
    for (const page of readdirSync(join(copy, 'src', 'pages'))) {
      if (!pages.includes(page)) rmSync(join(copy, 'src', 'pages', page), { recursive: true });
    }
  }
  return copy;
}

/** Runs the Astro CLI in `dir`; returns the exit status and everything it printed, without colours. */
export function astro(dir: string, command: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [ASTRO, command], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' },
  });
  return { status: run.status, output: stripVTControlCharacters(`${run.stdout}${run.stderr}`) };
}
