// Prints the closing line CI reads: "N passed, M failed", totalling Vitest and Playwright
// (and the engine journeys) from their JSON reports, so a run that executed no test is visible.
// A test that passed only on its retry is not counted as passed but named as flaky, a skipped test
// is counted, and a suite that did not run (no report; the WebKit/Firefox journeys under
// ENGINES=chromium or with one engine left out) is named: each of those fails the run (exit 1),
// as a test that fails under load fails CI. A journey an engine's automation cannot run at all (the
// runner says why) is named and never counted as passed; it does not fail the run, being no fault of the site.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];
const notRun = [];
/** Journeys an engine's automation cannot run (named with why by the runner): never counted as passed. */
const notPossible = [];

const vitest = 'reports/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
} else notRun.push(`unit tests (no ${vitest})`);

/** Every test of a Playwright JSON report's suites, with its title path. */
function* playwrightTests(suites, path = []) {
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
  const report = JSON.parse(readFileSync(playwright, 'utf8'));
  const { stats } = report;
  passed += stats.expected ?? 0;
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  for (const { title, test } of playwrightTests(report.suites)) {
    if (test.status === 'flaky') flaky.push(`[${test.projectName}] ${title}`);
  }
} else notRun.push(`browser tests (no ${playwright})`);

// The journeys in WebKit and Firefox (npm run test:engines); absent when ENGINES=chromium skipped them.
const engines = 'reports/engines/results.json';
if (existsSync(engines)) {
  const report = JSON.parse(readFileSync(engines, 'utf8'));
  const results = report.results ?? [];
  passed += report.passed ?? 0;
  failed += report.failed ?? 0;
  // The runner starts a journey again only when the browser session itself was lost, never after
  // a failed check: named, not failed.
  for (const r of results.filter((r) => r.ok && r.retried)) {
    console.log(`passed after a lost browser session: [${r.engine}] ${r.id}. ${r.title}`);
  }
  for (const r of results.filter((r) => r.notPossible))
    notPossible.push(`[${r.engine}] ${r.id}. ${r.title}: ${r.error}`);
  const ran = new Set(results.map((r) => r.engine));
  for (const engine of ['webkit', 'firefox']) {
    if (!ran.has(engine)) notRun.push(`${engine === 'webkit' ? 'WebKit' : 'Firefox'} journeys`);
  }
} else notRun.push('WebKit and Firefox journeys (ENGINES=chromium, or not reached)');

for (const title of flaky) console.log(`flaky (passed only on a retry): ${title}`);
for (const line of notPossible) console.log(`not possible in its engine, not run: ${line}`);
const extras = [
  flaky.length ? `${flaky.length} flaky` : '',
  notPossible.length ? `${notPossible.length} not possible in its engine (not run)` : '',
  notRun.length ? `not run: ${notRun.join(', ')}` : '',
].filter(Boolean);
// The closing line stays in the form CI reads ("N passed, M failed", then skipped); what else the
// run found goes on the line before it.
if (extras.length) console.log(`also: ${extras.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed || flaky.length || skipped || notRun.length ? 1 : 0);
