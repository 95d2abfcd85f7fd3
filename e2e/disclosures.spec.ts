import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, afterFrames, tapAtHydration, tappedAtHydration } from './fixtures';
import { builtPages } from '../src/lib/site/site-files';
import { AGE_VERIFIED_KEY } from '../src/lib/browser/gates';
import { DIST } from './site';

// Every accordion is native <details> in the server HTML and buttons once its island has taken
// over. A visitor's tap can come at the very moment Astro marks the island hydrated, before its
// first effect: what she opened then must stay open, and keep the focus, after the takeover.

/** Each page with such a disclosure, the island's scope and the item tapped. */
const PAGES = [
  { route: '/', scope: '#testimonials', item: 0 },
  { route: '/faq', scope: '#questions', item: 2 },
  { route: '/erotica', scope: '[aria-labelledby="erotica-faq-heading"]', item: 1 },
];

test('the pages below are every page whose HTML has a disclosure island', { tag: '@dist' }, () => {
  const withDisclosures = builtPages(DIST)
    .filter(({ file }) =>
      /<astro-island[^>]*>(?:(?!<\/astro-island>)[\s\S])*<details /.test(readFileSync(file, 'utf8')),
    )
    .map(({ route }) => route);
  expect(withDisclosures.sort()).toEqual(PAGES.map(({ route }) => route).sort());
});

const buttons = (page: Page, scope: string) => page.locator(`${scope} [data-accordion] button[aria-controls]`);

for (const { route, scope, item } of PAGES) {
  test(`${route}: an item tapped the moment its island hydrates stays open and focused`, async ({ page }) => {
    if (route === '/erotica') {
      await page.addInitScript((key) => window === window.top && localStorage.setItem(key, 'yes'), AGE_VERIFIED_KEY);
    }
    await tapAtHydration(page, `${scope} [data-accordion] > details:nth-child(${item + 1}) > summary`);
    await page.goto(route);
    // The island hydrates once it is in view.
    await page.locator(`${scope} [data-accordion]`).scrollIntoViewIfNeeded();
    await expect.poll(() => tappedAtHydration(page), 'the tap at hydration').toBe(true);

    const toggle = buttons(page, scope).nth(item);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`)).toBeVisible();
    await expect(toggle).toBeFocused();
    await afterFrames(page);
    const expanded = await buttons(page, scope).evaluateAll((list) => list.map((b) => b.ariaExpanded));
    expect(expanded).toEqual(expanded.map((_, index) => String(index === item)));
    await expect(toggle).toBeFocused();
  });
}
