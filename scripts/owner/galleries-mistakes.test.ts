import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The owner's everyday mistakes with `npm run galleries`, played through the real command: typed
// through npm as she types it, or run as npm runs it. Nothing here reaches Cloudflare: the runs that
// try are pointed at a port on this computer that answers nothing, or stop before any connection.
// No run starts wrangler's local runtime; the Cloudflare runs start wrangler's remote proxy, which
// fails at once.
vi.setConfig({ testTimeout: 240_000 });

let root: string;
let galleries: string;
let hook: string;
let connections: string;

/** The environment without npm's own variables (those of the npm that started the tests). */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^npm_/i.test(name) && !/^CLOUDFLARE_/.test(name) && name !== 'WRANGLER_LOG',
    ),
  );
}

/** Her environment: a galleries folder of her own, a wrangler with no login, every socket recorded. */
function herEnv(extra: Record<string, string> = {}) {
  return {
    ...cleanEnv(),
    PRIVATE_GALLERY_DIR: galleries,
    PRIVATE_GALLERY_PASSWORD_IVY_2026_10: 'ivy runtime long password',
    XDG_CONFIG_HOME: join(root, 'config'),
    WRANGLER_SEND_METRICS: 'false',
    NODE_OPTIONS: `--require ${hook}`,
    ...extra,
  };
}

/** The connections the owner command tried (the hook records each socket it opens). */
const tried = () => (existsSync(connections) ? readFileSync(connections, 'utf8') : '');

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'galleries-mistakes-'));
  galleries = join(root, 'galleries');
  mkdirSync(join(galleries, 'ivy-2026-10'), { recursive: true });
  writeFileSync(join(galleries, 'ivy-2026-10', 'gallery.yaml'), 'title: Ivy\n');
  writeFileSync(join(galleries, 'ivy-2026-10', 'one.jpg'), readFileSync('content/private/preview/private-01.jpg'));
  connections = join(root, 'connections.txt');
  hook = join(root, 'hook.cjs');
  writeFileSync(
    hook,
    `const net = require('node:net');
const { appendFileSync } = require('node:fs');
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  if (/galleries\\.ts$/.test(process.argv[1] ?? '')) {
    const options = Array.isArray(args[0]) ? args[0][0] : args[0];
    appendFileSync(${JSON.stringify(connections)}, JSON.stringify(typeof options === 'object' ? { host: options.host, port: options.port, path: options.path } : args) + '\\n');
  }
  return connect.apply(this, args);
};
`,
  );
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run galleries: the forgotten --', () => {
  /** `npm run galleries <args>` typed as she types it, npm's log in a folder of the test's own. */
  function npmRun(args: string[], extra: Record<string, string> = {}) {
    rmSync(connections, { force: true });
    const run = spawnSync('npm', ['run', 'galleries', ...args], {
      cwd: process.cwd(),
      env: herEnv({
        npm_config_cache: join(root, 'npm-cache'),
        npm_config_update_notifier: 'false',
        CLOUDFLARE_API_TOKEN: 'a-token-she-set',
        CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef0123456789abcdef',
        ...extra,
      }),
      encoding: 'utf8',
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  }

  it('`npm run galleries publish --local` refuses in one sentence showing the line with --, contacting nothing', () => {
    const { status, stderr } = npmRun(['publish', '--local']);
    const sentence =
      'npm kept --local for itself, so nothing was done or changed: type "npm run galleries -- publish --local" (with -- after "npm run galleries").';
    expect(stderr).toContain(sentence);
    // docs/owner.md shows her this very sentence.
    expect(readFileSync('docs/owner.md', 'utf8')).toContain(`\n${sentence}\n`);
    expect(status).toBe(1);
    expect(stderr).not.toMatch(/ at |Error:|Cloudflare/);
    expect(tried()).toBe('');
    // Nothing was written in her folder either: no seed, no record.
    expect(existsSync(join(galleries, 'passwords.env'))).toBe(false);
    expect(existsSync(join(galleries, 'published.json'))).toBe(false);
  });

  it('an option with a value, and --quiet, kept by npm: the line she meant, in the order she typed it (npm logs --expires=… as --expires …)', () => {
    const share = npmRun(['share', 'ivy-2026-10', '--photos', '3,7', '--expires=2027-01-31']);
    expect(share.stderr).toContain(
      'npm kept --photos and --expires for itself, so nothing was done or changed: type "npm run galleries -- share ivy-2026-10 --photos 3,7 --expires 2027-01-31" (with -- after "npm run galleries").',
    );
    expect(share.status).toBe(1);
    expect(existsSync(join(galleries, 'passwords.env'))).toBe(false);
    const quiet = npmRun(['publish', '--quiet', '--local']);
    expect(quiet.stderr).toContain(
      'npm kept --quiet and --local for itself, so nothing was done or changed: type "npm run galleries -- publish --quiet --local" (with -- after "npm run galleries").',
    );
    expect(quiet.status).toBe(1);
    expect(tried()).toBe('');
  });

  it('with -- the options reach the command, and npm settings of her own are no mistake', () => {
    const help = npmRun(['--', 'publish', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: npm run galleries -- publish');
    // --silent is npm's own, and --loglevel warn in her npm settings is no --quiet: the links run.
    const missing = join(root, 'unplugged');
    const links = npmRun(['--silent'], { npm_config_loglevel: 'warn', PRIVATE_GALLERY_DIR: missing });
    expect(links.stderr).not.toContain('npm kept');
    expect(links.stderr).toContain(`The galleries folder ${missing} is not there`);
  });
});

describe('npm run galleries: Cloudflare not set up, or not reachable', () => {
  /** `node scripts/owner/galleries.ts <args>` as npm runs it. */
  function command(args: string[], extra: Record<string, string> = {}) {
    rmSync(connections, { force: true });
    const run = spawnSync(process.execPath, ['scripts/owner/galleries.ts', ...args], {
      cwd: process.cwd(),
      env: herEnv({ npm_lifecycle_event: 'galleries', PRIVATE_GALLERY_INBOX_KEY: 'a studio key', ...extra }),
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
  }
  const COMMANDS = [['publish'], ['close', 'ivy-2026-10'], ['remove', 'ivy-2026-10'], ['inbox']];

  it('without a token: publish, close, remove and inbox say so in one sentence naming "Set up once"', () => {
    const sentence =
      'Cloudflare is not set up on this computer yet, so nothing was changed: put CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in the project\'s .env file (docs/owner.md, "Set up once", step 3), then run the same command again.';
    // The section it names, and the sentence it shows there.
    const guide = readFileSync('docs/owner.md', 'utf8');
    expect(guide).toMatch(/^### Set up once\n\n[^#]*^3\. \*\*Your computer's key\.\*\*/m);
    expect(guide).toContain(`   ${sentence}\n`);
    for (const args of COMMANDS) {
      const { status, output } = command(args);
      expect(output, args[0]).toBe(sentence);
      expect(status, args[0]).toBe(1);
    }
    expect(tried()).toBe('');
  });

  it('with a token but Cloudflare out of reach: the same commands say so in one sentence, no stack trace', () => {
    const unreachable = {
      CLOUDFLARE_API_TOKEN: 'a-token-she-set',
      CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef0123456789abcdef',
      // A port on this computer that answers nothing: Cloudflare's address as if the network were down.
      CLOUDFLARE_API_BASE_URL: 'http://127.0.0.1:9/client/v4',
    };
    for (const args of COMMANDS) {
      const { status, output } = command(args, unreachable);
      expect(output, args[0]).toBe(
        'Cloudflare could not be reached from this computer, so nothing was changed: check the internet connection and run the same command again (if it still fails, check the set-up in docs/owner.md, "Set up once").',
      );
      expect(status, args[0]).toBe(1);
    }
    expect(existsSync(join(galleries, 'passwords.env'))).toBe(false);
  });
});

describe('npm run galleries: passwords.env and the galleries folder', () => {
  /** `npm run galleries` (the links) as npm runs it, in a folder of its own holding one gallery. */
  function links(dir: string, extra: Record<string, string> = {}) {
    mkdirSync(join(dir, 'ivy-2026-10'), { recursive: true });
    writeFileSync(join(dir, 'ivy-2026-10', 'gallery.yaml'), 'title: Ivy\n');
    writeFileSync(join(dir, 'ivy-2026-10', 'one.jpg'), readFileSync('content/private/preview/private-01.jpg'));
    const run = spawnSync(process.execPath, ['scripts/owner/galleries.ts'], {
      cwd: process.cwd(),
      env: herEnv({ npm_lifecycle_event: 'galleries', PRIVATE_GALLERY_DIR: dir, ...extra }),
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  it('a password written in a passwords.env the command does not read: the full path it reads, and the one it ignored', () => {
    const beside = join(root, 'home');
    const dir = join(beside, 'coastlight-galleries');
    mkdirSync(beside, { recursive: true });
    writeFileSync(join(beside, 'passwords.env'), 'PRIVATE_GALLERY_PASSWORD_IVY_2026_10=a long memorable sentence\n');
    const { status, output } = links(dir, { PRIVATE_GALLERY_PASSWORD_IVY_2026_10: '' });
    expect(status).toBe(1);
    expect(output).toContain(
      `the private gallery "ivy-2026-10" has no password: set PRIVATE_GALLERY_PASSWORD_IVY_2026_10 in ${join(dir, 'passwords.env')}, for example `,
    );
    expect(output).toContain(
      `${join(beside, 'passwords.env')} was not read: passwords.env belongs in the galleries folder, ${dir}; move it there.`,
    );
  });

  it('passwords.env written by hand, readable by others: the first run makes it hers alone and says so, the next says nothing', () => {
    const dir = join(root, 'by-hand');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'passwords.env');
    writeFileSync(file, 'PRIVATE_GALLERY_PASSWORD_IVY_2026_10=a long memorable sentence\n', { mode: 0o644 });
    const first = links(dir);
    expect(first.status).toBe(0);
    expect(first.output).toContain(
      `! ${file} was readable by others on this computer; it is now readable by you only.`,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = links(dir);
    expect(second.status).toBe(0);
    expect(second.output).not.toContain('readable');
  });

  it('~ in PRIVATE_GALLERY_DIR is her home folder, as in a shell', () => {
    const home = join(root, 'her-home');
    mkdirSync(home, { recursive: true });
    const { status, output } = links(join(home, 'coastlight-galleries'), {
      HOME: home,
      PRIVATE_GALLERY_DIR: '~/coastlight-galleries',
    });
    expect(output).toContain(
      `Private links (2 galleries in ${join(home, 'coastlight-galleries')} and content/private/):`,
    );
    expect(status).toBe(0);
  });
});

describe('npm run galleries: the small words', () => {
  /** `node scripts/owner/galleries.ts <args>` as npm runs it, with her folder of one gallery of one photo. */
  function command(args: string[], extra: Record<string, string> = {}) {
    const run = spawnSync(process.execPath, ['scripts/owner/galleries.ts', ...args], {
      cwd: process.cwd(),
      env: herEnv({ npm_lifecycle_event: 'galleries', ...extra }),
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  it('one photo is "1 photo", and a mistyped gallery name is answered with the nearest one', () => {
    const links = command([]);
    expect(links.output).toContain('Ivy  (ivy-2026-10, 1 photo): ');
    expect(links.output).toContain(`Private links (2 galleries in ${galleries} and content/private/):`);
    expect(links.status).toBe(0);
    const share = command(['share', 'ivy-2026-01', '--photos', '1']);
    expect(share.output.trim()).toMatch(
      new RegExp(
        `^Nothing was changed: no gallery "ivy-2026-01" in ${galleries} and content/private/ \\(did you mean "ivy-2026-10"\\?\\)\\. Usage:`,
      ),
    );
    expect(share.status).toBe(1);
  });
});
