// Checks every image in dist/: nothing unprocessed ships. Deterministic; runs in `npm run test:dist`.
// - No file in dist/ is a byte-for-byte copy of a photo in content/ (an original published as is).
// - No image carries EXIF, XMP, IPTC or GPS data (read by sharp, and its markers searched in the bytes,
//   so a format sharp reads without its metadata is caught too).
// - No image is wider or taller than MAX_EDGE px: the widest slot (full-screen hero) needs 2400.
// - The largest image file and the image bytes per source photo stay within budget (docs/performance.md, "Photos").
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import sharp from 'sharp';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');
const CONTENT = join(ROOT, 'content');
const KB = 1024;
export const IMAGE_BUDGET = {
  /** Longest side of any image in dist/, px. */
  maxEdge: 2400,
  /** The largest image file in dist/: a detailed 2400 px WebP (the hero for wide 2x screens) is about 800 KB. */
  largestFile: 1024 * KB,
  /** Image bytes in dist/ per source photo in content/ (every width and format of it together). */
  perSource: 2.5 * 1024 * KB,
};
const RASTER = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.tif', '.tiff', '.heic', '.heif']);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

// Byte signatures of embedded metadata: EXIF (JPEG APP1, WebP/AVIF 'Exif' chunk or item), XMP,
// IPTC (Photoshop IRB). None belongs in a published image.
const MARKERS: [kind: string, marker: Buffer][] = [
  ['EXIF', Buffer.from('Exif\0\0')],
  ['XMP', Buffer.from('http://ns.adobe.com/xap/1.0/')],
  ['XMP', Buffer.from('<x:xmpmeta')],
  ['IPTC', Buffer.from('Photoshop 3.0\0')],
];

export async function checkImages(dist = DIST, content = CONTENT) {
  const problems: string[] = [];
  const sources = walk(content).filter((path) => RASTER.has(extname(path).toLowerCase()));
  const originals = new Map(sources.map((path) => [sha(path), relative(ROOT, path)]));
  const images = walk(dist).filter((path) => RASTER.has(extname(path).toLowerCase()));
  let total = 0;
  let largest = { path: '', size: 0 };
  let widest = { path: '', edge: 0 };
  for (const path of images) {
    const name = relative(dist, path);
    const { size } = statSync(path);
    total += size;
    if (size > largest.size) largest = { path: name, size };
    const original = originals.get(sha(path));
    if (original) problems.push(`${name} is ${original} published unprocessed`);
    const bytes = readFileSync(path);
    for (const [kind, marker] of MARKERS) {
      if (bytes.includes(marker)) problems.push(`${name} carries ${kind} metadata`);
    }
    const meta = await sharp(bytes).metadata();
    for (const field of ['exif', 'xmp', 'iptc'] as const) {
      if (meta[field]) problems.push(`${name} carries ${field.toUpperCase()} metadata`);
    }
    const edge = Math.max(meta.width ?? 0, meta.height ?? 0);
    if (edge > widest.edge) widest = { path: name, edge };
    if (edge > IMAGE_BUDGET.maxEdge)
      problems.push(`${name} is ${meta.width}×${meta.height} > ${IMAGE_BUDGET.maxEdge} px`);
  }
  if (largest.size > IMAGE_BUDGET.largestFile) {
    problems.push(
      `largest image ${largest.path} ${(largest.size / KB).toFixed(0)} KB > ${IMAGE_BUDGET.largestFile / KB} KB`,
    );
  }
  const perSource = sources.length ? total / sources.length : 0;
  if (perSource > IMAGE_BUDGET.perSource) {
    problems.push(
      `${(perSource / KB).toFixed(0)} KB of images per source photo > ${(IMAGE_BUDGET.perSource / KB).toFixed(0)} KB`,
    );
  }
  return { problems, images: images.length, sources: sources.length, total, largest, widest };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, images, sources, total, largest, widest } = await checkImages();
  const distBytes = walk(DIST).reduce((sum, path) => sum + statSync(path).size, 0);
  console.log(
    `check-images: ${images} images from ${sources} source photos, ${(total / KB / KB).toFixed(1)} MB of images, ` +
      `dist/ ${(distBytes / KB / KB).toFixed(1)} MB; largest ${largest.path} ${(largest.size / KB).toFixed(0)} KB; ` +
      `longest side ${widest.edge} px (${widest.path})`,
  );
  if (problems.length) {
    console.error(`check-images: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('check-images: no original, no metadata, every image within budget');
}
