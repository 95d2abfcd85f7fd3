import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { checkContentPhotos, CONTENT_PHOTO_ADVICE } from '../lib/images/content-photos';

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
 *   accepts them, it just spends time and memory on pixels nobody sees) or carry camera metadata
 *   (GPS, serial, date, owner: the published sizes never do, but the file in the project does);
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
        const problems = await checkContentPhotos(root, join(root, contentDir));
        if (problems.length) {
          logger.warn(
            `${problems.length} photo problem(s) in content/ (the build goes on, but these files are larger than the site ` +
              `needs or carry camera metadata into the project's history):\n  ${problems.join('\n  ')}\n${CONTENT_PHOTO_ADVICE}`,
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
