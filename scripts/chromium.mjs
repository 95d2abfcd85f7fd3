// Finds a Chromium for Playwright and Lighthouse: CHROME_PATH, else Debian's, else Playwright's own.
import { existsSync } from 'node:fs';

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

export async function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'];
  try {
    const { chromium } = await import('playwright-core');
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright's own browser is optional.
  }
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found: install one with `apt-get update && apt-get install -y chromium` (as root), or set CHROME_PATH to a Chromium binary.',
    );
  }
  return found;
}
