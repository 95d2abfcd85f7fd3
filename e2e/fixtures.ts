import { test as base, expect, type BrowserContext, type Page, type Request } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { TAP_AT_HYDRATION } from './tap-at-hydration.ts';

interface Fixtures {
  blockedRequests: string[];
  cspViolations: string[];
  pageErrors: string[];
}

/**
 * The page errors a test may meet, each with why: every other uncaught error or unhandled rejection
 * in any page of a test's browser context fails the test (the `pageErrors` fixture). An entry names
 * the test (a pattern on its title path) and the error (a pattern on its message); keep it short.
 */
export const ALLOWED_PAGE_ERRORS: { test: RegExp; error: RegExp; reason: string }[] = [];

export const test = base.extend<Fixtures>({
  /**
   * Every test runs with the outside world blocked: the browser resolves no host but the site
   * under test (`BLOCK_OUTSIDE_HOSTS` in scripts/shared/chromium.ts), so a third party is never reached; this lists the
   * outside addresses pages tried. Blocking by name resolution instead of request interception
   * keeps the browser's cache on and adds no round trip per request.
   */
  blockedRequests: [
    async ({ context }, use) => {
      const blocked: string[] = [];
      context.on('requestfailed', (request) => {
        const url = new URL(request.url());
        if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost' && /^https?:$/.test(url.protocol)) {
          blocked.push(url.href);
        }
      });
      await use(blocked);
    },
    { auto: true },
  ],
  /**
   * Every page a test opens reports each Content-Security-Policy violation (the host's header
   * policy and the page's <meta>), and the test fails on any, whatever it was checking.
   */
  cspViolations: [
    async ({ context }, use) => {
      const seen: string[] = [];
      await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
        seen.push(`${page.url()}: ${text}`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
          report(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await use(seen);
      expect(seen, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Every test fails on an uncaught error or an unhandled promise rejection in any page it opened
   * (Chromium reports both as page errors), whether or not the page still looked right, unless
   * ALLOWED_PAGE_ERRORS names it for this test with its reason.
   */
  pageErrors: [
    async ({ context, browser }, use, testInfo) => {
      const seen: string[] = [];
      const title = testInfo.titlePath.join(' › ');
      const watch = (watched: BrowserContext) =>
        watched.on('weberror', (webError) => {
          const error = webError.error();
          const message = error.message || String(error);
          if (ALLOWED_PAGE_ERRORS.some((allowed) => allowed.test.test(title) && allowed.error.test(message))) return;
          const where =
            (error.stack ?? '')
              .split('\n')
              .find((line) => /^\s+at /.test(line))
              ?.trim() ?? '';
          seen.push(`${webError.page()?.url() ?? '(no page)'}: ${error.name}: ${message}${where ? ` (${where})` : ''}`);
        });
      watch(context);
      // The contexts and pages a test opens itself (browser.newPage opens its context through newContext).
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const opened = await newContext.apply(browser, args);
        watch(opened);
        return opened;
      };
      try {
        await use(seen);
      } finally {
        browser.newContext = newContext;
      }
      expect(seen, 'uncaught page errors and unhandled rejections').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Runs axe with the WCAG 2.2 A and AA rules and expects no violations. In the page itself (axe.run,
 * AxeBuilder's "legacy" mode): its default runs the rules per frame, then opens a blank page in the
 * test's context and loads axe's source again there to merge the results, which cost half of every
 * scan (on / at load 20: 17-21 s against 8.4 s). Both ways gave the same violations, passes,
 * incomplete and inapplicable rules, node for node, on six routes with and without frames and with a
 * violation planted (an image without alt): the same rules on the same nodes.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode();
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * Waits until the islands inside `scope` (default: the whole page) have hydrated, a click before
 * that being lost, or, for one that starts when reached for (client:reached), until its press is
 * held. Islands with client:visible hydrate only once scrolled into view, so scope those.
 */
export async function waitForIslands(page: Page, scope: string = 'body') {
  const islands = page.locator(`${scope} astro-island`);
  if (scope !== 'body') await islands.first().scrollIntoViewIfNeeded();
  await expect(
    page.locator(`${scope} astro-island[ssr]:not([client="entered"]):not([client="reached"][data-armed])`),
  ).toHaveCount(0);
  // An island behind the age gate (client:entered) starts only once she has passed it: while the
  // gate shows, the gate's own script is what must be listening.
  await page.waitForFunction((selector) => {
    if (document.documentElement.getAttribute('data-age-gate') === 'locked')
      return document.querySelector('dialog[data-age-gate-dialog][data-age-gate-ready]') !== null;
    return document.querySelector(`${selector} astro-island[ssr][client="entered"]`) === null;
  }, scope);
}

/**
 * The requests a page makes from now on, by path: `asked` lists them as they start (an answer may
 * still be on its way).
 */
export function requestLog(page: Page): { asked: string[] } {
  const log = { asked: [] as string[] };
  page.on('request', (request) => log.asked.push(new URL(request.url()).pathname));
  return log;
}

/** The path of the code of the island whose component is `component`, e.g. /_astro/BlogList.<hash>.js. */
export async function islandCode(page: Page, component: string): Promise<string> {
  const url = await page.locator(`astro-island[component-url*="/${component}."]`).getAttribute('component-url');
  if (!url) throw new Error(`no island of ${component}`);
  return new URL(url, 'https://site.invalid').pathname;
}

/**
 * Resolves once the page has loaded and then been idle twice: past the moment an island on
 * client:idle would have started. For asserting that an island has not.
 */
export async function pastIdle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
  );
}

/**
 * Arms a tap on the first `selector` match at the very moment its island hydrates (Astro removes
 * its `ssr` attribute): the element is focused and clicked then, as a visitor's tap would be, before
 * the island's first effect. Call before `page.goto`; `tappedAtHydration` says whether it happened.
 */
export async function tapAtHydration(page: Page, selector: string) {
  // One script, so the selector is stored before the hook reads it (init scripts have no set order).
  const arm = `if (window === window.top) sessionStorage.setItem('__tapAtHydration', ${JSON.stringify(selector)});`;
  await page.addInitScript({ content: `${arm}\n${TAP_AT_HYDRATION}` });
}

/** True once the tap armed by `tapAtHydration` has happened. */
export const tappedAtHydration = (page: Page) => page.evaluate(() => Boolean(window.__tappedAtHydration));

/**
 * Resolves once the page has rendered `frames` more frames. Input that Playwright has already
 * dispatched (keys, wheel, clicks) has then been handled and its first effects painted: a scroll
 * or a dialog change it caused would show by now. For asserting that something did not happen.
 */
export async function afterFrames(page: Page, frames = 3) {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    frames,
  );
}

/**
 * Follows a page's requests from now on. `quiet()` resolves once none has been in flight for `ms`
 * (and frames have been drawn meanwhile, so an effect a response caused has started its own request):
 * a count of the files fetched, taken then, includes any that a shown photo set off late.
 */
export function watchNetwork(page: Page) {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    changed = Date.now();
  });
  const settle = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    async quiet(ms = 1500) {
      await expect
        .poll(
          async () => {
            await afterFrames(page, 2);
            return inFlight.size === 0 && Date.now() - changed >= ms;
          },
          { message: `the network quiet for ${ms} ms`, timeout: 30_000, intervals: [250] },
        )
        .toBe(true);
    },
  };
}

/** Reads every JSON-LD block on the page. */
export async function readJsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The annotation a test's own retry leaves: read by the closing summary (scripts/test-run/test-summary.ts). */
export const RETRIED = 'retried';

/**
 * A step the test made again by itself, as a person would (a tap lost while the page redrew): noted
 * on the test (an annotation of type `retried`, with the step and the reason) so the run's closing
 * summary names it; a retry never hides. A second retry of the same step in one test fails it.
 */
export function retried(step: string, reason: string) {
  const { annotations } = test.info();
  const description = `${step}: ${reason}`;
  if (annotations.some((a) => a.type === RETRIED && a.description?.startsWith(`${step}: `))) {
    throw new Error(`"${step}" needed a second retry in one test (${reason})`);
  }
  annotations.push({ type: RETRIED, description });
}
