import { defineConfig, devices } from '@playwright/test';
import { BLOCK_OUTSIDE_HOSTS, CHROMIUM_ARGS, findChromium } from './scripts/shared/chromium.ts';
import { CDN_ENV, cdnCommand } from './scripts/servers/cdn.ts';

// E2E_PORT lets several checkouts run their suites side by side.
const PORT = Number(process.env['E2E_PORT'] ?? 4322);
/** The editor's own origin (e2e/editor.spec.ts): another port is another origin. */
const EDITOR_PORT = PORT + 50;
const executablePath: string = await findChromium('test');

/**
 * The quick tier (`npm test`, TEST_TIER=quick) runs the tests tagged `@quick` in the desktop project
 * and `@quick-phone` in the phone project: each feature's one real-browser check. The full tier
 * (`npm run test:all`, what CI runs) runs every test. CONTRIBUTING.md says when a test joins the quick tier.
 */
const QUICK = process.env['TEST_TIER'] === 'quick';

/** The spec files whose behaviour depends on the phone layout. */
const PHONE_SPECS = [
  'shell',
  'home',
  'about',
  'portfolio',
  'before-after',
  'erotica',
  'private-gallery',
  'keyboard',
  'routes',
  'cdn',
  'editor',
].map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: process.env['CI'] ? 1 : 0,
  // Three workers on two cores: a test spends part of its time waiting (timers, network idle), and
  // a third browser fills those gaps (the suite: 250 s with 2 workers, 226 s with 3, 236 s with 4).
  workers: 3,
  // Generous for a 2-core CI machine running three browsers, the host runtime and the unit tests at
  // once: tests that passed in 10-20 s alone reached 45 s there and passed only on their retry. A
  // time the spec names is asserted by the test itself, never by this limit.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace (DOM snapshots and a screencast) for a test that failed and is retried (CI retries once):
    // recording one for every test cost a quarter of the suite's time. PW_TRACE=on records always.
    trace: (process.env['PW_TRACE'] as 'on' | 'off' | undefined) ?? 'on-first-retry',
    launchOptions: { executablePath, args: [...CHROMIUM_ARGS, BLOCK_OUTSIDE_HOSTS] },
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone/,
      ...(QUICK ? { grep: /@quick(?!-)/ } : {}),
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'phone',
      // Only what the phone layout changes runs again at phone size: the header and its menu,
      // the slideshow, grids, lightbox, slider, modals, scroll anchors, keyboard journeys, axe on
      // every page and the gates' first paint. Logic that does not depend on the viewport (blog
      // pager and search, FAQ, headers, SEO, private gallery crypto) runs once, in desktop.
      // Scans of dist/ (tagged @dist) and tests tagged @desktop also run once, in desktop.
      testMatch: PHONE_SPECS,
      grepInvert: /@dist|@desktop/,
      ...(QUICK ? { grep: /@quick-phone/ } : {}),
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  // The tests run against the host's own runtime (Cloudflare's workerd), which applies
  // dist/_headers and the host's URL rules exactly as in production.
  webServer: [
    {
      command: cdnCommand(PORT),
      env: CDN_ENV,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env['CI'],
      timeout: 60_000,
      // scripts/servers/cdn.ts runs the runtime in a process group of its own and ends it on SIGTERM; without
      // this Playwright would SIGKILL the command and leave the runtime running.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    // The owner's editor, on its own origin as deployed (dist-editor/, `npm run build:editor`).
    {
      command: cdnCommand(EDITOR_PORT, 'dist-editor'),
      env: CDN_ENV,
      url: `http://127.0.0.1:${EDITOR_PORT}/admin`,
      reuseExistingServer: !process.env['CI'],
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
