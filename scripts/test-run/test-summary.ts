// Prints the closing line CI reads: "N passed, M failed", totalling Vitest and Playwright
// (and the engine journeys) from their JSON reports, so a run that executed no test is visible.
// A test that passed only on its retry (a Playwright test, or an engine journey run again after a
// lost browser session) is not counted as passed but named as flaky, a skipped test is counted, a
// suite that did not run (no report; the WebKit/Firefox journeys under ENGINES=chromium or with one
// engine left out) is named, a test file that failed to load (Vitest's failed suites, Playwright's
// report errors) is counted on the closing line, and a runner that ran fewer tests than it declares
// (the checked-in minimum of scripts/test-run/expected-tests.json) is named: each of those fails
// the run (exit 1), as a test that fails under load fails CI. A journey an engine's automation
// cannot run is never counted as passed; it fails the run unless e2e/engines/run.ts allows that
// (engine, journey) pair by name, with its reason.
import { existsSync, readFileSync } from 'node:fs';
import type { JSONReport, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';
import type { JsonTestResults } from 'vitest/node';
// One check of reports/engines/results.json, as the engines' runner writes it.
import type { EngineResult } from '../../e2e/engines/run.ts';

/** The runners whose tests the summary counts, as expected-tests.json names them. */
type Runner = 'vitest' | 'playwright' | 'engines';

let passed = 0;
let failed = 0;
let skipped = 0;
/** Test files that failed to load (none of their tests ran), per runner. */
const unloaded: string[] = [];
const flaky: string[] = [];
/**
 * Steps a test made again by itself (a tap lost while a page redrew, Firefox's navigation reported
 * failed though the page loaded, a MiniBrowser started twice) and errors an engine's session was
 * allowed: each named with its step and reason, so no retry hides. They do not fail the run by
 * themselves (a step retried twice fails its test where it happens); a test retried by its runner does.
 */
const retriedInTest: string[] = [];
/** Page errors a journey allowed its engine's session, with how many and why (e2e/engines/run.ts). */
const allowedErrors: string[] = [];
const notRun: string[] = [];
/** Journeys an engine's automation cannot run (named with why by the runner): never counted as passed. */
const notPossible: string[] = [];
/** Journeys not possible in an engine without an allowance in run.ts: these fail the run. */
const notAllowed: string[] = [];
/** Tests each runner ran (passed, failed, flaky or skipped), against its declared minimum. */
const ran: Partial<Record<Runner, number>> = {};
/** The tier that ran: TEST_TIER, else the one `npm test` recorded, else the full one (CI's). */
const TIER: string =
  process.env['TEST_TIER'] ??
  (existsSync('reports/test-times.json')
    ? (JSON.parse(readFileSync('reports/test-times.json', 'utf8')) as { tier?: string }).tier
    : undefined) ??
  'full';
/** The fewest tests each runner must run in this tier. */
const EXPECTED = (
  JSON.parse(readFileSync(new URL('expected-tests.json', import.meta.url), 'utf8')) as Record<
    string,
    Partial<Record<Runner, number>> | undefined
  >
)[TIER];
if (!EXPECTED) throw new Error(`scripts/test-run/expected-tests.json declares no tier "${TIER}" (quick or full)`);

const vitest = 'reports/vitest.json';
if (existsSync(vitest)) {
  // Vitest's JSON reporter; a field is read with a default in case a report is cut short.
  const report = JSON.parse(readFileSync(vitest, 'utf8')) as Partial<JsonTestResults>;
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  ran.vitest = report.numTotalTests ?? 0;
  // A file that failed to load (a syntax error, a missing import) or whose setup threw (beforeAll: its
  // tests then count as skipped) is a failed file none of whose tests failed.
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      unloaded.push(`unit ${file.name.replace(`${process.cwd()}/`, '')}: ${(file.message ?? '').split('\n')[0]}`);
    }
  }
} else notRun.push(`unit tests (no ${vitest})`);

/** Every test of a Playwright JSON report's suites, with its title path. */
function* playwrightTests(
  suites: JSONReportSuite[] | undefined,
  path: string[] = [],
): Generator<{ title: string; test: JSONReportTest }> {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) yield { title: [...here, spec.title].join(' › '), test };
    }
    yield* playwrightTests(suite.suites, here);
  }
}

const playwright = 'reports/playwright.json';
if (existsSync(playwright)) {
  const report = JSON.parse(readFileSync(playwright, 'utf8')) as JSONReport;
  const { stats } = report;
  passed += stats.expected ?? 0;
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  ran.playwright = (stats.expected ?? 0) + (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (stats.skipped ?? 0);
  for (const { title, test } of playwrightTests(report.suites)) {
    if (test.status === 'flaky') flaky.push(`[${test.projectName}] ${title}`);
    const notes = [...(test.annotations ?? []), ...(test.results ?? []).flatMap((result) => result.annotations ?? [])];
    for (const note of new Set(notes.filter((a) => a.type === 'retried').map((a) => a.description))) {
      retriedInTest.push(`[${test.projectName}] ${title} › ${note}`);
    }
  }
  // Errors outside any test: a spec file that failed to load, a global setup that threw.
  for (const error of report.errors ?? []) {
    const where = error.location ? `${error.location.file.replace(`${process.cwd()}/`, '')}: ` : '';
    unloaded.push(`browser ${where}${(error.message ?? String(error.value ?? '')).split('\n')[0]}`);
  }
} else notRun.push(`browser tests (no ${playwright})`);

// The journeys in WebKit and Firefox (npm run test:engines); absent when ENGINES=chromium skipped them.
const engines = 'reports/engines/results.json';
if (existsSync(engines)) {
  const report = JSON.parse(readFileSync(engines, 'utf8')) as { results?: EngineResult[] };
  const results = report.results ?? [];
  // Counted here from each journey's result, not from the runner's totals: a journey that passed
  // only after its retry is flaky, as a Playwright test is, and fails the run.
  passed += results.filter((r) => r.ok && !r.retried).length;
  failed += results.filter((r) => !r.ok && !r.notPossible).length;
  for (const r of results.filter((r) => r.ok && r.retried)) {
    flaky.push(`[${r.engine}] ${r.id}. ${r.title} (passed after a lost browser session)`);
  }
  for (const r of results) {
    for (const { step, reason } of r.retries ?? [])
      retriedInTest.push(`[${r.engine}] ${r.id}. ${r.title} › ${step}: ${reason}`);
    if (r.allowedErrors) allowedErrors.push(`[${r.engine}] ${r.id}. ${r.title} › ${r.allowedErrors}`);
  }
  for (const r of results.filter((r) => r.notPossible)) {
    const line = `[${r.engine}] ${r.id}. ${r.title}: ${r.error}`;
    if (r.allowed) notPossible.push(`${line} (allowed: ${r.allowed})`);
    else notAllowed.push(line);
  }
  failed += notAllowed.length;
  ran.engines = results.length;
  const enginesRan = new Set(results.map((r) => r.engine));
  for (const engine of ['webkit', 'firefox']) {
    if (!enginesRan.has(engine)) notRun.push(`${engine === 'webkit' ? 'WebKit' : 'Firefox'} journeys`);
  }
} else if (TIER === 'full') notRun.push('WebKit and Firefox journeys (ENGINES=chromium, or not reached)');

/** Runners that ran fewer tests than they declare (a file left out, or not loaded). */
const short = (Object.entries(ran) as [Runner, number][]).flatMap(([runner, count]) => {
  const expected = EXPECTED[runner];
  return typeof expected === 'number' && count < expected
    ? [`${runner} ran ${count} tests, fewer than the ${expected} it declares`]
    : [];
});

for (const line of retriedInTest) console.log(`retried inside a test: ${line}`);
for (const line of allowedErrors) console.log(`page errors allowed in its engine: ${line}`);
for (const title of flaky) console.log(`flaky (passed only on a retry): ${title}`);
for (const line of notPossible) console.log(`not possible in its engine, not run: ${line}`);
for (const line of notAllowed) console.log(`not possible in its engine, and not allowed: ${line}`);
for (const line of unloaded) console.log(`failed to load or set up: ${line}`);
for (const line of short) console.log(`too few tests: ${line} (scripts/test-run/expected-tests.json)`);
const extras = [
  retriedInTest.length ? `${retriedInTest.length} step(s) retried inside a test (named above)` : '',
  allowedErrors.length ? `${allowedErrors.length} journey(s) with page errors allowed in its engine (named above)` : '',
  flaky.length ? `${flaky.length} flaky` : '',
  notPossible.length ? `${notPossible.length} not possible in its engine (allowed, not run)` : '',
  notAllowed.length ? `${notAllowed.length} not possible in its engine without an allowance` : '',
  short.length ? `too few tests: ${short.join('; ')}` : '',
  notRun.length ? `not run: ${notRun.join(', ')}` : '',
].filter(Boolean);
if (TIER === 'quick') console.log('quick tier: `npm run test:all` runs every test (CI runs it)');
// The closing line stays in the form CI reads ("N passed, M failed", then what else); what else the
// run found is named on the line before it.
if (extras.length) console.log(`also: ${extras.join(', ')}`);
console.log(
  `${passed} passed, ${failed} failed` +
    `${unloaded.length ? `, ${unloaded.length} test file(s) failed to load or set up` : ''}` +
    `${skipped ? `, ${skipped} skipped` : ''}`,
);
const bad = failed || unloaded.length || flaky.length || notAllowed.length || short.length || skipped || notRun.length;
process.exit(bad ? 1 : 0);
