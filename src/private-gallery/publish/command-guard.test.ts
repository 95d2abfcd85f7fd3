import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cloudflareProblem, npmCommandLine, npmRefusal } from './command-guard.ts';

const NAMES = ['local', 'persist-to', 'quiet', 'photos', 'done'];
const root = mkdtempSync(join(tmpdir(), 'command-guard-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An npm log folder holding `logs` (name → text), as npm writes them. */
function logsDir(logs: Record<string, string>) {
  const dir = mkdtempSync(join(root, 'logs-'));
  for (const [name, text] of Object.entries(logs)) writeFileSync(join(dir, name), text);
  return dir;
}
const log = (argv: string[], ended = false) =>
  `0 verbose cli /usr/bin/node /usr/bin/npm\n7 verbose title npm run galleries\n8 verbose argv ${argv.map((a) => JSON.stringify(a)).join(' ')}\n${ended ? '20 verbose exit 0\n' : ''}`;

describe('the forgotten -- (npm kept an option for itself)', () => {
  it("reads this run's command line from the newest npm log of a run of this script that has not ended", () => {
    const dir = logsDir({
      '2026-11-28T10_00_00_000Z-debug-0.log': log(['run', 'galleries', 'publish', '--no-global']),
      '2026-11-28T10_00_05_000Z-debug-0.log': log(['run', 'galleries', '--', 'publish'], true),
      '2026-11-28T10_00_06_000Z-debug-0.log': log(['run', 'build']),
    });
    const env = { npm_lifecycle_event: 'galleries', npm_config_logs_dir: dir };
    expect(npmCommandLine(env)).toEqual(['publish', '--no-global']);
    // Its default place: the npm cache's _logs folder.
    mkdirSync(join(root, 'cache', '_logs'), { recursive: true });
    writeFileSync(join(root, 'cache', '_logs', 'x-debug-0.log'), log(['run-script', 'galleries', 'close', 'ivy']));
    expect(npmCommandLine({ npm_lifecycle_event: 'galleries', npm_config_cache: join(root, 'cache') })).toEqual([
      'close',
      'ivy',
    ]);
    // Not run by npm: no command line.
    expect(npmCommandLine({ npm_config_logs_dir: dir })).toBeNull();
  });

  it('refuses only its own options typed before --, naming them and the line she meant', () => {
    const env = { npm_lifecycle_event: 'galleries' };
    expect(npmRefusal(NAMES, ['publish'], env, ['publish', '--no-global', '--loglevel', 'warn'])).toBe(
      'npm kept --local and --quiet for itself, so nothing was done or changed: type "npm run galleries -- publish --local --quiet" (with -- after "npm run galleries").',
    );
    expect(npmRefusal(NAMES, ['publish'], env, ['publish', '--no-global', '--loglevel', 'silent'])).toContain(
      'type "npm run galleries -- publish --local" (with',
    );
    expect(npmRefusal(NAMES, ['inbox', 'ab12'], env, ['inbox', '--done', 'ab12'])).toContain(
      'type "npm run galleries -- inbox --done ab12"',
    );
    // After --, or npm's own (--loglevel silent, --if-present): no mistake.
    expect(npmRefusal(NAMES, ['publish', '--local'], env, ['--', 'publish', '--local'])).toBeNull();
    expect(npmRefusal(NAMES, ['publish'], env, ['publish', '--loglevel', 'silent', '--if-present'])).toBeNull();
    // Not `npm run galleries` (npm start runs the command with --local itself): never refused.
    expect(npmRefusal(NAMES, ['publish'], { npm_lifecycle_event: 'start' }, ['publish', '--no-global'])).toBeNull();
  });

  it('`npm run galleries publish --local` as npm runs it (its log, its npm_* environment): refused in one sentence naming the line she meant', () => {
    // What npm 7+ sets for this run (nothing for --local: its --no-global is npm's default) and the
    // debug log it writes as it starts; the command line is read from the log, as in a real run.
    const dir = logsDir({
      '2026-11-28T11_00_00_000Z-debug-0.log': log(['run', 'galleries', 'publish', '--no-global']),
    });
    const env = {
      npm_lifecycle_event: 'galleries',
      npm_lifecycle_script: 'node scripts/owner/galleries.ts',
      npm_command: 'run-script',
      npm_config_logs_dir: dir,
      npm_config_user_agent: 'npm/11.6.2 node/v24.11.1 linux x64 workspaces/false',
    };
    expect(npmRefusal(NAMES, ['publish'], env)).toBe(
      'npm kept --local for itself, so nothing was done or changed: type "npm run galleries -- publish --local" (with -- after "npm run galleries").',
    );
  });

  it("without npm's log, an option npm does not know is still seen in npm_config_<name>", () => {
    const env = { npm_lifecycle_event: 'galleries', npm_config_persist_to: 'true', npm_config_loglevel: 'warn' };
    expect(npmRefusal(NAMES, ['publish', 'state'], env, null)).toBe(
      'npm kept --persist-to for itself, so nothing was done or changed: type "npm run galleries -- publish …" (with -- after "npm run galleries").',
    );
    // npm's own settings (an .npmrc's loglevel) are none of the command's options.
    expect(
      npmRefusal(NAMES, ['publish'], { npm_lifecycle_event: 'galleries', npm_config_loglevel: 'warn' }, null),
    ).toBe(null);
  });
});

describe('Cloudflare not set up, or not reachable', () => {
  /** wrangler's error for a remote bucket: its wrapper, the controller's report, then the cause. */
  const wrangler = (cause: object) =>
    new Error('Failed to start the remote proxy session. Error reloading remote server: …', {
      cause: { type: 'error', reason: 'Error reloading remote server', cause },
    });

  it('names the token it refused in one line, and leaves an error of another kind alone', () => {
    const refused = wrangler(
      new Error(
        'A request to the Cloudflare API (/accounts/0123/workers/scripts) failed.\n\nAuthentication error [code: 10000]',
      ),
    );
    expect(cloudflareProblem(refused, { CLOUDFLARE_API_TOKEN: 'x' })).toBe(
      'Cloudflare did not open the bucket for this computer (A request to the Cloudflare API (/accounts/0123/workers/scripts) failed), so nothing was changed: check CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in the project\'s .env file (docs/owner.md, "Set up once", step 3).',
    );
    const offline = wrangler(Object.assign(new TypeError('fetch failed'), { cause: { code: 'EAI_AGAIN' } }));
    expect(cloudflareProblem(offline, {})).toMatch(/^Cloudflare could not be reached from this computer/);
    const cancelled = wrangler(new Error('Did not login, quitting...'));
    expect(cloudflareProblem(cancelled, {})).toMatch(/^Cloudflare is not set up on this computer yet/);
    expect(cloudflareProblem(new Error('wrangler.toml: no [[r2_buckets]] entry'), {})).toBeNull();
  });
});
