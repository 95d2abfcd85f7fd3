import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import sharp from 'sharp';
import { parse } from 'yaml';
import { deriveKey, encryptBytes, newKdf, randomBytes, sealJson, toBase64 } from '../lib/vault';
import type { VaultFile, VaultImage, VaultManifest } from '../lib/vault';

/** Used when PRIVATE_GALLERY_PASSWORD is not set; written in the README. Never for a live site. */
export const DEVELOPMENT_PASSWORD = 'coastlight-preview-gallery';
export const VAULT_PATH = 'vault';
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif']);

export interface VaultSource {
  path: string;
  alt: string;
}

/** The folder with the private originals: PRIVATE_GALLERY_DIR, else content/private/. */
export function privateGalleryDir(env: Record<string, string | undefined> = process.env): string {
  return resolve(env['PRIVATE_GALLERY_DIR'] || 'content/private');
}

/** Reads `.env` (if present) under the real environment, which wins. */
export function readEnv(root = process.cwd()): Record<string, string | undefined> {
  const file = join(root, '.env');
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

/** The photos to publish, in file-name order, with their alt texts from gallery.yaml. */
export function listSources(dir: string): VaultSource[] {
  const altFile = join(dir, 'gallery.yaml');
  const alts = new Map<string, string>();
  if (existsSync(altFile)) {
    const entries = parse(readFileSync(altFile, 'utf8')) as { file?: string; alt?: string }[] | null;
    for (const entry of entries ?? []) {
      if (entry.file && entry.alt) alts.set(entry.file, entry.alt);
    }
  }
  return readdirSync(dir)
    .filter((name) => IMAGE_EXTENSIONS.has(extname(name).toLowerCase()))
    .sort()
    .map((name, index) => ({
      path: join(dir, name),
      alt: alts.get(name) ?? `Private gallery photograph ${index + 1}`,
    }));
}

/** The two published sizes of a photo; deterministic, so a scan can recompute them. */
export async function renderVariants(path: string) {
  const thumb = await sharp(path)
    .rotate()
    .resize({ width: 640, withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer({ resolveWithObject: true });
  const full = await sharp(path)
    .rotate()
    .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { thumb, full };
}

/** Resizes, encrypts and writes the gallery into `outDir`; returns the published byte count. */
export async function buildVault(outDir: string, sources: VaultSource[], password: string) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const kdf = newKdf();
  const key = await deriveKey(password, kdf);
  let bytes = 0;
  const seal = async (data: Buffer, width: number, height: number): Promise<VaultFile> => {
    const sealed = await encryptBytes(key, new Uint8Array(data));
    // Random names: nothing about the photo can be read from the file list.
    const file = `${Buffer.from(randomBytes(12)).toString('hex')}.bin`;
    writeFileSync(join(outDir, file), sealed.data);
    bytes += sealed.data.length;
    return { file, iv: toBase64(sealed.iv), width, height, type: 'image/webp' };
  };
  const images: VaultImage[] = [];
  for (const source of sources) {
    const { thumb, full } = await renderVariants(source.path);
    images.push({
      alt: source.alt,
      thumb: await seal(thumb.data, thumb.info.width, thumb.info.height),
      full: await seal(full.data, full.info.width, full.info.height),
    });
  }
  const manifest: VaultManifest = { version: 1, kdf, index: await sealJson(key, { images }) };
  const json = JSON.stringify(manifest);
  writeFileSync(join(outDir, 'manifest.json'), json);
  return { images: images.length, bytes: bytes + json.length };
}

function passwordFrom(env: Record<string, string | undefined>, logger: AstroIntegrationLogger): string {
  const password = env['PRIVATE_GALLERY_PASSWORD']?.trim();
  if (!password) {
    logger.warn(
      `PRIVATE_GALLERY_PASSWORD is not set: the private gallery uses the development password from the README. Set it before publishing.`,
    );
    return DEVELOPMENT_PASSWORD;
  }
  if (password.length < 12) logger.warn('PRIVATE_GALLERY_PASSWORD is shorter than 12 characters: choose a longer one.');
  return password;
}

/** Astro integration: publishes the private gallery encrypted, never in the clear. */
export default function privateGallery(): AstroIntegration {
  return {
    name: 'private-gallery',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const env = readEnv();
        const sources = listSources(privateGalleryDir(env));
        const started = Date.now();
        const result = await buildVault(join(fileURLToPath(dir), VAULT_PATH), sources, passwordFrom(env, logger));
        logger.info(
          `encrypted ${result.images} private photos (${Math.round(result.bytes / 1024)} KB) in ${Date.now() - started} ms`,
        );
      },
      'astro:server:setup': async ({ server, logger }) => {
        // The dev server serves a freshly encrypted copy from a scratch folder.
        const env = readEnv();
        const outDir = resolve('node_modules/.cache/private-gallery');
        await buildVault(outDir, listSources(privateGalleryDir(env)), passwordFrom(env, logger));
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
