// Two of the owner's everyday mistakes with `npm run galleries`, each answered in one sentence before
// anything is contacted or changed:
// - the forgotten `--`: `npm run galleries publish --local` gives --local to npm, not to the command,
//   which would then publish to the bucket on Cloudflare;
// - Cloudflare not set up on her computer yet, or not reachable: wrangler's error, with its stack
//   trace, becomes one sentence pointing to docs/owner.md, "Set up once".
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The names `npm run <script>` may be typed with. */
const RUN = new Set(['run', 'run-script', 'rum', 'urn']);
/** How npm's own log writes the options it took for its own: --local is its --no-global, --quiet and -q its --loglevel warn. */
const NPM_SPELLING: Readonly<Record<string, string>> = { '--no-global': 'local', '--loglevel warn': 'quiet' };

/**
 * What npm was typed with, from its debug log: npm 7 and later hand the options it kept for itself
 * to the script as npm_config_<name> only when they differ from npm's defaults, so --local (its
 * --no-global, already the default) and --quiet (its --loglevel warn, where .npmrc may say the same)
 * leave no trace in the environment; the log it writes as it starts has its whole command line
 * (`verbose argv "run" "galleries" "publish" "--no-global"`). The newest log of a run of this script
 * that has not ended yet is this run's. Null when there is none (logs-max=0, another npm).
 */
export function npmCommandLine(env: NodeJS.ProcessEnv = process.env, now = Date.now()): string[] | null {
  const dir = env.npm_config_logs_dir || join(env.npm_config_cache || join(homedir(), '.npm'), '_logs');
  if (!env.npm_lifecycle_event || !existsSync(dir)) return null;
  const logs = readdirSync(dir)
    .filter((name) => /-debug-\d+\.log$/.test(name))
    .sort()
    .reverse()
    .slice(0, 10);
  for (const name of logs) {
    const file = join(dir, name);
    // A log older than an hour is not this run's (an npm that was killed never writes its end).
    if (now - statSync(file).mtimeMs > 3_600_000) continue;
    const text = readFileSync(file, 'utf8');
    const line = /^\d+ verbose argv (.*)$/m.exec(text)?.[1];
    if (!line || /^\d+ verbose exit /m.test(text)) continue;
    const args = [...line.matchAll(/"(?:[^"\\]|\\.)*"/g)].map(([token]) => JSON.parse(token) as string);
    if (RUN.has(args[0] ?? '') && args[1] === env.npm_lifecycle_event) return args.slice(2);
  }
  return null;
}

/**
 * The command's own options that npm kept for itself (typed before any `--`), and the line she
 * meant. From npm's log when it has one (npmCommandLine), else from the npm_config_<name> npm sets
 * for an option it does not know (--persist-to, --photos, --done…), which no .npmrc sets.
 */
export function npmKeptOptions(
  names: string[],
  args = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
  typed = npmCommandLine(env),
): { kept: string[]; line: string } {
  const own = new Set(names);
  if (typed) {
    const kept: string[] = [];
    const meant: string[] = [];
    let passed = false;
    for (let i = 0; i < typed.length; i++) {
      // Within the bounds of the loop: never undefined.
      const token = typed[i]!;
      if (token === '--') {
        passed = true;
        continue;
      }
      const pair = `${token} ${typed[i + 1]}`;
      const [bare = ''] = token.replace(/^--/, '').split('=');
      const name = passed ? null : (NPM_SPELLING[token] ?? NPM_SPELLING[pair] ?? bare);
      if (!passed && token.startsWith('-') && name !== null && own.has(name)) {
        kept.push(name);
        meant.push(`--${name}${token.includes('=') ? token.slice(token.indexOf('=')) : ''}`);
        if (NPM_SPELLING[pair]) i++;
      } else if (passed || !token.startsWith('-')) meant.push(token);
      // npm's own level (--silent is its --loglevel silent): left out of the line, with its value.
      else if (token === '--loglevel') i++;
    }
    return { kept, line: `npm run galleries -- ${meant.join(' ')}`.trim() };
  }
  const kept = names.filter((name) => env[`npm_config_${name.replace(/-/g, '_')}`] !== undefined);
  return { kept, line: `npm run galleries -- ${args[0] ?? ''} …`.replace('  ', ' ') };
}

/** The sentence for options npm kept for itself, run by `npm run galleries`; null when none was. */
export function npmRefusal(
  names: string[],
  args = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
  typed?: string[] | null,
): string | null {
  if (env.npm_lifecycle_event !== 'galleries') return null;
  const { kept, line } = npmKeptOptions(names, args, env, typed === undefined ? npmCommandLine(env) : typed);
  if (!kept.length) return null;
  const options = kept.map((name) => `--${name}`);
  const list = options.length > 1 ? `${options.slice(0, -1).join(', ')} and ${options.at(-1)}` : options[0];
  return `npm kept ${list} for itself, so nothing was done or changed: type "${line}" (with -- after "npm run galleries").`;
}

/** Error codes of a network that is not there (no connection, no DNS, a firewall). */
const UNREACHABLE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** An error or one of its causes, as wrangler wraps them: an Error, or its controller's report ({ reason, cause }). */
interface ErrorLike {
  message?: unknown;
  reason?: unknown;
  code?: unknown;
  cause?: unknown;
}

/** An error and its causes, outermost first (wrangler wraps each failure in another). */
function causes(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e = error; e && typeof e === 'object' && chain.length < 10; e = (e as ErrorLike).cause) {
    chain.push(e as ErrorLike);
  }
  return chain;
}

/**
 * The one sentence for a bucket on Cloudflare that could not be opened (wrangler's remote proxy
 * failing to start): not set up (no token, no login), not reachable (no network), or refused (a
 * wrong token or account id: wrangler's reason, in one line). Null for anything else.
 */
export function cloudflareProblem(error: unknown, env: NodeJS.ProcessEnv = process.env): string | null {
  const chain = causes(error);
  const text = chain.map((e) => String(e.message ?? e.reason ?? '')).join('\n');
  if (
    !/remote proxy session|api\.cloudflare\.com|CLOUDFLARE_API_TOKEN|wrangler login|Did not login|account id/i.test(
      text,
    )
  ) {
    return null;
  }
  const setUp = 'docs/owner.md, "Set up once"';
  if (
    chain.some((e) => typeof e.code === 'string' && UNREACHABLE.has(e.code)) ||
    /fetch failed|could not be reached/i.test(text)
  ) {
    return `Cloudflare could not be reached from this computer, so nothing was changed: check the internet connection and run the same command again (if it still fails, check the set-up in ${setUp}).`;
  }
  if (!env.CLOUDFLARE_API_TOKEN && /CLOUDFLARE_API_TOKEN|Did not login|wrangler login|not authenticated/i.test(text)) {
    return `Cloudflare is not set up on this computer yet, so nothing was changed: put CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in the project's .env file (${setUp}, step 3), then run the same command again.`;
  }
  const [reason = ''] = String(chain.at(-1)?.message ?? text).split('\n');
  return `Cloudflare did not open the bucket for this computer (${reason.replace(/\.$/, '')}), so nothing was changed: check CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in the project's .env file (${setUp}, step 3).`;
}
