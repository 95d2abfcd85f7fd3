import sharp from 'sharp';
import { sha256, type VaultCache } from './cache.ts';

/** The two published sizes of a photo. Part of the cache key: changing them makes every size again. */
export const SIZES = {
  thumb: { width: 640, quality: 72 },
  full: { width: 2400, quality: 82 },
} as const;
/** Bump when renderVariants changes, so cached sizes are made again. */
export const VARIANTS_VERSION = 1;

export type Size = keyof typeof SIZES;

/** The two published sizes of a photo (a path or its bytes); deterministic, so a scan can recompute them. */
export async function renderVariants(path: string | Buffer) {
  const thumb = await sharp(path)
    .rotate()
    .resize({ width: SIZES.thumb.width, withoutEnlargement: true })
    .webp({ quality: SIZES.thumb.quality })
    .toBuffer({ resolveWithObject: true });
  const full = await sharp(path)
    .rotate()
    .resize({ width: SIZES.full.width, height: SIZES.full.width, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: SIZES.full.quality })
    .toBuffer({ resolveWithObject: true });
  return { thumb, full };
}

/** A published size of a photo; its bytes are read (or made) only when they must be sealed. */
export interface LazyVariant {
  width: number;
  height: number;
  bytes: number;
  data: () => Promise<Buffer>;
}

/**
 * renderVariants through the cache: publishing again only resizes new or changed photos, and reads
 * a cached size only if it must be sealed again. `source` reads the photo.
 */
export async function cachedVariants(
  photoHash: string,
  source: () => Buffer,
  cache: VaultCache,
): Promise<Record<Size, LazyVariant>> {
  const base = `sizes/${sha256(photoHash, JSON.stringify(SIZES), String(VARIANTS_VERSION))}`;
  const meta = cache.read(`${base}.json`);
  const cached = meta && (JSON.parse(meta.toString('utf8')) as Partial<Record<Size, [number, number, number?]>>);
  if (cached?.thumb?.[2] && cached.full?.[2] && cache.has(`${base}.thumb.webp`) && cache.has(`${base}.full.webp`)) {
    const lazy = (size: Size, [width, height, bytes]: [number, number, number?]): LazyVariant => ({
      width,
      height,
      bytes: bytes!,
      data: async () => {
        const data = cache.read(`${base}.${size}.webp`);
        if (!data) throw new Error(`the publishing cache lost ${base}.${size}.webp: publish again`);
        return data;
      },
    });
    return { thumb: lazy('thumb', cached.thumb), full: lazy('full', cached.full) };
  }
  const { thumb, full } = await renderVariants(source());
  cache.stats.resized++;
  cache.write(`${base}.thumb.webp`, thumb.data);
  cache.write(`${base}.full.webp`, full.data);
  cache.write(
    `${base}.json`,
    JSON.stringify({
      thumb: [thumb.info.width, thumb.info.height, thumb.data.length],
      full: [full.info.width, full.info.height, full.data.length],
    }),
  );
  const made = (variant: typeof thumb): LazyVariant => ({
    width: variant.info.width,
    height: variant.info.height,
    bytes: variant.data.length,
    data: () => Promise.resolve(variant.data),
  });
  return { thumb: made(thumb), full: made(full) };
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
