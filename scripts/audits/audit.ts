// `npm run audit`: Lighthouse (mobile preset) against the production build for every route,
// one line per route with the four scores, LCP, TBT, CLS, the hero photo (the home page) and
// transferred JS/CSS/image KB, then each goal as PASS or MISS, plus a JSON report in
// reports/audit.json. The goals are a benchmark, not a test: the audit exits 0 whatever it measured
// (--gate: non-zero when a goal is missed), non-zero only when it could not measure.
// The pages come as a visitor gets them from the host: HTTPS and HTTP/2 (the local TLS front,
// scripts/servers/front.ts, before Cloudflare's runtime). Lighthouse's simulated slow 4G models the
// connections it saw: over plain HTTP/1.1 it opens a new connection, each starting slow, for the
// stylesheet, the fonts and every image at once, which no visitor of the deployed site pays (with
// camera photos /portfolio's largest paint: 2.14-2.25 s over HTTP/1.1, 1.68-1.70 s over HTTP/2).
// The CPU slowdown makes the host a named phone, by the benchmark indexes Chrome DevTools' own CPU
// calibration targets (scripts/audits/audit-goals.ts, DEVICES): a mid-tier phone (index 1,000, a
// Pixel 5 class) and a low-tier phone (index 264, a Moto G Power class). The host's benchmark index
// (Lighthouse's own benchmark, the `environment.benchmarkIndex` of every report) is measured 5 times
// in the audit's browser at the start, and each phone's multiplier is that median over the phone's
// index (never below 1). Both are printed; every report's own index is kept beside its row.
// The host is shared: when other work starts, its index falls (2,300 to 500 in one audit) while the
// trace Lighthouse multiplies is taken at full speed, so a multiplier set once at the start slows a
// loaded run 4-5 times more than the phone. So the index is measured again (3 samples, median) just
// before each run, and that run's multiplier follows it; --calibrate start keeps the start's
// multiplier for every run (as audits before 2026-11-28 did). The
// mid-tier phone meets every goal in every run; the low-tier phone, a median LCP of 2.5 s and TBT of
// 200 ms.
// Options: --runs N (default 5; min/median/max of N runs), --calibrate run|start (default run), --only /path (audit one route; several:
// /a,/b), --device mid|low|both (default both), --cpu N (force one CPU slowdown for every device
// instead of calibrating; --cpu 4 is Lighthouse's preset),
// --port N (default 4323; the TLS front uses N+1), --http1 (plain HTTP/1.1 from the runtime itself,
// as earlier audits measured), --gate (exit 1 when a goal is missed in some run), --report-only
// (the default now; kept for old command lines).
// Each row notes the host's benchmark index (min/median/max of its reports) and the protocol the
// page came over, and gives min/median/max of performance, LCP, TBT and the hero photo over the
// runs; the goals hold for every run, not only the median (slow runs are what visitors on slow
// phones get). "Hero photo" is when the home page's first slide is painted, on the same simulated
// slow 4G and CPU as LCP (scripts/audits/hero-photo.ts); the headline, not the photo, is that
// page's LCP.
// --explain adds one line per run: the first and largest paint as observed at full
// speed (Lighthouse simulates from what finished before them), the LCP element and request, the
// LCP phases, the bytes that finished loading before the observed largest paint, and the hero
// photo's request and paint; then the run's blocking time task by task as Lighthouse simulated it
// (scripts/audits/blocking-tasks.ts): each task that counted, when, how much, and what it did at
// full speed. --save DIR keeps every run's Lighthouse JSON for a closer look.
// The control: an empty document (one paragraph; no stylesheet, font or script), /audit-control,
// served by the same runtime and front as the routes from a copy of dist/ with that one file added
// (dist/ itself is never written). It is not listed in _headers, so it gets the site-wide rule,
// the same headers every page gets, its policy the site-wide one (a page's own rule only swaps in
// its own hashes). Before every run of a route, the control is run on the same phone, so a batch
// goes control, route, control, route… The host's noise shows in the control's blocking time, so
// the blocking goal is judged against it (scripts/audits/audit-goals.ts, judgeAgainstControl): the
// low-tier phone's median TBT passes at 200 ms or at most the control's median + 50 ms; the mid-tier
// phone's every run at 50 ms or at most its own control run + 25 ms, its performance score printed
// beside the control's, not judged. LCP and the hero photo stay absolute. --no-control: the routes
// alone, judged as before. reports/audit.json keeps every run and its control run, so
// --pool a.json,b.json,… judges saved batches together (pooled medians; no browser) and writes
// reports/audit-pooled.json.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type * as LH from 'lighthouse/types/lh.js';
import * as constants from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import {
  CONTROL,
  DEVICES,
  deviceMultiplier,
  isDevice,
  judgeAgainstControl,
  judgeFor,
  judgePooled,
  median,
  poolRows,
  spread,
} from './audit-goals.ts';
import type { Device, GoalKey, SavedRow, Verdict } from './audit-goals.ts';
import { explainBlocking } from './blocking-tasks.ts';
import { HERO_AUDIT_ID, HERO_CATEGORY_ID, heroPhotoConfig } from './hero-photo.ts';
import type { HeroDetails } from './hero-photo.ts';
import { HERO_PHOTO_TIMING } from '../../src/lib/browser/slides.ts';
import { CHROMIUM_ARGS, findChromium } from '../shared/chromium.ts';
import { startCdn } from '../servers/cdn.ts';
import { serverKeyHash, startFront } from '../servers/front.ts';
import { builtPages } from '../../src/lib/site/site-files.ts';
import { fileHeader, readOptions } from '../shared/options.ts';

const { values } = readOptions({
  name: 'audit',
  usage:
    'npm run audit -- [--runs N] [--only /path] [--device mid|low|both] [--calibrate run|start] [--cpu N] [--port N] [--http1] [--gate] [--explain] [--save DIR] [--no-control] [--pool a.json,b.json]',
  help: fileHeader(import.meta.url),
  options: {
    runs: { type: 'string' },
    only: { type: 'string' },
    cpu: { type: 'string' },
    device: { type: 'string' },
    calibrate: { type: 'string' },
    port: { type: 'string' },
    http1: { type: 'boolean' },
    gate: { type: 'boolean' },
    'report-only': { type: 'boolean' },
    explain: { type: 'boolean' },
    save: { type: 'string' },
    'no-control': { type: 'boolean' },
    pool: { type: 'string' },
  },
});
const runs = Number(values.runs ?? '5');
// Every row is the median of its runs: no run would leave nothing to take it from.
if (!(runs >= 1)) {
  console.error(`audit: --runs is a number of runs, 1 or more, not ${values.runs}`);
  process.exit(2);
}
const only = values.only ?? null;
const gate = Boolean(values.gate);
const forcedCpu = values.cpu ?? null;
const deviceOption = values.device ?? 'both';
if (deviceOption !== 'both' && !isDevice(deviceOption)) {
  console.error(`audit: --device is mid, low or both, not ${deviceOption}`);
  process.exit(2);
}
const calibrateOption = values.calibrate ?? 'run';
if (!['run', 'start'].includes(calibrateOption)) {
  console.error(`audit: --calibrate is run or start, not ${calibrateOption}`);
  process.exit(2);
}
const RUN_BENCHMARK_SAMPLES = 3;
const devices: Device[] = deviceOption === 'both' ? ['mid', 'low'] : [deviceOption];
const BENCHMARK_SAMPLES = 5;
const PORT = Number(values.port ?? '4323');
const http1 = Boolean(values.http1);
const explain = Boolean(values.explain);
const saveDir = values.save ?? null;
const MOBILE_THROTTLING = constants.throttling.mobileSlow4G;
const DIST = new URL('../../dist/', import.meta.url).pathname;
const withControl = !values['no-control'];

/** The median of a metric over runs, of the runs that measured it; null where none did. */
const medianOf = <T, K extends keyof T>(samples: readonly T[], key: K): number | null => {
  const measured = samples
    .map((s): unknown => s[key])
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return measured.length ? median(measured) : null;
};
/** What a route adds over the control, e.g. `+40 ms`. */
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}`;

// --pool: judge saved batches together, no browser. Each report's rows keep every run and the
// control run before it; a route's runs from every report make one row, judged on the pooled runs.
if (values.pool) {
  const paths = values.pool.split(',').filter(Boolean);
  const reports = paths.map((path) => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as { date?: string; rows: SavedRow[] };
    } catch (error) {
      console.error(`audit: --pool could not read ${path}: ${(error as Error).message}`);
      return process.exit(2);
    }
  });
  const pooled = poolRows(reports).map((row) => {
    const goals = judgePooled(row);
    return { ...row, goals, misses: goals.filter((g) => !g.pass).map((g) => g.text) };
  });
  console.log(`audit: ${paths.length} reports pooled (${reports.map((r) => r.date ?? '?').join(', ')})`);
  for (const row of pooled) {
    const tbt = medianOf(row.runs, 'tbtMs');
    const controlTbt = row.controlRuns.length ? medianOf(row.controlRuns, 'tbtMs') : null;
    const lcp = medianOf(row.runs, 'lcpMs');
    console.log(
      `${DEVICES[row.device].name.padEnd(15)} ${row.route.padEnd(34)} ${row.runs.length} runs  ` +
        `perf ${medianOf(row.runs, 'performance') ?? '-'}` +
        (row.controlRuns.length ? ` (control ${medianOf(row.controlRuns, 'performance') ?? '-'})` : '') +
        `  LCP ${lcp === null ? '-' : (lcp / 1000).toFixed(2)} s  TBT ${tbt ?? '-'} ms` +
        (controlTbt !== null && tbt !== null ? ` (control ${controlTbt} ms, ${signed(tbt - controlTbt)} ms)` : ''),
    );
    console.log(`${''.padEnd(15)} ${''.padEnd(34)} goals (pooled): ${row.goals.map((g) => g.text).join('; ')}`);
  }
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    'reports/audit-pooled.json',
    JSON.stringify({ pooled: paths, dates: reports.map((r) => r.date ?? null), rows: pooled }, null, 2),
  );
  const missed = pooled.filter((r) => r.misses.length).length;
  console.log(`audit: ${pooled.length} pooled rows, ${missed} with a MISS; report in reports/audit-pooled.json`);
  process.exit(gate && missed ? 1 : 0);
}

/**
 * The rows of an audit's table in a report. Lighthouse types a table's rows as any table's
 * (`TableItem`); the audit that wrote them gives their shape, `Item`.
 */
function tableItems<Item>(lhr: LH.Result, id: string): Item[] {
  const details = lhr.audits[id]?.details;
  return details && 'items' in details ? (details.items as unknown as Item[]) : [];
}
/** A row of the network-requests audit: the request's own fields (core/audits/network-requests.js). */
type RequestItem = Pick<
  LH.Artifacts.NetworkRequest,
  'url' | 'protocol' | 'resourceType' | 'priority' | 'transferSize' | 'networkRequestTime' | 'networkEndTime'
>;
/** The DOM node a details object names (its `type: 'node'` item). */
type NodeItem = LH.Audit.Details.NodeValue;

/** One run of one route, as the audit keeps it. */
interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** null where the page has no hero photo; NaN where it has one and the run did not measure it. */
  heroMs: number | null;
  heroObservedMs: number | null;
  jsKb: number;
  cssKb: number;
  imageKb: number;
  hasIsland: boolean;
  benchmarkIndex: number;
  /** The host's index just before the run (--calibrate run), else the start's; null with --cpu. */
  runIndex: number | null;
  cpu: number;
  protocol: string;
}
/** The metrics given as min/median/max over the runs: those the goals judge. */
type Ranged = GoalKey;
/** A route on one phone: the median of each metric over its runs, the runs, and the goals judged on them. */
type Row = { device: Device; route: string } & { [K in keyof Sample]: Sample[K] } & {
  [K in `${Ranged}Range`]: [number, number, number] | null;
} & {
  runs: Sample[];
  /** The control run before each run (the same index); empty with --no-control. */
  controlRuns: Sample[];
  /** The control's medians (and TBT and performance as min/median/max) beside the route's; null with --no-control. */
  control: {
    performance: number | null;
    lcpMs: number | null;
    tbtMs: number | null;
    tbtMsRange: [number, number, number];
    performanceRange: [number, number, number];
  } | null;
  load: number[];
  goals: Verdict[];
  misses: string[];
};

/** Every route once; posts are one route (/blog/{slug}), audited through the newest post. */
function routes() {
  // Lighthouse refuses a 404 status, so the not-found page is audited at /404 (served with 200).
  const all = builtPages(DIST).map(({ route }) => route);
  const posts = all.filter((r) => r.startsWith('/blog/')).sort();
  const rest = all.filter((r) => !r.startsWith('/blog/')).sort();
  return only ? only.split(',') : [...rest, ...posts.slice(0, 1)];
}

/**
 * One run in a line, from Lighthouse's own report: Lighthouse loads the page at full speed and
 * simulates slow 4G over the requests that had finished when the page painted (its "lantern"
 * model), so a paint that comes late on the test host takes in more requests and a later estimate.
 */
function explainRun(lhr: LH.Result): string {
  // The metrics audit's one row: Lighthouse's timing summary.
  const observed: Partial<LH.Artifacts.TimingSummary> = tableItems<LH.Artifacts.TimingSummary>(lhr, 'metrics')[0] ?? {};
  const lcpAt = observed.observedLargestContentfulPaint ?? 0;
  const requests = tableItems<RequestItem>(lhr, 'network-requests');
  // What the LCP estimate simulates: every request finished by the observed largest paint. Its
  // optimistic half leaves out low-priority images (offscreen ones); its pessimistic half keeps them
  // (they share the simulated bandwidth) but does not wait for them. Both halves also take the first
  // parse, layout and paint tasks as the host ran them, multiplied by the CPU slowdown.
  const lowImage = (r: RequestItem) => r.resourceType === 'Image' && ['Low', 'VeryLow'].includes(r.priority);
  const finished = requests.filter((r) => r.networkEndTime <= lcpAt);
  const counted = finished.filter((r) => !lowImage(r));
  const lowImages = finished.filter(lowImage);
  const kb = (list: RequestItem[]) => Math.round(list.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024);
  // A request to another origin costs a new connection in the simulation (3-4 round trips on slow
  // 4G) whatever its size, e.g. an embedded form's frame that answered before the paint.
  const page = new URL(lhr.finalDisplayedUrl).origin;
  const otherOrigins = [
    ...new Set(counted.map((r) => new URL(r.url).origin).filter((o) => o !== page && o !== 'null')),
  ];
  const byType: Record<string, number> = {};
  for (const r of counted) {
    const type = String(r.resourceType);
    byType[type] = (byType[type] ?? 0) + (r.transferSize ?? 0);
  }
  const node = findNode(lhr.audits['lcp-breakdown-insight']?.details);
  // The LCP discovery insight's rows name the LCP request by its url (its checklist has none).
  const lcpUrl = tableItems<{ url?: unknown }>(lhr, 'lcp-discovery-insight')
    .map((i) => i?.url)
    .find((url): url is string => typeof url === 'string' && url !== '');
  const lcpRequest =
    requests.find((r) => lcpUrl && r.url === lcpUrl) ??
    requests.find((r) => r.resourceType === 'Image' && node?.snippet?.includes(new URL(r.url).pathname));
  const ms = (n: number | undefined) => `${Math.round(n ?? 0)}`;
  return [
    `observed FCP ${ms(observed.observedFirstContentfulPaint)} LCP ${ms(lcpAt)} ms`,
    `simulated FCP ${ms(lhr.audits['first-contentful-paint']?.numericValue)} LCP ${ms(lhr.audits['largest-contentful-paint']?.numericValue)} ms`,
    `finished by the observed LCP: ${counted.length} requests, ${kb(counted)} KB (${Object.entries(byType)
      .map(([type, bytes]) => `${type} ${Math.round(bytes / 1024)}`)
      .join(', ')})${otherOrigins.length ? `, other origins: ${otherOrigins.join(' ')}` : ''}` +
      (lowImages.length ? ` + ${kb(lowImages)} KB of low-priority images (pessimistic half only)` : ''),
    `LCP element ${node?.selector ?? node?.nodeLabel ?? '?'}`,
    lcpRequest
      ? `LCP image ${lcpRequest.url.split('/').pop()} ${Math.round(lcpRequest.transferSize / 1024)} KB ${lcpRequest.priority}, requested at ${ms(lcpRequest.networkRequestTime)} ms`
      : 'LCP image none',
    ...heroExplain(lhr),
  ].join('; ');
}

/** The hero photo in --explain: its request and its paint, observed and simulated. */
function heroExplain(lhr: LH.Result): string[] {
  const audit = lhr.audits[HERO_AUDIT_ID];
  // The hero photo audit's own details (hero-photo.ts), when it measured the photo.
  const d = audit?.details as HeroDetails | undefined;
  if (!d?.url) return [];
  return [
    `hero photo ${d.url.split('/').pop()} ${d.transferKb} KB ${d.priority}, requested at ${d.requestedAtMs} ms, ` +
      `finished at ${d.finishedAtMs} ms, painted at ${Math.round(d.observedPaintMs)} ms observed, ` +
      `${Math.round(audit?.numericValue ?? NaN)} ms simulated`,
  ];
}

/** The first DOM node a Lighthouse details object names. */
function findNode(details: unknown): NodeItem | null {
  if (!details || typeof details !== 'object') return null;
  if ('type' in details && details.type === 'node') return details as NodeItem;
  for (const value of Object.values(details)) {
    const found: NodeItem | null = findNode(value);
    if (found) return found;
  }
  return null;
}

/** The hero photo's simulated paint, or null where the page has none. */
function heroMs(lhr: LH.Result): number | null {
  const audit = lhr.audits[HERO_AUDIT_ID];
  if (audit?.errorMessage) throw new Error(`hero photo: ${audit.errorMessage}`);
  return audit?.numericValue == null ? null : Math.round(audit.numericValue);
}

/**
 * The host's benchmark index: Lighthouse's own benchmark (what it reports as
 * `environment.benchmarkIndex`), run in a blank tab of the audit's browser as Lighthouse runs it.
 */
async function benchmarkIndexSamples(port: number, count: number): Promise<number[]> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const samples: number[] = [];
    for (let i = 0; i < count; i++) samples.push(Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex)));
    await page.close();
    return samples;
  } finally {
    await browser.disconnect();
  }
}

const loadNow = () => loadavg().map((n) => Number(n.toFixed(2)));

if (!existsSync(DIST)) {
  console.error('audit: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}

/** The control page: an empty document, the site's own headers (the site-wide rule of _headers) and nothing else. */
const CONTROL_HTML =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Audit control</title>\n' +
  '<meta name="description" content="An empty page the audit measures beside each route.">\n</head>\n' +
  '<body>\n<p>An empty page: no stylesheet, no font, no script.</p>\n</body>\n</html>\n';
// With the control, a copy of dist/ with the control page added (dist/ is never written: it is the
// build the tests serve, and another build may be writing it); removed when the audit ends.
const served = withControl ? mkdtempSync(join(tmpdir(), 'audit-dist-')) : null;
if (served) {
  cpSync(DIST, served, { recursive: true });
  writeFileSync(join(served, `${CONTROL.path.slice(1)}.html`), CONTROL_HTML);
  process.on('exit', () => rmSync(served, { recursive: true, force: true }));
}
// The host's own runtime serves the build, with its headers and URL rules, as in production.
const server = await startCdn({ port: PORT, ...(served ? { dir: served } : {}) });
process.on('exit', server.stop);
const front = http1 ? null : await startFront({ upstream: server.origin, httpsPort: PORT + 1 });
const BASE = front?.origin ?? server.origin;

const chrome = await chromeLauncher.launch({
  chromePath: await findChromium(),
  // The front's throwaway certificate is trusted by its key alone; any other bad certificate still fails.
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${serverKeyHash()}`],
});

const loadBefore = loadNow();
/** The CPU slowdown per phone: forced with --cpu, or from the host's index measured at the start. */
let calibration: { forced: boolean; multipliers: Record<Device, number>; samples: number[]; index: number | null };
if (forcedCpu) {
  const multipliers = Object.fromEntries(devices.map((device) => [device, Number(forcedCpu)])) as Record<
    Device,
    number
  >;
  calibration = { forced: true, multipliers, samples: [], index: null };
  console.log(`audit: CPU slowdown ${forcedCpu}x (forced with --cpu; not calibrated); load ${loadBefore.join(' ')}`);
} else {
  const samples = await benchmarkIndexSamples(chrome.port, BENCHMARK_SAMPLES);
  const index = median(samples);
  const multipliers = Object.fromEntries(devices.map((device) => [device, deviceMultiplier(index, device)])) as Record<
    Device,
    number
  >;
  calibration = { forced: false, multipliers, samples, index };
  console.log(
    `audit: host benchmark index ${index} (median of ${samples.join(', ')}); load ${loadBefore.join(' ')}\n` +
      devices
        .map(
          (device) =>
            `  ${DEVICES[device].name} (${DEVICES[device].example}, index ${DEVICES[device].index}): CPU slowdown ${multipliers[device]}x`,
        )
        .join('\n'),
  );
}

const perRun = !calibration.forced && calibrateOption === 'run';

/**
 * One Lighthouse run of `path` on `device` (the route itself, or the control before it, run as
 * `route`'s run `i`), as the audit keeps it.
 */
async function measure(
  device: Device,
  route: string,
  path: string,
  i: number,
  html: string,
  expectsHero: boolean,
): Promise<Sample> {
  // The index just before this run sets its multiplier (--calibrate run), or the start's does.
  const measured = perRun ? median(await benchmarkIndexSamples(chrome.port, RUN_BENCHMARK_SAMPLES)) : null;
  const runIndex = measured ?? calibration.index;
  const cpu = measured === null ? calibration.multipliers[device] : deviceMultiplier(measured, device);
  const THROTTLING = { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: cpu };
  const run = async () => {
    const result = await lighthouse(
      `${BASE}${path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo', HERO_CATEGORY_ID],
        throttling: THROTTLING,
      },
      heroPhotoConfig,
    );
    // Lighthouse answers nothing only where it was given a page of its own to drive (not here).
    if (!result) throw new Error(`${path}: Lighthouse returned no result`);
    return result;
  };
  // A lost trace (NO_NAVSTART and the like) happens now and then on a busy host: up to three tries.
  let { lhr, artifacts } = await run();
  for (let attempt = 1; attempt < 3 && lhr.runtimeError; attempt++) ({ lhr, artifacts } = await run());
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    // One file per phone, route and run (the low-tier phone's runs do not overwrite the mid-tier's),
    // the control run before it with -control.
    const name = `${device}${route.replace(/\W+/g, '_')}${path === route ? '' : '-control'}-${i + 1}.json`;
    writeFileSync(join(saveDir, name), JSON.stringify(lhr));
  }
  if (explain) {
    console.log(`  ${path} run ${i + 1} (index ${runIndex}, CPU ${cpu}x): ${explainRun(lhr)}`);
    console.log(`    ${await explainBlocking(artifacts, lhr.configSettings)}`);
  }
  // The resource summary's rows, as core/audits/resource-summary.js writes them.
  const bytes: Record<string, number | undefined> = Object.fromEntries(
    tableItems<{ resourceType: string; transferSize: number }>(lhr, 'resource-summary').map((item) => [
      item.resourceType,
      item.transferSize,
    ]),
  );
  const document = tableItems<RequestItem>(lhr, 'network-requests').find((item) => item.resourceType === 'Document');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    // NaN where the page has the hero photo but the run did not measure it (a MISS, not left out).
    heroMs: expectsHero ? (heroMs(lhr) ?? Number.NaN) : null,
    heroObservedMs: (lhr.audits[HERO_AUDIT_ID]?.details as HeroDetails | undefined)?.observedPaintMs ?? null,
    jsKb: Math.round((bytes.script ?? 0) / 1024),
    cssKb: Math.round((bytes.stylesheet ?? 0) / 1024),
    imageKb: Math.round((bytes.image ?? 0) / 1024),
    hasIsland: html.includes('<astro-island'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    runIndex,
    cpu,
    protocol: document?.protocol ?? '?',
  };
}

const rows: Row[] = [];
try {
  for (const device of devices) {
    console.log(
      `audit: ${DEVICES[device].name}, CPU ${perRun ? `from the index before each run (${calibration.multipliers[device]}x at the start)` : `${calibration.multipliers[device]}x`}, goals judged on ${DEVICES[device].judged}` +
        (withControl
          ? `; the control (${CONTROL.path}, an empty page) run before every run, blocking time judged against it`
          : ''),
    );
    for (const route of routes()) {
      const html = await (await fetch(`${server.origin}${route}`)).text();
      const expectsHero = html.includes(`elementtiming="${HERO_PHOTO_TIMING}"`);
      const samples: Sample[] = [];
      const controlRuns: Sample[] = [];
      for (let i = 0; i < runs; i++) {
        // control, route, control, route…: each run beside the control run just before it.
        if (withControl) controlRuns.push(await measure(device, route, CONTROL.path, i, CONTROL_HTML, false));
        samples.push(await measure(device, route, route, i, html, expectsHero));
      }
      // Median of each metric across runs (of the runs that measured it; the first run's where none
      // did, or where a metric is null); performance, LCP, TBT, CLS and the hero photo also as min/median/max.
      const [first] = samples;
      if (!first) throw new Error(`${route}: no run`);
      const middle = <K extends keyof Sample>(key: K): Sample[K] | number => {
        const values = samples.map((s) => s[key]).filter((v) => typeof v === 'number' && Number.isFinite(v));
        return values.length ? median(values as number[]) : first[key];
      };
      const range = (key: Ranged) => {
        const values = samples.map((s) => s[key]).filter((v): v is number => Number.isFinite(v));
        return values.length ? spread(values) : null;
      };
      // The mid-tier phone: every run must meet the goals (judged on the worst run); the low-tier: the
      // median. With the control, the blocking time against the control's (judgeAgainstControl).
      const goals = withControl
        ? judgeAgainstControl(device, { runs: samples, controlRuns })
        : judgeFor(device, samples);
      const control = withControl
        ? {
            performance: medianOf(controlRuns, 'performance'),
            lcpMs: medianOf(controlRuns, 'lcpMs'),
            tbtMs: medianOf(controlRuns, 'tbtMs'),
            tbtMsRange: spread(controlRuns.map((s) => s.tbtMs)),
            performanceRange: spread(controlRuns.map((s) => s.performance)),
          }
        : null;
      const row: Row = {
        device,
        route,
        performance: middle('performance'),
        accessibility: middle('accessibility'),
        bestPractices: middle('bestPractices'),
        seo: middle('seo'),
        lcpMs: middle('lcpMs'),
        tbtMs: middle('tbtMs'),
        cls: middle('cls'),
        heroMs: middle('heroMs'),
        heroObservedMs: middle('heroObservedMs'),
        jsKb: middle('jsKb'),
        cssKb: middle('cssKb'),
        imageKb: middle('imageKb'),
        hasIsland: first.hasIsland,
        benchmarkIndex: middle('benchmarkIndex'),
        runIndex: middle('runIndex'),
        cpu: middle('cpu'),
        protocol: first.protocol,
        performanceRange: range('performance'),
        lcpMsRange: range('lcpMs'),
        tbtMsRange: range('tbtMs'),
        clsRange: range('cls'),
        heroMsRange: range('heroMs'),
        runs: samples,
        controlRuns,
        control,
        load: loadNow(),
        goals,
        misses: goals.filter((g) => !g.pass).map((g) => g.text),
      };
      rows.push(row);
      const show = (values: number[] | null, format: (value: number) => string) =>
        values ? values.map(format).join('/') : '-';
      const seconds = (ms: number) => (ms / 1000).toFixed(2);
      console.log(
        `${route.padEnd(34)} perf ${show(row.performanceRange, String)}${control ? ` (control ${show(control.performanceRange, String)})` : ''}  a11y ${row.accessibility}  bp ${row.bestPractices}  seo ${row.seo}  ` +
          `LCP ${show(row.lcpMsRange, seconds)} s  TBT ${show(row.tbtMsRange, String)} ms  ` +
          (control?.tbtMs != null
            ? `(control ${show(control.tbtMsRange, String)} ms; median ${signed(row.tbtMs - control.tbtMs)} ms over it)  `
            : '') +
          (row.heroMsRange ? `hero photo ${show(row.heroMsRange, seconds)} s  ` : '') +
          `CLS ${row.cls.toFixed(3)}  JS ${row.jsKb} KB  CSS ${row.cssKb} KB  img ${row.imageKb} KB  ` +
          `host ${spread(samples.map((s) => s.benchmarkIndex)).join('/')} ` +
          (perRun
            ? `(before runs ${spread(samples.map((s) => s.runIndex ?? NaN)).join('/')}, CPU ${spread(samples.map((s) => s.cpu)).join('/')}x) `
            : '') +
          `${row.protocol}  load ${row.load.join(' ')}`,
      );
      console.log(`${''.padEnd(34)} goals (${DEVICES[device].judged}): ${row.goals.map((g) => g.text).join('; ')}`);
    }
  }
} finally {
  chrome.kill();
  await front?.close();
  server.stop();
}

const loadAfter = loadNow();
const reportIndexes = rows.flatMap((r) => r.runs.map((s) => s.benchmarkIndex));
mkdirSync('reports', { recursive: true });
writeFileSync(
  'reports/audit.json',
  JSON.stringify(
    {
      runs,
      calibrate: calibration.forced ? 'forced' : calibrateOption,
      cpuSlowdownMultipliers: calibration.multipliers,
      devices: Object.fromEntries(devices.map((device) => [device, DEVICES[device]])),
      calibration,
      reportIndexes: spread(reportIndexes),
      loadBefore,
      loadAfter,
      http1,
      date: new Date().toISOString(),
      control: withControl ? { path: CONTROL.path, html: CONTROL_HTML } : null,
      rows,
    },
    null,
    2,
  ),
);
const missed = rows.filter((r) => r.misses.length);
const goalsMet = rows.reduce((n, r) => n + r.goals.filter((g) => g.pass).length, 0);
const goalsAll = rows.reduce((n, r) => n + r.goals.length, 0);
console.log(
  `audit: ${rows.length} rows (${devices.map((d) => `${DEVICES[d].name} ${calibration.multipliers[d]}x`).join(', ')}), ` +
    `${runs} run(s) each (min/median/max), ` +
    (calibration.forced
      ? 'CPU forced'
      : `host index ${calibration.index} (the reports' own: ${spread(reportIndexes).join('/')})`) +
    `; goals: ${goalsMet} of ${goalsAll} PASS, ${missed.length} route(s) with a MISS; ` +
    `load ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after; report in reports/audit.json`,
);
process.exit(gate && missed.length ? 1 : 0);
