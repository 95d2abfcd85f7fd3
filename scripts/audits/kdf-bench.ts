// How much a password guess costs, here: what set the vault's key derivation (format/keys.ts
// MIN_ITERATIONS). Not a test: numbers vary with the host.
//   1. An attacker's native speed, for one gallery: Node's PBKDF2-SHA-256 and Argon2id (OpenSSL),
//      as CPU time per guess (user + system: a loaded machine stretches wall time, not CPU time),
//      and so guesses per second per core.
//   2. The browser's: headless Chromium, wall time per derivation (min/median/max) at CPU throttling
//      1x and 4x, and the CPU its renderer spent, by thread. WebCrypto's PBKDF2 runs on the
//      renderer's "WebCrypto" thread, which Chromium's throttling (the main thread's) does not slow:
//      a phone four times slower is 4 x that CPU time (at 4x the main thread also counts the
//      throttling's own work). Argon2id runs on the main thread, from
//      hash-wasm (not a dependency of the site): HASH_WASM=<its dist/argon2.umd.min.js> adds it.
// Usage: npx node scripts/audits/kdf-bench.ts [--runs N] [--pbkdf2 600000,1800000] [--argon2 47104x1,19456x2]
import { argon2Sync, pbkdf2Sync, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../shared/chromium.ts';
import { fileHeader, readOptions } from '../shared/options.ts';

const { values } = readOptions({
  name: 'kdf-bench',
  usage: 'npx node scripts/audits/kdf-bench.ts [--runs N] [--pbkdf2 600000,1800000] [--argon2 47104x1,19456x2]',
  help: fileHeader(import.meta.url),
  options: { runs: { type: 'string' }, pbkdf2: { type: 'string' }, argon2: { type: 'string' } },
});
const RUNS = Number(values.runs ?? 5);
const PBKDF2 = (values.pbkdf2 ?? '600000,1800000,2000000').split(',').map(Number);
/** Argon2id settings as <memory KiB>x<passes>, one lane. */
const ARGON2 = (values.argon2 ?? '12288x3,19456x2,47104x1,65536x2').split(',').map((text): [number, number] => {
  const [memory, passes] = text.split('x').map(Number);
  return [memory ?? NaN, passes ?? NaN];
});
const HASH_WASM = process.env['HASH_WASM'];
const load = () => (loadavg()[0] ?? NaN).toFixed(1);
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted
    .map((v) => Math.round(v))
    .filter((_, i, all) => i === 0 || i === all.length >> 1 || i === all.length - 1)
    .join('/')}`;
};

// 1. Native, one core.
console.log(`Native (Node ${process.version}, OpenSSL), ${RUNS} runs each, CPU ms per guess min/median/max:`);
const native = (label: string, derive: (password: string) => unknown) => {
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.cpuUsage();
    derive(`guess ${i}`);
    const used = process.cpuUsage(start);
    cpu.push((used.user + used.system) / 1000);
  }
  const best = Math.min(...cpu);
  console.log(`  ${label}: ${spread(cpu)} ms, ${(1000 / best).toFixed(1)} guesses/s/core (load ${load()})`);
};
const salt = randomBytes(16);
for (const iterations of PBKDF2) {
  native(`PBKDF2-SHA-256 ${iterations.toLocaleString('en-US')}`, (p) => pbkdf2Sync(p, salt, iterations, 32, 'sha256'));
}
for (const [memory, passes] of ARGON2) {
  native(`Argon2id m=${memory} KiB t=${passes} p=1`, (p) =>
    argon2Sync('argon2id', { message: p, nonce: salt, memory, passes, parallelism: 1, tagLength: 32 }),
  );
}

// 2. Chromium.
const server = await chromium.launchServer({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
const root = String(server.process().pid);
const browser = await chromium.connect(server.wsEndpoint());
const page = await browser.newPage();
// A secure origin of its own (WebCrypto needs one), answered here.
await page.route('http://localhost/**', (route) =>
  route.fulfill({ contentType: 'text/html', body: '<title>kdf</title>' }),
);
await page.goto('http://localhost/');
if (HASH_WASM) await page.addScriptTag({ content: readFileSync(HASH_WASM, 'utf8') });
const cdp = await page.context().newCDPSession(page);

/** The browser's renderer processes (descendants of the browser launched here). */
const renderers = () => {
  const parent = new Map<string, string | undefined>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      // Gone meanwhile.
    }
  }
  const mine = (pid: string) => {
    for (let p: string | undefined = pid; p && p !== '0'; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter(
    (pid) => mine(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer'),
  );
};
/** CPU ms of the renderers' threads: 'main', 'WebCrypto', others by name. */
const threadCpu = () => {
  const out: Record<string, number> = {};
  for (const pid of renderers()) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = tid === pid ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out[name] = (out[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        // Gone meanwhile.
      }
    }
  }
  return out;
};
/** What one case derives in the page: PBKDF2 with its iterations, or Argon2id as [memory KiB, passes]. */
type Derivation = { pbkdf2: number } | { argon2: [number, number] };
const inPage = (what: Derivation) =>
  page.evaluate(
    async ({ what, runs }) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const salt = crypto.getRandomValues(new Uint8Array(16));
        const start = performance.now();
        if ('pbkdf2' in what) {
          const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(`guess ${i}`), 'PBKDF2', false, [
            'deriveBits',
          ]);
          await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: what.pbkdf2 }, key, 256);
        } else {
          const [memorySize, iterations] = what.argon2;
          // hash-wasm's UMD build (HASH_WASM), added to the page above; it is not a dependency, so untyped here.
          const { hashwasm } = globalThis as unknown as { hashwasm: { argon2id(options: object): Promise<unknown> } };
          await hashwasm.argon2id({
            password: `guess ${i}`,
            salt,
            parallelism: 1,
            iterations,
            memorySize,
            hashLength: 32,
            outputType: 'binary',
          });
        }
        times.push(performance.now() - start);
      }
      return times;
    },
    { what, runs: RUNS },
  );
const cases: { label: string; what: Derivation }[] = [
  ...PBKDF2.map((iterations) => ({
    label: `PBKDF2 ${iterations.toLocaleString('en-US')}`,
    what: { pbkdf2: iterations },
  })),
  ...(HASH_WASM
    ? ARGON2.map(([m, t]) => ({
        label: `Argon2id (hash-wasm) m=${m} KiB t=${t}`,
        what: { argon2: [m, t] as [number, number] },
      }))
    : []),
];
if (HASH_WASM) await inPage({ argon2: [1024, 1] }); // compiles the WebAssembly once
for (const rate of [1, 4]) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  console.log(`Chromium, CPU throttling ${rate}x, ${RUNS} runs each:`);
  for (const { label, what } of cases) {
    const before = threadCpu();
    const times = await inPage(what);
    const after = threadCpu();
    const per = (name: string) => Math.round(((after[name] ?? 0) - (before[name] ?? 0)) / RUNS);
    console.log(
      `  ${label}: ${spread(times)} ms wall (min/median/max); CPU per derivation: WebCrypto thread ${per('WebCrypto')} ms, ` +
        `main thread ${per('main')} ms (load ${load()})`,
    );
  }
}
await browser.close();
await server.close();
