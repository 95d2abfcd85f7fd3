// The image checks and the owner's photo import, on small generated photos with camera metadata.
import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { checkImages } from './check-images.ts';
import { MASTER_LONG_SIDE, writeMaster } from '../owner/import-photos.ts';

const dir = mkdtempSync(join(tmpdir(), 'images-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A noisy JPEG as a camera writes it: stored on its side with Orientation 6, EXIF and XMP inside. */
async function cameraJpeg(path: string, width: number, height: number) {
  await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .withExif({ IFD0: { Make: 'Test Camera', Model: 'T1', Copyright: 'Owner' } })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toFile(path);
}

describe('check-images over a built site', () => {
  it('fails on a published original, on metadata and on an image wider than 2400 px; passes clean output', async () => {
    const content = join(dir, 'content');
    const dist = join(dir, 'dist');
    mkdirSync(join(content, 'images'), { recursive: true });
    mkdirSync(join(dist, '_astro'), { recursive: true });
    await cameraJpeg(join(content, 'images', 'photo.jpg'), 300, 200);
    copyFileSync(join(content, 'images', 'photo.jpg'), join(dist, '_astro', 'photo.abc.jpg'));
    await sharp(join(content, 'images', 'photo.jpg'))
      .withExif({ IFD0: { Make: 'Test Camera' } })
      .webp()
      .toFile(join(dist, '_astro', 'photo.def.webp'));
    await sharp({ create: { width: 2600, height: 100, channels: 3, background: '#888' } })
      .webp()
      .toFile(join(dist, '_astro', 'wide.webp'));
    await sharp(join(content, 'images', 'photo.jpg'))
      .rotate()
      .avif()
      .toFile(join(dist, '_astro', 'clean.avif'));

    const { problems } = await checkImages(dist, content);
    expect(problems).toContainEqual(
      expect.stringMatching(/^_astro\/photo\.abc\.jpg is .*content\/images\/photo\.jpg published unprocessed$/),
    );
    expect(problems).toContainEqual('_astro/photo.abc.jpg carries EXIF metadata');
    expect(problems).toContainEqual('_astro/photo.abc.jpg carries XMP metadata');
    expect(problems).toContainEqual('_astro/photo.def.webp carries EXIF metadata');
    expect(problems).toContainEqual('_astro/wide.webp is 2600×100 > 2400 px');
    expect(problems.filter((p) => p.includes('clean.avif'))).toEqual([]);
  }, 180_000);
});

describe('npm run photos', () => {
  it('writes an upright master without metadata, at most 3200 px on its long side', async () => {
    const input = join(dir, 'camera.jpg');
    // Stored 3300×2200 on its side: seen upright it is a 2200×3300 portrait.
    await cameraJpeg(input, 3300, 2200);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const output = join(dir, 'master.jpg');
    await writeMaster(input, output);
    const meta = await sharp(output).metadata();
    expect([meta.width, meta.height]).toEqual([2133, MASTER_LONG_SIDE]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  }, 180_000);

  it('keeps a photo smaller than 3200 px at its own size', async () => {
    const input = join(dir, 'small.jpg');
    await cameraJpeg(input, 1200, 800);
    const output = join(dir, 'small-master.jpg');
    await writeMaster(input, output);
    const meta = await sharp(output).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1200]);
  }, 180_000);
});
