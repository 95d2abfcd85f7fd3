import sharpService from 'astro/assets/services/sharp';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PRESETS } from '../lib/images/image-presets';
import service, { decodes, masterSize, outputSize } from './image-service';

type Transform = Parameters<typeof service.transform>[1];
type Config = Parameters<typeof service.transform>[2];

const config = { service: { entrypoint: '', config: { avif: { effort: 0 } } } } as unknown as Config;
const logger = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof service.transform>[3];

/**
 * A camera-like portrait: stored 1500×1000 with EXIF Orientation 6 (shown 1000×1500), the way
 * cameras store portraits. Smooth gradients and a little detail, so scaling shows in the pixels.
 */
async function cameraPortrait(): Promise<Buffer> {
  const [width, height] = [1500, 1000];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x >> 4) % 2 ? 200 : 60;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The files the portfolio makes from one photo this size: grid tiles (WebP and AVIF, 4:5) and lightbox sizes. */
function portfolioTransforms(): Transform[] {
  const { gridTile, lightbox } = IMAGE_PRESETS;
  const grid = gridTile.widths.flatMap((width) =>
    (['webp', 'avif'] as const).map((format) => ({
      width,
      height: Math.round((width * gridTile.height) / gridTile.width),
      fit: 'cover' as const,
      format,
      ...(format === 'avif' ? { quality: gridTile.avif } : {}),
    })),
  );
  const viewer = lightbox.widths.map((width) => ({
    width,
    height: Math.round(width * 1.5),
    format: 'webp' as const,
    quality: lightbox.quality,
  }));
  return [...grid, ...viewer]
    .filter((transform) => transform.width <= 1000)
    .map((transform) => ({ src: '/_astro/portrait.jpg', ...transform }));
}

const dimensions = async (data: Uint8Array) => {
  const meta = await sharp(data).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, exif: Boolean(meta.exif) };
};

describe('image service', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await cameraPortrait();
  });

  it('decodes a camera photo once for all the files made from it', { timeout: 60_000 }, async () => {
    const before = decodes.count;
    const original = Buffer.from(photo);
    for (const transform of portfolioTransforms()) await service.transform(original, transform, config, logger);
    expect(decodes.count - before).toBe(1);
  });

  it(
    'makes every file at the size, in the format and upright, as Astro’s own service does',
    { timeout: 60_000 },
    async () => {
      const original = Buffer.from(photo);
      for (const transform of portfolioTransforms()) {
        const [ours, astros] = await Promise.all([
          service.transform(original, transform, config, logger),
          sharpService.transform(Buffer.from(photo), transform, config, logger),
        ]);
        expect(await dimensions(ours.data)).toEqual(await dimensions(astros.data));
        expect(await dimensions(ours.data)).toMatchObject({ width: transform.width, exif: false });
        // The same picture, upright: their 8×8 thumbnails differ by less than 4 levels in 255 on average.
        const { data } = await sharp(ours.data)
          .resize(8, 8, { fit: 'fill' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const astro = await sharp(astros.data).resize(8, 8, { fit: 'fill' }).raw().toBuffer();
        const difference = data.reduce((sum, value, i) => sum + Math.abs(value - (astro[i] ?? 0)), 0) / data.length;
        expect(difference).toBeLessThan(4);
      }
    },
  );

  it('leaves to Astro’s service what the master cannot hold and what is not a JPEG', { timeout: 60_000 }, async () => {
    const before = decodes.count;
    const png = await sharp(photo).rotate().resize(600).png().toBuffer();
    expect(await dimensions(png)).toMatchObject({ width: 600, height: 900 });
    const fromPng = await service.transform(
      png,
      { src: '/a.png', width: 300, height: 450, format: 'webp' },
      config,
      logger,
    );
    expect(await dimensions(fromPng.data)).toMatchObject({ width: 300, height: 450, format: 'webp' });
    expect(decodes.count).toBe(before);
    // A "contain" fit, which the master route does not make.
    const contained = await service.transform(
      Buffer.from(photo),
      { src: '/a.jpg', width: 500, height: 500, fit: 'contain', format: 'webp' },
      config,
      logger,
    );
    expect(await dimensions(contained.data)).toMatchObject({ width: 333, height: 500 });
    // Larger than the photo: Astro's service never enlarges, and neither does this one.
    const larger = await service.transform(
      Buffer.from(photo),
      { src: '/a.jpg', width: 3000, format: 'webp' },
      config,
      logger,
    );
    expect(await dimensions(larger.data)).toMatchObject({ width: 1000, height: 1500 });
  });

  it('sizes the master for the largest image any preset cuts from the photo, never above the original', () => {
    // A 6000×4000 camera landscape: the hero and Before & After make 2400 px wide files.
    expect(masterSize(6000, 4000)).toEqual({ width: 2400, height: 1600 });
    // A portrait: 2400 px wide (a Before & After crop), so 3600 px tall.
    expect(masterSize(4000, 6000)).toEqual({ width: 2400, height: 3600 });
    // A 3200 px master from `npm run photos`, and a small photo: never enlarged.
    expect(masterSize(3200, 2133)).toEqual({ width: 2400, height: 1600 });
    expect(masterSize(1200, 800)).toEqual({ width: 1200, height: 800 });
  });

  it('gives each file the size Astro gives it: the asked size for a crop, the ratio for a width', () => {
    expect(outputSize(4000, 6000, { width: 800, height: 1000, fit: 'cover' })).toEqual({ width: 800, height: 1000 });
    expect(outputSize(5472, 3648, { width: 1000 })).toEqual({ width: 1000, height: 667 });
    expect(outputSize(4000, 6000, { width: 500, height: 500, fit: 'contain' })).toBeUndefined();
    expect(outputSize(1200, 800, { width: 2400 })).toBeUndefined();
  });
});
