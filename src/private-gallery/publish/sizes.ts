import sharp from 'sharp';
import { sha256, type VaultCache } from './cache.ts';

/** The thumbnail and the large copy of a photo. Part of the cache key: changing them makes both again. */
export const SIZES = {
  thumb: { width: 640, quality: 72 },
  full: { width: 2400, quality: 82 },
} as const;
/**
 * The screen copy, the one the viewer shows: 1600 px on its long side. A 390 px phone at 3x shows
 * a photo at most 1,074 device pixels across (the viewer's 16 px margins), a portrait one 1,611
 * tall: 1600 is all of it. A laptop (1440×900 at 1x) shows a landscape photo 1,350 px wide. Wider
 * or denser screens (a tablet in portrait, a laptop at 2x) take the large copy (client/viewer.ts).
 * Cached apart from SIZES, so adding it made only it.
 */
export const SCREEN_SIZE = { width: 1600, quality: 82 } as const;
/** Bump when renderVariants changes, so cached sizes are made again. */
export const VARIANTS_VERSION = 1;

export type Size = keyof typeof SIZES | 'screen';

const render = (path: string | Buffer, { width, quality }: { width: number; quality: number }, square: boolean) =>
  sharp(path)
    .rotate()
    .resize({ width, ...(square ? { height: width, fit: 'inside' as const } : {}), withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });

/** A photo's screen copy (a path or its bytes): at most SCREEN_SIZE on its long side. */
export const renderScreen = (path: string | Buffer) => render(path, SCREEN_SIZE, true);

/** The three published sizes of a photo (a path or its bytes); deterministic, so a scan can recompute them. */
export async function renderVariants(path: string | Buffer) {
  return {
    thumb: await render(path, SIZES.thumb, false),
    screen: await renderScreen(path),
    full: await render(path, SIZES.full, true),
  };
}

/** A published size of a photo; its bytes are read (or made) only when they must be sealed. */
export interface LazyVariant {
  width: number;
  height: number;
  bytes: number;
  data: () => Promise<Buffer>;
}

type Rendered = Awaited<ReturnType<typeof renderScreen>>;
type Meta = [number, number, number?];

const made = (variant: Rendered): LazyVariant => ({
  width: variant.info.width,
  height: variant.info.height,
  bytes: variant.data.length,
  data: () => Promise.resolve(variant.data),
});

/** A cached size, read only when it must be sealed. */
const lazy = (cache: VaultCache, file: string, [width, height, bytes]: Meta): LazyVariant => ({
  width,
  height,
  bytes: bytes!,
  data: async () => {
    const data = cache.read(file);
    if (!data) throw new Error(`the publishing cache lost ${file}: publish again`);
    return data;
  },
});

/**
 * renderVariants through the cache: publishing again only resizes new or changed photos, and reads
 * a cached size only if it must be sealed again. `source` reads the photo. The screen copy has an
 * entry of its own: a photo whose other sizes were cached before it existed is read once more, for
 * it alone.
 */
export async function cachedVariants(
  photoHash: string,
  source: () => Buffer,
  cache: VaultCache,
): Promise<Record<Size, LazyVariant>> {
  const base = `sizes/${sha256(photoHash, JSON.stringify(SIZES), String(VARIANTS_VERSION))}`;
  const screenBase = `sizes/${sha256(photoHash, JSON.stringify(SCREEN_SIZE), String(VARIANTS_VERSION))}`;
  const read = (name: string) => {
    const meta = cache.read(name);
    return meta && (JSON.parse(meta.toString('utf8')) as Partial<Record<Size, Meta>>);
  };
  const cached = read(`${base}.json`);
  const cachedScreen = read(`${screenBase}.json`)?.screen;
  const has = (size: string) => cache.has(`${size}.webp`);
  const screenKnown = !!cachedScreen?.[2] && has(`${screenBase}.screen`);
  if (cached?.thumb?.[2] && cached.full?.[2] && has(`${base}.thumb`) && has(`${base}.full`)) {
    let screen: LazyVariant;
    if (screenKnown) screen = lazy(cache, `${screenBase}.screen.webp`, cachedScreen);
    else {
      const rendered = await renderScreen(source());
      cache.stats.resized++;
      writeScreen(cache, screenBase, rendered);
      screen = made(rendered);
    }
    return {
      thumb: lazy(cache, `${base}.thumb.webp`, cached.thumb),
      screen,
      full: lazy(cache, `${base}.full.webp`, cached.full),
    };
  }
  const { thumb, screen, full } = await renderVariants(source());
  cache.stats.resized++;
  cache.write(`${base}.thumb.webp`, thumb.data);
  cache.write(`${base}.full.webp`, full.data);
  const meta = (variant: Rendered): Meta => [variant.info.width, variant.info.height, variant.data.length];
  cache.write(`${base}.json`, JSON.stringify({ thumb: meta(thumb), full: meta(full) }));
  writeScreen(cache, screenBase, screen);
  return { thumb: made(thumb), screen: made(screen), full: made(full) };
}

function writeScreen(cache: VaultCache, screenBase: string, screen: Rendered) {
  cache.write(`${screenBase}.screen.webp`, screen.data);
  cache.write(
    `${screenBase}.json`,
    JSON.stringify({ screen: [screen.info.width, screen.info.height, screen.data.length] }),
  );
}

/** A JPEG's APPn segments that are kept: JFIF, the ICC colour profile, Adobe's colour transform. */
const KEPT_APP = [
  { marker: 0xe0, id: 'JFIF\0' },
  { marker: 0xe2, id: 'ICC_PROFILE\0' },
  { marker: 0xee, id: 'Adobe' },
];

/** A minimal Exif segment holding only the orientation. */
function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM\0*', 0, 'latin1');
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A JPEG without its metadata segments, its image data untouched byte for byte. */
function stripJpeg(source: Buffer, orientation: number): Buffer {
  const parts: Buffer[] = [source.subarray(0, 2)];
  if (orientation > 1 && orientation <= 8) parts.push(orientationSegment(orientation));
  let at = 2;
  while (at + 4 <= source.length) {
    if (source[at] !== 0xff) throw new Error('not a well-formed JPEG');
    const marker = source[at + 1]!;
    if (marker === 0xda) break; // start of scan: the rest is image data
    const length = source.readUInt16BE(at + 2);
    const segment = source.subarray(at, at + 2 + length);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const kept = isApp
      ? KEPT_APP.some(
          (app) => app.marker === marker && segment.subarray(4, 4 + app.id.length).toString('latin1') === app.id,
        )
      : marker !== 0xfe; // comments go
    if (kept) parts.push(segment);
    at += 2 + length;
  }
  parts.push(source.subarray(at));
  return Buffer.concat(parts);
}

/** PNG chunks that carry text, dates or Exif: dropped. */
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(source: Buffer): Buffer {
  const parts: Buffer[] = [source.subarray(0, 8)];
  for (let at = 8; at + 12 <= source.length;) {
    const length = source.readUInt32BE(at);
    const type = source.subarray(at + 4, at + 8).toString('latin1');
    if (!PNG_DROPPED.has(type)) parts.push(source.subarray(at, at + 12 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

/**
 * The original as a client downloads it: no GPS, camera serial, owner's file name or any other
 * metadata, only the orientation and the colour profile. JPEG and PNG keep their image data byte
 * for byte; other formats are encoded again at high quality (turned upright, profile kept).
 */
export async function strippedOriginal(source: Buffer): Promise<Buffer> {
  const meta = await sharp(source).metadata();
  if (meta.format === 'jpeg') return stripJpeg(source, meta.orientation ?? 1);
  if (meta.format === 'png') return stripPng(source);
  const image = sharp(source).rotate().keepIccProfile();
  return meta.format === 'heif' ? image.avif({ quality: 90 }).toBuffer() : image.webp({ quality: 95 }).toBuffer();
}
