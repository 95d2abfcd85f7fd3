import { test, expect } from './fixtures';
import { builtRoutes } from './site';
import { settings } from '../src/lib/settings';
import { SECURITY_HEADERS } from '../src/lib/security';

const routes = builtRoutes();

for (const route of routes) {
  test(`${route} carries the policy and runs without CSP violations`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const response = await page.goto(route);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(response?.headers()[name.toLowerCase()], name).toBe(value);
    }
    const policy = (await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content')) ?? '';
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toMatch(/'sha256-/);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(directive('frame-src')).toBe(`frame-src ${new URL(settings.booking.contactFormUrl).origin}`);
    expect(directive('object-src')).toBe("object-src 'none'");
    // Let islands hydrate and lazy parts load, then look for violations.
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(1200);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  });
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
