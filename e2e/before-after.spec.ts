import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import { test, expect, readJsonLd } from './fixtures';
import { settings } from '../src/lib/content/settings';

const ITEMS = parse(readFileSync('content/before-after.yaml', 'utf8')) as { id: string; alt: string }[];

/** The page's own scripts: everything beyond what the shared header and footer load. */
async function scriptsOf(page: Page, path: string) {
  await page.goto(path);
  return page
    .locator('script[src], script[type="module"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? el.textContent ?? ''));
}

test.describe('before and after', () => {
  test('heading and the subtext about power and confidence', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/before-after');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Every Transformation Tells a Story');
    const lead = page.locator('main section').first().locator('p', { hasText: 'power' });
    await expect(lead).toContainText('confidence');
  });

  test(
    '10 image cards at 2400x1600 with a responsive srcset; the first eager, the rest lazy and low priority',
    { tag: '@quick' },
    async ({ page }) => {
      await page.goto('/before-after');
      const images = page.getByRole('region', { name: 'Transformations' }).locator('li img');
      expect(ITEMS).toHaveLength(10);
      await expect(images).toHaveCount(10);
      for (const [index, item] of ITEMS.entries()) {
        const img = images.nth(index);
        await expect(img).toHaveAttribute('alt', item.alt);
        await expect(img).toHaveAttribute('width', '2400');
        await expect(img).toHaveAttribute('height', '1600');
        await expect(img).toHaveAttribute('srcset', /(\S+ \d+w, ){3,}\S+ 2400w/);
        await expect(img).toHaveAttribute('sizes', /vw/);
        await expect(img).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy');
        await expect(img).toHaveAttribute('fetchpriority', index === 0 ? 'high' : 'low');
      }
      // Phones are offered at most the 800 px files (about 2.3x a 390 px card), in both formats; the
      // AVIF also at 660 px, a 412 px phone's card at 1.75x.
      const pictures = page.getByRole('region', { name: 'Transformations' }).locator('li picture');
      const phoneSource = (type: string) =>
        pictures.first().locator(`source[type="${type}"][media="(max-width: 767px)"]`);
      await expect(phoneSource('image/avif')).toHaveAttribute('srcset', /^\S+ 480w, \S+ 660w, \S+ 800w$/);
      await expect(phoneSource('image/webp')).toHaveAttribute('srcset', /^\S+ 480w, \S+ 800w$/);
      // Cards keep the 3:2 shape of the photos.
      const box = (await images.first().boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(1.5, 1);
      await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    },
  );

  test("'Ready to Reveal Your Power?' opens the scheduler in a new tab", { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/before-after');
    await expect(page.getByRole('heading', { level: 2, name: 'Ready to Reveal Your Power?' })).toBeVisible();
    const link = page.getByRole('link', { name: "Let's Plan Your Dream Session Together → (opens in a new tab)" });
    await expect(link).toHaveAttribute('href', settings.booking.schedulerUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toContainText("Let's Plan Your Dream Session Together →");
  });

  test('own title, description, Open Graph and Twitter tags', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/before-after');
    const title = await page.title();
    expect(title).toBe(`Before & After Boudoir Transformations | ${settings.brand.name}`);
    const description = (await page.locator('meta[name="description"]').getAttribute('content'))!;
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(description.length).toBeLessThanOrEqual(160);
    const canonical = new URL('/before-after', settings.siteUrl).href;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
    // The preview image is a transformation, not the site-wide default.
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/before-after-01\.[^/]+\.jpg$/,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute('content', description);
  });

  test('publishes BreadcrumbList JSON-LD: Home > Before & After', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/before-after');
    const blocks = await readJsonLd(page);
    const crumbs = blocks.filter((block) => block['@type'] === 'BreadcrumbList');
    expect(crumbs).toHaveLength(1);
    expect(crumbs[0]!['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: new URL('/', settings.siteUrl).href },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Before & After',
        item: new URL('/before-after', settings.siteUrl).href,
      },
    ]);
  });

  test('ships no client JavaScript of its own', { tag: '@desktop' }, async ({ page }) => {
    const shell = await scriptsOf(page, '/privacy-policy');
    const own = await scriptsOf(page, '/before-after');
    expect(own).toEqual(shell);
    await expect(page.locator('astro-island')).toHaveCount(0);
  });
});
