// Prints the closing line CI reads: "N passed, M failed", totalling Vitest and Playwright
// (and the engine journeys) from their JSON reports, so a run that executed no test is visible.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const missing = [];

const vitest = 'reports/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
} else missing.push(vitest);

const playwright = 'reports/playwright.json';
if (existsSync(playwright)) {
  const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
} else missing.push(playwright);

// The journeys in WebKit and Firefox (npm run test:engines); absent when ENGINES=chromium skipped them.
const engines = 'reports/engines/results.json';
if (existsSync(engines)) {
  const report = JSON.parse(readFileSync(engines, 'utf8'));
  passed += report.passed ?? 0;
  failed += report.failed ?? 0;
}

if (missing.length) console.log(`(no report: ${missing.join(', ')})`);
console.log(`${passed} passed, ${failed} failed`);
