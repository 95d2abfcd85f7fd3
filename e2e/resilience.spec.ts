import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect, expectNoAxeViolations, waitForIslands } from './fixtures';
import type { Page } from '@playwright/test';
import { builtRoutes } from './site';
import { fillSettingTokens } from '../src/lib/content/text';
import { HEADER_NAV } from '../src/lib/site/navigation';
import { MAX_SEARCH_LENGTH } from '../src/lib/blog/blog-list';

const answersOf = (file: string) =>
  (parse(readFileSync(file, 'utf8')) as { answer: string }[]).map((item) => fillSettingTokens(item.answer, file));
const FAQ_ANSWERS = answersOf('content/faq.yaml');
const EROTICA_ANSWERS = answersOf('content/erotica-faq.yaml');

/**
 * Visible controls that need JavaScript: buttons (and role=button) that are neither a popover's
 * toggle nor a form's submit button. A <summary> and a link work natively, so they do not count.
 */
function deadControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, [role="button"]')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => {
        if (el.tagName === 'SUMMARY') return false;
        if (el.hasAttribute('popovertarget')) return false;
        const button = el as HTMLButtonElement;
        return !(button.form && (button.type === 'submit' || button.type === 'reset'));
      })
      .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}"`),
  );
}

/** Opens every closed native disclosure in `scope` by clicking its summary, like a visitor would. */
async function openEach(page: Page, scope: string, expected: string[]) {
  const items = page.locator(`${scope} [data-accordion] > details`);
  await expect(items).toHaveCount(expected.length);
  for (const [index, answer] of expected.entries()) {
    const item = items.nth(index);
    await item.locator('summary').click();
    await expect(item).toHaveAttribute('open', '');
    await expect(item.getByText(answer, { exact: true })).toBeVisible();
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every route: no visible control that needs JavaScript', async ({ page }) => {
    const routes = builtRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const dead: Record<string, string[]> = {};
    for (const route of routes) {
      await page.goto(route);
      const found = await deadControls(page);
      if (found.length) dead[route] = found;
    }
    expect(dead, 'controls that do nothing, by route').toEqual({});
  });

  test('FAQ: every answer is reachable, one open at a time', async ({ page }) => {
    await page.goto('/faq');
    await openEach(page, '#questions', FAQ_ANSWERS);
    // Native exclusive accordion: only the last one opened stays open.
    await expect(page.locator('#questions [data-accordion] > details[open]')).toHaveCount(1);
  });

  test('home: the 11 more client stories open without JavaScript', async ({ page }) => {
    await page.goto('/');
    const more = page.locator('details', { hasText: 'View More Client Stories' });
    await expect(more.locator('blockquote').first()).toBeHidden();
    await more.locator('summary').click();
    await expect(more.locator('blockquote')).toHaveCount(11);
    await expect(more.locator('blockquote').nth(10)).toBeVisible();
  });

  test('erotica: the gated content stays hidden until the visitor confirms 18+', async ({ page }) => {
    await page.goto('/erotica');
    const gated = page.locator('[data-age-gated]');
    const gate = page.locator('[data-age-gate-fallback]');
    await expect(gate.getByRole('heading', { name: 'Adults Only (18+)' })).toBeVisible();
    await expect(gate.getByRole('link', { name: 'Leave' })).toHaveAttribute('href', '/');
    await expect(gated).toBeHidden();
    await expect(page.getByText('What Distinguishes Boudoir from Erotica?')).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

    await gate.getByText('Enter (18+)').click();
    await expect(gate).toBeHidden();
    await expect(gated).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What Distinguishes Boudoir from Erotica?' })).toBeVisible();
    await openEach(page, '[aria-labelledby="erotica-faq-heading"]', EROTICA_ANSWERS);
    // The inquiry form can still be reached (its <noscript> notice is checked in erotica.spec.ts).
    await expect(page.getByRole('link', { name: /Having trouble\? Open the form in a new tab/ })).toBeVisible();
  });

  test('portfolio: every category with its heading, its first photos and a link to all of them, no filter buttons', async ({
    page,
  }) => {
    await page.goto('/portfolio');
    const gallery = page.locator('[data-portfolio-static]');
    await expect(gallery.getByRole('heading', { level: 2 })).toHaveText([
      'Classic Boudoir',
      'Outdoor Boudoir',
      'Fine Art Nude',
      'Rain Room',
    ]);
    for (const section of await gallery.locator('section').all()) {
      // Three photos, then the category's own page with every one of its nine.
      await expect(section.getByRole('link')).toHaveCount(4);
      const all = section.getByRole('link', { name: /^See all 9 .+ portraits/ });
      await expect(all).toHaveAttribute('href', /^\/portfolio\/[a-z-]+$/);
      expect((await page.request.get((await all.getAttribute('href'))!)).status()).toBe(200);
    }
    await expect(page.getByRole('group', { name: 'Filter the portfolio' })).toBeHidden();
    // Each photo opens its large image, no script needed.
    const first = gallery.getByRole('link').first();
    const href = (await first.getAttribute('href')) ?? '';
    expect((await page.request.get(href)).status()).toBe(200);
  });

  test('phone menu opens with its toggle', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/about');
    const menu = page.locator('#site-menu');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(HEADER_NAV.map((entry) => entry.label));
    await menu.getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('hostile search queries', () => {
  const widthOverflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  test('a 5000-character query is cut, echoed isolated, and the page keeps its width', async ({ page }) => {
    await page.goto(`/blog?search=${'a'.repeat(5000)}`);
    await waitForIslands(page);
    const echo = page.locator('[data-no-results] bdi[data-search-echo]');
    await expect(echo).toHaveText('a'.repeat(MAX_SEARCH_LENGTH));
    expect(await widthOverflow(page)).toBe(0);
  });

  test('a right-to-left override neither reverses the echo nor moves the quote marks', async ({ page }) => {
    await page.goto(`/blog?search=${encodeURIComponent('\u202Erain room \u2066')}`);
    await waitForIslands(page);
    const quote = page.locator('[role="status"] q');
    await expect(quote.locator('bdi[data-search-echo]')).toHaveText('rain room');
    // The quote marks sit around the echo, in reading order: the q's only content is the <bdi>.
    expect(await quote.evaluate((q) => [...q.childNodes].map((node) => node.nodeName))).toEqual(['BDI']);
    expect(await widthOverflow(page)).toBe(0);
    await expectNoAxeViolations(page);
  });
});
