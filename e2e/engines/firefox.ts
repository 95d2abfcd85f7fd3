// Firefox: Debian's Firefox ESR driven over WebDriver BiDi by puppeteer-core, headless. Each
// session is a fresh browser context (its own storage), in one browser per run.
import puppeteer from 'puppeteer-core';
import { readRecorded, retried, type Driver, type Engine, type PageFunction } from './driver.ts';

export const FIREFOX = '/usr/bin/firefox-esr';

export async function launch({
  origin,
  viewport = { width: 390, height: 844 },
}: {
  origin: string;
  viewport?: { width: number; height: number };
}): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    // The front's certificate comes from a throwaway local CA.
    acceptInsecureCerts: true,
    // The runner stops everything on Ctrl-C itself (puppeteer's own handler would exit at once).
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  return {
    name: 'firefox',
    async session() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const driver: Driver = {
        engine: 'firefox',
        retries: [],
        origin,
        open: async (path) => {
          const url = new URL(path, origin).href;
          try {
            await page.goto(url, { waitUntil: 'load' });
          } catch (error) {
            // Under load Firefox's BiDi once reported a navigation as failed ("Address rejected":
            // its name for a failure it cannot name) while the page it was asked for loaded whole
            // (ci13, /about, screenshot and all). That page, at that address and loaded, is what was
            // asked for: the step is counted as retried (named in the run's closing summary) and goes
            // on; an error page, any other page or any other message still fails. A second such
            // report in one session fails it too.
            const message = error instanceof Error ? error.message : '';
            if (!/Address rejected/.test(message)) throw error;
            const loaded = await page
              .waitForFunction(() => document.readyState === 'complete', { timeout: 10_000 })
              .then(() => page.evaluate(() => document.documentURI))
              .catch(() => null);
            if (loaded !== url) throw error;
            retried(driver, `navigation to ${path}`, `BiDi reported "${message.split('\n')[0]}", but the page loaded`);
          }
        },
        // Puppeteer types a page function's parameters by what it unwraps (element handles); these are plain values.
        run: <A extends unknown[], T>(fn: PageFunction<A, T>, ...args: A) =>
          page.evaluate(fn as (...values: unknown[]) => T | Promise<T>, ...args) as Promise<T>,
        // Taps a control once it shows, as a visitor does (an island may reveal it after hydrating).
        click: (selector) =>
          page
            .waitForSelector(selector, { visible: true, timeout: 10_000 })
            .then(() => page.click(selector))
            .catch((error: Error) => {
              throw new Error(`firefox: could not click ${selector}: ${error.message}`);
            }),
        type: (selector, text) => page.type(selector, text),
        key: (name) => page.keyboard.press(name),
        async setViewport(width, height) {
          await page.setViewport({ width, height });
          const size = await page.evaluate(() => [innerWidth, innerHeight]);
          if (size[0] !== width || size[1] !== height) {
            throw new Error(`firefox: asked for a ${width}×${height} viewport, got ${size[0]}×${size[1]}`);
          }
        },
        async screenshot(path) {
          await page.screenshot({ path: path as `${string}.png` });
        },
        errors: () => page.evaluate(readRecorded),
        async intercept(handler) {
          await page.setRequestInterception(true);
          page.on('request', (request) => {
            if (request.isInterceptResolutionHandled()) return;
            const decision = handler(request.url());
            if (decision === 'abort') void request.abort('blockedbyclient');
            else if (decision) void request.respond({ status: 200, ...decision });
            else void request.continue();
          });
        },
        close: () => context.close(),
      };
      await driver.setViewport(viewport.width, viewport.height);
      return driver;
    },
    shutdown: () => browser.close(),
  };
}
