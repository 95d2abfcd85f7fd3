// Finds a Chromium for the browser tests and for Lighthouse.
//
// The Playwright suite prefers Debian's chromium-headless-shell: the same Blink, V8 and network
// stack as Chromium without the desktop browser around them, so a page costs the machine about a
// third of the CPU (the suite: 407 s with /usr/bin/chromium, 250 s with the shell, on 2 cores).
// Everything that measures what a visitor's browser does takes the full Chromium: Lighthouse, the
// gallery benchmark and the first-view bytes (the shell starts lazy images further from the screen:
// with camera photos it fetched 14 files on /before-after where Chromium fetches 7).
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = '/usr/bin/chromium';

/** The phone the benchmarks and the first-view budgets browse as: 390 px wide, 3x, touch (an iPhone's screen). */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Makes every host but the local one unresolvable: the browser tests never reach a third party. */
export const BLOCK_OUTSIDE_HOSTS = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';

/**
 * The Chromium binary to launch: CHROME_PATH if set, else Debian's (the headless shell first when
 * `purpose` is 'test'), else Playwright's own. Throws with the package to install when none exists.
 */
export async function findChromium(purpose: 'test' | 'benchmark' = 'benchmark'): Promise<string> {
  const debian = purpose === 'test' ? [HEADLESS_SHELL, CHROMIUM] : [CHROMIUM, HEADLESS_SHELL];
  const candidates = [process.env['CHROME_PATH'], ...debian];
  try {
    const { chromium } = await import('playwright-core');
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright's own browser is optional.
  }
  const found = candidates.find((path): path is string => !!path && existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found: install one with `apt-get update && apt-get install -y chromium-headless-shell chromium` (as root), or set CHROME_PATH to a Chromium binary.',
    );
  }
  if (purpose === 'test' && found === CHROMIUM && !process.env['CHROME_PATH'] && !process.env['QUIET_CHROMIUM_NOTE']) {
    process.env['QUIET_CHROMIUM_NOTE'] = '1';
    console.log(
      'Testing with /usr/bin/chromium: `apt-get install -y chromium-headless-shell` runs the browser tests in about 60% of the time.',
    );
  }
  return found;
}
