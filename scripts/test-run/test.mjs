// `npm test`: every check, in the order their inputs allow, two at a time where the machine's two
// cores can overlap them, with the time each step took printed at the end (and written to
// reports/test-times.json) so a slow step is seen the day it becomes slow.
//
//   1. unit tests  ‖  build, then the editor's build (independent: Vitest builds its own copies of the site)
//   2. static checks  ‖  dist checks, then first-view budgets   (both read the fresh build)
//   3. browser tests (Playwright, Chromium, desktop and phone)
//   4. the journeys in WebKit and Firefox
//
// A step's output is printed whole when it ends, so parallel steps never interleave. The first
// group with a failure stops the run (later steps would only test a broken build).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const GROUPS = [
  [
    ['unit', 'npm run test:unit'],
    ['build', 'npm run build && npm run build:editor'],
  ],
  [
    ['check', 'npm run check'],
    ['dist + first view', 'npm run test:dist && npm run test:first-view'],
  ],
  [['e2e (Chromium)', 'npm run test:e2e']],
  [['engines (WebKit, Firefox)', 'npm run test:engines']],
];

/** Runs one step in a shell, collecting its output; resolves with its exit code and duration. */
function run([name, command]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(
        `\n── ${name} (${command}): ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s\n`,
      );
      process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve({ name, command, code, seconds });
    });
  });
}

const started = performance.now();
const results = [];
let failed = false;
for (const [index, group] of GROUPS.entries()) {
  const groupStarted = performance.now();
  const done = await Promise.all(group.map(run));
  results.push(...done.map((step) => ({ ...step, group: index + 1 })));
  const wall = (performance.now() - groupStarted) / 1000;
  console.log(`\n── group ${index + 1} done in ${wall.toFixed(1)} s`);
  if (done.some((step) => step.code !== 0)) {
    failed = true;
    break;
  }
}
const total = (performance.now() - started) / 1000;

console.log('\nTime per step (steps in one group ran side by side):');
for (const { group, name, seconds, code } of results) {
  console.log(`  ${group}. ${name.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s${code === 0 ? '' : '  FAILED'}`);
}
console.log(`  total${' '.repeat(28)}${total.toFixed(1).padStart(6)} s`);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/test-times.json', JSON.stringify({ total, steps: results }, null, 2));
process.exit(failed ? 1 : 0);
