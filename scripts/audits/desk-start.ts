// Benchmark of `npm run desk` starting (issue: "npm run desk opens within 2 s on this host"): the
// desk started as the npm script starts it (--no-open, with --local over a fresh local bucket), over
// a galleries folder of its own holding a copy of the sample gallery; its printed address followed
// as her browser does (the open address answers 303 with the session's cookie; the cookie kept, the
// page it leads to read whole). Times from the start of the process: (a) the address printed,
// (b) her first page (Galleries) received whole, and (c) when the page leaves values to come later
// (the Selections badge, a publish's lock: data-late), those values received (GET api/status, as
// the page's script asks for them); else (c) is (b). --runs times, each desk stopped with its
// children (wrangler, workerd) before the next; min/median/max, the load average and the cores.
// Not a test.
// Usage: npm run desk-start [-- --runs N] [--root <checkout>] [--galleries N]
//   --root: another checkout's desk, e.g. a git worktree; --galleries: her folder holds N galleries
//   (the sample copied, each but the first with a strong password of its own; default 1)
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { generatedPassphrase, passwordVariable } from '../../src/private-gallery/publish/secrets.ts';
import { request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    root: { type: 'string', default: '.' },
    galleries: { type: 'string', default: '1' },
  },
});
const RUNS = Number(values.runs);
/** How many galleries her folder holds: copies of the sample, each with a strong password of its own. */
const GALLERIES = Number(values.galleries);
const ROOT = resolve(values.root);
/** The sample gallery (README, "The private client gallery"), copied into the bench's galleries folder. */
const SAMPLE = resolve('content/private/preview');
/** Longest a run may take before it counts as failed. */
const TIMEOUT_MS = 60_000;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One GET, read whole, on a connection of its own (no keep-alive: the desk's close waits for none). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const asked = request(url, { headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', fail);
    });
    asked.on('error', fail);
    asked.end();
  });
}

/** Whether any process of the group `id` still runs. */
function groupAlive(id: number): boolean {
  try {
    process.kill(-id, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** One start of the desk: its times in ms from the spawn. */
async function run(): Promise<{ address: number; page: number; late: number; lateAsked: boolean }> {
  const work = mkdtempSync(join(tmpdir(), 'desk-start-'));
  const galleries = join(work, 'galleries');
  mkdirSync(galleries);
  cpSync(SAMPLE, join(galleries, 'sample-copy'), { recursive: true });
  const passwords: string[] = [];
  for (let n = 2; n <= GALLERIES; n++) {
    const id = `client-${String(n).padStart(2, '0')}-2026-12`;
    cpSync(SAMPLE, join(galleries, id), { recursive: true });
    writeFileSync(join(galleries, id, 'gallery.yaml'), `title: Client ${n}, December 2026\n`);
    passwords.push(`${passwordVariable(id)}=${generatedPassphrase()}`);
  }
  if (passwords.length) writeFileSync(join(galleries, 'passwords.env'), `${passwords.join('\n')}\n`, { mode: 0o600 });
  const started = performance.now();
  // Its own process group, so the desk and every child of it (wrangler, workerd) are stopped together.
  const desk = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      'scripts/owner/desk.ts',
      '--no-open',
      '--local',
      '--persist-to',
      join(work, 'state'),
    ],
    {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, PRIVATE_GALLERY_DIR: galleries, WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  desk.stderr.on('data', (chunk) => (out += chunk));
  const exited = new Promise<void>((done) => desk.once('exit', () => done()));
  try {
    const address = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no address in ${TIMEOUT_MS} ms: ${out}`)), TIMEOUT_MS);
      desk.stdout.on('data', (chunk) => {
        out += chunk;
        const found = /http:\/\/127\.0\.0\.1:\d+\/open\/\S+/.exec(out);
        if (found) {
          clearTimeout(timer);
          done(found[0]);
        }
      });
      desk.once('exit', (code) => fail(new Error(`the desk exited ${code}: ${out}`)));
    });
    const printed = performance.now() - started;
    const opened = await get(address);
    const cookie = String(opened.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    const location = String(opened.headers.location ?? '');
    if (opened.status !== 303 || !cookie || !location) throw new Error(`the open address answered ${opened.status}`);
    const home = new URL(location, address).href;
    const first = await get(home, { cookie });
    const page = performance.now() - started;
    if (first.status !== 200 || !first.body.includes('</html>')) throw new Error(`her page answered ${first.status}`);
    // What the page's script asks for when the page leaves values to come later.
    const lateAsked = first.body.includes('data-late');
    let late = page;
    if (lateAsked) {
      const token = /<meta name="desk-token" content="([^"]+)"/.exec(first.body)?.[1] ?? '';
      const status = await get(new URL('api/status', home).href, { cookie, 'x-desk-token': token });
      if (status.status !== 200) throw new Error(`api/status answered ${status.status}`);
      late = performance.now() - started;
    }
    return { address: printed, page, late, lateAsked };
  } finally {
    if (desk.pid !== undefined && groupAlive(desk.pid)) {
      process.kill(-desk.pid, 'SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      // Its children as well: what the desk's own close left running.
      for (let tries = 0; tries < 50 && groupAlive(desk.pid); tries++) {
        if (tries % 10 === 0) process.kill(-desk.pid, 'SIGKILL');
        await sleep(100);
      }
      if (groupAlive(desk.pid)) console.error(`desk-start: processes of group ${desk.pid} still run`);
    }
    rmSync(work, { recursive: true, force: true });
  }
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `min ${s(sorted[0]!)}  median ${s(median)}  max ${s(sorted.at(-1)!)}`;
};

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`desk-start: ${RUNS} runs of ${ROOT}; ${availableParallelism()} cores, load ${load()} before`);
const results = [];
for (let i = 0; i < RUNS; i++) {
  const result = await run();
  results.push(result);
  console.log(
    `  run ${i + 1}: address ${(result.address / 1000).toFixed(2)} s, first page ${(result.page / 1000).toFixed(2)} s` +
      (result.lateAsked ? `, badge and lock ${(result.late / 1000).toFixed(2)} s` : ' (badge and lock in it)'),
  );
}
console.log(`(a) address printed:        ${stats(results.map((r) => r.address))}`);
console.log(`(b) first page received:    ${stats(results.map((r) => r.page))}`);
console.log(`(c) badge and lock known:   ${stats(results.map((r) => r.late))}`);
console.log(`load ${load()} after (1, 5, 15 min); ${availableParallelism()} cores`);
