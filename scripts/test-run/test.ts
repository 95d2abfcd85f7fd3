// The suite, in two tiers (scripts/test-run/tiers.ts says what each holds):
//
//   npm test           the quick tier, before every commit: the build, the unit tests that need
//                      neither a build nor the host's runtime, the static checks, and the browser
//                      tests tagged @quick / @quick-phone (each feature once, in Chromium)
//   npm run test:all   the full tier, what CI runs: every test, the checks over dist/, the
//                      first-view budgets and the journeys in WebKit and Firefox
//
// The steps run in groups, one group after the other, the steps of a group side by side; a group
// pairs a step that mostly waits or runs one process with one that fills the other core, so the
// 2-core host is never asked for much more than it has (a loaded host is what made tests time out:
// the old lanes kept both cores 98 % busy for the whole run, and ran no faster than these groups).
// The browser steps run alone: two browsers' timers at once, or the first-view budget (the bytes a
// page fetches in its first seconds) beside other work, would measure the load, not the site.
//
// Every step's output is printed whole when it ends, so steps side by side never interleave, with
// its time, and the time of every step is written to reports/test-times.json (with the tier and the
// machine's CPU per group and in all, from /proc/stat: core-seconds count on two cores, wall time
// alone hides the load; on a busy machine they include the other work).
// A failed step stops the run from starting another group (the steps of its own group finish, so
// their output is not lost), and the run fails. The closing summary follows (test-summary.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({ options: { tier: { type: 'string', default: 'quick' } } });
const TIER = options.tier;
if (TIER !== 'quick' && TIER !== 'full') {
  console.error(`test: --tier is quick or full, not ${TIER}`);
  process.exit(2);
}

/** One step of the run: a shell command, named in the times and the summary. */
interface Step {
  name: string;
  command: string;
}
/** A step that ran: its exit code, its time, when in the run it started and ended, its group's CPU. */
interface StepResult extends Step {
  code: number | null;
  seconds: number;
  group: number;
  start: number;
  end: number;
  groupCpu: number;
}

const BUILD: Step = { name: 'build', command: 'npm run build && npm run build:editor' };
/** Each tier's groups: the steps of a group run side by side, the groups one after the other. */
const GROUPS: Step[][] = {
  quick: [
    [BUILD, { name: 'unit (quick)', command: 'npm run test:unit' }],
    [{ name: 'e2e (Chromium, @quick)', command: 'npm run test:e2e' }],
    [{ name: 'check', command: 'npm run check' }],
  ],
  full: [
    [BUILD, { name: 'unit', command: 'npm run test:unit' }],
    [
      { name: 'check', command: 'npm run check' },
      { name: 'dist', command: 'npm run test:dist' },
    ],
    [{ name: 'e2e (Chromium)', command: 'npm run test:e2e' }],
    [{ name: 'first view', command: 'npm run test:first-view' }],
    [{ name: 'engines (WebKit, Firefox)', command: 'npm run test:engines' }],
  ],
}[TIER];

/** CPU time (user + system, in seconds) this machine has spent since boot, from /proc/stat. */
function machineCpu(): number {
  try {
    const [cpu = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
    // The first line's fields: user nice system idle iowait irq softirq steal; a missing one is NaN.
    const [user, nice, system, , , irq, softirq, steal] = cpu.trim().split(/\s+/).slice(1).map(Number);
    return ((user ?? NaN) + (nice ?? NaN) + (system ?? NaN) + (irq ?? NaN) + (softirq ?? NaN) + (steal ?? NaN)) / 100;
  } catch {
    return NaN;
  }
}

const started = performance.now();
const since = () => (performance.now() - started) / 1000;
const cpuAtStart = machineCpu();
mkdirSync('reports', { recursive: true });
// An earlier run's reports must not be read as this run's: the quick tier runs no engine journeys,
// so a full run's reports/engines/results.json (its journeys, their retries) would otherwise be
// counted in its summary. Vitest and Playwright write their reports anew at every run.
for (const report of ['reports/test-times.json', 'reports/engines/results.json']) rmSync(report, { force: true });

/** Runs one step in a shell, collecting its output; resolves with its exit code and duration. */
function run({ name, command }: Step, group: number): Promise<Omit<StepResult, 'groupCpu'>> {
  const begun = performance.now();
  const at = since();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', TEST_TIER: TIER },
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
      resolve({ name, command, code, seconds, group, start: at, end: since() });
    });
  });
}

const results: StepResult[] = [];
let failed = false;
for (const [index, group] of GROUPS.entries()) {
  if (failed) break;
  const cpuBefore = machineCpu();
  const done = await Promise.all(group.map((step) => run(step, index + 1)));
  // The machine's CPU while the group ran (/proc/stat): the group's own work on a quiet host.
  const cpu = machineCpu() - cpuBefore;
  results.push(...done.map((result) => ({ ...result, groupCpu: cpu })));
  failed = done.some((result) => result.code !== 0);
}
const total = since();
const machine = machineCpu() - cpuAtStart;

console.log(
  `\nTime per step, ${TIER} tier (the steps of a group ran side by side; started and ended at seconds into the run;` +
    ` core-seconds are the whole machine's while the group ran, from /proc/stat):`,
);
for (const { group, name, seconds, groupCpu, start, end, code } of results.sort((a, b) => a.start - b.start)) {
  console.log(
    `  group ${group}  ${name.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s  (${start.toFixed(0).padStart(4)} → ${end.toFixed(0).padStart(4)}; group ${groupCpu.toFixed(0)} core-s)${code === 0 ? '' : '  FAILED'}`,
  );
}
const notRun = GROUPS.flat().filter((step) => !results.some((result) => result.name === step.name));
for (const { name } of notRun) console.log(`  not run  ${name} (a step before it failed)`);
console.log(
  `  total${' '.repeat(38)}${total.toFixed(1).padStart(6)} s, ${machine.toFixed(0)} core-seconds` +
    ` (the whole machine: on a quiet host, the run's own; ${os.availableParallelism()} cores, load ${(os.loadavg()[0] ?? NaN).toFixed(1)} at the end)`,
);
writeFileSync(
  'reports/test-times.json',
  JSON.stringify({ tier: TIER, total, machineCpu: machine, steps: results }, null, 2),
);
// The closing summary: every test counted, every retry named (its exit code is the run's verdict too).
const summary = spawnSync(process.execPath, ['scripts/test-run/test-summary.ts'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_TIER: TIER },
});
process.exit(failed || notRun.length > 0 || summary.status !== 0 ? 1 : 0);
