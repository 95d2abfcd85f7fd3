// `npm test`: every check, each as soon as its inputs are ready, in two lanes side by side, with
// the time each step took printed at the end (and written to reports/test-times.json) so a slow
// step is seen the day it becomes slow.
//
//   lane 1: build, then the editor's build  →  browser tests (Playwright, Chromium, desktop and phone)
//           →  first-view budgets  →  the journeys in WebKit and Firefox
//   lane 2: unit tests  →  static checks  →  dist checks
//
// Lane 2 needs no browser: the unit tests build their own copies of the site, the static and dist
// checks read files; they run beside the build and the browser tests, the longest step by far. What
// drives a browser runs in lane 1, one at a time: the engine journeys beside Playwright would load
// the two cores with two browsers' timers at once, and the first-view budget counts the bytes a page
// fetches in its first seconds, which a loaded host would make it undercount. A step that needs the
// build waits for it; the static checks too (`astro sync` and `astro build` both write .astro/).
// Before, the steps ran in four groups one after the other (unit ‖ build, check ‖ dist, Playwright,
// engines): the run took the sum of its groups' longest steps.
//
// A step's output is printed whole when it ends, so parallel steps never interleave. A failed step
// stops the run from starting anything more (a failed build stops every step that reads it; the
// steps already running finish, so their output is not lost), and the run fails.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

/** Each lane's steps in order; `after` names steps of the other lane that must have passed first. */
const LANES = [
  [
    { name: 'build', command: 'npm run build && npm run build:editor' },
    { name: 'e2e (Chromium)', command: 'npm run test:e2e' },
    { name: 'first view', command: 'npm run test:first-view' },
    { name: 'engines (WebKit, Firefox)', command: 'npm run test:engines' },
  ],
  [
    { name: 'unit', command: 'npm run test:unit' },
    { name: 'check', command: 'npm run check', after: ['build'] },
    { name: 'dist', command: 'npm run test:dist', after: ['build'] },
  ],
];

const started = performance.now();
const since = () => (performance.now() - started) / 1000;

/** Runs one step in a shell, collecting its output; resolves with its exit code and duration. */
function run({ name, command }, lane) {
  const begun = performance.now();
  const at = since();
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
      const seconds = (performance.now() - begun) / 1000;
      process.stdout.write(
        `\n── ${name} (${command}): ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s\n`,
      );
      process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve({ name, command, code, seconds, lane, start: at, end: since() });
    });
  });
}

const results = [];
/** Each step's promise of its result, once started. */
const running = new Map();
let failed = false;

/** Runs a lane's steps one after the other, each once the steps it needs have passed. */
async function runLane(steps, lane) {
  for (const step of steps) {
    // A step of the other lane this one needs: wait until it has started, then until it ends.
    for (const name of step.after ?? []) {
      while (!running.has(name) && !failed) await new Promise((resolve) => setTimeout(resolve, 200));
      const needed = await running.get(name);
      if (needed?.code !== 0) failed = true;
    }
    if (failed) return;
    const result = run(step, lane);
    running.set(step.name, result);
    const done = await result;
    results.push(done);
    if (done.code !== 0) {
      failed = true;
      return;
    }
  }
}

await Promise.all(LANES.map((steps, index) => runLane(steps, index + 1)));
const total = since();

console.log('\nTime per step (the two lanes ran side by side; started and ended at seconds into the run):');
for (const { lane, name, seconds, start, end, code } of results.sort((a, b) => a.start - b.start)) {
  console.log(
    `  lane ${lane}  ${name.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s  (${start.toFixed(0).padStart(4)} → ${end.toFixed(0).padStart(4)})${code === 0 ? '' : '  FAILED'}`,
  );
}
const notRun = LANES.flat().filter((step) => !results.some((result) => result.name === step.name));
for (const { name } of notRun) console.log(`  not run     ${name} (a step before it failed)`);
console.log(`  total${' '.repeat(37)}${total.toFixed(1).padStart(6)} s`);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/test-times.json', JSON.stringify({ total, steps: results }, null, 2));
process.exit(failed || notRun.length > 0 ? 1 : 0);
