/**
 * The owner's photos in content/ (what the editor uploaded, or what was copied in by hand) must not
 * carry camera metadata or be larger than the site can use. The editor strips and scales photos it
 * can decode; a photo the browser could not decode is uploaded unchanged, and this catches it:
 * `npm test` fails naming the file (src/content-photos.test.ts), and the build warns about it.
 * Private client galleries (content/private/) are excluded: their originals are kept on purpose and
 * never published (publishing resizes and encrypts them on the owner's computer).
 */
import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import sharp from 'sharp';
import { MASTER_LONG_SIDE } from './image-presets.ts';

export { MASTER_LONG_SIDE };
const PHOTO = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.tif', '.tiff', '.gif', '.heic', '.heif']);
const PRIVATE = 'private';

/** Every photo file under `content` (not the private galleries), as absolute paths. */
export function contentPhotos(content: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (dir === content && name === PRIVATE) return [];
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(content).filter((path) => PHOTO.has(extname(path).toLowerCase()));
}

/** What is wrong with one photo: its metadata blocks and its size, as the owner should read them. */
export async function photoProblems(path: string): Promise<string[]> {
  const meta = await sharp(path).metadata();
  const problems: string[] = [];
  const blocks = (['exif', 'xmp', 'iptc'] as const).filter((block) => meta[block]).map((block) => block.toUpperCase());
  if (blocks.length) {
    problems.push(
      `carries camera metadata (${blocks.join(', ')}: it can hold the GPS position, the camera's serial number, the date and the owner's name)`,
    );
  }
  const { width = 0, height = 0 } = meta.autoOrient ?? meta;
  if (Math.max(width, height) > MASTER_LONG_SIDE) {
    problems.push(`is ${width}×${height}, larger than ${MASTER_LONG_SIDE} px on its long side`);
  }
  return problems;
}

/** One line per problem photo: `content/images/blog/x.jpg carries camera metadata (…)`. */
export async function checkContentPhotos(root: string, content = join(root, 'content')): Promise<string[]> {
  const lines: string[] = [];
  for (const path of contentPhotos(content)) {
    for (const problem of await photoProblems(path)) lines.push(`${relative(root, path)} ${problem}`);
  }
  return lines;
}

/** What to do about them, for the build's warning and the test's failure. */
export const CONTENT_PHOTO_ADVICE = `\`npm run photos -- <folder> --to <place>\` makes clean ${MASTER_LONG_SIDE} px masters of camera files; or upload the photo again in the editor from a browser that can open it.`;
