import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sync } from 'astro';

const ROOT = resolve(import.meta.dirname, '..');
const PORTFOLIO = 'content/portfolio.yaml';
const copies: string[] = [];

/**
 * Runs Astro's real content sync (the step of `astro build` that validates content/) on a trimmed
 * temporary copy of the project with `portfolio.yaml` edited, and returns the error it stops with.
 * Only the config, src/ and the portfolio's own files are copied and nothing is rendered, so each
 * case takes about a second once Astro is loaded.
 */
async function syncWithPortfolio(edit: (yaml: string) => string): Promise<Error & { loc?: { file?: string } }> {
  const dir = mkdtempSync(join(tmpdir(), 'content-validation-'));
  copies.push(dir);
  const entries = ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'content/settings.yaml', PORTFOLIO];
  for (const entry of [...entries, 'content/images/portfolio']) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  // Packages are linked one by one so the copy keeps its own caches (.astro, .vite) and never writes ours.
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!name.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  const file = join(dir, PORTFOLIO);
  const original = readFileSync(file, 'utf8');
  const edited = edit(original);
  expect(edited, 'the edit changed the file').not.toBe(original);
  writeFileSync(file, edited);
  try {
    await sync({ root: dir, logLevel: 'silent' });
  } catch (error) {
    return error as Error;
  }
  throw new Error('the content sync accepted the broken file');
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('content/portfolio.yaml is validated at build', () => {
  it('a wrong category stops the build, naming the file, the entry and the field', async () => {
    const error = await syncWithPortfolio((yaml) =>
      yaml.replace(/(id: classic-02\n(?: {2}.*\n)*? {2}category:) classic/, '$1 boudoir'),
    );
    expect(error.message).toContain('portfolio → classic-02');
    expect(error.message).toMatch(
      /category\**: Invalid option: expected one of "classic"\|"outdoor"\|"fine-art"\|"rain-room"/,
    );
    // The CLI prints this as "Location: …/content/portfolio.yaml".
    expect(error.loc?.file).toMatch(/content\/portfolio\.yaml$/);
  }, 60_000);

  it('a missing alt stops the build, naming the file, the entry and the field', async () => {
    const error = await syncWithPortfolio((yaml) =>
      yaml.replace(/(id: outdoor-04\n(?: {2}.*\n)*?) {2}alt: .*\n/, '$1'),
    );
    expect(error.message).toContain('portfolio → outdoor-04');
    expect(error.message).toMatch(/alt\**: .*Required/);
    expect(error.loc?.file).toMatch(/content\/portfolio\.yaml$/);
  }, 60_000);

  it('a photo added by `npm run photos` stops the build until its alt text and overlay are written', async () => {
    const { yamlStub } = await import('../scripts/import-photos.mjs');
    const stub = yamlStub({
      id: 'new-photo',
      image: './images/portfolio/classic/classic-01.jpg',
      category: 'classic',
      alt: '',
      overlay: '',
    });
    const error = await syncWithPortfolio((yaml) => `${yaml}${stub}`);
    expect(error.message).toContain('portfolio → new-photo');
    expect(error.message).toMatch(/alt\**: /);
    expect(error.message).toMatch(/overlay\**: /);
  }, 150_000);
});
