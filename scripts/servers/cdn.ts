// Serves dist/ with Cloudflare's own runtime (wrangler pages dev, workerd): the host the site is
// deployed to, applying dist/_headers and the host's URL rules exactly as in production, and
// running the site's Function (functions/vault/) against a local copy of the galleries' R2 bucket
// (wrangler.toml). Every browser test, the header audit and the Lighthouse audit run against it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { createServer, request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { readOptions } from '../shared/options.ts';

/**
 * The runtime's compatibility date. Pinned: wrangler refuses dates newer than its bundled workerd
 * (today's date fails), and a pinned date keeps the runtime's behaviour the same on every machine.
 */
export const COMPATIBILITY_DATE = '2026-11-01';

/** The local bucket `npm run galleries -- publish --local` writes and `npm start` serves. */
export const LOCAL_STATE = '.wrangler/state';

/** A test server's own local bucket, so two servers side by side never share (or fight over) one. */
export const serverState = (port: number): string => `.wrangler/servers/${port}`;

/**
 * Linux's default ephemeral ports (/proc/sys/net/ipv4/ip_local_port_range): any outgoing
 * connection on the host may hold one of these for a moment, so a server that listens on one
 * can find it taken. wrangler then exits with `Address already in use (socket "direct:1:default")`
 * when it is the inspector's port.
 */
export const EPHEMERAL_PORTS = { first: 32_768, last: 60_999 };

/** Each server's inspector listens this far above its port, so several run side by side. */
const INSPECTOR_OFFSET = 10_000;

/**
 * A port for a throwaway server (a test's own runtime), different for each process id and, with
 * its inspector port, below the ephemeral range.
 */
export const scratchPort = (seed: number): number => 20_000 + (seed % 2000);

/** The command line that serves `dir` on 127.0.0.1:`port`, with the local bucket in `persistTo`. */
export function cdnArgs(port: number, dir = 'dist', persistTo = serverState(port)): string[] {
  const inspectorPort = port + INSPECTOR_OFFSET;
  if (inspectorPort >= EPHEMERAL_PORTS.first && inspectorPort <= EPHEMERAL_PORTS.last) {
    throw new Error(
      `port ${port}: its inspector port ${inspectorPort} is in the ephemeral range ` +
        `(${EPHEMERAL_PORTS.first}-${EPHEMERAL_PORTS.last}); choose a port below ${EPHEMERAL_PORTS.first - INSPECTOR_OFFSET}`,
    );
  }
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
    String(inspectorPort),
    `--compatibility-date=${COMPATIBILITY_DATE}`,
    '--persist-to',
    persistTo,
    '--log-level',
    'warn',
    '--show-interactive-dev-session=false',
  ];
}

/**
 * Playwright's webServer: dist/ with the sample gallery published into the server's own bucket,
 * then served; another folder (the editor's) without a gallery.
 */
export function cdnCommand(port: number, dir = 'dist'): string {
  return dir === 'dist'
    ? `node scripts/servers/cdn.ts --port ${port} --sample`
    : `node scripts/servers/cdn.ts --port ${port} --dir ${dir}`;
}

/**
 * Publishes the repository's sample gallery (content/private/preview, under its documented
 * development password and partner link) into the local bucket in `persistTo`, as the owner's publish command does,
 * with an empty inbox.
 */
export async function publishSample(persistTo: string) {
  const { publishGalleries } = await import('../../src/private-gallery/publish/build.ts');
  const { galleryPasswords, gallerySecrets, siteSalt } = await import('../../src/private-gallery/publish/secrets.ts');
  const { IN_REPOSITORY_DIR, listGalleries } = await import('../../src/private-gallery/publish/sources.ts');
  const { openTarget } = await import('../../src/private-gallery/publish/target.ts');
  const { readShares } = await import('../../src/private-gallery/publish/share.ts');
  const { kdfFor } = await import('../../src/private-gallery/format/keys.ts');
  const galleries = listGalleries(IN_REPOSITORY_DIR).filter((gallery) => gallery.id === 'preview');
  // The sample's seed (and link) live beside its bucket: made on the first run, read back after.
  // Only that file is read: content/private/passwords.env (npm start's, on a fresh copy) is not this server's.
  const own = join(resolve(persistTo), 'passwords.env');
  const env = {
    ...(existsSync(own) ? parseEnv(readFileSync(own, 'utf8')) : {}),
    PRIVATE_GALLERY_DIR: resolve(persistTo),
  };
  const { seed, links } = gallerySecrets(galleries, env);
  // The studio's inbox key beside them too (issue 34): `npm run galleries -- inbox` reads it there.
  const { studioInboxKey } = await import('../../src/private-gallery/publish/inbox.ts');
  const target = await openTarget({ persistTo });
  try {
    // A test server's inbox starts empty: the selections its journeys sent on earlier runs would
    // otherwise reach the sample gallery's 20 a day (never the owner's: npm start has no sample).
    await target.delete([...(await target.list())].filter((name) => name.startsWith('inbox/')));
    return await publishGalleries(target, galleries, {
      kdf: kdfFor(siteSalt({})),
      passwords: galleryPasswords(galleries, {}),
      seed,
      links,
      // Its public partner link (photos 1 and 3), as docs/owner.md gives it.
      shares: readShares(galleries, {}),
      cacheDir: join(persistTo, 'publish-cache'),
      inboxKey: studioInboxKey(env),
      // The server's own bucket, one server per port: a lock in it is a killed run's, broken here.
      lock: { unlock: true },
    });
  } finally {
    await target.close();
  }
}

/** Environment for the runtime: no usage metrics sent from tests. */
export const CDN_ENV = { WRANGLER_SEND_METRICS: 'false' };

/** A running server: its origin, and how to end it. */
export interface CdnServer {
  origin: string;
  stop: () => void;
}

/**
 * Starts the runtime and resolves once it answers `/`; `stop()` ends it. Fails with the server's
 * own output if it does not come up within `timeoutMs`.
 */
export async function startCdn({
  port,
  dir = 'dist',
  persistTo = serverState(port),
  sample = true,
  timeoutMs = 60_000,
}: {
  port: number;
  dir?: string;
  persistTo?: string;
  sample?: boolean;
  timeoutMs?: number;
}): Promise<CdnServer> {
  if (sample) await publishSample(persistTo);
  const child = spawn('npx', cdnArgs(port, dir, persistTo), {
    env: { ...process.env, ...CDN_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      // The whole process group (detached above); no pid: it never started.
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  // Never leave the runtime behind when this process ends, however it ends.
  process.on('exit', stop);
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

/**
 * `npm start`: the runtime behind a plain local proxy on `port` that drops the policy's
 * `upgrade-insecure-requests` (right on the HTTPS host, but Safari applies it even to
 * http://127.0.0.1 and would then load no script on the owner's Mac); everything else, the
 * Function and its bucket included, is the runtime's own answer.
 */
async function startLocalPreview(port: number): Promise<CdnServer> {
  const cdn = await startCdn({ port: port + 1000, sample: false, persistTo: LOCAL_STATE });
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      `${cdn.origin}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: `127.0.0.1:${port + 1000}` } },
      (answer) => {
        const headers = { ...answer.headers };
        const policy = headers['content-security-policy'];
        if (typeof policy === 'string') {
          headers['content-security-policy'] = policy.replace(/;\s*upgrade-insecure-requests/, '');
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${port}`, stop: () => (server.close(), cdn.stop()) };
}

// `npm run serve:cdn`: serve the existing dist/ as the host would, on http://127.0.0.1:8788 (or
// --port), with the local bucket `npm run galleries -- publish --local` fills. `--sample`: a
// server of its own (tests): its own bucket, holding the sample gallery. `--dir DIR`: serve another
// folder (the editor's). `--start`: `npm start`'s preview (see startLocalPreview).
if (import.meta.main) {
  const { values } = readOptions({
    name: 'serve:cdn',
    usage: 'npm run serve:cdn -- [--port N] [--sample | --dir DIR | --start]',
    help: `Serves dist/ as the host would, on http://127.0.0.1:8788 (or --port N, or CDN_PORT), with the local
bucket \`npm run galleries -- publish --local\` fills.
  --sample     a server of its own (tests): its own bucket, holding the sample gallery
  --dir DIR    serve another folder (the editor's dist-editor/), with a bucket of its own and no gallery
  --start      \`npm start\`'s preview`,
    options: {
      port: { type: 'string' },
      sample: { type: 'boolean' },
      dir: { type: 'string' },
      start: { type: 'boolean' },
    },
  });
  const port = Number(values.port ?? process.env['CDN_PORT'] ?? 8788);
  const sample = Boolean(values.sample);
  // --dir: another folder (the editor's dist-editor/), with a bucket of its own and no gallery in it.
  const dir = values.dir;
  const { origin, stop } = values.start
    ? await startLocalPreview(port)
    : dir
      ? await startCdn({ port, dir, sample: false })
      : await startCdn({ port, sample, ...(sample ? {} : { persistTo: LOCAL_STATE }) });
  console.log(`${dir ?? 'dist'}/ served by Cloudflare's runtime at ${origin} (Ctrl-C to stop)`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stop(), process.exit(0)));
}
