// Serves dist/ with Cloudflare's own runtime (wrangler pages dev, workerd): the host the site is
// deployed to, applying dist/_headers and the host's URL rules exactly as in production. Every
// browser test, the header audit and the Lighthouse audit run against it.
import { spawn } from 'node:child_process';

/**
 * The runtime's compatibility date. Pinned: wrangler refuses dates newer than its bundled workerd
 * (today's date fails), and a pinned date keeps the runtime's behaviour the same on every machine.
 */
export const COMPATIBILITY_DATE = '2026-11-01';

/** The command line that serves `dir` on 127.0.0.1:`port`. */
export function cdnArgs(port, dir = 'dist') {
  return [
    'wrangler',
    'pages',
    'dev',
    dir,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    // Each server its own inspector port, so several can run side by side.
    '--inspector-port',
    String(port + 10_000),
    `--compatibility-date=${COMPATIBILITY_DATE}`,
    '--log-level',
    'warn',
    '--show-interactive-dev-session=false',
  ];
}

/** The same as a shell command, for Playwright's webServer. */
export function cdnCommand(port, dir = 'dist') {
  return `npx ${cdnArgs(port, dir).join(' ')}`;
}

/** Environment for the runtime: no usage metrics sent from tests. */
export const CDN_ENV = { WRANGLER_SEND_METRICS: 'false' };

/**
 * Starts the runtime and resolves once it answers `/`; `stop()` ends it. Fails with the server's
 * own output if it does not come up within `timeoutMs`.
 */
export async function startCdn({ port, dir = 'dist', timeoutMs = 60_000 }) {
  const child = spawn('npx', cdnArgs(port, dir), {
    env: { ...process.env, ...CDN_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/`);
      if (response.ok) return { origin, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`wrangler pages dev did not answer on ${origin}:\n${output}`);
}
