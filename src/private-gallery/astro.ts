import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildVault, CACHE_FOLDER, DEFAULT_CACHE_DIR, vaultInputs } from './publish/build.ts';
import { readEnv } from './publish/secrets.ts';

export const VAULT_PATH = 'vault';

/** Astro integration: publishes the private galleries encrypted, never in the clear. */
export default function privateGallery(): AstroIntegration {
  let cacheDir = resolve(DEFAULT_CACHE_DIR);
  return {
    name: 'private-gallery',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(new URL(`${CACHE_FOLDER}/`, config.cacheDir));
        // Where earlier builds kept the resized copies (a folder hosts do not keep between builds).
        rmSync(resolve('node_modules/.cache/private-gallery-variants'), { recursive: true, force: true });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { galleries, options } = vaultInputs(readEnv(), logger, cacheDir);
        const started = Date.now();
        const result = await buildVault(join(fileURLToPath(dir), VAULT_PATH), galleries, options);
        for (const id of result.skipped)
          logger.info(`left out the closed private gallery "${id}" (past its expiry date)`);
        const photos = result.galleries.reduce((sum, gallery) => sum + gallery.photos, 0);
        const { resized, encrypted, reused } = result.cache;
        logger.info(
          `encrypted ${result.galleries.length} private galleries, ${photos} photos (${Math.round(result.bytes / 1024)} KB) in ${Date.now() - started} ms ` +
            `(${resized} photos resized, ${encrypted} files encrypted, ${reused} reused from the cache); "npm run galleries" prints their private links`,
        );
      },
      'astro:server:setup': async ({ server, logger }) => {
        // The dev server serves a freshly encrypted copy from a scratch folder.
        const { galleries, options } = vaultInputs(readEnv(), logger, cacheDir);
        const outDir = resolve('node_modules/.cache/private-gallery-dev');
        await buildVault(outDir, galleries, options);
        server.middlewares.use(`/${VAULT_PATH}/`, (req, res, next) => {
          const name = basename(req.url ?? '');
          const file = join(outDir, name);
          if (!name || !existsSync(file)) return next();
          res.setHeader('Content-Type', name.endsWith('.json') ? 'application/json' : 'application/octet-stream');
          res.end(readFileSync(file));
        });
      },
    },
  };
}
