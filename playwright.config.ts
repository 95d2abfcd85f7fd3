import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';
import { CDN_ENV, cdnCommand } from './scripts/cdn.mjs';

// E2E_PORT lets several checkouts run their suites side by side.
const PORT = Number(process.env['E2E_PORT'] ?? 4322);
const executablePath: string = await findChromium();

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  // Generous for a 2-core CI machine running two browsers and the preview server at once.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'phone',
      // Scans of dist/ (tagged @dist) run once, in the desktop project.
      grepInvert: /@dist/,
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
  webServer: {
    command: cdnCommand(PORT),
    env: CDN_ENV,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
  },
});
