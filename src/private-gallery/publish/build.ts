import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import {
  deriveSecret,
  isExpired,
  kdfFor,
  type FileRole,
  type Grant,
  type KdfParams,
  type VaultFile,
  type VaultImage,
  type VaultIndex,
} from '../format/crypto.ts';
import {
  galleryKeys,
  galleryRef,
  grantId,
  MANIFEST,
  photoRef,
  objectName,
  sealedTag,
  sealGrant,
  sealIndex,
  sealManifest,
  sealPhotoFile,
  wrapPhotoKey,
} from '../format/seal.ts';
import { sha256, VaultCache } from './cache.ts';
import { readShares, sealShares, type Share } from './share.ts';
import { galleryPasswords, gallerySecrets, passwordVariable, siteSalt, type Logger } from './secrets.ts';
import { cachedVariants, SIZES, strippedOriginal, VARIANTS_VERSION, type Variant } from './sizes.ts';
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
  /** The secret seed (kept with the passwords) that keys, ids and decoys derive from. */
  seed: Uint8Array;
  /** Each gallery's private-link secrets, by id: one grant each (none when absent). */
  links?: Map<string, Uint8Array<ArrayBuffer>[]>;
  /** Each gallery's partner links, by id: a grant each on a sub-index of only their photos. */
  shares?: Map<string, Share[]>;
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

/**
 * Resizes, encrypts and writes the galleries into `outDir`. Galleries past their expiry date are
 * left out entirely. Returns what was published.
 */
export async function buildVault(outDir: string, galleries: GallerySource[], options: BuildOptions) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const cache = new VaultCache(options.cacheDir ?? null);
  const now = options.now ?? new Date();
  const { seed } = options;
  const grants: Record<string, Grant> = {};
  const published: { id: string; title: string; photos: number; links: Uint8Array<ArrayBuffer>[] }[] = [];
  const skipped: string[] = [];
  let bytes = 0;
  const put = (name: string, data: Uint8Array) => {
    writeFileSync(join(outDir, name), data);
    bytes += data.length;
  };
  /**
   * Seals a photo's file, or publishes the ciphertext an earlier run made of the same bytes under
   * the same key and additional data (the same bytes it would make again: its IV comes from the
   * seed and the plaintext). Named by its ciphertext under the seed.
   */
  const writeCached = async (key: Uint8Array<ArrayBuffer>, tag: string, seal: () => Promise<Uint8Array>) => {
    const name = `sealed/${sealedTag(key, tag)}.bin`;
    let sealed: Uint8Array | null = cache.read(name);
    if (sealed) cache.stats.reused++;
    else {
      sealed = await seal();
      cache.stats.encrypted++;
      cache.write(name, sealed);
    }
    const file = objectName(seed, sealed);
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
    const generation = await grantId(secret);
    if (grants[generation]) throw new Error(`two private galleries share one password; "${gallery.id}" needs its own`);
    const ref = galleryRef(seed, gallery.id);
    const keys = galleryKeys(seed, ref, generation);
    const seal = async (
      photoHash: string,
      photo: string,
      role: FileRole,
      variant: Variant,
      type: string,
    ): Promise<VaultFile> => {
      const key = keys.photo(photoHash, role === 'original' ? 'original' : 'photo');
      const tag = sha256(photoHash, role, JSON.stringify(SIZES), String(VARIANTS_VERSION), ref, photo);
      return {
        file: await writeCached(key, tag, () => sealPhotoFile(seed, key, variant.data, ref, photo, role)),
        width: variant.width,
        height: variant.height,
        type,
        bytes: variant.data.length,
      };
    };
    // Resizing is the slow step: one photo per core at a time (each with the libvips threads the
    // config allows). Only those photos are held in memory, whatever the size of the gallery.
    const hashes: string[] = [];
    const images = await mapLimit(gallery.photos, availableParallelism(), async (photo, index) => {
      const source = readFileSync(photo.path);
      const hash = sha256(source);
      hashes[index] = hash;
      const id = photoRef(seed, ref, hash);
      const { thumb, full } = await cachedVariants(hash, source, cache);
      const image: VaultImage = {
        id,
        key: await wrapPhotoKey(seed, keys.gallery, keys.photo(hash, 'photo'), ref, id, 'photo'),
        alt: photo.alt,
        name: String(index + 1).padStart(2, '0'),
        source: basename(photo.path),
        thumb: await seal(hash, id, 'thumb', thumb, 'image/webp'),
        full: await seal(hash, id, 'full', full, 'image/webp'),
      };
      // Only a gallery that allows full-size downloads carries its originals, and their keys.
      if (gallery.downloads === 'full') {
        const ext = extname(photo.path).toLowerCase();
        const original = await strippedOriginal(source);
        image.original = {
          ...(await seal(
            hash,
            id,
            'original',
            { data: original, width: full.width, height: full.height },
            MIME[ext] ?? 'application/octet-stream',
          )),
          key: await wrapPhotoKey(seed, keys.gallery, keys.photo(hash, 'original'), ref, id, 'original'),
        };
      }
      return image;
    });
    const index: VaultIndex = {
      id: ref,
      title: gallery.title,
      expires: gallery.expires,
      downloads: gallery.downloads,
      images,
      ...(gallery.selection ? { selection: gallery.selection } : {}),
    };
    const sealed = await sealIndex(seed, keys.index, index);
    put(sealed.object.name, sealed.object.data);
    // One grant per way in: the password, then each private link, each with its own secret.
    const links = options.links?.get(gallery.id) ?? [];
    for (const way of [secret, ...links]) {
      const { id, grant } = await sealGrant(seed, way, keys.gallery, sealed.pointer);
      if (grants[id]) throw new Error(`two ways into private galleries share one secret ("${gallery.id}")`);
      grants[id] = grant;
    }
    // Partner links: a grant each on a sub-index of only their photos (publish/share.ts).
    const shared = await sealShares(seed, keys, index, hashes, options.shares?.get(gallery.id), now);
    for (const { object, id, grant } of shared) {
      if (grants[id]) throw new Error(`two ways into private galleries share one secret ("${gallery.id}")`);
      put(object.name, object.data);
      grants[id] = grant;
    }
    published.push({ id: gallery.id, title: gallery.title, photos: images.length, links });
  }

  const { manifest, decoys } = sealManifest(seed, options.kdf, grants);
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
  const passwords = galleryPasswords(galleries, env, logger);
  const { seed, links } = gallerySecrets(galleries, env, logger);
  return {
    galleries,
    options: {
      kdf: kdfFor(siteSalt(env, process.cwd(), logger)),
      passwords,
      seed,
      links,
      shares: readShares(galleries, env),
      cacheDir,
    } satisfies BuildOptions,
  };
}
