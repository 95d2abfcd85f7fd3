import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { settings } from '../src/lib/content/settings';

const frontmatter = parse(readFileSync('content/pages/about.md', 'utf8').split('---')[1]!) as {
  headline: string;
  headshotAlt: string;
  experience: { title: string }[];
  collection: { title: string }[];
};

async function scriptsOf(page: Page, path: string) {
  await page.goto(path);
  return page
    .locator('script[src], script[type="module"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? el.textContent ?? ''));
}

test.describe('about', () => {
  test('headline, the personal story and the headshot', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(frontmatter.headline);
    const story = page.getByRole('region', { name: 'My Story' });
    await expect(story.locator('p')).not.toHaveCount(0);
    await expect(story).toContainText('Titusville');
    await expect(story).toContainText(`the reason ${settings.brand.name} exists`);
    const headshot = story.getByRole('img', { name: frontmatter.headshotAlt });
    await expect(headshot).toBeVisible();
    await expect(headshot).toHaveAttribute('width', /^\d+$/);
    await expect(headshot).toHaveAttribute('height', /^\d+$/);
    await expect(headshot).toHaveAttribute('srcset', /\d+w/);
    await expect.poll(() => headshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Every %token% is filled from the settings.
    expect(await page.locator('main').innerText()).not.toMatch(/%[a-z-]+%/);
  });

  test("'The Boudoir Experience' lists the six inclusions from the settings", { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/about');
    const section = page.locator('#boudoir-experience');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('The Boudoir Experience');
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(6);
    await expect(items.getByRole('heading', { level: 3 })).toHaveText([
      'Hair & Makeup',
      `${settings.offer.sessionHours} Hours, ${settings.offer.outfits} Outfits`,
      'Complimentary Consultations',
      'Posing Direction',
      'Natural Retouching',
      'Same-Day Reveal',
    ]);
    expect(frontmatter.experience).toHaveLength(6);
    await expect(items.nth(2)).toContainText('wardrobe consultation');
    await expect(items.nth(5)).toContainText('Right after your shoot');
  });

  test("'The Collection' has three items", { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/about');
    const section = page.getByRole('region', { name: 'The Collection' });
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.getByRole('heading', { level: 3 })).toHaveText([
      'Luxury Albums',
      'Metal Wall Art',
      'Viewfinder Keepsake',
    ]);
    expect(frontmatter.collection.map((item) => item.title)).toEqual([
      'Luxury Albums',
      'Metal Wall Art',
      'Viewfinder Keepsake',
    ]);
  });

  test(
    "'Book Your Complimentary Consultation →' opens the scheduler in a new tab",
    { tag: '@desktop' },
    async ({ page }) => {
      await page.goto('/about');
      const link = page.getByRole('link', { name: 'Book Your Complimentary Consultation → (opens in a new tab)' });
      await expect(link).toHaveAttribute('href', settings.booking.schedulerUrl);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    },
  );

  test(
    '/about#boudoir-experience lands the list just below the fixed header',
    { tag: '@quick-phone' },
    async ({ page }) => {
      await page.goto('/about#boudoir-experience');
      const section = page.locator('#boudoir-experience');
      const top = () => section.evaluate((el) => Math.round(el.getBoundingClientRect().top));
      // Wait for the browser's fragment scroll (late on a busy machine), then check where it landed.
      await page.waitForLoadState('load');
      await expect.poll(top).toBeLessThanOrEqual(82);
      const headerBottom = await page
        .locator('#site-header')
        .evaluate((el) => Math.round(el.getBoundingClientRect().bottom));
      expect(headerBottom).toBe(80);
      expect(await top()).toBeGreaterThanOrEqual(headerBottom - 2);
      expect(await top()).toBeLessThanOrEqual(headerBottom + 2);
      // Its heading is in view and not covered by the header.
      const heading = section.getByRole('heading', { level: 2 });
      await expect(heading).toBeInViewport();
      const covered = await heading.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return !el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + 4));
      });
      expect(covered).toBe(false);
    },
  );

  test('ships no client JavaScript of its own', { tag: '@desktop' }, async ({ page }) => {
    const shell = await scriptsOf(page, '/privacy-policy');
    const own = await scriptsOf(page, '/about');
    expect(own).toEqual(shell);
    await expect(page.locator('astro-island')).toHaveCount(0);
  });
});
