// Benchmark of a large private gallery on a phone: a generated 150-photo gallery, opened with its
// password at 4x CPU slowdown in headless Chromium. Reports the time from pressing Unlock to the
// first thumbnail on screen and to a full first screen, then the peak JS heap while scrolling
// through every photo and opening a few in the viewer, and which encrypted files the page fetched at
// each step (thumbnails and full sizes: only what is on screen should be). Not a test: numbers vary
// with the host.
// Usage: npm run gallery-bench -- [base URL of a running preview] [--photos N] [--cpu N] [--width N]
//   --width N      long side of the generated photos (default 2400; 6000 makes 24 MP camera-sized ones)
//   --build-only   time the gallery's build instead: cold (empty build cache), then warm; no browser
//   --publish      the owner's publish at scale instead: --photos N camera-sized photos in --galleries G
//                  galleries (default 2000 in 40, 6000 px) published to a local R2 bucket from an empty
//                  cache (wall, CPU, peak memory, objects, bytes), then one more gallery added and
//                  published again (time, uploads); no browser
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, findChromium } from '../shared/chromium.mjs';
import { buildVault, publishGalleries } from '../../src/private-gallery/publish/build.ts';
import { listGalleries, readGallery } from '../../src/private-gallery/publish/sources.ts';
import { openTarget } from '../../src/private-gallery/publish/target.ts';
import { kdfFor, newSalt, openIndex, openWithPassword, randomBytes } from '../../src/private-gallery/format/crypto.ts';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const base = args.find((arg) => arg.startsWith('http')) ?? 'http://127.0.0.1:4321';
const PHOTOS = option('--photos', 150);
const CPU = option('--cpu', 4);
const WIDTH = option('--width', 2400);
const buildOnly = args.includes('--build-only');
const publishMode = args.includes('--publish');
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
  const scene = async (i) => {
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
  const sceneBytes = [];
  for (let i = 0; i < 12; i++) sceneBytes.push(await scene(i));
  const dir = join(root, `galleries-${TOTAL}-${GALLERIES}-${width}`);
  const makeGallery = (g, count, first) => {
    const id = `client-${String(g).padStart(3, '0')}`;
    const folder = join(dir, id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'gallery.yaml'), `title: Client ${g}\ndownloads: web\n`);
    for (let p = 0; p < count; p++) {
      const file = join(folder, `IMG_${String(first + p).padStart(5, '0')}.jpg`);
      if (!existsSync(file))
        writeFileSync(file, Buffer.concat([sceneBytes[(first + p) % 12], Buffer.from(`photo ${first + p}`)]));
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
  const passwords = new Map();
  const run = async (label, galleries) => {
    for (const gallery of galleries) passwords.set(gallery.id, `${gallery.id} benchmark password`);
    const load = loadavg()[0].toFixed(1);
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
    writeFileSync(join(folder, `IMG_${p}.jpg`), Buffer.concat([sceneBytes[p % 12], Buffer.from(`new photo ${p}`)]));
  }
  await run('one gallery added', [...galleries, readGallery(folder)]);
  process.exit(0);
}

// 1. A gallery of PHOTOS photos with grain, so they compress like real ones (kept between runs).
const root = resolve('node_modules/.cache/gallery-bench');
const folder = join(root, WIDTH === 2400 ? 'private' : `private-${WIDTH}`, 'bench');
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
const vault = join(root, 'vault');
const cacheDir = join(root, 'cache');
const options = { kdf: kdfFor(newSalt()), passwords: new Map([['bench', PASSWORD]]), seed: randomBytes(32), cacheDir };
const build = async (label) => {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const result = await buildVault(vault, [gallery], options);
  const { user, system } = process.cpuUsage(cpu);
  const cache = `: ${result.cache.resized} resized, ${result.uploads.photoFiles} files sealed, ${result.uploads.kept} already there`;
  console.log(
    `${label} build of a ${PHOTOS}-photo gallery (${WIDTH} px photos): ${Date.now() - started} ms, ` +
      `CPU ${Math.round((user + system) / 1000)} ms${cache}`,
  );
};
let started;
if (buildOnly) {
  rmSync(cacheDir, { recursive: true, force: true });
  await build('cold');
  await build('warm');
  process.exit(0);
}
await build('cached');

// 2. Open it as a client on a phone.
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
});
await context.addInitScript(() => localStorage.setItem('ageVerified', 'yes'));
const page = await context.newPage();
// Which file is which, read the way the page reads it: thumbnails and full sizes by file name.
const manifest = JSON.parse(readFileSync(join(vault, 'manifest.json'), 'utf8'));
const opened = await openWithPassword(manifest, PASSWORD);
const index = await openIndex(opened.pointer, new Uint8Array(readFileSync(join(vault, opened.pointer.file))));
const kinds = new Map(
  index.images.flatMap((image) => [
    [image.thumb.file, 'thumb'],
    [image.full.file, 'full'],
  ]),
);
const fetched = { thumb: 0, full: 0, thumbBytes: 0, fullBytes: 0 };
const fetchedNow = () =>
  `${fetched.thumb} of ${PHOTOS} thumbnails (${Math.round(fetched.thumbBytes / 1024)} KB), ` +
  `${fetched.full} of ${PHOTOS} full sizes (${Math.round(fetched.fullBytes / 1024)} KB)`;
await page.route('**/vault/**', (route) => {
  const name = basename(new URL(route.request().url()).pathname);
  const path = join(vault, name);
  if (!existsSync(path)) return route.fulfill({ status: 404 });
  const body = readFileSync(path);
  const kind = kinds.get(name);
  if (kind) {
    fetched[kind]++;
    fetched[`${kind}Bytes`] += body.length;
  }
  return route.fulfill({ body });
});
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
await cdp.send('Performance.enable');
await page.goto(`${base}/private-gallery`);
await page.locator('astro-island[ssr]').waitFor({ state: 'detached', timeout: 60_000 });
await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
// The key derivation alone, as the page does it (PBKDF2-SHA-256, the manifest's parameters).
const kdfMs = await page.evaluate(async () => {
  const { kdf } = await (await fetch('/vault/manifest.json')).json();
  const salt = Uint8Array.from(atob(kdf.salt), (c) => c.charCodeAt(0));
  const start = performance.now();
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode('x'), 'PBKDF2', false, ['deriveBits']);
  await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: kdf.iterations }, material, 256);
  return performance.now() - start;
});

const timing = page.evaluate(
  () =>
    new Promise((done) => {
      const start = performance.now();
      const times = {};
      const check = () => {
        const shown = [...document.querySelectorAll('[data-client-gallery] li img')].filter((img) => {
          const box = img.getBoundingClientRect();
          return img.complete && img.naturalWidth > 0 && box.top < innerHeight && box.bottom > 0;
        }).length;
        if (shown >= 1 && times.first === undefined) times.first = performance.now() - start;
        const tiles = [...document.querySelectorAll('[data-client-gallery] li')].filter(
          (li) => li.getBoundingClientRect().top < innerHeight,
        ).length;
        if (tiles > 0 && shown >= tiles) {
          times.screen = performance.now() - start;
          times.onScreen = shown;
          return done(times);
        }
        requestAnimationFrame(check);
      };
      document.querySelector('[data-password-dialog] button[type=submit]').click();
      requestAnimationFrame(check);
    }),
);
const times = await timing;
console.log(
  `${PHOTOS} photos, phone viewport, CPU slowdown ${CPU}x (Chromium, password entered on the page):\n` +
    `  first thumbnail on screen after Unlock: ${Math.round(times.first)} ms (of which the PBKDF2 derivation alone takes about ${Math.round(kdfMs)} ms)\n` +
    `  first screen complete (${times.onScreen} thumbnails): ${Math.round(times.screen)} ms`,
);
// A second later, what the page has fetched without any scrolling.
await page.waitForTimeout(1000);
console.log(`  fetched after Unlock, before scrolling: ${fetchedNow()}`);

let peak = 0;
const sample = async () => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  peak = Math.max(peak, used);
  return used;
};
await sample();
// Scroll through the whole gallery, a screen at a time, letting thumbnails load.
started = Date.now();
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
const afterScroll = fetchedNow();
// Open the viewer and step through ten photos.
await page.getByRole('button', { name: 'Open photo 1', exact: true }).click();
for (let i = 0; i < 10; i++) {
  await page.locator('[data-full-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
  await sample();
  await page.keyboard.press('ArrowRight');
}
await page.keyboard.press('Escape');
const end = await sample();
await browser.close();

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  [
    `  scrolled through all ${PHOTOS}: every thumbnail shown ${allThumbs} ms after starting to scroll`,
    `  fetched after scrolling through: ${afterScroll}`,
    `  fetched after viewing 10 in the viewer: ${fetchedNow()}`,
    `  JS heap: peak ${mb(peak)} MB, after viewing 10 full images ${mb(end)} MB`,
  ].join('\n'),
);
