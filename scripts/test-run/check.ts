// `npm run check`: the project's static checks. The one-language guard and `astro sync` (whose types
// the checks read) run first; then the type checks (`astro check` over the .astro pages, and the
// strictest `tsc --noEmit` over every other file), ESLint and Prettier run side by side, since none
// reads what another writes. Each is mostly one process on one core: side by side they take about
// the longest one's time on two cores, where one after the other took their sum (66 s here).
// Each check's output is printed whole, in this order, once all have ended; any failure fails the run.
import { spawn, spawnSync } from 'node:child_process';

/** The checks that run side by side, each a command of the project's own tools. */
// astro check reads tsconfig.astro-check.json: the .astro pages (with the types and directives they
// use), since with the whole project it type-checked every .ts file again after tsc (29 core-seconds
// against 12; a type error in a script was reported twice).
export const CHECKS = [
  'astro check --tsconfig tsconfig.astro-check.json',
  'tsc --noEmit',
  'eslint . --max-warnings 0',
  'prettier --check .',
] as const;

/** The steps before them, one after the other: their order matters. */
const FIRST = ['node scripts/test-run/one-language.ts', 'astro sync'] as const;

/** Runs `command` in a shell with the project's tools on its path; resolves to its exit code and output. */
function run(command: string): Promise<{ command: string; code: number | null; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => done({ command, code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

for (const command of FIRST) {
  if (spawnSync(command, { shell: true, stdio: 'inherit' }).status !== 0) {
    console.error(`check: ${command} failed.`);
    process.exit(1);
  }
}
const results = await Promise.all(CHECKS.map(run));
for (const { command, code, output, seconds } of results) {
  console.log(`\n── ${command}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`);
  if (output.trim()) console.log(output.trimEnd());
}
const failed = results.filter((result) => result.code !== 0);
if (failed.length) console.error(`\ncheck: ${failed.map((result) => result.command).join(', ')} failed.`);
process.exit(failed.length ? 1 : 0);
