import { readdir, stat, unlink } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import sharp from 'sharp';
import { MASTER_LONG_SIDE } from '../lib/image-presets.ts';

const PHOTO = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.tif', '.tiff']);

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/**
 * Image housekeeping around the build:
 * - before it, names the photos in content/images/ that are larger than the site can use (the build
 *   accepts them, it just spends time and memory on pixels nobody sees);
 * - after it, prunes Astro's image cache (`cacheDir`/assets) of every entry this build did not use,
 *   so a cache kept by the host between builds does not grow with every photo ever replaced.
 */
export default function imagePipeline({ contentDir = 'content/images' } = {}): AstroIntegration {
  let root = '';
  let cacheDir = '';
  return {
    name: 'image-pipeline',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = fileURLToPath(new URL('assets/', config.cacheDir));
      },
      'astro:build:start': async ({ logger }) => {
        const photos = (await walk(join(root, contentDir))).filter((path) => PHOTO.has(extname(path).toLowerCase()));
        const oversized: string[] = [];
        for (const path of photos) {
          // As the photo is seen: a portrait stored on its side with an Orientation tag reads upright.
          const { autoOrient } = await sharp(path).metadata();
          const { width = 0, height = 0 } = autoOrient ?? {};
          if (Math.max(width, height) > MASTER_LONG_SIDE) {
            const mb = (await stat(path)).size / 1024 / 1024;
            oversized.push(`${relative(root, path)} (${width}×${height}, ${mb.toFixed(1)} MB)`);
          }
        }
        if (oversized.length) {
          logger.warn(
            `${oversized.length} photo(s) larger than the site needs (${MASTER_LONG_SIDE} px on the long side is enough); ` +
              `the build uses them, but \`npm run photos -- <folder>\` makes smaller masters:\n  ${oversized.join('\n  ')}`,
          );
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const published = new Set((await walk(fileURLToPath(dir))).map((path) => path.split('/').at(-1)));
        let pruned = 0;
        let bytes = 0;
        for (const path of await walk(cacheDir)) {
          const name = path.split('/').at(-1) ?? '';
          if (published.has(name.replace(/\.json$/, ''))) continue;
          bytes += (await stat(path)).size;
          await unlink(path);
          pruned++;
        }
        if (pruned) {
          logger.info(`pruned ${pruned} unused image cache entries (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
        }
      },
    },
  };
}
