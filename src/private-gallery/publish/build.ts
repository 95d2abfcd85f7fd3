import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import {
  accessFrom,
  deriveSecret,
  isExpired,
  kdfFor,
  type KdfParams,
  type Sealed,
  type VaultEntry,
  type VaultFile,
  type VaultImage,
  type VaultIndex,
} from '../format/crypto.ts';
import {
  galleryKey,
  MANIFEST,
  randomName,
  sealedTag,
  sealIndex,
  sealManifest,
  sealObject,
  type ContentKey,
} from '../format/seal.ts';
import { sha256, VaultCache } from './cache.ts';
import { galleryPasswords, passwordVariable, siteSalt, type Logger } from './secrets.ts';
import { cachedVariants, SIZES, VARIANTS_VERSION, type Variant } from './sizes.ts';
import { listGalleries, privateGalleryDir, type Env, type GallerySource } from './sources.ts';

/** The galleries' cache, inside Astro's cache folder by default. */
export const CACHE_FOLDER = 'private-gallery';
export const DEFAULT_CACHE_DIR = `node_modules/.astro/${CACHE_FOLDER}`;

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
  /** Folder for resized copies and ciphertexts between runs (see VaultCache); null for none. */
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

/** A gallery's content key through the cache: the cached one if this password opens it. */
async function cachedKey(access: Awaited<ReturnType<typeof accessFrom>>, cache: VaultCache) {
  const name = `keys/${access.id}.json`;
  const cached = cache.read(name);
  const content = await galleryKey(access, cached && (JSON.parse(cached.toString('utf8')) as Sealed));
  if (!content.reused) cache.write(name, JSON.stringify(content.wrapped));
  return content;
}

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
  const put = (name: string, data: Uint8Array) => {
    writeFileSync(join(outDir, name), data);
    bytes += data.length;
  };
  /**
   * Seals a photo's file, or publishes the ciphertext an earlier run made of the same bytes under
   * the same content key. Reusing a ciphertext reuses its IV only with the identical plaintext and
   * key, which repeats the very same encryption and reveals nothing new; any other plaintext is
   * sealed afresh with a new random IV. Published under a new random name all the same.
   */
  const writeCached = async (content: ContentKey, tag: string, data: Uint8Array<ArrayBuffer>) => {
    const name = `sealed/${sealedTag(content, tag)}.bin`;
    let sealed: Uint8Array | null = cache.read(name);
    if (sealed) cache.stats.reused++;
    else {
      sealed = await sealObject(content, data);
      cache.stats.encrypted++;
      cache.write(name, sealed);
    }
    const file = randomName();
    put(file, sealed);
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
    const content = await cachedKey(access, cache);
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
    const sealed = await sealIndex(content, index);
    put(sealed.object.name, sealed.object.data);
    entries[access.id] = sealed.entry;
    published.push({ id: gallery.id, title: gallery.title, photos: images.length, secret });
  }

  const { manifest, decoys } = sealManifest(options.kdf, entries);
  for (const decoy of decoys) put(decoy.name, decoy.data);
  writeFileSync(join(outDir, MANIFEST), manifest);
  const pruned = cache.prune();
  return { galleries: published, skipped, bytes: bytes + manifest.length, cache: { ...cache.stats, pruned } };
}

/** Everything a build needs, read from the environment and the private folder. */
export function vaultInputs(env: Env, logger?: Logger, cacheDir = resolve(DEFAULT_CACHE_DIR)) {
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
