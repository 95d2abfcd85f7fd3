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
import { DATA_FILES } from './lib/content/data-files';
import { fileOfRoute } from './lib/site/site-files';

const ROOT = resolve(import.meta.dirname, '..');
const PORTFOLIO = 'content/portfolio.yaml';
const copies: string[] = [];

/** A temporary copy of the project with `entries` copied and its packages linked; removed after the tests. */
function copyProject(entries: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-validation-'));
  copies.push(dir);
  for (const entry of entries) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  // Packages are linked one by one so the copy keeps its own caches (.astro, .vite) and never writes ours.
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!name.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  return dir;
}

/**
 * Runs Astro's real content sync (the step of `astro build` that validates content/) on a trimmed
 * temporary copy of the project with one owner file edited, and returns the error it stops with.
 * Only the config, src/ and content/ are copied and nothing is rendered, so each case takes a second
 * or two once Astro is loaded.
 */
async function syncWithEdit(
  target: string,
  edit: (text: string) => string,
): Promise<Error & { loc?: { file?: string } }> {
  const dir = copyProject(['astro.config.ts', 'package.json', 'tsconfig.json', 'src', 'content']);
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

const syncWithPortfolio = (edit: (yaml: string) => string) => syncWithEdit(PORTFOLIO, edit);

const POST = 'content/blog/capturing-curves-self-love-and-boudoir.mdx';
const syncWithPost = (edit: (mdx: string) => string) => syncWithEdit(POST, edit);

/** Everything a build reads. */
const SITE = ['astro.config.ts', 'package.json', 'tsconfig.json', 'src', 'content', 'public'];

/** Removes every page of the copy but `keep` (names in src/pages), so its build stays short. */
function keepPages(dir: string, keep: string[]) {
  for (const page of readdirSync(join(dir, 'src/pages'))) {
    if (!keep.includes(page)) rmSync(join(dir, 'src/pages', page), { recursive: true });
  }
}

/** Builds the copy in `dir`. */
async function buildIn(dir: string) {
  const cwd = process.cwd();
  process.chdir(dir); // settings.yaml is read relative to the working directory
  try {
    await build({ root: dir, logLevel: 'error' });
  } finally {
    process.chdir(cwd);
  }
}

// Each copy holds the content and maybe a built site: removing them all takes a while on a busy machine.
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
}, 120_000);

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
    const { yamlStub } = await import('../scripts/owner/import-photos.ts');
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
    const dir = copyProject(SITE);
    // Only the post page is built: the rest of the site has nothing to do with code blocks.
    keepPages(dir, ['blog']);
    rmSync(join(dir, 'src/pages/blog/index.astro'), { force: true });
    const post = join(dir, POST);
    writeFileSync(
      post,
      readFileSync(post, 'utf8') +
        '\n```js\nconst look = { outfits: 3, colour: "plum" };\nconsole.log(`<b>${look.colour}</b>`);\n```\n',
    );
    await buildIn(dir);
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

describe('lists have minimums a page needs, never a fixed count', () => {
  it('an FAQ with no question stops the build, naming the file', async () => {
    const error = await syncWithEdit(DATA_FILES.faq, () => '[]\n');
    expect(error.message).toContain('content/faq.yaml: needs at least 1 question, found 0');
  }, 120_000);

  it('testimonials with none featured stop the build, naming the file and the field', async () => {
    const error = await syncWithEdit(DATA_FILES.testimonials, (yaml) =>
      yaml.replaceAll('featured: true', 'featured: false'),
    );
    expect(error.message).toContain('content/testimonials.yaml: needs at least 1 testimonial with featured: true');
  }, 120_000);

  it('a hero with no slide stops the build, naming the file', async () => {
    const error = await syncWithEdit(DATA_FILES.hero, () => '[]\n');
    expect(error.message).toContain('content/hero.yaml: needs at least 1 slide, found 0');
  }, 120_000);

  it('an unknown portfolio filter id stops the build, naming the entry and the field', async () => {
    const error = await syncWithEdit(DATA_FILES.portfolioFilters, (yaml) =>
      yaml.replace('- id: outdoor', '- id: beach'),
    );
    expect(error.message).toContain('portfolioFilters → beach');
    expect(error.message).toMatch(/id\**: Invalid option: expected one of "all"\|"classic"\|"outdoor"/);
    expect(error.loc?.file).toMatch(/content\/portfolio-filters\.yaml$/);
  }, 120_000);
});

describe('the owner may add entries', () => {
  it('a 12th FAQ question and more testimonials build, and /faq shows all 12 questions', async () => {
    const dir = copyProject(SITE);
    keepPages(dir, ['faq.astro']);
    const question = 'Can I bring my own music to the session?';
    writeFileSync(
      join(dir, DATA_FILES.faq),
      `${readFileSync(join(dir, DATA_FILES.faq), 'utf8')}- id: music\n  question: ${question}\n  answer: Yes, bring a playlist.\n`,
    );
    writeFileSync(
      join(dir, DATA_FILES.testimonials),
      `${readFileSync(join(dir, DATA_FILES.testimonials), 'utf8')}` +
        '- id: t14\n  quote: A third featured quote.\n  author: Ana P.\n  featured: true\n' +
        '- id: t15\n  quote: A twelfth quote behind View More.\n  author: Bea L.\n',
    );
    await buildIn(dir);
    const html = readFileSync(join(dir, 'dist', fileOfRoute('/faq')), 'utf8');
    expect(html).toContain(question);
    // The page's structured FAQ data lists every question the page shows.
    expect(html.match(/"@type":"Question"/g)).toHaveLength(12);
  }, 240_000);
});
