import { test, expect } from './fixtures';
import { builtRoutes } from './site';
import { settings } from '../src/lib/settings';
import { AGE_VERIFIED_KEY, VERIFIED } from '../src/lib/gates';

const routes = builtRoutes();

// The fixture fails a test on any Content-Security-Policy violation; these visits add the states
// of every page: a fresh visitor and one who has confirmed her age, scrolled to the end so every
// lazy part and island loads.
for (const visitor of ['a new', 'an age-verified'] as const) {
  for (const route of routes) {
    test(`${route} runs without CSP violations for ${visitor} visitor`, async ({ page }) => {
      if (visitor === 'an age-verified') {
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
          AGE_VERIFIED_KEY,
          VERIFIED,
        ] as const);
      }
      await page.goto(route);
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
      expect(directive('frame-src')).toBe(`frame-src ${new URL(settings.booking.contactFormUrl).origin}`);
      expect(directive('object-src')).toBe("object-src 'none'");
      // Scroll through the page so lazy images, frames and visible-only islands load too.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 600) await page.mouse.wheel(0, 600);
      await page.waitForLoadState('networkidle');
    });
  }
}

test('links that open a new tab never leak the opener or referrer', async ({ page }) => {
  for (const route of routes) {
    await page.goto(route);
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
});
