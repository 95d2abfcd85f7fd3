// First-view bytes per route as a phone fetches them: Chromium at 390×844, 3x density, counting every
// response (HTML, CSS, JS, fonts, images) requested from navigation until the page has loaded and the
// network has been idle for 500 ms (at most until 2 s after the load event), without scrolling. Budgets: home <= 500 KB, portfolio (and each
// category's own page) and before/after <= 600 KB, every other route <= 500 KB. On the home page the hero's later slides must not be
// fetched in the first view (they load before they show). Serves dist/ with the host runtime (scripts/servers/cdn.ts).
// Options: --port N (default 4326), --only /path. Prints a table and exits non-zero on a miss.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium, PHONE } from '../shared/chromium.ts';
import { startCdn } from '../servers/cdn.ts';
import { builtPages } from '../../src/lib/site/site-files.ts';
import { NOT_FOUND_ROUTE } from '../../src/lib/site/routes.ts';
import { fileHeader, readOptions } from '../shared/options.ts';

const { values } = readOptions({
  name: 'first-view',
  usage: 'npm run test:first-view -- [--port N] [--only /path]',
  help: fileHeader(import.meta.url),
  options: { port: { type: 'string' }, only: { type: 'string' } },
});
const PORT = Number(values.port ?? '4326');
const only = values.only ?? null;
const BASE = `http://127.0.0.1:${PORT}`;
const DIST = join(process.cwd(), 'dist');
const KB = 1024;
export const FIRST_VIEW_BUDGET_KB: Record<string, number> & { '/portfolio': number; default: number } = {
  '/': 500,
  '/portfolio': 600,
  '/before-after': 600,
  default: 500,
};

if (!existsSync(DIST)) {
  console.error('first-view: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}
const all = builtPages(DIST)
  .map(({ route }) => route)
  .filter((route) => route !== NOT_FOUND_ROUTE);
const posts = all.filter((r) => r.startsWith('/blog/')).sort();
const routes = only ? [only] : [...all.filter((r) => !r.startsWith('/blog/')).sort(), ...posts.slice(0, 1)];

// Served as deployed: the host runtime with dist/_headers.
const server = await startCdn({ port: PORT });

const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
/** One route's first view, in KB. */
interface Row {
  route: string;
  totalKb: number;
  imageKb: number;
  images: number;
  budget: number;
}
/** A response of the first view: its address, Playwright's resource type, its bytes on the wire. */
interface Fetched {
  url: string;
  type: string;
  bytes: number;
}
const rows: Row[] = [];
const misses: string[] = [];
try {
  for (const route of routes) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const responses: Promise<Fetched>[] = [];
    const started = new Map<Request, number>();
    let loadedAt = Infinity;
    page.on('request', (request) => started.set(request, Date.now()));
    page.on('load', () => (loadedAt = Date.now()));
    page.on('requestfinished', (request) => {
      if ((started.get(request) ?? 0) > loadedAt + 2000) return;
      responses.push(
        request.sizes().then(
          (sizes) => ({
            url: request.url(),
            type: request.resourceType(),
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          }),
          () => ({ url: request.url(), type: request.resourceType(), bytes: 0 }),
        ),
      );
    });
    await page.goto(`${BASE}${route}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // The hero's later slides: every image URL in the slideshow's props that slide 1 does not use.
    const laterSlides = await page.evaluate(() => {
      const island = document.querySelector('astro-island[component-url*="HeroSlideshow"]');
      if (!island) return [];
      const first = document.querySelector('[data-slide="0"]')?.outerHTML ?? '';
      const urls = new Set(island.getAttribute('props')?.match(/\/_astro\/[^"&\s,\\]+/g) ?? []);
      return [...urls].filter((url) => !first.includes(url));
    });
    const done = await Promise.all(responses);
    await context.close();
    const own = done.filter((r) => r.url.startsWith(BASE));
    const total = done.reduce((sum, r) => sum + r.bytes, 0);
    const images = done.filter((r) => r.type === 'image').reduce((sum, r) => sum + r.bytes, 0);
    // A category's own page (/portfolio/classic) is the portfolio's grid: the portfolio's budget.
    const budget =
      FIRST_VIEW_BUDGET_KB[route] ??
      (route.startsWith('/portfolio/') ? FIRST_VIEW_BUDGET_KB['/portfolio'] : FIRST_VIEW_BUDGET_KB.default);
    const early = own.filter((r) => laterSlides.some((url) => r.url.endsWith(url))).map((r) => r.url);
    const row: Row = {
      route,
      totalKb: total / KB,
      imageKb: images / KB,
      images: done.filter((r) => r.type === 'image').length,
      budget,
    };
    rows.push(row);
    if (row.totalKb > budget) misses.push(`${route}: first view ${row.totalKb.toFixed(0)} KB > ${budget} KB`);
    if (early.length) misses.push(`${route}: later hero slides fetched in the first view: ${early.join(', ')}`);
    console.log(
      `${route.padEnd(34)} ${row.totalKb.toFixed(0).padStart(5)} KB (images ${row.imageKb.toFixed(0).padStart(4)} KB in ${String(row.images).padStart(2)} files)  budget ${budget} KB${misses.some((m) => m.startsWith(`${route}:`)) ? '  MISSED' : ''}`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
if (misses.length) {
  console.error(`first-view: ${misses.length} miss(es):\n  ${misses.join('\n  ')}`);
  process.exit(1);
}
console.log(`first-view: ${rows.length} routes within budget at 390 px, 3x`);
