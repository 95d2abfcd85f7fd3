// Benchmark of a large private gallery on a phone: a generated 150-photo gallery, published to a
// local bucket of its own and served with the site's build by the host's runtime (wrangler pages
// dev) on a port of its own, both started here and stopped at the end (the site is built first if
// dist/ has no build). Opened with its password at 4x CPU slowdown in headless Chromium, it reports
// the time from pressing Unlock to the first thumbnail on screen and to a full first screen, the
// peak JS heap while scrolling through every photo and opening a few in the viewer, and which
// encrypted files the page fetched at each step (thumbnails, screen and large copies: only what is
// on screen should be). Then, on simulated slow 4G (Lighthouse's mobile figures) at 390 px, the
// gallery unlocked --runs times by a fresh phone: first thumbnail and first screenful after Unlock,
// as median (min-max), with where the time went in each run; then the viewer: per photo opened, the
// bytes fetched and the time from the tap to the photo shown sharp. Not a test: numbers vary with
// the host.
// Usage: npm run gallery-bench -- [--port N] [--photos N] [--cpu N] [--width N] [--views N] [--runs N] [--slow-only] [--build]
//   --port N       the server's port (default 4335; its inspector uses N+10000)
//   --views N      photos opened in the viewer on slow 4G (default 5; 0 for none)
//   --runs N       unlocks timed on slow 4G, each by a fresh phone (default 5)
//   --slow-only    only the slow-4G unlocks and the viewer: no unthrottled phone, no scroll through
// GALLERY_BENCH_PROFILE=<file> writes a CPU profile (.cpuprofile) of the first slow-4G unlock.
//   --build        build the site first even if dist/ has a build
//   --width N      long side of the generated photos (default 2400; 6000 makes 24 MP camera-sized ones)
//   --camera       camera-like photos (scripts/audits/camera-photos.ts: a scene with strands, texture
//                  and grain, JPEG at quality 94) instead of coloured grain, which a resize averages
//                  out: the viewer's copy then weighs what a real photo's does
//   --build-only   time the gallery's build instead: cold (empty build cache), then warm; no browser
//   --publish      the owner's publish at scale instead: --photos N camera-sized photos in --galleries G
//                  galleries (default 2000 in 40, 6000 px) published to a local R2 bucket from an empty
//                  cache (wall, CPU, peak memory, objects, bytes), then one more gallery added and
//                  published again (time, uploads); no browser
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { writeCameraPhoto } from './camera-photos.ts';
import { startCdn } from '../servers/cdn.ts';
import { CHROMIUM_ARGS, findChromium, PHONE } from '../shared/chromium.ts';
import { buildVault, publishGalleries } from '../../src/private-gallery/publish/build.ts';
import { listGalleries, readGallery } from '../../src/private-gallery/publish/sources.ts';
import { openTarget } from '../../src/private-gallery/publish/target.ts';
import { fromBase64, randomBytes, toBase64 } from '../../src/private-gallery/format/encodings.ts';
import {
  IV_BYTES,
  kdfFor,
  newSalt,
  openIndex,
  openWithPassword,
  TAG_BYTES,
} from '../../src/private-gallery/format/keys.ts';
import { fileBucket } from '../../src/private-gallery/format/buckets.ts';
import { isManifest, type VaultIndex } from '../../src/private-gallery/format/types.ts';
import type { GallerySource } from '../../src/private-gallery/publish/sources.ts';
import { fileHeader, readOptions } from '../shared/options.ts';

const { values } = readOptions({
  name: 'gallery-bench',
  usage:
    'npm run gallery-bench -- [--port N] [--photos N] [--cpu N] [--width N] [--camera] [--views N] [--runs N] [--slow-only] [--build] [--build-only] [--publish [--galleries G]]',
  help: fileHeader(import.meta.url),
  options: {
    port: { type: 'string' },
    views: { type: 'string' },
    runs: { type: 'string' },
    'slow-only': { type: 'boolean' },
    photos: { type: 'string' },
    cpu: { type: 'string' },
    width: { type: 'string' },
    build: { type: 'boolean' },
    camera: { type: 'boolean' },
    'build-only': { type: 'boolean' },
    publish: { type: 'boolean' },
    galleries: { type: 'string' },
  },
});
/** A number option's value, or `fallback` when it is not given. */
const option = (
  name: `--${'port' | 'views' | 'runs' | 'photos' | 'cpu' | 'width' | 'galleries'}`,
  fallback: number,
) => {
  const value = values[name.slice(2) as 'port' | 'views' | 'runs' | 'photos' | 'cpu' | 'width' | 'galleries'];
  return value === undefined ? fallback : Number(value);
};
const PORT = option('--port', 4335);
const VIEWS = option('--views', 5);
const RUNS = option('--runs', 5);
const PHOTOS = option('--photos', 150);
const CPU = option('--cpu', 4);
const WIDTH = option('--width', 2400);
const buildOnly = Boolean(values['build-only']);
const publishMode = Boolean(values.publish);
const PASSWORD = 'benchmark gallery password';

if (publishMode) {
  const GALLERIES = option('--galleries', 40);
  const TOTAL = option('--photos', 2000);
  const width = option('--width', 6000);
  const root = resolve('node_modules/.cache/gallery-bench/publish');
  const scenes = join(root, `scenes-${width}`);
  mkdirSync(scenes, { recursive: true });
  // Twelve distinct camera-sized scenes; every photo is one of them with a marker after the image
  // data (ignored by decoders), so each has its own bytes and costs a full resize.
  const scene = async (i: number) => {
    const file = join(scenes, `scene-${i}.jpg`);
    if (!existsSync(file)) {
      await sharp({
        create: {
          width,
          height: Math.round((width * 2) / 3),
          channels: 3,
          background: `hsl(${(i * 47) % 360}, 35%, 45%)`,
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .jpeg({ quality: 85 })
        .toFile(file);
    }
    return readFileSync(file);
  };
  const sceneBytes: Buffer[] = [];
  /** The scene photo `n` is made from (there are twelve, so one is always there). */
  const sceneOf = (n: number): Buffer => sceneBytes[n % 12] ?? Buffer.alloc(0);
  for (let i = 0; i < 12; i++) sceneBytes.push(await scene(i));
  const dir = join(root, `galleries-${TOTAL}-${GALLERIES}-${width}`);
  const makeGallery = (g: number, count: number, first: number) => {
    const id = `client-${String(g).padStart(3, '0')}`;
    const folder = join(dir, id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'gallery.yaml'), `title: Client ${g}\ndownloads: web\n`);
    for (let p = 0; p < count; p++) {
      const file = join(folder, `IMG_${String(first + p).padStart(5, '0')}.jpg`);
      if (!existsSync(file))
        writeFileSync(file, Buffer.concat([sceneOf(first + p), Buffer.from(`photo ${first + p}`)]));
    }
    return id;
  };
  const perGallery = Math.ceil(TOTAL / GALLERIES);
  for (let g = 0; g < GALLERIES; g++) makeGallery(g, Math.min(perGallery, TOTAL - g * perGallery), g * perGallery);
  const extra = join(root, 'extra');
  rmSync(extra, { recursive: true, force: true });
  const state = join(root, 'state');
  const cacheDir = join(root, 'cache');
  rmSync(state, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
  const kdf = kdfFor(newSalt());
  const seed = randomBytes(32);
  const passwords = new Map<string, string>();
  const run = async (label: string, galleries: GallerySource[]) => {
    for (const gallery of galleries) passwords.set(gallery.id, `${gallery.id} benchmark password`);
    const load = (loadavg()[0] ?? NaN).toFixed(1);
    const started = Date.now();
    const cpu = process.cpuUsage();
    const target = await openTarget({ persistTo: state });
    const result = await publishGalleries(target, galleries, { kdf, passwords, seed, cacheDir });
    const objects = (await target.list()).size;
    await target.close();
    const { user, system } = process.cpuUsage(cpu);
    const photos = result.galleries.reduce((sum, gallery) => sum + gallery.photos, 0);
    console.log(
      `${label}: ${result.galleries.length} galleries, ${photos} photos (${width} px) to the local bucket in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s wall, ${((user + system) / 1e6).toFixed(1)} s CPU, ` +
        `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; ${result.cache.resized} resized; ` +
        `${result.uploads.photoFiles} photo files + ${result.uploads.other} indexes/lists uploaded ` +
        `(${(result.uploads.bytes / 1024 / 1024).toFixed(1)} MB), ${result.uploads.kept} already there, ` +
        `${result.uploads.deleted} deleted; the bucket holds ${objects} objects (load average ${load} at start)`,
    );
  };
  const galleries = listGalleries(dir);
  await run('cold publish', galleries);
  mkdirSync(extra, { recursive: true });
  // One more gallery beside them, made of new photos.
  const id = 'client-new';
  const folder = join(extra, id);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'gallery.yaml'), 'title: New client\ndownloads: web\n');
  for (let p = 0; p < perGallery; p++) {
    writeFileSync(join(folder, `IMG_${p}.jpg`), Buffer.concat([sceneOf(p), Buffer.from(`new photo ${p}`)]));
  }
  await run('one gallery added', [...galleries, readGallery(folder)]);
  process.exit(0);
}

// 1. A gallery of PHOTOS photos with grain, so they compress like real ones (kept between runs).
const root = resolve('node_modules/.cache/gallery-bench');
const CAMERA = Boolean(values.camera);
const folder = join(root, `${WIDTH === 2400 ? 'private' : `private-${WIDTH}`}${CAMERA ? '-camera' : ''}`, 'bench');
mkdirSync(folder, { recursive: true });
// Twelve distinct scenes; the others are copies of them made distinct by a marker after the image
// data (ignored by decoders): the build caches by a photo's bytes, so each still costs a full resize,
// without spending minutes making more 24 MP photos.
const SCENES = 12;
for (let i = 1; i <= PHOTOS; i++) {
  const file = join(folder, `photo-${String(i).padStart(3, '0')}.jpg`);
  if (existsSync(file)) continue;
  if (i > SCENES) {
    const scene = readFileSync(join(folder, `photo-${String(((i - 1) % SCENES) + 1).padStart(3, '0')}.jpg`));
    writeFileSync(file, Buffer.concat([scene, Buffer.from(`copy ${i}`)]));
    continue;
  }
  if (CAMERA) {
    await writeCameraPhoto(file, { width: WIDTH, height: Math.round((WIDTH * 2) / 3), seed: i, exif: false });
    continue;
  }
  const hue = (i * 47) % 360;
  await sharp({
    create: {
      width: WIDTH,
      height: Math.round((WIDTH * 2) / 3),
      channels: 3,
      background: `hsl(${hue}, 35%, 45%)`,
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toFile(file);
}
writeFileSync(join(folder, 'gallery.yaml'), 'title: Benchmark gallery\ndownloads: web\n');
// Only this many photos, should an earlier run have made more.
const gallery = readGallery(folder);
gallery.photos = gallery.photos.slice(0, PHOTOS);
const cacheDir = join(root, 'cache');
/** What a publish or a build reports of its work, as build.ts returns it. */
type Published = Pick<Awaited<ReturnType<typeof publishGalleries>>, 'cache' | 'uploads'>;
const timed = async (label: string, publish: () => Promise<Published>) => {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const result = await publish();
  const { user, system } = process.cpuUsage(cpu);
  console.log(
    `${label} publish of a ${PHOTOS}-photo gallery (${WIDTH} px ${CAMERA ? 'camera-like ' : ''}photos): ${Date.now() - started} ms, ` +
      `CPU ${Math.round((user + system) / 1000)} ms: ${result.cache.resized} resized, ` +
      `${result.uploads.photoFiles} files sealed and uploaded, ${result.uploads.kept} already there`,
  );
};
if (buildOnly) {
  // A new seed each time, so the cold build seals every file again.
  const options = {
    kdf: kdfFor(newSalt()),
    passwords: new Map([['bench', PASSWORD]]),
    seed: randomBytes(32),
    cacheDir,
  };
  const vault = join(root, 'vault');
  rmSync(cacheDir, { recursive: true, force: true });
  await timed('cold', () => buildVault(vault, [gallery], options));
  await timed('warm', () => buildVault(vault, [gallery], options));
  process.exit(0);
}

// 2. Publish it to a local bucket of its own, as the owner's publish does. Its salt and seed are
// kept beside it, so a second run finds every file already there.
const secretsFile = join(root, 'secrets.json');
if (!existsSync(secretsFile)) {
  writeFileSync(secretsFile, JSON.stringify({ salt: newSalt(), seed: toBase64(randomBytes(32)) }));
}
const secrets = JSON.parse(readFileSync(secretsFile, 'utf8')) as { salt: string; seed: string };
const options = {
  kdf: kdfFor(secrets.salt),
  passwords: new Map([['bench', PASSWORD]]),
  seed: fromBase64(secrets.seed),
  cacheDir,
};
const state = join(root, `state-${WIDTH}${CAMERA ? '-camera' : ''}`);
const target = await openTarget({ persistTo: state });
let index: VaultIndex;
let indexFile: string;
try {
  await timed('cached', () => publishGalleries(target, [gallery], options));
  // Which file is which, read the way the page reads it.
  const read = async (name: string) => {
    const bytes = await target.get(name);
    if (!bytes) throw new Error(`gallery-bench: the bucket has no ${name} after the publish`);
    return new Uint8Array(bytes);
  };
  const manifest: unknown = JSON.parse(Buffer.from(await read('manifest.json')).toString('utf8'));
  if (!isManifest(manifest)) throw new Error("gallery-bench: the bucket's manifest.json is not a vault manifest");
  const opened = await openWithPassword(manifest, { gallery: 'bench', password: PASSWORD });
  if (!opened) throw new Error("gallery-bench: the benchmark gallery's password does not open it");
  indexFile = opened.pointer.file;
  index = await openIndex(opened.pointer, await read(opened.pointer.file));
} finally {
  await target.close();
}
const ROLES = ['thumb', 'screen', 'full'] as const;
type Role = (typeof ROLES)[number];
/** Each photo file's role and its size as served (IV, padded plaintext, tag), by name. */
const files = new Map(
  index.images.flatMap((image) =>
    ROLES.flatMap((role) => {
      const file = image[role];
      return file ? [[file.file, { role, size: IV_BYTES + fileBucket(file.bytes) + TAG_BYTES }] as const] : [];
    }),
  ),
);

// 3. The site, built if it is not (or with --build), served by the host's runtime on its own port
// with that bucket; stopped at the end.
if (Boolean(values.build) || !existsSync('dist/private-gallery.html')) {
  console.log('gallery-bench: building the site (npm run build)…');
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
}
const server = await startCdn({ port: PORT, sample: false, persistTo: state });
const base = server.origin;

const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });

/** The photo files a phone fetched, by role: how many and their bytes. */
type Fetched = Record<Role, { count: number; bytes: number }>;

/** A phone with a fresh cache, counting the photo files it fetches by role. */
async function phone({
  network,
}: { network?: { latency: number; downloadThroughput: number; uploadThroughput: number } } = {}) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(() => localStorage.setItem('ageVerified', 'yes'));
  const page = await context.newPage();
  const fetched: Fetched = {
    thumb: { count: 0, bytes: 0 },
    screen: { count: 0, bytes: 0 },
    full: { count: 0, bytes: 0 },
  };
  page.on('requestfinished', (request) => {
    const file = files.get(basename(new URL(request.url()).pathname));
    if (!file) return;
    fetched[file.role].count++;
    fetched[file.role].bytes += file.size;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  }
  return { context, page, cdp, fetched };
}
const kb = (bytes: number) => Math.round(bytes / 1024).toLocaleString('en-US');
const described = (fetched: Fetched) =>
  ROLES.filter((role) => role !== 'screen' || index.images[0]?.screen)
    .map(
      (role) =>
        `${fetched[role].count} ${{ thumb: 'thumbnails', screen: 'screen copies', full: 'large copies' }[role]} (${kb(fetched[role].bytes)} KB)`,
    )
    .join(', ');

/** Where the time went after Unlock (ms after it), from the page's resource timings. */
interface Phases {
  index: number[] | undefined;
  scripts: [file: string, from: number, to: number][];
  thumbRequested: number | undefined;
  thumbArrived: number | undefined;
  screenArrived: number | undefined;
  thumbsBeforeScreen: number;
  long: string;
  screen: string[];
}
/** An unlock's times: to the first thumbnail and to the full first screen, and where they went. */
interface UnlockTimes {
  shownAt: Record<string, number>;
  first?: number;
  screen?: number;
  onScreen?: number;
  phases?: Phases;
}

/**
 * Types the gallery's name and password and presses Unlock; resolves with the times to the first
 * thumbnail and the first full screen, and where the time went (from the page's resource timings,
 * in ms after Unlock): the index's request and response, scripts fetched after Unlock, and the
 * thumbnails' first request, first response and the first screen's last response.
 */
async function unlock(page: Page): Promise<UnlockTimes> {
  await page.goto(`${base}/private-gallery`);
  await page.locator('astro-island[ssr]').waitFor({ state: 'detached', timeout: 60_000 });
  await page.getByLabel('Gallery name', { exact: true }).fill('bench');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // She takes a few seconds to type: what the page fetches meanwhile is in before she presses Unlock.
  await page.waitForLoadState('networkidle');
  const thumbNames = index.images.map((image) => image.thumb.file);
  return page.evaluate(
    ({ indexName, thumbNames }) =>
      new Promise<UnlockTimes>((done) => {
        const start = performance.now();
        const times: UnlockTimes = { shownAt: {} };
        const long: PerformanceEntry[] = [];
        new PerformanceObserver((list) => long.push(...list.getEntries())).observe({ type: 'longtask' });
        const thumbs = new Set(thumbNames);
        const name = (entry: PerformanceEntry) => new URL(entry.name).pathname.split('/').pop() ?? '';
        const phases = (shownFiles: Set<string>): Phases => {
          // Entries of type 'resource' are resource timings.
          const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (entry) => entry.startTime >= start - 1,
          );
          const at = (ms: number) => Math.round(ms - start);
          const index = entries.find((entry) => name(entry) === indexName);
          const scripts = entries.filter((entry) => entry.initiatorType === 'script' || /\.js$/.test(name(entry)));
          const thumbEntries = entries.filter((entry) => thumbs.has(name(entry)));
          const first = thumbEntries.map((entry) => entry.startTime).sort((a, b) => a - b)[0];
          const firstEnd = thumbEntries.map((entry) => entry.responseEnd).sort((a, b) => a - b)[0];
          const screenEnd = Math.max(
            ...thumbEntries.filter((entry) => shownFiles.has(entry.name)).map((entry) => entry.responseEnd),
          );
          return {
            index: index && [at(index.startTime), at(index.responseEnd)],
            scripts: scripts.map((entry): [string, number, number] => [
              name(entry),
              at(entry.startTime),
              at(entry.responseEnd),
            ]),
            thumbRequested: first === undefined ? undefined : at(first),
            thumbArrived: firstEnd === undefined ? undefined : at(firstEnd),
            screenArrived: Number.isFinite(screenEnd) ? at(screenEnd) : undefined,
            thumbsBeforeScreen: thumbEntries.filter((entry) => entry.startTime <= screenEnd).length,
            long: long.map((task) => `${at(task.startTime)}+${Math.round(task.duration)}`).join(' '),
            // The first screen's thumbnails, in the grid's order: when each was in, and shown.
            screen: Object.keys(times.shownAt).map((n) => {
              const entry = thumbEntries.find((e) => name(e) === thumbNames[Number(n) - 1]);
              return `${n}: ${entry ? `${at(entry.startTime)}-${at(entry.responseEnd)}` : '?'}/${at(times.shownAt[n] ?? NaN)}`;
            }),
          };
        };
        const check = () => {
          // The first screen is among the first tiles: looking at 150 each frame would slow the page it times.
          const tiles = [...document.querySelectorAll('[data-client-gallery] li')].slice(0, 30);
          const shownImages = tiles
            .flatMap((li) => [...li.querySelectorAll('img')])
            .filter((img) => {
              const box = img.getBoundingClientRect();
              return img.complete && img.naturalWidth > 0 && box.top < innerHeight && box.bottom > 0;
            });
          for (const img of shownImages) {
            // Every image here is inside a tile (li) of the grid, which names its photo.
            const photo = img.closest('li')?.dataset['photo'];
            if (photo !== undefined) times.shownAt[photo] ??= performance.now();
          }
          const shown = shownImages.length;
          if (shown >= 1 && times.first === undefined) times.first = performance.now() - start;
          const onScreen = tiles.filter((li) => li.getBoundingClientRect().top < innerHeight).length;
          if (onScreen > 0 && shown >= onScreen) {
            times.screen = performance.now() - start;
            times.onScreen = shown;
            // The first screen's thumbnails are blob: URLs; the files they came from are all the
            // thumbnails that arrived before the last of them was shown.
            const arrived = new Set(
              (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
                .filter((entry) => thumbs.has(name(entry)) && entry.responseEnd <= performance.now())
                .map((entry) => entry.name),
            );
            times.phases = phases(arrived);
            return done(times);
          }
          requestAnimationFrame(check);
        };
        const unlockButton = document.querySelector<HTMLElement>('[data-password-dialog] button[type=submit]');
        if (!unlockButton) throw new Error('no Unlock button in the password dialog');
        unlockButton.click();
        requestAnimationFrame(check);
      }),
    { indexName: indexFile, thumbNames },
  );
}

/**
 * Taps a photo's thumbnail (or the viewer's Next button) and waits for the photo shown sharp: its
 * screen or large copy decrypted, decoded and painted. Resolves with the milliseconds since the tap.
 */
function tapToSharp(page: Page, number: number) {
  return page.evaluate(
    (n) =>
      new Promise<{ ms: number; width: number; height: number }>((done, fail) => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        const start = performance.now();
        const dialog = document.querySelector('dialog[open]');
        const button = dialog
          ? [...dialog.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Next photo')
          : document.querySelector<HTMLButtonElement>(`button[aria-label="Open photo ${n}"]`);
        if (!button) return fail(new Error(`nothing to tap for photo ${n}`));
        button.click();
        const check = async (): Promise<void> => {
          const position = document.querySelector('dialog[open] [data-lightbox-position]')?.textContent;
          const ready = document.querySelector('dialog[open] [data-full-state="ready"]');
          if (position !== String(n) || !ready) {
            requestAnimationFrame(check);
            return;
          }
          const img = document.querySelector<HTMLImageElement>('dialog[open] [data-lightbox-image]');
          if (!img) return fail(new Error(`the viewer shows photo ${n} ready but no image`));
          await img.decode();
          await frame();
          done({ ms: performance.now() - start, width: img.naturalWidth, height: img.naturalHeight });
        };
        requestAnimationFrame(check);
      }),
    number,
  );
}

// 4. Open it as a client on a phone (network unthrottled, CPU slowed down).
if (!values['slow-only']) {
  const { context, page, cdp, fetched } = await phone();
  // The key derivation alone, as the page does it (PBKDF2-SHA-256, the manifest's parameters; the
  // gallery's own salt costs one SHA-256 more).
  await page.goto(`${base}/private-gallery`);
  const kdfMs = await page.evaluate(async () => {
    const { kdf } = await (await fetch('/vault/manifest.json')).json();
    const salt = Uint8Array.from(atob(kdf.salt), (c) => c.charCodeAt(0));
    const start = performance.now();
    const material = await crypto.subtle.importKey('raw', new TextEncoder().encode('x'), 'PBKDF2', false, [
      'deriveBits',
    ]);
    await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: kdf.iterations },
      material,
      256,
    );
    return performance.now() - start;
  });
  const times = await unlock(page);
  console.log(
    `${PHOTOS} photos, phone viewport (390 px at 3x), CPU slowdown ${CPU}x, network unthrottled (Chromium, password entered on the page; load average ${(loadavg()[0] ?? NaN).toFixed(1)}):\n` +
      `  first thumbnail on screen after Unlock: ${Math.round(times.first ?? NaN)} ms (of which the PBKDF2 derivation alone takes about ${Math.round(kdfMs)} ms)\n` +
      `  first screen complete (${times.onScreen} thumbnails): ${Math.round(times.screen ?? NaN)} ms`,
  );
  // A second later, what the page has fetched without any scrolling.
  await page.waitForTimeout(1000);
  console.log(`  fetched after Unlock, before scrolling: ${described(fetched)}`);

  await cdp.send('Performance.enable');
  let peak = 0;
  const sample = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    peak = Math.max(peak, used);
    return used;
  };
  await sample();
  // Scroll through the whole gallery, a screen at a time, letting thumbnails load.
  const started = Date.now();
  for (;;) {
    const atEnd = await page.evaluate(() => {
      scrollBy(0, innerHeight);
      return innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    await sample();
    if (atEnd) break;
  }
  await page.waitForFunction((n) => document.querySelectorAll('[data-client-gallery] li img').length >= n, PHOTOS, {
    timeout: 120_000,
  });
  const allThumbs = Date.now() - started;
  await sample();
  const afterScroll = described(fetched);
  // Open the viewer and step through ten photos.
  await page.getByRole('button', { name: 'Open photo 1', exact: true }).click();
  for (let i = 0; i < 10; i++) {
    await page.locator('[data-full-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    await sample();
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('Escape');
  const end = await sample();
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    [
      `  scrolled through all ${PHOTOS}: every thumbnail shown ${allThumbs} ms after starting to scroll`,
      `  fetched after scrolling through: ${afterScroll}`,
      `  fetched after viewing 10 in the viewer: ${described(fetched)}`,
      `  JS heap: peak ${mb(peak)} MB, after viewing 10 photos ${mb(end)} MB`,
    ].join('\n'),
  );
  await context.close();
}

// 5. On simulated slow 4G (Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbps down, 750 Kbps
// up, CPU 4x) at 390 px: the gallery unlocked RUNS times, each by a fresh phone (nothing cached),
// timed from Unlock to the first thumbnail and to the first screenful; then, on the last phone, the
// viewer: per photo opened, the bytes fetched and the time from the tap to the photo shown sharp.
{
  const SLOW_4G = { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
  const ms = (value: number | undefined) => (value === undefined ? '?' : Math.round(value).toLocaleString('en-US'));
  const spread = (list: (number | undefined)[]) => {
    // sort() puts undefined last without comparing it.
    const sorted = [...list].sort((a, b) => (a ?? 0) - (b ?? 0));
    return `median ${ms(sorted[Math.floor(sorted.length / 2)])} ms (min ${ms(sorted[0])}, max ${ms(sorted.at(-1))})`;
  };
  console.log(
    `Unlocking on slow 4G (150 ms RTT, 1.6 Mbps down, CPU ${CPU}x), 390 px at 3x, ${RUNS} fresh phones; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}:`,
  );
  const runs: UnlockTimes[] = [];
  let last: Awaited<ReturnType<typeof phone>> | undefined;
  for (let run = 1; run <= RUNS; run++) {
    if (last) await last.context.close();
    last = await phone({ network: SLOW_4G });
    const profileFile = process.env['GALLERY_BENCH_PROFILE'];
    const profile = profileFile && run === 1;
    if (profile) {
      await last.cdp.send('Profiler.enable');
      await last.cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await last.cdp.send('Profiler.start');
    }
    const times = await unlock(last.page);
    if (profile) {
      writeFileSync(profileFile, JSON.stringify((await last.cdp.send('Profiler.stop')).profile));
    }
    runs.push(times);
    // An unlock resolves once the first screen is complete, with its phases.
    const p = times.phases;
    if (!p) throw new Error(`run ${run}: the unlock ended without its phases`);
    const scripts = p.scripts.map(([file, from, to]) => `${file} ${from}-${to}`).join(', ');
    console.log(
      `  run ${run}: first thumbnail ${ms(times.first)} ms, first screen (${times.onScreen}) ${ms(times.screen)} ms; ` +
        `index ${p.index ? p.index.join('-') : '?'} ms, first thumbnail asked ${ms(p.thumbRequested)} and in ${ms(p.thumbArrived)}, ` +
        `${p.thumbsBeforeScreen} thumbnails in by ${ms(p.screenArrived)}; the screen's (asked-in/shown) ${p.screen.join(', ')}; ` +
        `scripts after Unlock: ${scripts || 'none'}; long tasks ${p.long}`,
    );
  }
  console.log(
    `  first thumbnail after Unlock: ${spread(runs.map((t) => t.first))}\n` +
      `  first screenful after Unlock: ${spread(runs.map((t) => t.screen))}; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  if (!last) throw new Error('gallery-bench: --runs 0 leaves no phone to open the viewer on');
  const { context, page, fetched } = last;
  // The first screen's thumbnails are all in before the first tap, so the photo has the line to itself.
  const inFlight = () => ROLES.reduce((sum, role) => sum + fetched[role].count, 0);
  for (let seen = -1; VIEWS > 0 && seen !== inFlight();) {
    seen = inFlight();
    await page.waitForTimeout(1500);
  }
  if (VIEWS > 0) console.log(`The viewer on the last phone, after Unlock: ${described(fetched)}`);
  const rows: { ms: number; bytes: number }[] = [];
  for (let n = 1; n <= VIEWS; n++) {
    const before: Fetched = structuredClone(fetched);
    const shown = await tapToSharp(page, n);
    const step = ROLES.filter((role) => fetched[role].count > before[role].count).map(
      (role) => `${role} ${kb(fetched[role].bytes - before[role].bytes)} KB`,
    );
    const bytes = ROLES.reduce((sum, role) => sum + fetched[role].bytes - before[role].bytes, 0);
    rows.push({ ms: shown.ms, bytes });
    console.log(
      `  photo ${n}: sharp ${Math.round(shown.ms).toLocaleString('en-US')} ms after the tap ` +
        `(${shown.width}×${shown.height}); fetched ${kb(bytes)} KB (${step.join(', ') || 'nothing'})`,
    );
  }
  const sorted = rows.map((row) => row.ms).sort((a, b) => a - b);
  if (VIEWS > 0) {
    const total = rows.reduce((sum, row) => sum + row.bytes, 0);
    console.log(
      `  ${VIEWS} photos: median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN).toLocaleString('en-US')} ms to sharp ` +
        `(min ${Math.round(sorted[0] ?? NaN).toLocaleString('en-US')}, max ${Math.round(sorted.at(-1) ?? NaN).toLocaleString('en-US')}), ` +
        `${kb(total / VIEWS)} KB a photo, ${kb(total)} KB in all`,
    );
  }
  await context.close();
}
await browser.close();
server.stop();
