#!/usr/bin/env node
// The visitor journeys (e2e/engines/journeys.ts) in WebKit and Firefox, against the built site
// served by Cloudflare's runtime (wrangler, with dist/_headers) behind the HTTPS test front, and the
// owner's editor journey (e2e/engines/editor.ts) against dist-editor/, served the same way on its
// own origin (a copy whose configuration names a local stand-in for the GitHub API, backed by a
// real git repository, as its backend). A journey an engine's automation cannot run is reported as
// not possible, with why; it fails the run unless ALLOWED_NOT_POSSIBLE names its (engine, journey)
// pair with the reason. A journey that passes only in a second session (after a lost one) is flaky
// and fails the run too.
//
//   npm run test:engines                  both engines, in parallel
//   npm run test:engines -- --serial      one engine after the other
//   npm run test:engines -- --only a,f    some journeys
//   npm run test:engines -- --dist DIR    another build than dist/
//   ENGINES=firefox npm run test:engines  one engine; ENGINES=chromium skips this suite (local runs)
//   ENGINES_PORT=5100                     first of the 6 ports used (wrangler, https, http, WebKitWebDriver,
//                                         the editor's wrangler and https); the GitHub stand-in
//                                         takes two free ports of the system's choosing
//
// A missing engine fails the run with one line naming the Debian package to install.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { splitErrors, type Driver, type Engine, type PageError, type Retry } from './driver.ts';
import { JOURNEYS, RECORDER_CHECK, screenshots } from './journeys.ts';
import { EDITOR_JOURNEY, NotPossible, prepareEditor, type AllowedErrors, type PreparedEditor } from './editor.ts';
import { DESK_JOURNEY } from './desk.ts';
import { startCdn } from '../../scripts/servers/cdn.ts';
import { startFront, type Front } from '../../scripts/servers/front.ts';

/**
 * One check in reports/engines/results.json (a journey, the recorder check, the editor journey,
 * the screenshots, or an engine that could not start), as the closing summary reads it.
 */
export interface EngineResult {
  engine: string;
  id: string;
  title: string;
  ok: boolean;
  ms: number;
  error?: string | undefined;
  /** Passed only in a second browser session, after the first was lost. */
  retried?: boolean;
  /** Steps the journey made again by itself (driver.ts, retried()). */
  retries?: Retry[];
  /** What page errors the journey allowed its engine's session, and why. */
  allowedErrors?: string;
  /** The engine's automation cannot run it; `allowed` is run.ts's reason, when it allows that. */
  notPossible?: boolean;
  allowed?: string | undefined;
  pageErrors?: PageError[];
  thirdParty?: PageError[];
}

/** What a check's body may return: errors the engine's session causes, named with why. */
type CheckOutcome = { allowErrors?: AllowedErrors } | void;

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The (engine, journey) pairs that may be "not possible", each with why. Any other journey an
 * engine's automation says it cannot run fails the run, as a failed journey does: a storage or
 * automation failure in one engine must not turn that engine's journey green by being skipped.
 */
const ALLOWED_NOT_POSSIBLE: { engine: string; id: string; reason: string }[] = [];
const allowedNotPossible = (engine: string, id: string) =>
  ALLOWED_NOT_POSSIBLE.find((pair) => pair.engine === engine && pair.id === id)?.reason;
const REPORTS = join(ROOT, 'reports', 'engines');
const JOURNEY_TIMEOUT_MS = 120_000;

const { values: options } = parseArgs({
  options: {
    serial: { type: 'boolean', default: false },
    only: { type: 'string' },
    dist: { type: 'string', default: join(ROOT, 'dist') },
  },
});
const DIST = resolve(options.dist);
const EDITOR_DIST = join(ROOT, 'dist-editor');

/** What each engine needs, and the Debian/Ubuntu package that provides it. */
type EngineName = 'webkit' | 'firefox';
const REQUIREMENTS: Record<EngineName, [file: string, pkg: string][]> = {
  webkit: [
    ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
    ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', 'webkit2gtk-driver'],
    ['/usr/bin/Xvfb', 'xvfb'],
  ],
  firefox: [['/usr/bin/firefox-esr', 'firefox-esr']],
};

const requested = (process.env['ENGINES'] ?? 'webkit,firefox')
  .split(',')
  .map((name) => name.trim().toLowerCase())
  .filter(Boolean);
const engines = requested.filter((name): name is EngineName => name in REQUIREMENTS);
const unknown = requested.filter((name) => !(name in REQUIREMENTS) && name !== 'chromium');
if (unknown.length) {
  console.error(`engines: unknown engine ${unknown.join(', ')} in ENGINES (use webkit, firefox or chromium)`);
  process.exit(2);
}
if (engines.length === 0) {
  // No stale results for the closing summary to count.
  rmSync(join(REPORTS, 'results.json'), { force: true });
  console.log('engines: ENGINES=chromium: the WebKit and Firefox journeys are skipped (Chromium runs in test:e2e)');
  process.exit(0);
}

const missing = engines.flatMap((engine) =>
  REQUIREMENTS[engine].filter(([file]) => !existsSync(file)).map(([file, pkg]) => ({ engine, file, pkg })),
);
if (missing.length) {
  const packages = [...new Set(missing.map((m) => m.pkg))].join(' ');
  console.error(
    `engines: missing ${missing.map((m) => m.file).join(', ')}: install the Debian/Ubuntu package(s) ${packages} ` +
      `(sudo apt-get install -y ${packages}), or set ENGINES=chromium for a quick local run without them`,
  );
  process.exit(1);
}
if (!existsSync(join(DIST, 'index.html'))) {
  console.error(`engines: ${DIST} has no build: run \`npm run build\` first`);
  process.exit(1);
}
if (!existsSync(join(EDITOR_DIST, 'admin.html'))) {
  console.error(`engines: ${EDITOR_DIST} has no editor: run \`npm run build:editor\` first`);
  process.exit(1);
}

const only = options.only?.split(',').map((id) => id.trim());
const journeys = only ? JOURNEYS.filter((j) => only.includes(j.id)) : JOURNEYS;
const runEditor = !only || only.includes(EDITOR_JOURNEY.id);
const runDesk = !only || only.includes(DESK_JOURNEY.id);
const base = Number(process.env['ENGINES_PORT'] ?? 8790);
const ports = {
  wrangler: base,
  https: base + 1,
  http: base + 2,
  webkitDriver: base + 3,
  editorWrangler: base + 4,
  editorHttps: base + 5,
};

const started = Date.now();
const cleanups: (() => Promise<void>)[] = [];
let shuttingDown = false;
async function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((error: Error) => console.error(`engines: cleanup: ${error.message}`));
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`engines: ${signal}, stopping`);
    void shutdown().then(() => process.exit(130));
  });
}

/** A free X display number (no socket, no lock file). */
function freeDisplay() {
  for (let display = 90 + (base % 100); display < 400; display++) {
    if (!existsSync(`/tmp/.X11-unix/X${display}`) && !existsSync(`/tmp/.X${display}-lock`)) return display;
  }
  throw new Error('no free X display number between 90 and 400');
}

async function launchEngine(name: EngineName, origin: string): Promise<Engine> {
  if (name === 'webkit') {
    const { launch } = await import('./webkit.ts');
    return launch({ origin, display: freeDisplay(), port: ports.webkitDriver });
  }
  const { launch } = await import('./firefox.ts');
  return launch({ origin });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const results: EngineResult[] = [];

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The browser itself went away (its automation session was lost or never came up): a fault of the
 * machine, not of the page. Such a journey is run once more in a fresh session, as Playwright
 * retries a test once in CI; a journey that fails on the page is never retried.
 */
const lostSession = (error: Error) =>
  error.name === 'NoSuchSessionError' || /did not start|Maximum number of active sessions/.test(error.message);

/**
 * Runs one check in a fresh session; prints one line; on failure the error, page errors and a
 * screenshot. Errors from scripts of `origin` (default: the site's) are the site's own.
 */
async function runCheck(
  engine: Engine,
  id: string,
  title: string,
  body: (d: Driver) => Promise<CheckOutcome>,
  { attempt = 1, origin, timeout = JOURNEY_TIMEOUT_MS }: { attempt?: number; origin?: string; timeout?: number } = {},
): Promise<void> {
  const t0 = Date.now();
  const label = `${engine.name.padEnd(7)} ${id}. ${title}`;
  let driver: Driver | undefined;
  let failure: Error | undefined;
  let thirdParty: PageError[] = [];
  let pageErrors: PageError[] = [];
  let allowedErrors = '';
  try {
    const session = await engine.session();
    driver = session;
    const outcome = await withTimeout(body(session), timeout, `${engine.name} ${id}`);
    const recorded = splitErrors(
      await withTimeout(session.errors(), 30_000, 'reading page errors'),
      origin ?? session.origin,
    );
    pageErrors = recorded.own;
    thirdParty = recorded.thirdParty;
    // A journey may name errors its engine's session causes (what, how many at most, and why, proved
    // in the journey): those are printed, never dropped silently, and one more than named fails.
    const allow = outcome ? outcome.allowErrors : undefined;
    if (allow) {
      const named = pageErrors.filter(allow.match);
      const max =
        typeof allow.max === 'function' ? await withTimeout(allow.max(), 30_000, 'counting allowed errors') : allow.max;
      if (named.length <= max) {
        pageErrors = pageErrors.filter((e) => !allow.match(e));
        if (named.length) allowedErrors = `${named.length} of at most ${max} allowed: ${allow.reason}`;
      }
    }
    if (pageErrors.length) failure = new Error(`${pageErrors.length} page error(s) or CSP violation(s)`);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    const session = driver;
    if (session) {
      pageErrors = await session
        .errors()
        .then((list) => splitErrors(list, origin ?? session.origin).own)
        .catch(() => []);
    }
  }
  // The engine's automation cannot do what the journey needs: said, with why, and never counted as passed.
  if (failure instanceof NotPossible) {
    if (driver) await withTimeout(driver.close(), 30_000, 'closing the session').catch(() => undefined);
    const allowed = allowedNotPossible(engine.name, id);
    results.push({
      engine: engine.name,
      id,
      title,
      ok: false,
      notPossible: true,
      allowed,
      ms: Date.now() - t0,
      error: failure.message,
    });
    console.log(
      allowed
        ? `– ${label}: NOT POSSIBLE in this engine, not run (allowed: ${allowed}): ${failure.message}`
        : `✗ ${label}: NOT POSSIBLE in this engine, and no allowance for it in run.ts: ${failure.message}`,
    );
    return;
  }
  let shot = '';
  if (failure && driver) {
    shot = join(REPORTS, 'failures', `${engine.name}-${id}.png`);
    mkdirSync(join(REPORTS, 'failures'), { recursive: true });
    await driver.screenshot(shot).catch(() => (shot = '(screenshot failed)'));
  }
  if (driver) await withTimeout(driver.close(), 30_000, `${engine.name}: closing the session`).catch(() => undefined);
  if (failure && attempt === 1 && lostSession(failure)) {
    console.log(`↻ ${label}: the browser session was lost (${failure.name}); once more in a fresh one`);
    return runCheck(engine, id, title, body, { attempt: 2, ...(origin ? { origin } : {}), timeout });
  }
  const ms = Date.now() - t0;
  results.push({
    engine: engine.name,
    id,
    title,
    ok: !failure,
    retried: attempt > 1,
    // Steps the journey made again by itself (driver.ts, retried()): named in the closing summary.
    retries: driver?.retries ?? [],
    ms,
    error: failure?.message,
    pageErrors,
    thirdParty,
    ...(allowedErrors ? { allowedErrors } : {}),
  });
  const lines = [`${failure ? '✗' : '✓'} ${label} (${seconds(ms)})`];
  if (failure) {
    const message = failure.message || (failure.stack ?? '').split('\n').slice(0, 3).join('\n');
    lines.push(`    ${failure.name}: ${message.split('\n').join('\n    ')}`);
    for (const e of pageErrors)
      lines.push(`    page error [${e.type}] on ${e.page}: ${e.message}${e.source ? ` (${e.source}:${e.line})` : ''}`);
    if (shot) lines.push(`    screenshot: ${shot}`);
  }
  for (const e of thirdParty)
    lines.push(`    ignored third-party script error on ${e.page}: ${e.message} (${e.source})`);
  if (allowedErrors) lines.push(`    page errors of the engine's session: ${allowedErrors}`);
  console.log(lines.join('\n'));
}

async function runEngine(name: EngineName, origin: string): Promise<void> {
  const t0 = Date.now();
  let engine: Engine;
  try {
    engine = await launchEngine(name, origin);
  } catch (error) {
    results.push({ engine: name, id: '-', title: 'start', ok: false, ms: 0, error: String(error) });
    console.log(`✗ ${name.padEnd(7)} could not start: ${error instanceof Error ? error.message : error}`);
    return;
  }
  cleanups.push(() => engine.shutdown());
  for (const journey of [RECORDER_CHECK, ...journeys]) {
    if (shuttingDown) return;
    await runCheck(engine, journey.id, journey.title, (d) => journey.run(d, { dist: DIST, reports: REPORTS }));
  }
  if (runEditor && !shuttingDown) {
    await runCheck(
      engine,
      EDITOR_JOURNEY.id,
      EDITOR_JOURNEY.title,
      (d) => EDITOR_JOURNEY.run(d, { editorOrigin: editorFront.origin, editor }),
      { origin: editorFront.origin, timeout: EDITOR_JOURNEY.timeoutMs },
    );
  }
  if (runDesk && !shuttingDown) {
    await runCheck(engine, DESK_JOURNEY.id, DESK_JOURNEY.title, (d) => DESK_JOURNEY.run(d), {
      timeout: DESK_JOURNEY.timeoutMs,
    });
  }
  if (!only && !shuttingDown) {
    await runCheck(engine, 's', 'screenshots of / and /portfolio at 390 and 1440 px', async (d) => {
      const files = await screenshots(d, REPORTS);
      if (files.length !== 4) throw new Error(`expected 4 screenshots, wrote ${files.length}`);
    });
  }
  console.log(`  ${name}: ${seconds(Date.now() - t0)}`);
}

let exitCode = 1;
// Both set before any engine runs (below).
let editorFront: Front;
let editor: PreparedEditor;
try {
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  // The editor as served here: dist-editor/ copied, its backend pointed at the GitHub stand-in.
  editor = await prepareEditor({ editorDist: EDITOR_DIST });
  cleanups.push(editor.close);
  // Cloudflare's runtime, as in production (dist/_headers, the host's URL rules), for the site and the editor.
  const [cdn, editorCdn] = await Promise.all([
    startCdn({ port: ports.wrangler, dir: DIST, timeoutMs: 90_000 }),
    // The editor's site has no gallery: nothing to publish into its bucket.
    startCdn({ port: ports.editorWrangler, dir: editor.dir, sample: false, timeoutMs: 90_000 }),
  ]);
  for (const server of [cdn, editorCdn]) {
    cleanups.push(async () => server.stop());
    process.on('exit', server.stop);
  }
  const front = await startFront({
    upstream: `http://127.0.0.1:${ports.wrangler}`,
    httpsPort: ports.https,
    httpPort: ports.http,
    inject: true,
  });
  cleanups.push(front.close);
  // The editor's own origin, over HTTPS as deployed (a secure context, as the browser storage it uses needs).
  editorFront = await startFront({
    upstream: `http://127.0.0.1:${ports.editorWrangler}`,
    httpsPort: ports.editorHttps,
    inject: true,
  });
  cleanups.push(editorFront.close);
  console.log(
    `engines: ${engines.join(' and ')} (${options.serial ? 'one after the other' : 'in parallel'}) against ${front.origin}, ` +
      `server up after ${seconds(Date.now() - started)}`,
  );
  if (options.serial) {
    for (const name of engines) await runEngine(name, front.origin);
  } else {
    await Promise.all(engines.map((name) => runEngine(name, front.origin)));
  }
  // A journey that passed only on its second session is flaky, not passed (as the summary counts a
  // Playwright test that passed on its retry); a not-possible journey without an allowance fails.
  const passed = results.filter((r) => r.ok && !r.retried).length;
  const flaky = results.filter((r) => r.ok && r.retried);
  const notPossible = results.filter((r) => r.notPossible && r.allowed);
  const failed = results.filter((r) => !r.ok && !(r.notPossible && r.allowed)).length;
  writeFileSync(
    join(REPORTS, 'results.json'),
    JSON.stringify(
      {
        passed,
        failed,
        flaky: flaky.length,
        notPossible: notPossible.length,
        wallMs: Date.now() - started,
        results,
      },
      null,
      2,
    ),
  );
  console.log(`engines: wall time ${seconds(Date.now() - started)}; screenshots in reports/engines/`);
  const impossible = notPossible.map((r) => `${r.engine} ${r.id}`).join(', ');
  console.log(
    `${passed} passed, ${failed} failed` +
      `${flaky.length ? `, ${flaky.length} flaky (passed only after a lost browser session: ${flaky.map((r) => `${r.engine} ${r.id}`).join(', ')})` : ''}` +
      `${impossible ? `, ${notPossible.length} not possible in its engine (${impossible}): allowed, not run` : ''}`,
  );
  exitCode = failed === 0 && flaky.length === 0 && passed > 0 ? 0 : 1;
} catch (error) {
  console.error(`engines: ${error instanceof Error ? error.stack : error}`);
} finally {
  await shutdown();
}
process.exit(exitCode);
