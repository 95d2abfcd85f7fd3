import { availableParallelism } from 'node:os';
import { readFileSync, statSync } from 'node:fs';
import { extname, resolve } from 'node:path';
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
  type VaultManifest,
} from '../format/crypto.ts';
import { galleryKey, MANIFEST, sealedTag, sealIndex, sealManifest, sealObject } from '../format/seal.ts';
import { sha256, VaultCache } from './cache.ts';
import { galleryPasswords, passwordVariable, siteSalt, type Logger } from './secrets.ts';
import { cachedVariants, SIZES, VARIANTS_VERSION, type LazyVariant } from './sizes.ts';
import { galleriesFrom, type Env, type GallerySource } from './sources.ts';
import { folderTarget, type VaultTarget } from './target.ts';

/** The publishing cache (VaultCache): on the owner's computer, beside the project's other caches. */
export const DEFAULT_CACHE_DIR = 'node_modules/.cache/private-gallery';

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
  /** Folder for hashes, sizes and keys between runs (see VaultCache); null for none. */
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

/** Uploads at once: a remote bucket answers each in a round trip, whatever the number of cores. */
const UPLOADS_AT_ONCE = 8;

/** Runs tasks at most `limit` at a time; `add` waits for a free place, `drain` for the last one. */
function taskQueue(limit: number) {
  const running = new Set<Promise<void>>();
  return {
    async add(task: () => Promise<void>) {
      while (running.size >= limit) await Promise.race(running);
      const done: Promise<void> = task().finally(() => running.delete(done));
      running.add(done);
      // A failed upload is reported by the next add() or drain(), not as an unhandled rejection.
      done.catch(() => {});
    },
    drain: () => Promise.all(running),
  };
}

/** A photo's content hash, read again only when its size or modification time changed. */
function photoHash(path: string, cache: VaultCache): string {
  const { size, mtimeMs } = statSync(path);
  const name = `hashes/${sha256(resolve(path))}.json`;
  const cached = cache.read(name);
  if (cached) {
    const known = JSON.parse(cached.toString('utf8')) as { size: number; mtimeMs: number; hash: string };
    if (known.size === size && known.mtimeMs === mtimeMs) return known.hash;
  }
  const hash = sha256(readFileSync(path));
  cache.write(name, JSON.stringify({ size, mtimeMs, hash }));
  return hash;
}

/** The manifest the target holds now, or null (none yet, or unreadable). */
async function currentManifest(target: VaultTarget): Promise<VaultManifest | null> {
  const bytes = await target.get(MANIFEST);
  if (!bytes) return null;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as VaultManifest;
  } catch {
    return null;
  }
}

/**
 * Seals the galleries and publishes them to `target`: each photo's files under names derived from
 * its gallery's key and its bytes (a file already there is not uploaded again), each gallery's
 * index, decoys, then the manifest last, so a visitor never meets a half-published gallery; then
 * deletes whatever the new manifest no longer reaches (removed photos and galleries, old indexes).
 * A gallery past its closing date is published closed: its title and date, no photos, so its
 * client reads "This gallery has closed" rather than a wrong password.
 */
export async function publishGalleries(target: VaultTarget, galleries: GallerySource[], options: BuildOptions) {
  const cache = new VaultCache(options.cacheDir ?? null);
  const now = options.now ?? new Date();
  const existing = await target.list();
  const previous = await currentManifest(target);
  const entries: Record<string, VaultEntry> = {};
  const keep = new Set<string>([MANIFEST]);
  const published: { id: string; title: string; photos: number; secret: Uint8Array<ArrayBuffer> }[] = [];
  const closed: string[] = [];
  const uploads = { photoFiles: 0, other: 0, bytes: 0, kept: 0 };
  const put = async (name: string, data: Uint8Array | string) => {
    await target.put(name, data);
    uploads.bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  };
  // Photo files upload beside the resizing; indexes and the manifest wait for all of them.
  const photoUploads = taskQueue(UPLOADS_AT_ONCE);

  for (const gallery of galleries) {
    const password = options.passwords.get(gallery.id);
    if (!password) throw new Error(`no password for the private gallery "${gallery.id}"`);
    const secret = await deriveSecret(password, options.kdf);
    const access = await accessFrom(secret);
    if (entries[access.id]) throw new Error(`two private galleries share one password; "${gallery.id}" needs its own`);
    // The content key the bucket already uses for this gallery (so its files keep their names),
    // else the cached one, else a new one.
    const keyFile = `keys/${access.id}.json`;
    const cachedKey = cache.read(keyFile);
    const wrapped: Sealed | null =
      (previous?.kdf.salt === options.kdf.salt ? previous.galleries[access.id]?.key : undefined) ??
      (cachedKey && (JSON.parse(cachedKey.toString('utf8')) as Sealed));
    const content = await galleryKey(access, wrapped);
    cache.write(keyFile, JSON.stringify(content.wrapped));

    const expired = isExpired(gallery.expires, now);
    const seal = async (hash: string, what: string, variant: LazyVariant, type: string): Promise<VaultFile> => {
      const file = `${sealedTag(content, sha256(hash, what, JSON.stringify(SIZES), String(VARIANTS_VERSION)))}.bin`;
      keep.add(file);
      if (existing.has(file)) uploads.kept++;
      else {
        const sealed = await sealObject(content, new Uint8Array(await variant.data()));
        await photoUploads.add(() => put(file, sealed));
        uploads.photoFiles++;
      }
      return { file, width: variant.width, height: variant.height, type, bytes: variant.bytes };
    };
    // Resizing is the slow step: one photo per core at a time (each with the libvips threads
    // sharp allows). Only those photos are held in memory, whatever the size of the gallery.
    const photos = expired ? [] : gallery.photos;
    const images = await mapLimit(photos, availableParallelism(), async (photo, index) => {
      const hash = photoHash(photo.path, cache);
      const source = () => readFileSync(photo.path);
      const { thumb, full } = await cachedVariants(hash, source, cache);
      const image: VaultImage = {
        alt: photo.alt,
        name: String(index + 1).padStart(2, '0'),
        thumb: await seal(hash, 'thumb', thumb, 'image/webp'),
        full: await seal(hash, 'full', full, 'image/webp'),
      };
      if (gallery.downloads === 'full') {
        const bytes = statSync(photo.path).size;
        const original = { width: full.width, height: full.height, bytes, data: async () => source() };
        image.original = await seal(
          hash,
          'original',
          original,
          MIME[extname(photo.path).toLowerCase()] ?? 'application/octet-stream',
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
    await photoUploads.drain();
    const sealed = await sealIndex(content, index);
    await put(sealed.object.name, sealed.object.data);
    uploads.other++;
    keep.add(sealed.object.name);
    entries[access.id] = sealed.entry;
    if (expired) closed.push(gallery.id);
    else published.push({ id: gallery.id, title: gallery.title, photos: images.length, secret });
  }

  const { manifest, decoys } = sealManifest(options.kdf, entries);
  for (const decoy of decoys) {
    await put(decoy.name, decoy.data);
    uploads.other++;
    keep.add(decoy.name);
  }
  // The manifest last: until it is written, visitors keep reading the previous, complete one.
  await put(MANIFEST, manifest);
  uploads.other++;
  const stale = [...existing].filter((name) => !keep.has(name));
  await target.delete(stale);
  const pruned = cache.prune();
  return {
    galleries: published,
    closed,
    /** Every object the manifest reaches, itself included. */
    objects: keep.size,
    uploads: { ...uploads, deleted: stale.length },
    cache: { ...cache.stats, pruned },
  };
}

/** publishGalleries into a folder (tests, benchmarks): the same publishing, a folder for a bucket. */
export function buildVault(outDir: string, galleries: GallerySource[], options: BuildOptions) {
  return publishGalleries(folderTarget(outDir), galleries, options);
}

/** Everything publishing needs, read from the environment and the gallery folders. */
export function vaultInputs(env: Env, logger?: Logger, cacheDir = resolve(DEFAULT_CACHE_DIR)) {
  const galleries = galleriesFrom(env);
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
