// `npm run audit:photos`: the site built from camera files instead of the placeholders, and checked.
// Copies the project into a temporary folder, puts camera-like photos (scripts/audits/camera-photos.ts:
// 6000×4000 and 4000×6000 JPEGs, 8-12 MB, with GPS, serial number and Orientation EXIF) in place of
// the first N placeholders, builds it, and runs the dist checks, the image checks (no original, no
// metadata, size budgets), the byte budgets and the first-view budgets at 390 px against that build.
// The photos replace the placeholders in the order a visitor meets them: hero, the portfolio's
// "All" view, before/after, erotica samples, the rest of the portfolio, blog; beyond the 62 photo
// places, extra portfolio entries are added (for build benchmarks at 150 or 500 photos).
// Options:
//   --photos N      camera photos to use (default 12; 0 builds the placeholders the same way)
//   --bench         build-time benchmark only: a cold build (empty image cache), then a warm one;
//                   prints wall time, CPU time (user + system of the whole build) and peak memory
//                   of each (`npm run bench:build -- --photos 36`)
//   --lighthouse    also run `npm run audit` (Lighthouse mobile, CPU calibrated to the host) against the
//                   build; --runs N for it (default 5)
//   --port N        port for the servers the checks start (default 4330; the Lighthouse one uses N+1)
//   --shared-extras the extra portfolio entries beyond the 62 places all show one photo: the pages
//                   and the portfolio's files are those of N photos, the build is not (it encodes
//                   one photo for them all); for measuring page sizes at 500 photos in minutes
// Writes reports/photo-audit.json. Needs exiftool (Debian package "exiftool").
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  openSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EXIFTOOL, requireExiftool, writeCameraPhoto } from './camera-photos.ts';
import { describePortfolioSize, portfolioSize } from './portfolio-size.ts';
import { fileHeader, readOptions } from '../shared/options.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const { values } = readOptions({
  name: 'audit-photos',
  usage: 'npm run audit:photos -- [--photos N] [--bench] [--lighthouse] [--runs N] [--port N] [--shared-extras]',
  help: fileHeader(import.meta.url),
  options: {
    photos: { type: 'string' },
    bench: { type: 'boolean' },
    lighthouse: { type: 'boolean' },
    runs: { type: 'string' },
    port: { type: 'string' },
    'shared-extras': { type: 'boolean' },
  },
});
const photos = Number(values.photos ?? '12');
const bench = Boolean(values.bench);
const lighthouse = Boolean(values.lighthouse);
const runs = values.runs ?? '5';
const port = Number(values.port ?? '4330');
const sharedExtras = Boolean(values['shared-extras']);
const SITE = process.env['PHOTO_SITE_DIR'] ?? join(tmpdir(), 'coastlight-photo-site');
const MB = 1024 * 1024;
const SOURCES = process.env['PHOTO_SOURCES_DIR'] ?? join(tmpdir(), 'coastlight-camera-photos');

/** Distinct camera scenes; places reuse them in turn, each as its own file (see `put`). */
const LANDSCAPES = 2;
const PORTRAITS = 2;
/** A photo's orientation, as the camera held it. */
type Kind = 'landscape' | 'portrait';
const source = (kind: Kind, index: number) => {
  const [width, height] = kind === 'landscape' ? [6000, 4000] : [4000, 6000];
  return {
    path: join(SOURCES, `${kind}-${index + 1}.jpg`),
    width,
    height,
    seed: (kind === 'landscape' ? 100 : 200) + index,
  };
};

/** Photo places in the order a visitor meets them: [file in content/images, kind]. */
function places(): [file: string, kind: Kind][] {
  const list: [string, Kind][] = [];
  const n = (i: number) => String(i).padStart(2, '0');
  for (let i = 1; i <= 3; i++) list.push([`hero/hero-${n(i)}.jpg`, 'landscape']);
  for (const category of ['classic', 'outdoor', 'fine-art'])
    for (let i = 1; i <= 3; i++) list.push([`portfolio/${category}/${category}-${n(i)}.jpg`, 'portrait']);
  for (let i = 1; i <= 10; i++) list.push([`before-after/before-after-${n(i)}.jpg`, 'landscape']);
  for (let i = 1; i <= 3; i++) list.push([`erotica/erotica-${n(i)}.jpg`, 'portrait']);
  for (const category of ['rain-room', 'classic', 'outdoor', 'fine-art'])
    for (let i = category === 'rain-room' ? 1 : 4; i <= 9; i++)
      list.push([`portfolio/${category}/${category}-${n(i)}.jpg`, 'portrait']);
  for (const name of readdirSync(join(ROOT, 'content/images/blog')).sort()) list.push([`blog/${name}`, 'landscape']);
  return list;
}

function copyProject() {
  const keepCache = existsSync(join(SITE, 'node_modules/.astro')) && !bench;
  const cache = join(tmpdir(), 'coastlight-photo-site-cache');
  rmSync(cache, { recursive: true, force: true });
  if (keepCache) cpSync(join(SITE, 'node_modules/.astro'), cache, { recursive: true });
  rmSync(SITE, { recursive: true, force: true });
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(SITE, file)), { recursive: true });
    cpSync(join(ROOT, file), join(SITE, file));
  }
  // The project's packages, linked one by one so the copy gets its own image cache (node_modules/.astro).
  mkdirSync(join(SITE, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === '.astro' || name === '.vite') continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(SITE, 'node_modules', name));
  }
  if (keepCache) cpSync(cache, join(SITE, 'node_modules/.astro'), { recursive: true });
}

async function placePhotos() {
  if (!photos) return 0;
  requireExiftool();
  mkdirSync(SOURCES, { recursive: true });
  const counters: Record<Kind, number> = { landscape: 0, portrait: 0 };
  const pick = async (kind: Kind) => {
    const index = counters[kind]++ % (kind === 'landscape' ? LANDSCAPES : PORTRAITS);
    const photo = source(kind, index);
    if (!existsSync(photo.path)) {
      console.log(`audit-photos: generating ${photo.path} (${photo.width}×${photo.height})`);
      await writeCameraPhoto(photo.path, { ...photo, serial: `CL45${String(photo.seed).padStart(5, '0')}` });
    }
    return photo.path;
  };
  // Each place gets its own file: Astro processes a photo once per distinct content, so places
  // sharing one file would be encoded once and the build measured too light. A camera-like unique
  // image ID makes the copies distinct at the cost of a copy, not of making a new photo.
  const put = (from: string, to: string) => {
    rmSync(to, { force: true });
    mkdirSync(dirname(to), { recursive: true });
    cpSync(from, to);
    execFileSync(EXIFTOOL, ['-q', '-overwrite_original', `-ImageUniqueID=${to.replace(/\W+/g, '')}`, to]);
  };
  const list = places();
  for (const [file, kind] of list.slice(0, photos)) put(await pick(kind), join(SITE, 'content/images', file));
  // More photos than places: extra portfolio entries, as an owner with a large portfolio would have.
  const extra = Math.max(0, photos - list.length);
  if (extra) {
    let yaml = readFileSync(join(SITE, 'content/portfolio.yaml'), 'utf8');
    for (let i = 1; i <= extra; i++) {
      const name = `extra-${String(sharedExtras ? 1 : i).padStart(3, '0')}.jpg`;
      if (!sharedExtras || i === 1) put(await pick('portrait'), join(SITE, 'content/images/portfolio/extra', name));
      yaml += `- id: extra-${i}\n  image: ./images/portfolio/extra/${name}\n  category: classic\n  alt: Extra benchmark photo ${i}\n  overlay: Extra\n`;
    }
    writeFileSync(join(SITE, 'content/portfolio.yaml'), yaml);
  }
  return Math.min(photos, list.length) + extra;
}

/**
 * Runs the build under GNU time: wall seconds, CPU seconds (user + system of the build and every
 * process it waited for; unlike wall time it hardly moves with the host's load) and the peak
 * resident memory of the largest process.
 */
function build(label: string) {
  const astro = [process.execPath, join(SITE, 'node_modules/astro/bin/astro.mjs'), 'build'] as const;
  const timed = existsSync('/usr/bin/time');
  const timeFile = join(SITE, `time-${label}.txt`);
  const logFile = join(SITE, `build-${label}.log`);
  const log = openSync(logFile, 'w');
  const started = Date.now();
  const result = spawnSync(
    timed ? '/usr/bin/time' : astro[0],
    timed ? ['-o', timeFile, '-f', 'TIME %e %M %U %S', ...astro] : astro.slice(1),
    { cwd: SITE, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0) {
    console.error(readFileSync(logFile, 'utf8').slice(-4000));
    throw new Error(`audit-photos: the ${label} build failed (log: ${logFile})`);
  }
  const usage = timed ? readFileSync(timeFile, 'utf8').match(/TIME [\d.]+ (\d+) ([\d.]+) ([\d.]+)/) : null;
  const row = {
    label,
    seconds: Math.round(seconds),
    cpuSeconds: usage ? Math.round(Number(usage[2]) + Number(usage[3])) : null,
    peakMb: usage ? Math.round(Number(usage[1]) / 1024) : null,
    load: loadavg().map((n) => Number(n.toFixed(1))),
  };
  console.log(
    `audit-photos: ${label} build ${row.seconds} s (CPU ${row.cpuSeconds ?? '?'} s), peak memory ${row.peakMb ?? '?'} MB, ` +
      `load average ${row.load.join(' ')} (log: ${logFile})`,
  );
  return row;
}

function distStats() {
  const walk = (dir: string): { path: string; size: number }[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [{ path, size: statSync(path).size }];
    });
  const files = walk(join(SITE, 'dist'));
  const largest = files.reduce((a, b) => (b.size > a.size ? b : a));
  return {
    distMb: Number((files.reduce((sum, f) => sum + f.size, 0) / MB).toFixed(1)),
    files: files.length,
    largest: { file: largest.path.slice(join(SITE, 'dist').length + 1), kb: Math.round(largest.size / 1024) },
  };
}

function check(name: string, command: string, commandArgs: string[]) {
  console.log(`\naudit-photos: ${name}`);
  const result = spawnSync(command, commandArgs, { cwd: SITE, stdio: 'inherit' });
  return { name, passed: result.status === 0 };
}

copyProject();
const used = await placePhotos();
console.log(`audit-photos: ${used} camera photos in ${SITE}`);
const builds: ReturnType<typeof build>[] = [];
if (bench) rmSync(join(SITE, 'node_modules/.astro'), { recursive: true, force: true });
builds.push(build(bench ? 'cold' : 'fixture'));
if (bench) builds.push(build('warm'));
const stats = distStats();
console.log(
  `audit-photos: dist/ ${stats.distMb} MB in ${stats.files} files, largest ${stats.largest.file} ${stats.largest.kb} KB`,
);
const portfolio = portfolioSize(join(SITE, 'dist'));
console.log(`audit-photos: ${describePortfolioSize(portfolio)}`);
const checks: ReturnType<typeof check>[] = [];
if (!bench) {
  const node = process.execPath;
  checks.push(check('dist references', node, ['scripts/dist-checks/check-dist.ts']));
  checks.push(check('images: no original, no metadata, sizes', node, ['scripts/dist-checks/check-images.ts']));
  checks.push(check('byte budgets', node, ['scripts/dist-checks/check-budgets.ts']));
  checks.push(check('first view at 390 px', node, ['scripts/dist-checks/first-view.ts', '--port', String(port)]));
  if (lighthouse)
    checks.push(check('Lighthouse', node, ['scripts/audits/audit.ts', '--runs', runs, '--port', String(port + 1)]));
}
mkdirSync(join(ROOT, 'reports'), { recursive: true });
const report = { date: new Date().toISOString(), photos: used, builds, ...stats, portfolio, checks };
writeFileSync(join(ROOT, 'reports/photo-audit.json'), JSON.stringify(report, null, 2));
const failed = checks.filter((c) => !c.passed);
console.log(
  `\naudit-photos: ${used} photos; ${builds.map((b) => `${b.label} ${b.seconds} s (CPU ${b.cpuSeconds} s) / ${b.peakMb} MB`).join(', ')}; ` +
    `dist/ ${stats.distMb} MB, largest ${stats.largest.kb} KB; ` +
    (bench
      ? 'benchmark only'
      : failed.length
        ? `FAILED: ${failed.map((c) => c.name).join(', ')}`
        : 'all checks passed') +
    '; report in reports/photo-audit.json',
);
process.exit(failed.length ? 1 : 0);
