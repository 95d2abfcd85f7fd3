import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IV_BYTES, TAG_BYTES } from '../format/keys';
import { fileBucket } from '../format/buckets';

// Every sharp pipeline made, with what it read: the photo itself, or pixels already decoded; and
// the options of every WebP encode.
const made = vi.hoisted(() => [] as unknown[]);
const encodes = vi.hoisted(() => [] as unknown[]);
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: (...args: unknown[]) => unknown }>()).default;
  const counted = (...args: unknown[]) => {
    made.push(args[0]);
    const image = real(...args) as { webp: (options: unknown) => unknown };
    const webp = image.webp.bind(image);
    image.webp = (options: unknown) => {
      encodes.push(options);
      return webp(options);
    };
    return image;
  };
  return { default: Object.assign(counted, real) };
});
const { cachedVariants, MEDIA_TYPE, renderVariants, SCREEN_SIZE, SIZES } = await import('./sizes');
const { sha256, VaultCache } = await import('./cache');
const { profileDescription } = await import('./icc');

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** Grain like a camera's (the publishing benchmark's photos), so it encodes like a photograph. */
const grainy = (width: number, height: number, hue = 47) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: `hsl(${hue}, 35%, 45%)`,
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });

/** A size as it was made before: its own pipeline from the photo, decoded for it alone. */
const alone = (
  photo: Buffer,
  { width, quality, format = 'webp' }: { width: number; quality: number; format?: string },
  square: boolean,
) => {
  const resized = sharp(photo)
    .rotate()
    .resize({ width, ...(square ? { height: width, fit: 'inside' as const } : {}), withoutEnlargement: true });
  const encoded =
    format === 'jpeg'
      ? resized.jpeg({ quality })
      : format === 'avif'
        ? resized.avif({ quality, effort: 0 })
        : resized.webp({ quality });
  return encoded.toBuffer({ resolveWithObject: true });
};

/** Peak signal-to-noise ratio of an encoded size against reference pixels, in dB. */
async function psnr(encoded: Buffer, reference: Buffer) {
  const pixels = await sharp(encoded).raw().toBuffer();
  expect(pixels.length).toBe(reference.length);
  let sum = 0;
  for (let i = 0; i < pixels.length; i++) sum += (pixels[i]! - reference[i]!) ** 2;
  return 10 * Math.log10((255 * 255 * pixels.length) / sum);
}

let camera: Buffer;
beforeAll(async () => {
  // A camera's portrait: stored on its side with orientation 6, a P3 profile, 3000×2000.
  camera = await grainy(3000, 2000)
    .jpeg({ quality: 90 })
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .toBuffer();
});

describe("a photo's published sizes", () => {
  it('are made from one decode of the photo: it is read once, every size made from its pixels', async () => {
    made.length = 0;
    const sizes = await renderVariants(camera);
    const fromPhoto = made.filter((input) => input === camera);
    expect(fromPhoto).toHaveLength(1);
    // The others read decoded pixels of the large copy's size.
    expect(made.length).toBeGreaterThan(1);
    for (const input of made.filter((input) => input !== camera)) {
      expect(Buffer.isBuffer(input) && input.length).toBe(sizes.full.info.width * sizes.full.info.height * 3);
    }
  });

  it('are the sizes and quality of decoding the photo for each: upright, as close to the photo (PSNR within 0.3 dB)', async () => {
    const sizes = await renderVariants(camera);
    const before = {
      thumb: await alone(camera, SIZES.thumb, false),
      screen: await alone(camera, SCREEN_SIZE, true),
      full: await alone(camera, SIZES.full, true),
    };
    // Upright: the portrait stands, 2000 wide and 3000 tall.
    expect([sizes.full.info.width, sizes.full.info.height]).toEqual([1600, 2400]);
    expect([sizes.screen.info.width, sizes.screen.info.height]).toEqual([1067, 1600]);
    expect([sizes.thumb.info.width, sizes.thumb.info.height]).toEqual([540, 810]);
    // The reference: every pixel of the photo decoded (no shrinking on load), resized, not compressed.
    const photo = await sharp(camera).rotate().raw().toBuffer({ resolveWithObject: true });
    for (const size of ['thumb', 'screen', 'full'] as const) {
      const { width, height } = before[size].info;
      expect([sizes[size].info.width, sizes[size].info.height]).toEqual([width, height]);
      const reference = await sharp(photo.data, { raw: photo.info }).resize(width, height).raw().toBuffer();
      const [now, then] = [await psnr(sizes[size].data, reference), await psnr(before[size].data, reference)];
      expect(now, `${size}: ${now.toFixed(2)} dB now, ${then.toFixed(2)} dB decoded for it alone`).toBeGreaterThan(
        then - 0.3,
      );
    }
  });

  it("are encoded at libwebp's fastest effort (0), each at its own quality setting", async () => {
    encodes.length = 0;
    await renderVariants(camera);
    // The screen copy (the large copy is a JPEG, the thumbnail an AVIF); the quality test above
    // holds them to the photo.
    expect(encodes).toEqual([{ quality: SCREEN_SIZE.quality, effort: 0 }]);
  });

  it('the large copy, the one a client downloads with "downloads: web", is a JPEG in sRGB carrying the sRGB profile', async () => {
    // camera is a P3 photo: its large copy is brought to sRGB, and says so.
    const { full } = await renderVariants(camera);
    const meta = await sharp(full.data).metadata();
    expect([meta.format, meta.space, meta.icc && profileDescription(meta.icc)]).toEqual(['jpeg', 'srgb', 'sRGB']);
    const dir = mkdtempSync(join(tmpdir(), 'sizes-type-'));
    try {
      const sizes = await cachedVariants('e'.repeat(64), () => camera, new VaultCache(dir));
      expect([sizes.thumb.type, sizes.screen.type, sizes.full.type]).toEqual([
        MEDIA_TYPE[SIZES.thumb.format],
        'image/webp',
        'image/jpeg',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the large copy is byte for byte the JPEG libvips writes of the same pixels with the sRGB profile', async () => {
    const { full } = await renderVariants(camera);
    const pixels = await sharp(camera)
      .rotate()
      .resize({ width: SIZES.full.width, height: SIZES.full.width, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = pixels.info;
    const tagged = await sharp(pixels.data, { raw: { width, height, channels } })
      .jpeg({ quality: SIZES.full.quality })
      .withIccProfile('srgb')
      .toBuffer();
    expect([full.data.length, full.info.size]).toEqual([tagged.length, tagged.length]);
    expect(full.data.equals(tagged)).toBe(true);
  });

  it("the thumbnail is an AVIF the grid's width at 3x (540 px), the whole photo, at most half the bytes of the 640 px WebP it replaces and as close to the photo", async () => {
    // A camera-like landscape photo, 3000×2000 (a portrait is the same, turned: camera is one).
    const photo = await grainy(3000, 2000).jpeg({ quality: 90 }).toBuffer();
    const { thumb } = await renderVariants(photo);
    const meta = await sharp(thumb.data).metadata();
    expect([meta.format, meta.compression, meta.width, meta.height]).toEqual(['heif', 'av1', 540, 360]);
    const portrait = (await renderVariants(camera)).thumb.info;
    expect([portrait.width, portrait.height]).toEqual([540, 810]);
    // Against what it replaces: WebP at quality 72, 640 px wide.
    const before = await alone(photo, { width: 640, quality: 72 }, false);
    expect(thumb.data.length).toBeLessThanOrEqual(before.data.length / 2);
    // As close to the photo as that WebP would be at the grid's size (PSNR within 0.3 dB).
    const reference = await sharp(photo).resize(540, 360).raw().toBuffer();
    const webp540 = await alone(photo, { width: 540, quality: 72 }, false);
    const [now, then] = [await psnr(thumb.data, reference), await psnr(webp540.data, reference)];
    expect(now, `${now.toFixed(2)} dB, the WebP ${then.toFixed(2)} dB`).toBeGreaterThan(then - 0.3);
  });

  it('a photo narrower than a thumbnail once fitted in the large copy still has a thumbnail 540 px wide', async () => {
    const tall = await grainy(800, 4000).jpeg().toBuffer();
    const sizes = await renderVariants(tall);
    expect([sizes.full.info.width, sizes.full.info.height]).toEqual([480, 2400]);
    expect([sizes.thumb.info.width, sizes.thumb.info.height]).toEqual([540, 2700]);
  });

  it("the viewer's screen copy of a grainy 2400 px photo is at most 600 KB, sealed and padded to its bucket", async () => {
    // The viewer benchmark's photo (scripts/audits/gallery-bench.ts), whose screen copy was 640 KB.
    const photo = await grainy(2400, 1600).jpeg({ quality: 85 }).toBuffer();
    const { screen } = await renderVariants(photo);
    expect([screen.info.width, screen.info.height]).toEqual([1600, 1067]);
    expect(fileBucket(screen.data.length) + IV_BYTES + TAG_BYTES).toBeLessThanOrEqual(600_000);
  });

  it('a photo published before keeps its cached thumbnail and large copy: only its screen copy is made again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sizes-cache-'));
    try {
      const cache = new VaultCache(dir);
      // Where a publishing before the screen copy cached them: the same sizes, the same version.
      const hash = 'f'.repeat(64);
      const base = `sizes/${sha256(hash, JSON.stringify(SIZES), '1')}`;
      cache.write(`${base}.thumb.${SIZES.thumb.format}`, 'the thumbnail cached before');
      cache.write(`${base}.full.${SIZES.full.format}`, 'the large copy cached before');
      cache.write(`${base}.json`, JSON.stringify({ thumb: [640, 427, 27], full: [2400, 1600, 28] }));
      const photo = await grainy(2400, 1600).jpeg().toBuffer();
      const sizes = await cachedVariants(hash, () => photo, cache);
      expect((await sizes.thumb.data()).toString()).toBe('the thumbnail cached before');
      expect((await sizes.full.data()).toString()).toBe('the large copy cached before');
      expect(cache.stats.resized).toBe(1);
      expect([sizes.screen.width, sizes.screen.height]).toEqual([1600, 1067]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
