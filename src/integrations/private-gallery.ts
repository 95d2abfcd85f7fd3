import { createHash, createHmac } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { parseEnv } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import sharp from 'sharp';
import {
  accessFrom,
  decryptBytes,
  deriveSecret,
  fromBase64,
  importContentKey,
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
  type Access,
  type DownloadPolicy,
  type KdfParams,
  type Sealed,
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
/** The galleries' build cache (VaultCache), inside Astro's cache folder. */
const CACHE_FOLDER = 'private-gallery';
const DEFAULT_CACHE_DIR = `node_modules/.astro/${CACHE_FOLDER}`;
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

/** The two published sizes of a photo. Part of the cache key: changing them makes every size again. */
const SIZES = {
  thumb: { width: 640, quality: 72 },
  full: { width: 2400, quality: 82 },
} as const;

/** The two published sizes of a photo (a path or its bytes); deterministic, so a scan can recompute them. */
export async function renderVariants(path: string | Buffer) {
  const thumb = await sharp(path)
    .rotate()
    .resize({ width: SIZES.thumb.width, withoutEnlargement: true })
    .webp({ quality: SIZES.thumb.quality })
    .toBuffer({ resolveWithObject: true });
  const full = await sharp(path)
    .rotate()
    .resize({ width: SIZES.full.width, height: SIZES.full.width, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: SIZES.full.quality })
    .toBuffer({ resolveWithObject: true });
  return { thumb, full };
}

interface Variant {
  data: Buffer;
  width: number;
  height: number;
}

const sha256 = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/**
 * The galleries' build cache, in Astro's cache folder (node_modules/.astro, which Netlify and
 * Cloudflare Pages keep between builds; never published, never committed), so a rebuild neither
 * resizes nor encrypts a photo again unless the photo, its sizes or its gallery's key changed:
 * - `sizes/<hash>.{thumb,full}.webp` and `.json`: the resized copies, by the hash of the photo's
 *   bytes and the size options;
 * - `keys/<lookup id>.json`: each gallery's content key, sealed with the wrapping key of its
 *   password, exactly as the manifest publishes it (the lookup id is public in the manifest too).
 *   It opens only with the same password and site salt; any other makes a new content key;
 * - `sealed/<tag>.bin`: the encrypted files, named by an HMAC under the content key of the photo's
 *   hash, the size and the options: no name says anything about a photo, a password or a key.
 * Entries this build did not use are deleted at its end (`prune`), so the cache stays the size of
 * the galleries.
 */
export class VaultCache {
  private readonly used = new Set<string>();
  readonly stats = { resized: 0, encrypted: 0, reused: 0 };

  readonly dir: string | null;

  constructor(dir: string | null) {
    this.dir = dir;
  }

  read(name: string): Buffer | null {
    if (!this.dir || !existsSync(join(this.dir, name))) return null;
    this.used.add(name);
    return readFileSync(join(this.dir, name));
  }

  write(name: string, data: string | Uint8Array) {
    if (!this.dir) return;
    mkdirSync(dirname(join(this.dir, name)), { recursive: true });
    writeFileSync(join(this.dir, name), data);
    this.used.add(name);
  }

  /** Deletes every entry this build did not read or write; returns how many. */
  prune(): number {
    if (!this.dir || !existsSync(this.dir)) return 0;
    let pruned = 0;
    for (const name of readdirSync(this.dir, { recursive: true, encoding: 'utf8' })) {
      const path = join(this.dir, name);
      // Entries are named with '/', whatever the system's separator.
      if (this.used.has(name.split(sep).join('/')) || statSync(path).isDirectory()) continue;
      rmSync(path);
      pruned++;
    }
    return pruned;
  }
}

/** renderVariants through the cache: a rebuild only resizes new or changed photos. */
async function cachedVariants(photoHash: string, source: Buffer, cache: VaultCache): Promise<Record<Size, Variant>> {
  const base = `sizes/${sha256(photoHash, JSON.stringify(SIZES), String(VARIANTS_VERSION))}`;
  const meta = cache.read(`${base}.json`);
  const thumbData = meta && cache.read(`${base}.thumb.webp`);
  const fullData = meta && cache.read(`${base}.full.webp`);
  if (meta && thumbData && fullData) {
    const sizes = JSON.parse(meta.toString('utf8')) as Record<Size, [number, number]>;
    return {
      thumb: { data: thumbData, width: sizes.thumb[0], height: sizes.thumb[1] },
      full: { data: fullData, width: sizes.full[0], height: sizes.full[1] },
    };
  }
  const { thumb, full } = await renderVariants(source);
  cache.stats.resized++;
  cache.write(`${base}.thumb.webp`, thumb.data);
  cache.write(`${base}.full.webp`, full.data);
  cache.write(
    `${base}.json`,
    JSON.stringify({ thumb: [thumb.info.width, thumb.info.height], full: [full.info.width, full.info.height] }),
  );
  return {
    thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
    full: { data: full.data, width: full.info.width, height: full.info.height },
  };
}

type Size = keyof typeof SIZES;

/**
 * A gallery's content key: the one its cached sealed copy opens with this password, else a new
 * random one. Reusing it lets a rebuild publish the cached ciphertexts of unchanged photos.
 */
async function galleryKey(access: Access, cache: VaultCache) {
  const name = `keys/${access.id}.json`;
  const cached = cache.read(name);
  if (cached) {
    try {
      const wrapped = JSON.parse(cached.toString('utf8')) as Sealed;
      const raw = await decryptBytes(access.key, fromBase64(wrapped.iv), fromBase64(wrapped.data));
      return { raw, key: await importContentKey(raw), wrapped };
    } catch {
      // Not sealed with this password's key (a hand-edited or damaged cache): make a new key.
    }
  }
  const content = await newContentKey();
  const wrapped = await wrapContentKey(access.key, content.raw);
  cache.write(name, JSON.stringify(wrapped));
  return { ...content, wrapped };
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
  /** Folder for resized copies and ciphertexts between builds (see VaultCache); null for none. */
  cacheDir?: string | null;
  now?: Date;
}

/** Runs `task` over `items`, at most `limit` at a time; the results keep the items' order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
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
  const cache = new VaultCache(options.cacheDir ?? null);
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
  /**
   * Seals a photo's file, or publishes the ciphertext an earlier build made of the same bytes under
   * the same content key. Reusing a ciphertext reuses its IV only with the identical plaintext and
   * key, which repeats the very same encryption and reveals nothing new; any other plaintext is
   * sealed afresh with a new random IV. Published under a new random name all the same.
   */
  const writeCached = async (
    content: { raw: Uint8Array; key: CryptoKey },
    tag: string,
    data: Uint8Array<ArrayBuffer>,
  ) => {
    const name = `sealed/${createHmac('sha256', content.raw).update(tag).digest('hex')}.bin`;
    let sealed = cache.read(name);
    if (sealed) cache.stats.reused++;
    else {
      sealed = Buffer.from(await sealFile(content.key, data));
      cache.stats.encrypted++;
      cache.write(name, sealed);
    }
    const file = randomName();
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
    const content = await galleryKey(access, cache);
    const seal = async (photoHash: string, what: string, variant: Variant, type: string): Promise<VaultFile> => ({
      file: await writeCached(
        content,
        sha256(photoHash, what, JSON.stringify(SIZES), String(VARIANTS_VERSION)),
        new Uint8Array(variant.data),
      ),
      width: variant.width,
      height: variant.height,
      type,
      bytes: variant.data.length,
    });
    // Resizing is the slow step: one photo per core at a time (each with the libvips threads the
    // config allows). Only those photos are held in memory, whatever the size of the gallery.
    const images = await mapLimit(gallery.photos, availableParallelism(), async (photo, index) => {
      const source = readFileSync(photo.path);
      const hash = sha256(source);
      const { thumb, full } = await cachedVariants(hash, source, cache);
      const image: VaultImage = {
        alt: photo.alt,
        name: String(index + 1).padStart(2, '0'),
        thumb: await seal(hash, 'thumb', thumb, 'image/webp'),
        full: await seal(hash, 'full', full, 'image/webp'),
      };
      if (gallery.downloads === 'full') {
        const ext = extname(photo.path).toLowerCase();
        image.original = await seal(
          hash,
          'original',
          { data: source, width: full.width, height: full.height },
          MIME[ext] ?? 'application/octet-stream',
        );
      }
      return image;
    });
    const index: VaultIndex = {
      id: gallery.id,
      title: gallery.title,
      expires: gallery.expires,
      downloads: gallery.downloads,
      images,
    };
    entries[access.id] = {
      key: content.wrapped,
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
  const pruned = cache.prune();
  return { galleries: published, skipped, bytes: bytes + json.length, cache: { ...cache.stats, pruned } };
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
export function vaultInputs(env: Env, logger?: AstroIntegrationLogger, cacheDir = resolve(DEFAULT_CACHE_DIR)) {
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
      cacheDir,
    } satisfies BuildOptions,
  };
}

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
