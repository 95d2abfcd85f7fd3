import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import sharp from 'sharp';
import {
  accessFrom,
  deriveSecret,
  ENTRY_BLOCK,
  INDEX_BLOCK,
  isExpired,
  kdfFor,
  LINK_PARAM,
  newContentKey,
  newSalt,
  paddedIndex,
  randomBytes,
  sealFile,
  toBase64,
  toBase64Url,
  toHex,
  wrapContentKey,
  type DownloadPolicy,
  type KdfParams,
  type VaultEntry,
  type VaultFile,
  type VaultImage,
  type VaultIndex,
  type VaultManifest,
} from '../lib/vault.ts';
import { parseGalleryFile, parseSiteSalt } from '../lib/private-gallery-file.ts';

/** Used for a gallery that has no password configured; written in the README. Never for a live site. */
export const DEVELOPMENT_PASSWORD = 'coastlight-preview-gallery';
export const VAULT_PATH = 'vault';
/** The committed site salt: changing it logs every client out of every gallery. */
export const SALT_FILE = 'content/private-gallery-salt.txt';
/** The git-ignored file, inside the private folder, that may hold the galleries' passwords. */
export const PASSWORDS_FILE = 'passwords.env';
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif']);
/** Bump when renderVariants changes, so cached sizes are made again. */
const VARIANTS_VERSION = 1;

export interface VaultSource {
  path: string;
  alt: string;
}

export interface GallerySource {
  /** The folder name: lower-case letters, digits and dashes. */
  id: string;
  title: string;
  expires: string | null;
  downloads: DownloadPolicy;
  photos: VaultSource[];
}

type Env = Record<string, string | undefined>;

/** The folder with the private galleries: PRIVATE_GALLERY_DIR, else content/private/. */
export function privateGalleryDir(env: Env = process.env): string {
  return resolve(env['PRIVATE_GALLERY_DIR'] || 'content/private');
}

/** The environment a build sees: the real one wins over `.env`, which wins over the private passwords file. */
export function readEnv(root = process.cwd(), env: Env = process.env): Env {
  const read = (file: string) => (existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {});
  const dotEnv = read(join(root, '.env'));
  const dir = privateGalleryDir({ ...dotEnv, ...env });
  return { ...read(join(dir, PASSWORDS_FILE)), ...dotEnv, ...env };
}

/** The environment variable that holds a gallery's password: PRIVATE_GALLERY_PASSWORD_JENNA_2026_10. */
export function passwordVariable(id: string): string {
  return `PRIVATE_GALLERY_PASSWORD_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

function fail(file: string, message: string): never {
  throw new Error(`${file}: ${message}`);
}

/** Reads one gallery folder: its gallery.yaml and its photos, in the order the file gives. */
export function readGallery(folder: string): GallerySource {
  const id = basename(folder);
  const file = join(folder, 'gallery.yaml');
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) fail(folder, 'a gallery folder name uses only a-z, 0-9 and dashes');
  const { title, expires, downloads, photos: listed } = parseGalleryFile(readFileSync(file, 'utf8'), file);
  const present = readdirSync(folder)
    .filter((name) => IMAGE_EXTENSIONS.has(extname(name).toLowerCase()))
    .sort();
  const order: { name: string; alt?: string }[] = [];
  for (const entry of listed) {
    if (typeof entry.file !== 'string' || !present.includes(entry.file)) {
      fail(file, `lists a photo that is not in the folder: ${String(entry.file)}`);
    }
    order.push({ name: entry.file, ...(typeof entry.alt === 'string' ? { alt: entry.alt } : {}) });
  }
  // Photos in the folder but not in the list come last, in file-name order.
  for (const name of present) if (!order.some((item) => item.name === name)) order.push({ name });
  return {
    id,
    title: title.trim(),
    expires,
    downloads,
    photos: order.map((item, index) => ({
      path: join(folder, item.name),
      alt: item.alt ?? `Photograph ${index + 1} of your gallery`,
    })),
  };
}

/** Every gallery: each sub-folder of the private folder that holds a gallery.yaml. */
export function listGalleries(dir: string): GallerySource[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory() && existsSync(join(path, 'gallery.yaml')))
    .map(readGallery);
}

/** The site salt: PRIVATE_GALLERY_SALT, else the committed salt file (made once if missing). */
export function siteSalt(env: Env, root = process.cwd(), logger?: AstroIntegrationLogger): string {
  const fromEnv = env['PRIVATE_GALLERY_SALT']?.trim();
  if (fromEnv) return fromEnv;
  const file = join(root, SALT_FILE);
  if (existsSync(file)) return parseSiteSalt(readFileSync(file, 'utf8'), SALT_FILE);
  const salt = newSalt();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${salt}\n`);
  logger?.warn(`made a new site salt in ${SALT_FILE}: commit it, or every rebuild elsewhere logs clients out.`);
  return salt;
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

interface Variant {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * renderVariants with a cache keyed by the photo's hash: a rebuild only resizes new or changed
 * photos. The cache lives in node_modules/.cache (never published, never committed).
 */
async function cachedVariants(path: string, cacheDir: string | null): Promise<{ thumb: Variant; full: Variant }> {
  const hash = createHash('sha256').update(readFileSync(path)).digest('hex');
  const base = cacheDir ? join(cacheDir, `${hash}-v${VARIANTS_VERSION}`) : null;
  if (base && existsSync(`${base}.json`)) {
    const meta = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as Record<'thumb' | 'full', [number, number]>;
    const load = (name: 'thumb' | 'full'): Variant => ({
      data: readFileSync(`${base}.${name}.webp`),
      width: meta[name][0],
      height: meta[name][1],
    });
    return { thumb: load('thumb'), full: load('full') };
  }
  const { thumb, full } = await renderVariants(path);
  const result = {
    thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
    full: { data: full.data, width: full.info.width, height: full.info.height },
  };
  if (base) {
    mkdirSync(dirname(base), { recursive: true });
    writeFileSync(`${base}.thumb.webp`, thumb.data);
    writeFileSync(`${base}.full.webp`, full.data);
    writeFileSync(
      `${base}.json`,
      JSON.stringify({ thumb: [thumb.info.width, thumb.info.height], full: [full.info.width, full.info.height] }),
    );
  }
  return result;
}

const MIME: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

export interface BuildOptions {
  kdf: KdfParams;
  /** Password of each gallery, by id. */
  passwords: Map<string, string>;
  /** Folder for resized copies between builds; null for none. */
  cacheDir?: string | null;
  now?: Date;
}

/** Random file names: nothing about a photo or a gallery can be read from the file list. */
const randomName = () => `${toHex(randomBytes(12))}.bin`;

/**
 * Resizes, encrypts and writes the galleries into `outDir`. Galleries past their expiry date are
 * left out entirely. Returns what was published.
 */
export async function buildVault(outDir: string, galleries: GallerySource[], options: BuildOptions) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const now = options.now ?? new Date();
  const entries: Record<string, VaultEntry> = {};
  const published: { id: string; title: string; photos: number; secret: Uint8Array<ArrayBuffer> }[] = [];
  const skipped: string[] = [];
  let bytes = 0;
  const write = async (key: CryptoKey, data: Uint8Array<ArrayBuffer>) => {
    const file = randomName();
    const sealed = await sealFile(key, data);
    writeFileSync(join(outDir, file), sealed);
    bytes += sealed.length;
    return file;
  };

  for (const gallery of galleries) {
    if (isExpired(gallery.expires, now)) {
      skipped.push(gallery.id);
      continue;
    }
    const password = options.passwords.get(gallery.id);
    if (!password) throw new Error(`no password for the private gallery "${gallery.id}"`);
    const secret = await deriveSecret(password, options.kdf);
    const access = await accessFrom(secret);
    if (entries[access.id]) throw new Error(`two private galleries share one password; "${gallery.id}" needs its own`);
    const content = await newContentKey();
    const seal = async (variant: Variant, type: string): Promise<VaultFile> => ({
      file: await write(content.key, new Uint8Array(variant.data)),
      width: variant.width,
      height: variant.height,
      type,
      bytes: variant.data.length,
    });
    const images: VaultImage[] = [];
    for (const [index, photo] of gallery.photos.entries()) {
      const { thumb, full } = await cachedVariants(photo.path, options.cacheDir ?? null);
      const number = String(index + 1).padStart(2, '0');
      const image: VaultImage = {
        alt: photo.alt,
        name: number,
        thumb: await seal(thumb, 'image/webp'),
        full: await seal(full, 'image/webp'),
      };
      if (gallery.downloads === 'full') {
        const original = readFileSync(photo.path);
        const ext = extname(photo.path).toLowerCase();
        image.original = await seal(
          { data: original, width: full.width, height: full.height },
          MIME[ext] ?? 'application/octet-stream',
        );
      }
      images.push(image);
    }
    const index: VaultIndex = {
      id: gallery.id,
      title: gallery.title,
      expires: gallery.expires,
      downloads: gallery.downloads,
      images,
    };
    entries[access.id] = {
      key: await wrapContentKey(access.key, content.raw),
      index: await write(content.key, paddedIndex(index)),
    };
    published.push({ id: gallery.id, title: gallery.title, photos: images.length, secret });
  }

  // Decoys, so the manifest does not tell how many galleries there are.
  const total = Math.max(ENTRY_BLOCK, Math.ceil(Object.keys(entries).length / ENTRY_BLOCK) * ENTRY_BLOCK);
  while (Object.keys(entries).length < total) {
    const index = randomName();
    writeFileSync(join(outDir, index), randomBytes(INDEX_BLOCK + 28));
    entries[toHex(randomBytes(16))] = {
      key: { iv: toBase64(randomBytes(12)), data: toBase64(randomBytes(48)) },
      index,
    };
  }
  // Sorted by the (random) ids, so the order does not tell which gallery came first.
  const galleriesOut = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));
  const manifest: VaultManifest = { version: 2, kdf: options.kdf, galleries: galleriesOut };
  const json = JSON.stringify(manifest);
  writeFileSync(join(outDir, 'manifest.json'), json);
  return { galleries: published, skipped, bytes: bytes + json.length };
}

/** The private link of a gallery: its access secret in the fragment, which browsers never send. */
export function privateLink(siteUrl: string, secret: Uint8Array): string {
  return `${siteUrl.replace(/\/$/, '')}/private-gallery#${LINK_PARAM}=${toBase64Url(secret)}`;
}

/** Each gallery's password; a gallery without one gets the development password, with a warning. */
export function galleryPasswords(galleries: GallerySource[], env: Env, logger?: AstroIntegrationLogger) {
  const passwords = new Map<string, string>();
  for (const gallery of galleries) {
    const variable = passwordVariable(gallery.id);
    const password = env[variable]?.trim();
    if (!password) {
      logger?.warn(
        `${variable} is not set: the private gallery "${gallery.id}" uses the development password from the README. Set it before publishing.`,
      );
      passwords.set(gallery.id, DEVELOPMENT_PASSWORD);
      continue;
    }
    if (password.length < 12) logger?.warn(`${variable} is shorter than 12 characters: choose a longer one.`);
    passwords.set(gallery.id, password);
  }
  return passwords;
}

/** Everything a build needs, read from the environment and the private folder. */
export function vaultInputs(env: Env, logger?: AstroIntegrationLogger) {
  const galleries = listGalleries(privateGalleryDir(env));
  if (env['PRIVATE_GALLERY_PASSWORD']) {
    logger?.warn(
      `PRIVATE_GALLERY_PASSWORD is no longer used: each gallery has its own, e.g. ${passwordVariable(galleries[0]?.id ?? 'preview')} (see the README).`,
    );
  }
  return {
    galleries,
    options: {
      kdf: kdfFor(siteSalt(env, process.cwd(), logger)),
      passwords: galleryPasswords(galleries, env, logger),
      cacheDir: resolve('node_modules/.cache/private-gallery-variants'),
    } satisfies BuildOptions,
  };
}

/** Astro integration: publishes the private galleries encrypted, never in the clear. */
export default function privateGallery(): AstroIntegration {
  return {
    name: 'private-gallery',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { galleries, options } = vaultInputs(readEnv(), logger);
        const started = Date.now();
        const result = await buildVault(join(fileURLToPath(dir), VAULT_PATH), galleries, options);
        for (const id of result.skipped)
          logger.info(`left out the closed private gallery "${id}" (past its expiry date)`);
        const photos = result.galleries.reduce((sum, gallery) => sum + gallery.photos, 0);
        logger.info(
          `encrypted ${result.galleries.length} private galleries, ${photos} photos (${Math.round(result.bytes / 1024)} KB) in ${Date.now() - started} ms; "npm run galleries" prints their private links`,
        );
      },
      'astro:server:setup': async ({ server, logger }) => {
        // The dev server serves a freshly encrypted copy from a scratch folder.
        const { galleries, options } = vaultInputs(readEnv(), logger);
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
