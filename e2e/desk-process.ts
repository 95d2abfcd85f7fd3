// `npm run desk` started as she starts it, for the browser journeys that open it (e2e/desk.spec.ts
// in Chromium, e2e/engines/desk.ts in WebKit and Firefox): with --local, over its own galleries
// folder and local bucket; resolves to the address it prints once it answers, and a stop that
// resolves once it has exited (its port free again: a retry or a repeat of the same test takes it).
import { spawn, type ChildProcess } from 'node:child_process';

export function startDesk({
  galleries,
  state,
  port = 0,
  siteUrl,
  group = false,
}: {
  /** Her galleries folder (PRIVATE_GALLERY_DIR). */
  galleries: string;
  /** The local bucket's folder (--persist-to). */
  state: string;
  /** 0: any free one. */
  port?: number;
  /** The site her links open (--site-url). */
  siteUrl?: string;
  /** In a process group of its own, so that the desk and its children are stopped together (kill(-pid)). */
  group?: boolean;
}): Promise<{ address: string; desk: ChildProcess; stop: () => Promise<void> }> {
  const desk = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      'scripts/owner/desk.ts',
      '--no-open',
      '--port',
      String(port),
      '--local',
      '--persist-to',
      state,
      ...(siteUrl ? ['--site-url', siteUrl] : []),
    ],
    {
      detached: group,
      env: { ...process.env, PRIVATE_GALLERY_DIR: galleries, WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stop = () =>
    new Promise<void>((done) => {
      if (desk.exitCode !== null || desk.signalCode !== null) return done();
      desk.once('exit', () => done());
      try {
        if (group) process.kill(-desk.pid!, 'SIGTERM');
        else desk.kill();
      } catch {
        done(); // already gone
      }
    });
  return new Promise((done, fail) => {
    let out = '';
    desk.stdout!.on('data', (chunk) => {
      out += chunk;
      const found = /http:\/\/127\.0\.0\.1:\d+\/open\/\S+/.exec(out);
      if (found) done({ address: found[0], desk, stop });
    });
    desk.stderr!.on('data', (chunk) => (out += chunk));
    desk.once('exit', (code) => fail(new Error(`the desk exited ${code}: ${out}`)));
  });
}
