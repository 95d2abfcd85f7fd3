import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test, expect } from './fixtures';
import { startCdn } from '../scripts/servers/cdn.ts';
import { astro, copyProject } from '../scripts/shared/site-copy.ts';
import type { Page } from '@playwright/test';
import { PIXEL_OPT_OUT_KEY, PIXEL_SCRIPT_URL } from '../src/lib/privacy/pixel';
import { isAboutErotica } from '../src/lib/privacy/pixel';

/**
 * The pixel rules need a build with a pixel id, which the real site does not have: one temporary
 * copy is built with an id and served by the host runtime. Tagged @dist so it runs once
 * (desktop project), and serial so that single build serves every test.
 */
const ROOT = resolve(import.meta.dirname, '..');
const PIXEL_ID = '1234567890';

// Posts whose frontmatter files them under erotica: the pixel must never run there.
const POSTS = ['the-difference-between-boudoir-and-erotica', 'how-to-prepare-for-your-first-boudoir-shoot'].map(
  (slug) => {
    const front = readFileSync(join(ROOT, 'content/blog', `${slug}.mdx`), 'utf8');
    const list = (field: string) => JSON.parse(new RegExp(`^${field}: (\\[.*\\])$`, 'm').exec(front)?.[1] ?? '[]');
    return { slug, erotica: isAboutErotica({ categories: list('categories'), tags: list('tags') }) };
  },
);

let dir = '';
let server: { origin: string; stop: () => void } | undefined;
let origin = '';

/** The pages the pixel tests open (and the 404 page every build has): the rest would only cost build time. */
const PIXEL_PAGES = [
  'index.astro',
  'privacy-policy.astro',
  'erotica.astro',
  'private-gallery.astro',
  'blog',
  '404.astro',
];

function buildWithPixel(): string {
  const copy = copyProject('pixel-build-', { pages: PIXEL_PAGES });
  const settingsFile = join(copy, 'content/settings.yaml');
  const settings = readFileSync(settingsFile, 'utf8');
  const edited = settings.replace(/^adPixelId: .*$/m, `adPixelId: '${PIXEL_ID}'`);
  expect(edited, 'the pixel id was set').not.toBe(settings);
  writeFileSync(settingsFile, edited);
  const result = astro(copy, 'build');
  expect(result.status, `build with a pixel id failed:\n${result.output}`).toBe(0);
  return copy;
}

const pixelRequests = (blocked: string[]) => blocked.filter((url) => url.startsWith(PIXEL_SCRIPT_URL));
const fbqCalls = (page: Page) => page.evaluate(() => (window.fbq?.queue as unknown[] | undefined) ?? null);
// The pixel injects its script in an idle callback queued at load; one queued after it runs later.
const afterIdle = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done(), { timeout: 5000 })));

test.describe('ad pixel with an id set', { tag: '@dist' }, () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dir = buildWithPixel();
    // Served as deployed: the host runtime with the copy's own _headers and policy.
    // The pixel's pages open no gallery: the sample is not published into this server's bucket.
    server = await startCdn({
      port: Number(process.env['E2E_PORT'] ?? 4322) + 100,
      dir: join(dir, 'dist'),
      sample: false,
    });
    origin = server.origin;
  });

  test.afterAll(async () => {
    server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('loads on the home page: autoConfig off, no matching data, one PageView, CTAtoForm with its location only', async ({
    page,
    blockedRequests,
  }) => {
    await page.goto(`${origin}/#story-begins`);
    await expect.poll(() => pixelRequests(blockedRequests)).toEqual([PIXEL_SCRIPT_URL]);
    await expect
      .poll(() => fbqCalls(page))
      .toEqual([
        ['set', 'autoConfig', false, PIXEL_ID],
        ['init', PIXEL_ID],
        ['track', 'PageView'],
        ['trackCustom', 'CTAtoForm', { location: 'Hero' }],
      ]);
  });

  test('never loads when the browser sends Global Privacy Control', async ({ page, blockedRequests }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    await page.goto(`${origin}/#story-begins`);
    await afterIdle(page);
    expect(await fbqCalls(page)).toBeNull();
    expect(pixelRequests(blockedRequests)).toEqual([]);
    // The privacy choices say why, and cannot be switched back on.
    await page.goto(`${origin}/privacy-policy`);
    const box = page.getByRole('main').getByRole('checkbox', { name: /Don't share my visits/ });
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Your browser sends Global Privacy Control, so nothing is shared with advertising partners.',
    );
  });

  test('never loads after the visitor opts out in "Your privacy choices", remembered in this browser', async ({
    page,
    blockedRequests,
  }) => {
    await page.goto(`${origin}/privacy-policy`);
    await expect(page.getByRole('main').getByRole('group', { name: 'Your privacy choices' })).toBeVisible();
    const footerBox = page.locator('footer').getByRole('checkbox', { name: /Don't share my visits/ });
    await expect(footerBox).not.toBeChecked();
    await footerBox.check();
    await expect(page.locator('footer').getByRole('status')).toHaveText(
      'Saved: this browser will not share your visits with advertising partners.',
    );
    expect(await page.evaluate((key) => localStorage.getItem(key), PIXEL_OPT_OUT_KEY)).toBe('yes');
    // The page's own control shows the same choice.
    await expect(page.getByRole('main').getByRole('checkbox', { name: /Don't share my visits/ })).toBeChecked();
    // This page loaded the pixel before the choice; consent is revoked at once.
    expect((await fbqCalls(page))?.at(-1)).toEqual(['consent', 'revoke']);

    blockedRequests.length = 0;
    await page.goto(`${origin}/#story-begins`);
    await afterIdle(page);
    expect(await fbqCalls(page)).toBeNull();
    expect(pixelRequests(blockedRequests)).toEqual([]);
  });

  for (const path of ['/erotica', '/private-gallery']) {
    test(`never loads on ${path}, before or after the age confirmation`, async ({ page, blockedRequests }) => {
      await page.goto(`${origin}${path}`);
      await afterIdle(page);
      expect(await fbqCalls(page)).toBeNull();
      await page.evaluate(() => localStorage.setItem('ageVerified', 'yes'));
      await page.reload();
      await afterIdle(page);
      expect(await fbqCalls(page)).toBeNull();
      expect(pixelRequests(blockedRequests)).toEqual([]);
      await expect(page.locator('[data-pixel-id]')).toHaveCount(0);
    });
  }

  test('never loads on posts about erotica; loads on the others', async ({ page, blockedRequests }) => {
    expect(POSTS.map((post) => post.erotica)).toEqual([true, false]);
    for (const post of POSTS) {
      blockedRequests.length = 0;
      await page.goto(`${origin}/blog/${post.slug}`);
      await afterIdle(page);
      if (post.erotica) {
        expect(await fbqCalls(page), post.slug).toBeNull();
        expect(pixelRequests(blockedRequests), post.slug).toEqual([]);
      } else {
        await expect.poll(() => pixelRequests(blockedRequests), post.slug).toEqual([PIXEL_SCRIPT_URL]);
      }
    }
  });
});
