import type { AstroIntegration } from 'astro';
import { VAULT_NAME } from './host/serve.ts';
import { openTarget, type VaultTarget } from './publish/target.ts';

/**
 * Astro integration for `astro dev` only: the dev server answers /vault/* from the local bucket,
 * as the site's Function does on the host (`npm run galleries -- publish --local` fills it). The
 * site's build never reads, seals or copies a gallery: dist/ is the same with or without them.
 */
export default function privateGallery(): AstroIntegration {
  return {
    name: 'private-gallery',
    hooks: {
      'astro:server:setup': ({ server, logger }) => {
        let bucket: Promise<VaultTarget> | null = null;
        server.httpServer?.on('close', () => void bucket?.then((target) => target.close()));
        server.middlewares.use('/vault/', (req, res, next) => {
          const name = (req.url ?? '').replace(/^\/+/, '').split('?')[0] ?? '';
          if (!VAULT_NAME.test(name)) return next();
          bucket ??= openTarget({ remote: false });
          bucket
            .then((target) => target.get(name))
            .then((data) => {
              if (!data) return next();
              res.setHeader('Content-Type', name.endsWith('.json') ? 'application/json' : 'application/octet-stream');
              res.setHeader('Cache-Control', 'no-store');
              res.end(data);
            })
            .catch((error: unknown) => {
              logger.warn(`the local bucket could not be read: ${String(error)}`);
              next();
            });
        });
      },
    },
  };
}
