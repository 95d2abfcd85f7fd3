import { afterAll, describe, expect, it } from 'vitest';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, sync } from 'astro';

const ROOT = resolve(import.meta.dirname, '..');
const PORTFOLIO = 'content/portfolio.yaml';
const copies: string[] = [];

/**
 * Runs Astro's real content sync (the step of `astro build` that validates content/) on a trimmed
 * temporary copy of the project with one owner file edited, and returns the error it stops with.
 * Only the config, src/ and the edited collection's own files are copied and nothing is rendered,
 * so each case takes about a second once Astro is loaded.
 */
async function syncWithEdit(
  target: string,
  extra: string[],
  edit: (text: string) => string,
): Promise<Error & { loc?: { file?: string } }> {
  const dir = mkdtempSync(join(tmpdir(), 'content-validation-'));
  copies.push(dir);
  const entries = ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'content/settings.yaml', target];
  for (const entry of [...entries, ...extra]) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  // Packages are linked one by one so the copy keeps its own caches (.astro, .vite) and never writes ours.
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!name.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  const file = join(dir, target);
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

const syncWithPortfolio = (edit: (yaml: string) => string) =>
  syncWithEdit(PORTFOLIO, ['content/images/portfolio'], edit);

const POST = 'content/blog/capturing-curves-self-love-and-boudoir.mdx';
const syncWithPost = (edit: (mdx: string) => string) =>
  syncWithEdit(POST, ['content/blog', 'content/images/blog'], edit);

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

describe('images named in YAML lists are checked at build', () => {
  it('a missing photo stops the build, naming the YAML file, the entry and the field', async () => {
    const error = await syncWithPortfolio((yaml) =>
      yaml.replace(
        'image: ./images/portfolio/classic/classic-02.jpg',
        'image: ./images/portfolio/classic/classic-99.jpg',
      ),
    );
    expect(error.message).toContain(
      'content/portfolio.yaml → entry "classic-02" → image: the image ./images/portfolio/classic/classic-99.jpg does not exist',
    );
    expect(error.message).toContain('content/images/portfolio/classic/classic-99.jpg');
  }, 120_000);
});

describe('post dates must be real calendar days, quoted or not', () => {
  const slug = 'capturing-curves-self-love-and-boudoir';
  for (const written of ['2025-02-30', '2025-13-45', "'2025-02-30'", '"2025-13-45"']) {
    it(`publishDate: ${written} stops the build, naming the post and the field`, async () => {
      const error = await syncWithPost((mdx) => mdx.replace(/^publishDate: .*$/m, `publishDate: ${written}`));
      expect(error.message).toContain(`blog → ${slug}`);
      expect(error.message).toMatch(/publishDate\**: must be a real date written YYYY-MM-DD, e\.g\. 2025-10-07/);
      expect(error.loc?.file).toMatch(new RegExp(`content/blog/${slug}\\.mdx$`));
    }, 120_000);
  }
});

describe('a fenced code block in a post', () => {
  it('builds to a plain <pre><code> with no inline style (the CSP allows none)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'code-block-'));
    copies.push(dir);
    for (const entry of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'content', 'public']) {
      cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
    }
    // Only the post page is built: the rest of the site has nothing to do with code blocks.
    for (const page of readdirSync(join(dir, 'src/pages'))) {
      if (page !== 'blog') rmSync(join(dir, 'src/pages', page), { recursive: true });
    }
    rmSync(join(dir, 'src/pages/blog/index.astro'), { force: true });
    mkdirSync(join(dir, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (!name.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
    }
    const post = join(dir, POST);
    writeFileSync(
      post,
      readFileSync(post, 'utf8') +
        '\n```js\nconst look = { outfits: 3, colour: "plum" };\nconsole.log(`<b>${look.colour}</b>`);\n```\n',
    );
    const cwd = process.cwd();
    process.chdir(dir); // settings.yaml is read relative to the working directory
    try {
      await build({ root: dir, logLevel: 'error' });
    } finally {
      process.chdir(cwd);
    }
    const slug = 'capturing-curves-self-love-and-boudoir';
    const built = [join(dir, 'dist/blog', slug, 'index.html'), join(dir, 'dist/blog', `${slug}.html`)].find((path) =>
      existsSync(path),
    );
    expect(built, 'the post page was built').toBeTruthy();
    const html = readFileSync(built!, 'utf8');
    const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
    expect(article).toContain('<pre');
    expect(article).toMatch(/<code[^>]*>const look = \{ outfits: 3, colour: (&quot;|")plum(&quot;|") \};/);
    expect(article).toContain('&lt;b&gt;');
    expect(article, 'no inline style attribute in the post body').not.toMatch(/\sstyle=/);
  }, 240_000);
});
