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

export interface Variant {
  data: Buffer;
  width: number;
  height: number;
}

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

/** renderVariants through the cache: publishing again only resizes new or changed photos. */
export async function cachedVariants(
  photoHash: string,
  source: Buffer,
  cache: VaultCache,
): Promise<Record<Size, Variant>> {
  const base = `sizes/${sha256(photoHash, JSON.stringify(SIZES), String(VARIANTS_VERSION))}`;
  const meta = cache.read(`${base}.json`);
  const thumbData = meta && cache.read(`${base}.thumb.webp`);
  const fullData = meta && cache.read(`${base}.full.webp`);
  if (meta && thumbData && fullData) {
    const sizes = JSON.parse(meta.toString('utf8')) as Record<Size, [number, number]>;
    return {
      thumb: { data: thumbData, width: sizes.thumb[0], height: sizes.thumb[1] },
      full: { data: fullData, width: sizes.full[0], height: sizes.full[1] },
    };
  }
  const { thumb, full } = await renderVariants(source);
  cache.stats.resized++;
  cache.write(`${base}.thumb.webp`, thumb.data);
  cache.write(`${base}.full.webp`, full.data);
  cache.write(
    `${base}.json`,
    JSON.stringify({ thumb: [thumb.info.width, thumb.info.height], full: [full.info.width, full.info.height] }),
  );
  return {
    thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
    full: { data: full.data, width: full.info.width, height: full.info.height },
  };
}
