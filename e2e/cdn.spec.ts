// What the host does with the build: its URL rules (no redirect for any address the site
// publishes), one complete policy per response, and gates that hold before any module loads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { DIST } from './site';
import { builtPages } from '../src/lib/site/site-files';
import { settings } from '../src/lib/content/settings';
import { metaPolicy } from '../src/integrations/static-headers';
import { HEADER_ONLY_DIRECTIVES, headerPolicy, SECURITY_HEADERS } from '../src/lib/security/security';

const SITE = new URL(settings.siteUrl).origin;

/** Every same-site address the build publishes, as a path: links, assets, canonicals, feeds. */
function publishedPaths(): Map<string, string> {
  const found = new Map<string, string>();
  const add = (raw: string, where: string) => {
    const ref = raw.replace(/&amp;/g, '&').trim();
    if (!ref || /^(mailto:|tel:|data:|blob:|javascript:|#)/.test(ref)) return;
    if (/^https?:\/\//.test(ref) && !ref.startsWith(SITE)) return;
    const url = new URL(ref, `${SITE}${where === '/' ? '/' : where}`);
    if (url.origin !== SITE) return;
    if (url.pathname.includes('{')) return; // the search action's URL template
    if (!found.has(url.pathname)) found.set(url.pathname, where);
  };
  for (const { file, route } of builtPages(DIST)) {
    const html = readFileSync(file, 'utf8');
    for (const [, ref = ''] of html.matchAll(/\s(?:href|src|content)="([^"]*)"/g)) {
      if (ref.startsWith('/') || ref.startsWith(SITE)) add(ref, route);
    }
    for (const [, list = ''] of html.matchAll(/\ssrcset="([^"]*)"/gi)) {
      for (const part of list.split(',')) add(part.trim().split(/\s+/)[0] ?? '', route);
    }
    for (const [, ref = ''] of html.matchAll(/"(?:url|@id|image|item)":"([^"]+)"/g)) add(ref, route);
  }
  for (const feed of ['sitemap-index.xml', 'sitemap-0.xml', 'rss.xml']) {
    const xml = readFileSync(join(DIST, feed), 'utf8');
    for (const [, ref = ''] of xml.matchAll(/<(?:loc|link|guid)>([^<]+)<\//g)) add(ref, `/${feed}`);
  }
  return found;
}

test.describe('URLs on the host @dist', () => {
  test('every address the build publishes answers 200 with no redirect', async ({ request }) => {
    test.setTimeout(120_000);
    const paths = publishedPaths();
    // Pages, posts, feeds and assets: far more than the pages alone.
    expect(paths.size).toBeGreaterThan(builtPages(DIST).length * 3);
    const wrong: string[] = [];
    for (const [path, where] of paths) {
      const response = await request.get(path, { maxRedirects: 0 });
      if (response.status() !== 200) {
        wrong.push(`${path} (from ${where}): ${response.status()} ${response.headers()['location'] ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('canonicals, og:url and the sitemap name the address without a trailing slash', async () => {
    const sitemap = readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(10);
    for (const loc of locs) expect(loc === `${SITE}/` || !loc?.endsWith('/'), loc).toBe(true);
    for (const { file, route } of builtPages(DIST)) {
      const html = readFileSync(file, 'utf8');
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      if (route === '/404') {
        expect(canonical).toBeUndefined();
        continue;
      }
      const expected = route === '/' ? `${SITE}/` : `${SITE}${route}`;
      expect(canonical, route).toBe(expected);
      expect(html.match(/<meta property="og:url" content="([^"]+)"/)?.[1], route).toBe(expected);
    }
  });

  test('the old forms of an address redirect to it in one step', async ({ request }) => {
    for (const [from, to] of [
      ['/about/', '/about'],
      ['/about.html', '/about'],
      ['/blog/', '/blog'],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBeGreaterThanOrEqual(301);
      expect(response.status(), from).toBeLessThanOrEqual(308);
      expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname, from).toBe(to);
    }
  });
});

test.describe('not-found on the host', () => {
  test('an unknown address answers 404 with the not-found page', { tag: '@desktop' }, async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page Not Found');
  });

  test('an unknown post answers 404 and says the post was not found', { tag: '@desktop' }, async ({ page }) => {
    const response = await page.goto('/blog/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found');
  });
});

test.describe('one complete policy per response @dist', () => {
  test('every page, asset and unknown address carries exactly one policy; pages their own', async ({ request }) => {
    const pages = builtPages(DIST);
    const extra = ['/no-such-page', '/favicon.svg', '/rss.xml', '/sitemap-index.xml'];
    for (const path of [...pages.map((p) => p.route), ...extra]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const policies = response.headersArray().filter((h) => h.name.toLowerCase() === 'content-security-policy');
      expect(policies, path).toHaveLength(1);
      const [policy] = policies;
      // A second policy joined in would be separated by a comma.
      expect(policy?.value, path).not.toMatch(/,\s*(default-src|frame-ancestors)/);
      for (const directive of HEADER_ONLY_DIRECTIVES) expect(policy?.value, path).toContain(directive);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(response.headers()[name.toLowerCase()], `${path} ${name}`).toBe(value);
      }
    }
    for (const { file, route } of pages) {
      const html = readFileSync(file, 'utf8');
      const meta = metaPolicy(html) ?? '';
      expect(meta, route).not.toContain('upgrade-insecure-requests');
      const response = await request.get(route, { maxRedirects: 0 });
      expect(response.headers()['content-security-policy'], route).toBe(headerPolicy(meta));
    }
  });
});

/** Holds every module script of the site for `delayMs`, or fails them all. */
async function holdScripts(page: Page, mode: 'delayed' | 'failing', delayMs = 5_000) {
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    if (mode === 'failing') return route.abort('failed');
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return route.continue().catch(() => undefined);
  });
}

/**
 * Expects the age gate to be all the visitor sees: every point of the viewport is the gate's
 * (nothing of the page on top of it or beside it), the gate is opaque (nothing shows through), and
 * what the page marks as gated is hidden.
 */
async function expectOnlyTheGate(page: Page) {
  const seen = await page.evaluate(() => {
    const gate = document.querySelector('dialog[data-age-gate-dialog]')!;
    const points: string[] = [];
    for (const fx of [0.02, 0.25, 0.5, 0.75, 0.98]) {
      for (const fy of [0.02, 0.25, 0.5, 0.75, 0.98]) {
        const hit = document.elementFromPoint(innerWidth * fx, innerHeight * fy);
        if (!hit || !gate.contains(hit)) points.push(`${fx},${fy}: ${hit?.outerHTML.slice(0, 80) ?? 'nothing'}`);
      }
    }
    return { outside: points, background: getComputedStyle(gate).backgroundColor };
  });
  expect(seen.outside, 'points of the viewport not covered by the gate').toEqual([]);
  expect(seen.background, 'the gate background').toMatch(/^rgb\(/);
  for (const gated of await page.locator('[data-age-gated]').all()) await expect(gated).toBeHidden();
}

/** Resolves once the page has painted something; the modules are still held back then. */
async function firstPaint(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
}

for (const mode of ['delayed', 'failing'] as const) {
  test.describe(`gates with every module script ${mode}`, () => {
    for (const route of ['/erotica', '/private-gallery']) {
      test(
        `${route}: a first-time visitor sees the age gate, never the page`,
        // The quick tier's no-JavaScript gate: the gallery's, with every module failing.
        { tag: mode === 'failing' && route === '/private-gallery' ? '@quick' : [] },
        async ({ page }) => {
          await holdScripts(page, mode);
          await page.goto(route, { waitUntil: 'commit' });
          await firstPaint(page);
          // No island and no gate script has run yet: what shows is the page's own HTML and CSS.
          expect(await page.locator('astro-island:not([ssr])').count()).toBe(0);
          expect(await page.locator('[data-age-gate-ready]').count()).toBe(0);
          const gate = page.locator('dialog[data-age-gate-dialog]');
          await expect(gate).toBeVisible();
          await expect(gate).toContainText('Adults Only (18+)');
          const box = await gate.boundingBox();
          const viewport = page.viewportSize();
          expect(box?.width).toBeGreaterThanOrEqual(viewport?.width ?? 0);
          expect(box?.height).toBeGreaterThanOrEqual(viewport?.height ?? 0);
          await expectOnlyTheGate(page);
          if (mode === 'failing') {
            await page.waitForLoadState('load');
            await expect(gate).toBeVisible();
            await expectOnlyTheGate(page);
          }
        },
      );
    }

    test('/blog?page=2 never paints page 1', { tag: '@desktop' }, async ({ page }) => {
      // Every frame and every change from before the first paint: the list's first post whenever
      // the list is shown.
      await page.addInitScript(() => {
        const w = window as unknown as { __listShown: string[] };
        w.__listShown = [];
        const check = () => {
          const list = document.querySelector('[data-blog-list]');
          if (list?.checkVisibility({ visibilityProperty: true })) {
            w.__listShown.push(list.querySelector('article h2')?.textContent?.trim() ?? '(no post)');
          }
        };
        new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
        const frame = () => {
          check();
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const listShown = () => page.evaluate(() => (window as unknown as { __listShown: string[] }).__listShown);
      await holdScripts(page, mode, 2_000);
      await page.goto('/blog?page=2', { waitUntil: 'commit' });
      await firstPaint(page);
      await expect(page.locator('[data-blog-list]')).toBeHidden();
      if (mode === 'delayed') {
        await expect(page.locator('[data-blog-list]')).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole('navigation', { name: 'Blog pages' }).locator('[aria-current="page"]')).toHaveText(
          '2',
        );
        const pageTwo = (await page.locator('[data-blog-list] article h2').first().textContent())?.trim();
        const shown = await listShown();
        expect(shown.length).toBeGreaterThan(0);
        expect(new Set(shown), 'the first post whenever the list was shown').toEqual(new Set([pageTwo]));
      } else {
        // With no script at all, the server's list (page 1) beats an empty page: it shows once the
        // island has failed to load (well before the 15 s last resort for a script that hangs).
        await expect(page.locator('[data-blog-list]')).toBeVisible({ timeout: 8_000 });
      }
    });
  });
}
