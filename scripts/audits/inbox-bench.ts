// Benchmark of the studio's inbox (issue 34) on a phone on slow 4G: the sample gallery published
// with its inbox into a fresh local bucket and served with the site's build by the host's runtime
// (wrangler pages dev, the Function taking POST /vault/inbox) on a port of its own. Opened with its
// password at full speed, the two photos its package includes chosen, one with a note; then, with
// Lighthouse's slow-4G numbers (150 ms RTT, 1.6 Mbps down, 750 Kbps up, by CDP) and the CPU as the
// host is, the time from the press on "Send my selection" to "Sent to the studio" on screen, --runs
// times (a send again each time, after photo 3 goes in or out: a sent selection's button reads as
// done until it changes), with min/median/max, the sealed message's size and the load average. Not a test.
// Usage: npx node scripts/audits/inbox-bench.ts [--port N] [--runs N]   (needs a build in dist/)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startCdn } from '../servers/cdn.ts';
import { CHROMIUM_ARGS, findChromium, PHONE } from '../shared/chromium.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4337' }, runs: { type: 'string', default: '5' } },
});
const PORT = Number(values.port);
const RUNS = Number(values.runs);
/** Lighthouse's slow 4G (bytes per second for CDP). */
const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1e6) / 8, uploadThroughput: (750 * 1e3) / 8 };
/** The sample gallery (README, "The private client gallery"). */
const SAMPLE = { name: 'preview', password: 'coastlight-preview-gallery' };

const state = mkdtempSync(join(tmpdir(), 'inbox-bench-'));
const server = await startCdn({ port: PORT, persistTo: state });
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const posted: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/vault/inbox') {
      posted.push(Buffer.byteLength(request.postData() ?? ''));
    }
  });
  await page.goto(`${server.origin}/private-gallery`);
  await page.getByRole('button', { name: 'I am 18+' }).click();
  await page.getByLabel('Gallery name', { exact: true }).fill(SAMPLE.name);
  await page.getByLabel('Password', { exact: true }).fill(SAMPLE.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.locator('[data-send-button], [data-selection-counter]').first().waitFor({ timeout: 60_000 });
  // Both photos the sample's package includes: no question before the send.
  await page.getByRole('button', { name: 'Favorite photo 1' }).click();
  await page.getByRole('button', { name: 'Favorite photo 2' }).click();
  await page.getByRole('button', { name: 'Open photo 2' }).click();
  await page.getByLabel('Note for the studio on photo 2').fill('A little warmer, please, and a touch softer.');
  await page.keyboard.press('Escape');
  await page.locator('[data-send-button]').waitFor();

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });

  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    // Once sent, the button reads as done until the selection changes: photo 3 in or out, then Send again.
    if (run > 1) {
      await page.getByRole('button', { name: 'Favorite photo 3' }).click();
      await page.getByRole('button', { name: 'Send again', exact: true }).waitFor();
    }
    const ms = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const state = () => document.querySelector('[data-send-state]')?.getAttribute('data-send-state');
          let left = false;
          const start = performance.now();
          const button = document.querySelector<HTMLElement>('[data-send-button]');
          if (!button) return reject(new Error('no Send my selection button'));
          button.click();
          const check = () => {
            const now = state();
            if (now === 'sending') left = true;
            if (
              left &&
              now === 'sent' &&
              document.querySelector('[data-selection-sent]')?.textContent.startsWith('Sent to the studio')
            )
              return resolve(performance.now() - start);
            if (left && now !== 'sending') return reject(new Error(`the send ended as ${now}`));
            requestAnimationFrame(check);
          };
          check();
        }),
    );
    times.push(Math.round(ms));
    console.log(`run ${run}: ${Math.round(ms)} ms from the press to "Sent to the studio"`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `\nSlow 4G (150 ms RTT, 1.6 Mbps down, 750 Kbps up), CPU unthrottled, ${RUNS} runs: min ${sorted[0]} ms, median ${median} ms, max ${sorted.at(-1)} ms.`,
  );
  console.log(
    `Posted body: ${posted.at(-1)} bytes (limit 32768). Load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
