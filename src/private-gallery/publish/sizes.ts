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
