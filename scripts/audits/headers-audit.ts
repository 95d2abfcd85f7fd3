// Grades the site's response headers with Mozilla's HTTP Observatory scanner, as deployed: the
// build served by Cloudflare's runtime, behind a local HTTPS front with a throwaway CA (plain HTTP
// answers with a redirect to HTTPS, as the host does). Prints grade and score per route and writes
// reports/headers.json. Goal: A+ (score >= 100) on every route.
//
//   npm run audit:headers               /, a post, /erotica and /private-gallery
//   npm run audit:headers -- --only /faq
//   npm run audit:headers -- --editor   the owner's editor (dist-editor/, its own origin): /admin
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { startCdn } from '../servers/cdn.ts';
import { caCertPath, startFront } from '../servers/front.ts';
import { builtPages } from '../../src/lib/site/site-files.ts';
import { fileHeader, readOptions } from '../shared/options.ts';
import type { ScanOutput, TestVerdict } from './observatory-scan.ts';

const { values } = readOptions({
  name: 'audit:headers',
  usage: 'npm run audit:headers -- [--only /path] [--editor]',
  help: fileHeader(import.meta.url),
  options: { editor: { type: 'boolean' }, only: { type: 'string' } },
});
const editor = Boolean(values.editor);
const DIST = new URL(editor ? '../../dist-editor/' : '../../dist/', import.meta.url).pathname;
const CDN_PORT = 4324;
const HTTP_PORT = 4380;
const HTTPS_PORT = 4443;
const HOST = 'localhost';
const GOAL = 100;

const only = values.only;

if (!existsSync(DIST)) {
  console.error(
    `audit:headers: ${editor ? 'dist-editor/ is missing; run `npm run build:editor`' : 'dist/ is missing; run `npm run build`'} first.`,
  );
  process.exit(1);
}

function routes() {
  if (only) return [only];
  if (editor) return ['/admin'];
  const posts = builtPages(DIST)
    .map(({ route }) => route)
    .filter((route) => route.startsWith('/blog/'));
  return ['/', ...posts.slice(0, 1), '/erotica', '/private-gallery'];
}

/**
 * One scan in a child process: Node reads NODE_EXTRA_CA_CERTS (the local CA) only at start, and the
 * scanner's own command line cannot take ports or a path.
 */
function scan(path: string): Promise<Exclude<ScanOutput, { error: string }>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [new URL('./observatory-scan.ts', import.meta.url).pathname, HOST, String(HTTP_PORT), String(HTTPS_PORT), path],
      { env: { ...process.env, NODE_EXTRA_CA_CERTS: caCertPath() }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => {
      try {
        const result = JSON.parse(out) as ScanOutput;
        if (code !== 0 || 'error' in result)
          reject(new Error(`${path}: ${'error' in result ? result.error : `exit ${code}`}`));
        else resolve(result);
      } catch {
        reject(new Error(`${path}: the scanner printed no result (exit ${code}): ${out.slice(0, 500)}`));
      }
    });
  });
}

// The pages graded are static: no gallery is needed in the bucket.
const cdn = await startCdn({ port: CDN_PORT, dir: DIST, sample: false });
const front = await startFront({ upstream: cdn.origin, httpsPort: HTTPS_PORT, httpPort: HTTP_PORT });
const rows: { route: string; grade: string; score: number; failing: string[]; tests: Record<string, TestVerdict> }[] =
  [];
let failed = false;
try {
  for (const route of routes()) {
    const result = await scan(route);
    const failing = Object.entries(result.tests)
      .filter(([, test]) => test.scoreModifier < 0)
      .map(([name, test]) => `${name} ${test.scoreModifier} (${test.result})`);
    rows.push({ route, grade: result.scan.grade, score: result.scan.score, failing, tests: result.tests });
    if (result.scan.score < GOAL) failed = true;
  }
} finally {
  await front.close();
  cdn.stop();
}

console.log('\nHTTP Observatory (Mozilla), the build on the host runtime over HTTPS');
for (const row of rows) {
  console.log(
    `${row.route.padEnd(50)} ${row.grade.padEnd(3)} ${String(row.score).padStart(4)}${row.failing.length ? `   deductions: ${row.failing.join('; ')}` : ''}`,
  );
}
mkdirSync('reports', { recursive: true });
writeFileSync('reports/headers.json', JSON.stringify(rows, null, 2));
if (failed) {
  console.error(`audit:headers: a route scored below ${GOAL} (A+)`);
  process.exit(1);
}
