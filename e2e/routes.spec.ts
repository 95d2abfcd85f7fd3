// Every built route, visited once per project: a new visitor's page is axe-clean, carries a
// strict policy, opens new tabs safely and, scrolled to the end (lazy images, frames and
// visible-only islands loaded), raises no Content-Security-Policy violation (the fixture fails
// the test on any). An age-verified visitor's pages (the gated content shown) are walked once, in
// desktop, in the same test as the new visitor's.
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './fixtures';
import { builtRoutes } from './site';
import { settings } from '../src/lib/content/settings';
import { AGE_VERIFIED_KEY, VERIFIED } from '../src/lib/browser/gates';
import { SITE_ONLY_ROUTES } from '../src/lib/security/security';

const routes = builtRoutes();

/**
 * The quick tier (`npm test`) walks each page template once: every route but the posts and the
 * portfolio categories, and the first of each of those (the full tier walks them all).
 */
const template = (route: string) => route.replace(/^\/(blog|portfolio)\/.+$/, '/$1/*');
const QUICK_ROUTES = new Set(
  routes.filter((route, i) => routes.findIndex((r) => template(r) === template(route)) === i),
);

/**
 * The page's <meta> policy: strict, hashed scripts, no inline or eval, frames only from the form
 * provider, and on the site-only pages (the private gallery) no frame at all.
 */
async function expectStrictMetaPolicy(page: Page, route: string) {
  const policy = (await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content')) ?? '';
  const directive = (name: string) =>
    policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';
  expect(directive('script-src')).toMatch(/'sha256-/);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toContain('upgrade-insecure-requests');
  const siteOnly = (SITE_ONLY_ROUTES as readonly string[]).includes(route);
  expect(directive('frame-src')).toBe(
    siteOnly ? "frame-src 'none'" : `frame-src ${new URL(settings.booking.contactFormUrl).origin}`,
  );
  expect(directive('object-src')).toBe("object-src 'none'");
}

/** Links that open a new tab never hand over the opener or the referrer; frames are titled, lazy and https. */
async function expectSafeNewTabsAndFrames(page: Page, route: string) {
  const bad = await page
    .locator('a[target="_blank"]')
    .evaluateAll((links) =>
      links
        .filter(
          (a) =>
            !/\bnoopener\b/.test(a.getAttribute('rel') ?? '') || !/\bnoreferrer\b/.test(a.getAttribute('rel') ?? ''),
        )
        .map((a) => a.outerHTML),
    );
  expect(bad, route).toEqual([]);
  const frames = await page.locator('iframe').evaluateAll((list) =>
    list.map((f) => ({
      title: f.getAttribute('title'),
      loading: f.getAttribute('loading'),
      src: f.getAttribute('src'),
    })),
  );
  for (const frame of frames) {
    expect(frame.title, `${route} iframe title`).toBeTruthy();
    expect(frame.loading, `${route} iframe loading`).toBe('lazy');
    expect(frame.src, `${route} iframe over https`).toMatch(/^https:\/\//);
  }
}

/**
 * Scrolls to the end so every lazy part loads, then waits for the network to settle. The page
 * scrolls itself, 600 px a step with two frames drawn after each (lazy images, frames and
 * client:visible islands each see the view pass over them, as with a wheel): one round trip, where
 * a wheel event a step cost a round trip each (on a loaded host, the home page's steps alone
 * outlasted the test's 45 s).
 */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollBy(0, 600);
      await frame();
      await frame();
    }
  });
  await page.waitForLoadState('networkidle');
}

test('every built page has its own title and meta description @dist', async ({ request }) => {
  expect(routes.length).toBeGreaterThan(1);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const route of routes) {
    const html = await (await request.get(route)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(title, `${route} title`).not.toBe('');
    expect(description.length, `${route} description length`).toBeGreaterThanOrEqual(50);
    expect(titles.get(title), `title of ${route} repeats`).toBeUndefined();
    expect(descriptions.get(description), `description of ${route} repeats`).toBeUndefined();
    titles.set(title, route);
    descriptions.set(description, route);
  }
});

for (const route of routes) {
  // One test a route: the age-verified visitor's walk (desktop only, as before: the gated content
  // is the same at phone size) follows the new visitor's in the same test, which saves a page and
  // its fixtures a route; the route is loaded again, with only the age key stored, as a returning
  // visitor's first load.
  test(
    `${route}: axe-clean, strict policy, safe new tabs, no CSP violation for a new visitor`,
    { tag: QUICK_ROUTES.has(route) ? '@quick' : [] },
    async ({ page }) => {
      // Two walks of the route in desktop: room for a loaded host (the home page's took 28 s at load 10).
      test.slow(test.info().project.name === 'desktop', 'the route is walked twice');
      await page.goto(route);
      await expectNoAxeViolations(page);
      await expectStrictMetaPolicy(page, route);
      await expectSafeNewTabsAndFrames(page, route);
      await scrollThrough(page);
      if (test.info().project.name !== 'desktop') return;

      // No CSP violation for an age-verified visitor (formerly a test of its own). The top document
      // only: a frame of another (here unreachable) origin may not read its storage.
      await page.evaluate(
        ([key, value]) => {
          localStorage.clear();
          sessionStorage.clear();
          localStorage.setItem(key, value);
        },
        [AGE_VERIFIED_KEY, VERIFIED] as const,
      );
      await page.goto('about:blank');
      await page.goto(route);
      expect(await page.evaluate((key) => localStorage.getItem(key), AGE_VERIFIED_KEY)).toBe(VERIFIED);
      await expectStrictMetaPolicy(page, route);
      await expectSafeNewTabsAndFrames(page, route);
      await scrollThrough(page);
    },
  );
}
