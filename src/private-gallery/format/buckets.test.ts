import { describe, expect, it } from 'vitest';
import { fileBucket, INDEX_BUCKETS, indexBucket, paddedIndex, parseIndex } from './buckets';
import type { VaultIndex } from './types';

describe('decoys and size buckets', () => {
  it('pads indexes and photo files to buckets, and drops the padding on opening', () => {
    const index = (photos: number) =>
      ({
        id: 'x',
        title: 't',
        expires: null,
        downloads: 'web',
        images: Array(photos).fill({ alt: 'a' }),
      }) as VaultIndex;
    expect(paddedIndex(index(1)).length).toBe(INDEX_BUCKETS[0]);
    expect(parseIndex(paddedIndex(index(3)))).toEqual(index(3));
    expect(indexBucket(INDEX_BUCKETS[0] + 1)).toBe(INDEX_BUCKETS[1]);
    // A 150-photo index (about 99 KB of JSON) takes the 128 KiB step, not 256 KiB.
    expect(indexBucket(99_000)).toBe(131_072);
    expect(indexBucket(131_073)).toBe(262_144);
    expect(indexBucket(262_145)).toBe(524_288);
    expect(fileBucket(1)).toBe(16_384);
    // Eight steps per doubling: at most 12.5 % more, and photos of about one size share a bucket.
    for (const size of [40_000, 123_457, 987_654, 6_543_210]) {
      expect(fileBucket(size)).toBeGreaterThanOrEqual(size);
      expect(fileBucket(size) / size).toBeLessThanOrEqual(1.125);
    }
    expect(fileBucket(1_000_001)).toBe(fileBucket(1_040_000));
  });
});
