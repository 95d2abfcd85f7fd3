/** Sizes that hide what they hold: the buckets photo files and indexes are padded to. */
import type { VaultIndex } from './types.ts';

/**
 * Encrypted indexes are padded to one of these sizes (then to multiples of the last), so their size
 * hides the number of photos; decoy indexes take every bucket in turn. A size tells a range of photo
 * counts at most: up to about 25, 100, 200 and 400 photos (about 660 bytes of index a photo). The
 * 128 KiB step keeps a gallery of 100-200 photos from downloading 256 KiB before its first thumbnail
 * (half a second on slow 4G: docs/performance.md).
 */
export const INDEX_BUCKETS = [16_384, 65_536, 131_072, 262_144] as const;
/** Photo files of at most this size are padded to it; larger ones to eight steps per doubling. */
export const MIN_FILE_BUCKET = 16_384;

/** The size a photo file is padded to before sealing: a bucket shared by photos of about that size. */
export function fileBucket(bytes: number): number {
  if (bytes <= MIN_FILE_BUCKET) return MIN_FILE_BUCKET;
  const step = 2 ** (Math.floor(Math.log2(bytes)) - 3);
  return Math.ceil(bytes / step) * step;
}

/** The size an index's plaintext is padded to: the smallest bucket it fits, then multiples of the last. */
export function indexBucket(bytes: number): number {
  const fits = INDEX_BUCKETS.find((size) => size >= bytes);
  const last = INDEX_BUCKETS[INDEX_BUCKETS.length - 1]!;
  return fits ?? Math.ceil(bytes / last) * last;
}

/** The JSON of an index, padded with spaces to its bucket. */
export function paddedIndex(index: VaultIndex): Uint8Array<ArrayBuffer> {
  const json = new TextEncoder().encode(JSON.stringify(index));
  const out = new Uint8Array(indexBucket(json.length + 1)).fill(0x20);
  out.set(json);
  return out;
}

export function parseIndex(bytes: Uint8Array<ArrayBuffer>): VaultIndex {
  return JSON.parse(new TextDecoder().decode(bytes)) as VaultIndex;
}
