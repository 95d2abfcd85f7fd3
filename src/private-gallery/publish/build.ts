import { availableParallelism } from 'node:os';
import { readFileSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import {
  type FileRole,
  type Grant,
  type KdfParams,
  type VaultFile,
  type VaultImage,
  type VaultIndex,
} from '../format/types.ts';
import { deriveSecret, kdfFor } from '../format/keys.ts';
import { closesAt, isExpired } from '../format/dates.ts';
import {
  galleryKeys,
  galleryRef,
  generationOf,
  grantId,
  MANIFEST,
  objectName,
  photoRef,
  sealedTag,
  sealGrant,
  sealIndex,
  sealManifest,
  sealPhotoFile,
  wrapPhotoKey,
} from '../format/seal.ts';
import { moveOldCache, sha256, VaultCache } from './cache.ts';
import { markSeed, publishPlan, RECORD_FILE, refuseOtherSeed, SEED_MARK } from './record.ts';
import { readShares, sealShares, type Share } from './share.ts';
import {
  galleryPasswords,
  gallerySecrets,
  isSampleGallery,
  passwordVariable,
  siteSalt,
  type Logger,
} from './secrets.ts';
import { cachedVariants, SCREEN_SIZE, SIZES, strippedOriginal, VARIANTS_VERSION, type LazyVariant } from './sizes.ts';
import { galleriesFrom, privateGalleryDir, type Env, type GallerySource } from './sources.ts';
import { folderTarget, type VaultTarget } from './target.ts';
import { makeSchedule, SCHEDULE } from '../schedule.ts';

/**
 * The publishing cache (VaultCache): in the galleries folder, beside the photos it was made from
 * (created readable by the owner's account alone), never in the project.
 */
export const CACHE_FOLDER = '.cache';
/** Where the cache was before: moved into the galleries folder on the next publish. */
export const OLD_CACHE_DIR = 'node_modules/.cache/private-gallery';

/** The publishing cache of the galleries folder: `<galleries>/.cache`. */
export const defaultCacheDir = (env: Env) => join(privateGalleryDir(env), CACHE_FOLDER);

/** Bumped when strippedOriginal changes what it keeps, so originals are sealed again. */
const ORIGINALS_VERSION = 2;

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
  /** The secret seed (kept with the passwords) that keys, ids, names and decoys derive from. */
  seed: Uint8Array;
  /** Each gallery's private-link secrets, by id: one grant each (none when absent). */
  links?: Map<string, Uint8Array<ArrayBuffer>[]>;
  /** Each gallery's partner links, by id: a grant each on a sub-index of only their photos. */
  shares?: Map<string, Share[]>;
  /** Folder for hashes, sizes and file names between runs (see VaultCache); null for none. */
  cacheDir?: string | null;
  now?: Date;
  /**
   * The record of what was published (record.ts, `published.json` in the galleries folder). With
   * it, a gallery published before and missing now is carried over, and only recorded objects are
   * ever deleted; without it (tests, benchmarks), whatever the new manifest does not reach is.
   */
  record?: string | null;
  /** Galleries not to publish this time, by id, with the owner-facing reason: carried over as recorded. */
  hold?: Map<string, string>;
  /** Galleries to delete from the bucket, grants and objects (`npm run galleries -- remove <id>`). */
  remove?: string[];
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
export function photoHash(path: string, cache: VaultCache): string {
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

/** Objects that close at an instant, for the host's schedule (writeSchedule). */
type Closing = { at: Date; keys: string[] };

/**
 * What the host must stop serving, and when, for one published gallery: with an `expires`, its
 * photo files (thumbnail, screen copy, large copy, original) at its closing instant; each partner
 * link with an `--expires`, its sub-index at the link's instant (its photo files are the gallery's,
 * which stays open). The gallery's own index is not listed: it holds no photo, and a client whose
 * clock was set back still reads her gallery's title and last day in it, then a 410 on the first
 * photo shows her "This gallery has closed" with them.
 */
async function closingsOf(
  gallery: GallerySource,
  images: VaultImage[],
  shared: { object: { name: string }; id: string }[],
  shares: Share[] = [],
): Promise<Closing[]> {
  const closings: Closing[] = [];
  if (gallery.expires) {
    const files = images.flatMap((image) => [image.thumb, image.screen, image.full, image.original]);
    closings.push({ at: closesAt(gallery.expires), keys: files.flatMap((file) => (file ? [file.file] : [])) });
  }
  // A sub-index is found by its grant's id: the grant id of the link's secret.
  const byGrant = new Map(shared.map((s) => [s.id, s.object.name]));
  for (const share of shares) {
    const name = share.expires ? byGrant.get(await grantId(share.secret)) : undefined;
    if (name) closings.push({ at: closesAt(share.expires!), keys: [name] });
  }
  return closings;
}

/**
 * Writes the host's closing schedule (serve.ts reads it, never serves it), before the manifest, so
 * no manifest ever reaches an object the schedule should name; kept from pruning. With nothing to
 * close it is not written, and the previous one goes with the other stale objects.
 */
async function writeSchedule(target: VaultTarget, closings: Closing[], keep: Set<string>) {
  const schedule = makeSchedule(closings);
  if (!Object.keys(schedule.closes).length) return;
  keep.add(SCHEDULE);
  await target.put(SCHEDULE, JSON.stringify(schedule));
}

/**
 * Seals the galleries and publishes them to `target`: each photo's files (a file already there is
 * not uploaded again: its name comes from its ciphertext, the same for the same photo, key and
 * seed), each gallery's index, the decoys, then the manifest last, so a visitor never meets a
 * half-published gallery; then deletes whatever the new manifest no longer reaches (removed photos
 * and galleries, old indexes). A gallery past its closing date is published closed: its title and
 * last day, no photos, behind the same grants, so her password, her link and her remembered
 * device all read "This gallery has closed" rather than a wrong password.
 */
export async function publishGalleries(target: VaultTarget, galleries: GallerySource[], options: BuildOptions) {
  const cache = new VaultCache(options.cacheDir ?? null);
  const now = options.now ?? new Date();
  const { seed } = options;
  const existing = await target.list();
  await refuseOtherSeed(target, existing, seed);
  const plan = await publishPlan(target, existing, galleries, seed, {
    record: options.record,
    hold: options.hold,
    remove: options.remove,
    leaveOut: sampleLeftOut(target, galleries),
    now,
  });
  const grants: Record<string, Grant> = {};
  const keep = new Set<string>([MANIFEST, SEED_MARK]);
  const published: { id: string; title: string; photos: number; links: Uint8Array<ArrayBuffer>[] }[] = [];
  const closed: string[] = [];
  const closings: Closing[] = [];
  const uploads = { photoFiles: 0, other: 0, bytes: 0, kept: 0 };
  const put = async (name: string, data: Uint8Array | string) => {
    await target.put(name, data);
    uploads.bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  };
  /** Puts an index or decoy unless the bucket has it: their names change with their bytes. */
  const putOther = async (name: string, data: Uint8Array) => {
    keep.add(name);
    if (existing.has(name)) return;
    await put(name, data);
    existing.add(name);
    uploads.other++;
  };
  // Photo files upload beside the resizing; indexes and the manifest wait for all of them.
  const photoUploads = taskQueue(UPLOADS_AT_ONCE);

  for (const gallery of plan.publish) {
    const [grantsBefore, keepBefore] = [Object.keys(grants).length, keep.size];
    const password = options.passwords.get(gallery.id);
    if (!password) throw new Error(`no password for the private gallery "${gallery.id}"`);
    const secret = await deriveSecret({ gallery: gallery.id, password }, options.kdf);
    if (grants[await grantId(secret)]) {
      throw new Error(`two private galleries share one password; "${gallery.id}" needs its own`);
    }
    const ref = galleryRef(seed, gallery.id);
    const expired = isExpired(gallery.expires, now);
    const links = options.links?.get(gallery.id) ?? [];
    // New keys whenever a way in is added or withdrawn (the password changed, a private or partner
    // link added, withdrawn or past its last day): every file of this gallery is sealed again, and
    // a key a browser gave away before opens nothing published after.
    const partners = expired ? [] : (options.shares?.get(gallery.id) ?? []).filter((s) => !isExpired(s.expires, now));
    const ways = [secret, ...links, ...partners.map((share) => share.secret)];
    const keys = galleryKeys(seed, ref, generationOf(await Promise.all(ways.map((way) => grantId(way)))));

    /**
     * One photo file. The cache remembers the name a sealing gave (by an HMAC under the file's key
     * of what it sealed), so an unchanged photo already in the bucket is neither read nor sealed.
     */
    const seal = async (
      hash: string,
      photo: string,
      role: FileRole,
      variant: LazyVariant,
      type: string,
    ): Promise<VaultFile> => {
      const key = keys.photo(hash, role === 'original' ? 'original' : 'photo');
      const sizes = [JSON.stringify(SIZES), ...(role === 'screen' ? [JSON.stringify(SCREEN_SIZE)] : [])];
      const what = sha256(hash, role, ...sizes, String(VARIANTS_VERSION), String(ORIGINALS_VERSION));
      const record = `names/${sealedTag(key, sha256(what, ref, photo))}.json`;
      const known = cache.read(record);
      let sealed = known && (JSON.parse(known.toString('utf8')) as { file: string; bytes: number });
      if (sealed && (keep.has(sealed.file) || existing.has(sealed.file))) uploads.kept++;
      else {
        const data = await variant.data();
        const bytes = await sealPhotoFile(seed, key, data, ref, photo, role);
        cache.stats.encrypted++;
        sealed = { file: objectName(seed, bytes), bytes: data.length };
        cache.write(record, JSON.stringify(sealed));
        if (existing.has(sealed.file) || keep.has(sealed.file)) uploads.kept++;
        else {
          keep.add(sealed.file);
          await photoUploads.add(() => put(sealed!.file, bytes));
          uploads.photoFiles++;
        }
      }
      keep.add(sealed.file);
      return { file: sealed.file, width: variant.width, height: variant.height, type, bytes: sealed.bytes };
    };
    // Resizing is the slow step: one photo per core at a time (each with the libvips threads
    // sharp allows). Only those photos are held in memory, whatever the size of the gallery.
    const photos = expired ? [] : gallery.photos;
    const hashes: string[] = [];
    const images = await mapLimit(photos, availableParallelism(), async (photo, index) => {
      const hash = photoHash(photo.path, cache);
      hashes[index] = hash;
      const source = () => readFileSync(photo.path);
      const id = photoRef(seed, ref, hash);
      const { thumb, screen, full } = await cachedVariants(hash, source, cache);
      const image: VaultImage = {
        id,
        key: await wrapPhotoKey(seed, keys.gallery, keys.photo(hash, 'photo'), ref, id, 'photo'),
        alt: photo.alt,
        name: String(index + 1).padStart(2, '0'),
        source: basename(photo.path),
        // Every photo has all three, whatever its size: a small one's screen copy is its large
        // copy again, under another role, so the number of files never tells a photo's size.
        thumb: await seal(hash, id, 'thumb', thumb, 'image/webp'),
        screen: await seal(hash, id, 'screen', screen, 'image/webp'),
        full: await seal(hash, id, 'full', full, 'image/webp'),
      };
      // Only a gallery that allows full-size downloads carries its originals, and their keys:
      // stripped of everything but orientation and colour profile.
      if (gallery.downloads === 'full') {
        const original = {
          width: full.width,
          height: full.height,
          bytes: 0,
          data: () => strippedOriginal(source(), photo.path),
        };
        image.original = {
          ...(await seal(
            hash,
            id,
            'original',
            original,
            MIME[extname(photo.path).toLowerCase()] ?? 'application/octet-stream',
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
    await photoUploads.drain();
    const sealed = await sealIndex(seed, keys.index, index);
    await putOther(sealed.object.name, sealed.object.data);
    // One grant per way in: the password, then each private link, each with its own secret. A
    // closed gallery keeps them all, so every way in reads that it has closed.
    for (const way of [secret, ...links]) {
      const { id, grant } = await sealGrant(seed, way, keys.gallery, sealed.pointer);
      if (grants[id]) throw new Error(`two ways into private galleries share one secret ("${gallery.id}")`);
      grants[id] = grant;
    }
    // Partner links: a grant each on a sub-index of only their photos (publish/share.ts); a closed
    // gallery has none.
    const shared = expired ? [] : await sealShares(seed, keys, index, hashes, options.shares?.get(gallery.id), now);
    for (const { object, id, grant } of shared) {
      if (grants[id]) throw new Error(`two ways into private galleries share one secret ("${gallery.id}")`);
      await putOther(object.name, object.data);
      grants[id] = grant;
    }
    closings.push(...(await closingsOf(gallery, images, shared, options.shares?.get(gallery.id))));
    plan.published(gallery.id, ref, Object.keys(grants).slice(grantsBefore), [...keep].slice(keepBefore));
    if (expired) closed.push(gallery.id);
    else published.push({ id: gallery.id, title: gallery.title, photos: images.length, links });
  }

  // Galleries carried over (missing from the folder, or held): their grants verbatim, their objects kept.
  Object.assign(grants, plan.carriedGrants);
  for (const name of plan.carriedObjects) keep.add(name);
  await writeSchedule(target, closings, keep);
  const { manifest, decoys } = sealManifest(seed, options.kdf, grants);
  for (const decoy of decoys) await putOther(decoy.name, decoy.data);
  // The manifest last: until it is written, visitors keep reading the previous, complete one.
  await markSeed(target, existing, seed);
  await put(MANIFEST, manifest);
  uploads.other++;
  const unreached = [...existing].filter((name) => !keep.has(name));
  const stale = unreached.filter(plan.deletable);
  await target.delete(stale);
  plan.save(keep);
  const pruned = cache.prune();
  return {
    galleries: published,
    closed,
    /** Galleries kept as they are in the bucket (missing from the folder, or held), with what to tell her. */
    carried: plan.carried,
    /** Galleries deleted from the bucket as asked (`remove`). */
    removed: plan.removed,
    /** Galleries never published here: the sample, to a remote bucket. */
    leftOut: sampleLeftOut(target, galleries),
    /** Objects no longer reached that no record names, left in the bucket (a first publish with a record). */
    unrecorded: plan.unrecorded(unreached),
    /** Every object the manifest reaches, itself included. */
    objects: keep.size,
    uploads: { ...uploads, deleted: stale.length },
    cache: { ...cache.stats, pruned },
  };
}

/**
 * The galleries never published to `target`: the in-repository sample (its password and partner
 * link are in the README) outside the local bucket.
 */
export function sampleLeftOut(target: VaultTarget, galleries: GallerySource[]): string[] {
  return target.remote ? galleries.filter((gallery) => isSampleGallery(gallery)).map((gallery) => gallery.id) : [];
}

/** publishGalleries into a folder (tests, benchmarks): the same publishing, a folder for a bucket. */
export function buildVault(outDir: string, galleries: GallerySource[], options: BuildOptions) {
  return publishGalleries(folderTarget(outDir), galleries, options);
}

/** Everything publishing needs, read from the environment, the passwords file and the gallery folders. */
export function vaultInputs(
  env: Env,
  logger?: Logger,
  cacheDir = defaultCacheDir(env),
  /** False for closing and removing: weak passwords are warned about, not refused (galleryPasswords). */
  strict = true,
) {
  const galleries = galleriesFrom(env);
  moveOldCache(resolve(OLD_CACHE_DIR), cacheDir, logger);
  if (env['PRIVATE_GALLERY_PASSWORD']) {
    logger?.warn(
      `PRIVATE_GALLERY_PASSWORD is no longer used: each gallery has its own, e.g. ${passwordVariable(galleries[0]?.id ?? 'preview')} (see the README).`,
    );
  }
  const passwords = galleryPasswords(galleries, env, logger, process.cwd(), strict);
  const { seed, links } = gallerySecrets(galleries, env, logger);
  return {
    galleries,
    options: {
      kdf: kdfFor(siteSalt(env, process.cwd(), logger)),
      passwords,
      seed,
      links,
      shares: readShares(galleries, env, process.cwd(), logger),
      cacheDir,
      record: join(privateGalleryDir(env), RECORD_FILE),
    } satisfies BuildOptions,
  };
}
