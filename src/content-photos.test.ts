/**
 * Every photo in content/ is a clean master: no camera metadata, at most 3200 px on its long side.
 * The editor strips and scales what the browser can decode and uploads anything else unchanged, so
 * this check names any file that slipped through. And it does fail on a camera photo.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { checkContentPhotos, CONTENT_PHOTO_ADVICE } from './lib/images/content-photos';

const dir = mkdtempSync(join(tmpdir(), 'content-photos-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('photos in content/', () => {
  it('carry no camera metadata and are at most 3200 px on their long side', async () => {
    const problems = await checkContentPhotos(process.cwd());
    expect(problems, `fix these photos: ${CONTENT_PHOTO_ADVICE}`).toEqual([]);
  });

  it('fails naming the file on a camera JPEG with GPS and on a photo over 3200 px; private galleries are left alone', async () => {
    mkdirSync(join(dir, 'content/images/blog'), { recursive: true });
    mkdirSync(join(dir, 'content/private/client'), { recursive: true });
    const camera = sharp({ create: { width: 400, height: 300, channels: 3, background: '#806070' } })
      .withExif({
        IFD0: { Make: 'Canon', Artist: 'Owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 44/1' },
      })
      .jpeg();
    await camera.clone().toFile(join(dir, 'content/images/blog/from-the-phone.jpg'));
    await camera.clone().toFile(join(dir, 'content/private/client/original.jpg'));
    await sharp({ create: { width: 3201, height: 1000, channels: 3, background: '#806070' } })
      .webp()
      .toFile(join(dir, 'content/images/blog/too-wide.webp'));
    await sharp({ create: { width: 3200, height: 2133, channels: 3, background: '#806070' } })
      .webp()
      .toFile(join(dir, 'content/images/blog/clean.webp'));
    expect((await checkContentPhotos(dir)).sort()).toEqual([
      "content/images/blog/from-the-phone.jpg carries camera metadata (EXIF: it can hold the GPS position, the camera's serial number, the date and the owner's name)",
      'content/images/blog/too-wide.webp is 3201×1000, larger than 3200 px on its long side',
    ]);
  });
});
