// Dev helper: screenshots a built page at 1440 and 390 px wide. Usage: node scripts/audits/shot.ts /path [name]
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../shared/chromium.ts';
import { fileHeader, readOptions } from '../shared/options.ts';

const { positionals } = readOptions({
  name: 'shot',
  usage: 'node scripts/audits/shot.ts [/path] [name] [base address]',
  help: fileHeader(import.meta.url),
  allowPositionals: true,
});
const [path = '/', name = 'page', base = 'http://127.0.0.1:4321'] = positionals;
const browser = await chromium.launch({ executablePath: await findChromium('test'), args: CHROMIUM_ARGS });
for (const width of [1440, 390]) {
  const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 844 } });
  await page.route('**/*', (r) => (new URL(r.request().url()).hostname === '127.0.0.1' ? r.continue() : r.abort()));
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/shot-${name}-${width}.png`, fullPage: process.env.FULL === '1' });
  await page.close();
}
await browser.close();
