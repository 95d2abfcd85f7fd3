// `npm run audit`: Lighthouse (mobile preset) against the production build for every route,
// one line per route with the four scores, LCP, TBT, CLS and transferred JS/CSS/image KB,
// plus a JSON report in reports/audit.json. Exits non-zero when a goal is missed, unless
// --report-only (CI prints the table without gating: Lighthouse moves with machine load).
// The pages come as a visitor gets them from the host: HTTPS and HTTP/2 (the local TLS front,
// scripts/servers/front.mjs, before Cloudflare's runtime). Lighthouse's simulated slow 4G models the
// connections it saw: over plain HTTP/1.1 it opens a new connection, each starting slow, for the
// stylesheet, the fonts and every image at once, which no visitor of the deployed site pays (with
// camera photos /portfolio's largest paint: 2.14-2.25 s over HTTP/1.1, 1.68-1.70 s over HTTP/2).
// Options: --runs N (median of N runs, default 3), --only /path (audit one route), --cpu N (CPU
// slowdown instead of the preset's 4x, for hosts slower than the 1500-2000 benchmark index that 4x
// assumes; see Lighthouse's docs/throttling.md), --port N (default 4323; the TLS front uses N+1),
// --http1 (plain HTTP/1.1 from the runtime itself, as earlier audits measured). Each row notes the
// host's benchmark index and the protocol the page came over.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, findChromium } from '../shared/chromium.mjs';
import { startCdn } from '../servers/cdn.mjs';
import { serverKeyHash, startFront } from '../servers/front.mjs';
import { builtPages } from '../../src/lib/site/site-files.ts';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = Number(option('--runs', '3'));
const only = option('--only', null);
const reportOnly = args.includes('--report-only');
const cpu = option('--cpu', null);
const PORT = Number(option('--port', '4323'));
const http1 = args.includes('--http1');
const MOBILE_THROTTLING = constants.throttling.mobileSlow4G;
const DIST = new URL('../../dist/', import.meta.url).pathname;

/** Every route once; posts are one route (/blog/{slug}), audited through the newest post. */
function routes() {
  // Lighthouse refuses a 404 status, so the not-found page is audited at /404 (served with 200).
  const all = builtPages(DIST).map(({ route }) => route);
  const posts = all.filter((r) => r.startsWith('/blog/')).sort();
  const rest = all.filter((r) => !r.startsWith('/blog/')).sort();
  return only ? [only] : [...rest, ...posts.slice(0, 1)];
}

/** Goals (the README's): performance 100 without islands, >= 95 with; LCP <= 2.0 s; TBT and CLS limits. */
function goalsFor(hasIsland) {
  return { performance: hasIsland ? 95 : 100, lcpMs: 2000, tbtMs: 50, cls: 0.01 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

if (!existsSync(DIST)) {
  console.error('audit: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}

// The host's own runtime serves the build, with its headers and URL rules, as in production.
const server = await startCdn({ port: PORT });
process.on('exit', server.stop);
const front = http1 ? null : await startFront({ upstream: server.origin, httpsPort: PORT + 1 });
const BASE = front?.origin ?? server.origin;

const chrome = await chromeLauncher.launch({
  chromePath: await findChromium(),
  // The front's throwaway certificate is trusted by its key alone; any other bad certificate still fails.
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${serverKeyHash()}`],
});

const rows = [];
try {
  for (const route of routes()) {
    const html = await (await fetch(`${server.origin}${route}`)).text();
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const run = () =>
        lighthouse(`${BASE}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          ...(cpu ? { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: Number(cpu) } } : {}),
        });
      // A lost trace (NO_NAVSTART and the like) happens now and then on a busy host: up to three tries.
      let { lhr } = await run();
      for (let attempt = 1; attempt < 3 && lhr.runtimeError; attempt++) ({ lhr } = await run());
      if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const bytes = Object.fromEntries(
        (lhr.audits['resource-summary']?.details?.items ?? []).map((item) => [item.resourceType, item.transferSize]),
      );
      const document = lhr.audits['network-requests']?.details?.items?.find((item) => item.resourceType === 'Document');
      samples.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        jsKb: Math.round((bytes.script ?? 0) / 1024),
        cssKb: Math.round((bytes.stylesheet ?? 0) / 1024),
        imageKb: Math.round((bytes.image ?? 0) / 1024),
        hasIsland: html.includes('<astro-island'),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        protocol: document?.protocol ?? '?',
      });
    }
    // Median of each metric across runs.
    const row = { route };
    for (const key of Object.keys(samples[0])) {
      row[key] = ['hasIsland', 'protocol'].includes(key) ? samples[0][key] : median(samples.map((s) => s[key]));
    }
    const goals = goalsFor(row.hasIsland);
    row.misses = [
      row.performance < goals.performance && `performance ${row.performance} < ${goals.performance}`,
      row.lcpMs > goals.lcpMs && `LCP ${row.lcpMs} ms > ${goals.lcpMs}`,
      row.tbtMs > goals.tbtMs && `TBT ${row.tbtMs} ms > ${goals.tbtMs}`,
      row.cls > goals.cls && `CLS ${row.cls} > ${goals.cls}`,
    ].filter(Boolean);
    rows.push(row);
    console.log(
      `${route.padEnd(34)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  bp ${String(row.bestPractices).padStart(3)}  seo ${String(row.seo).padStart(3)}  LCP ${String(row.lcpMs).padStart(5)} ms  TBT ${String(row.tbtMs).padStart(4)} ms  CLS ${row.cls.toFixed(3)}  JS ${String(row.jsKb).padStart(3)} KB  CSS ${String(row.cssKb).padStart(3)} KB  img ${String(row.imageKb).padStart(4)} KB  host ${row.benchmarkIndex} ${row.protocol}${row.misses.length ? `  MISSED: ${row.misses.join('; ')}` : ''}`,
    );
  }
} finally {
  chrome.kill();
  await front?.close();
  server.stop();
}

mkdirSync('reports', { recursive: true });
writeFileSync(
  'reports/audit.json',
  JSON.stringify(
    { runs, cpuSlowdownMultiplier: cpu ? Number(cpu) : 4, http1, date: new Date().toISOString(), rows },
    null,
    2,
  ),
);
const missed = rows.filter((r) => r.misses.length);
console.log(
  `audit: ${rows.length} routes, median of ${runs} run(s), CPU ${cpu ?? 4}x, ${missed.length} missing a goal; report in reports/audit.json`,
);
process.exit(missed.length && !reportOnly ? 1 : 0);
