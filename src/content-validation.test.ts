import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const PORTFOLIO = 'content/portfolio.yaml';

/**
 * Runs the real content sync (the step of `astro build` that validates content/) on a trimmed
 * temporary copy of the project with `portfolio.yaml` edited; returns what it printed and its exit code.
 * Only the portfolio's files are copied and only `astro sync` runs (no pages, no images), so it is quick.
 */
function syncWithPortfolio(edit: (yaml: string) => string): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'content-validation-'));
  const copies = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'src'];
  for (const entry of [...copies, 'content/settings.yaml', PORTFOLIO, 'content/images/portfolio']) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  // Packages are linked one by one so the copy keeps its own caches (.astro, .vite) and never writes ours.
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!name.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  const file = join(dir, PORTFOLIO);
  const edited = edit(readFileSync(file, 'utf8'));
  expect(edited, 'the edit changed the file').not.toBe(readFileSync(file, 'utf8'));
  writeFileSync(file, edited);
  const astro = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((done) => {
    execFile(
      process.execPath,
      [astro, 'sync'],
      { cwd: dir, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        rmSync(dir, { recursive: true, force: true });
        done({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe('content/portfolio.yaml is validated at build', () => {
  it('a wrong category or a missing alt stops the build, naming the file, the entry and the field', async () => {
    const [wrongCategory, missingAlt] = await Promise.all([
      syncWithPortfolio((yaml) => yaml.replace(/(id: classic-02\n(?: {2}.*\n)*? {2}category:) classic/, '$1 boudoir')),
      syncWithPortfolio((yaml) => yaml.replace(/(id: outdoor-04\n(?: {2}.*\n)*?) {2}alt: .*\n/, '$1')),
    ]);

    expect(wrongCategory.code).not.toBe(0);
    expect(wrongCategory.output).toContain('portfolio → classic-02');
    expect(wrongCategory.output).toMatch(
      /category: Invalid option: expected one of "classic"\|"outdoor"\|"fine-art"\|"rain-room"/,
    );
    expect(wrongCategory.output).toContain(PORTFOLIO);

    expect(missingAlt.code).not.toBe(0);
    expect(missingAlt.output).toContain('portfolio → outdoor-04');
    expect(missingAlt.output).toMatch(/\balt: /);
    expect(missingAlt.output).toContain(PORTFOLIO);
  }, 90_000);
});
