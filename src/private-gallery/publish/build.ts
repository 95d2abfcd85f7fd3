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
  type IndexInbox,
} from '../format/types.ts';
import { deriveSecret, kdfFor } from '../format/keys.ts';
import { closesAt, isExpired, STUDIO_TIME_ZONE } from '../format/dates.ts';
import { loadSettings } from '../../lib/content/settings.ts';
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
import { hashFile, moveOldCache, sha256, VaultCache } from './cache.ts';
import {
  markSeed,
  publishPlan,
  RECORD_FILE,
  recordCopyName,
  refuseOtherSeed,
  rememberObjects,
  SEED_MARK,
} from './record.ts';
import { checkRecordCopy, writeRecordCopy } from './record-copy.ts';
import { readShares, sealShares, type Share } from './share.ts';
import {
  galleryPasswords,
  gallerySecrets,
  isSampleGallery,
  passwordVariable,
  siteSalt,
  type Logger,
} from './secrets.ts';
import { cachedVariants, SCREEN_KEY, SIZES, strippedOriginal, VARIANTS_VERSION, type LazyVariant } from './sizes.ts';
import { closingPasswords } from './close-passwords.ts';
import {
  galleriesFrom,
  privateGalleryDir,
  unpublishedFiles,
  type Env,
  type GallerySource,
  type PhotoSource,
} from './sources.ts';
import { folderTarget, type VaultTarget } from './target.ts';
import { makeSchedule, SCHEDULE } from '../host/schedule.ts';
import { galleryInbox, inboxTag, studioInboxKey, writeInboxTokens, type InboxEntry } from './inbox.ts';
import { PUBLISH_LOCK, takeLock, type LockOptions } from './lock.ts';

/**
 * The publishing cache (VaultCache): in the galleries folder, beside the photos it was made from
 * (created readable by the owner's account alone), never in the project.
 */
export const CACHE_FOLDER = '.cache';
/** Where the cache was before: moved into the galleries folder on the next publish. */
export const OLD_CACHE_DIR = 'node_modules/.cache/private-gallery';

/** The publishing cache of the galleries folder: `<galleries>/.cache`. */
export const defaultCacheDir = (env: Env) => join(privateGalleryDir(env), CACHE_FOLDER);

/**
 * Bumped when strippedOriginal changes what it keeps, so originals are sealed again (3: colour
 * profiles made neutral). The other files seal to the same bytes and names, so none is uploaded again.
 */
const ORIGINALS_VERSION = 3;

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
  /** The studio's inbox public key (publish/inbox.ts): proofing galleries get an inbox; none without. */
  inboxKey?: string;
  /** The bucket's lock (lock.ts): `unlock` breaks one left by a run that stopped halfway. */
  lock?: LockOptions;
  /** The studio's time zone, where a last day ends at midnight (studioTimeZone); America/New_York by default. */
  timeZone?: string;
  /** Told as the publish goes: photos resized, sealed and uploaded, bytes, time left (the studio desk's progress bar). */
  onProgress?: (progress: PublishProgress) => void;
}

/** What a publish has done so far (BuildOptions.onProgress). */
export interface PublishProgress {
  /** The photos this publish seals: those of the open galleries it publishes. */
  photos: number;
  /** Photo copies made anew so far (the cache has the others): the summary's "photos resized". */
  resized: number;
  /** Photos sealed so far. */
  sealed: number;
  /** Files written to the bucket so far: photo files, indexes and lists, the manifest. */
  uploaded: number;
  /** Their bytes. */
  bytes: number;
  /** Seconds left, from the time the photos sealed so far took; null before the first. */
  secondsLeft: number | null;
}

/** The studio's time zone, from the site's settings (content/settings.yaml `business.timeZone`). */
export const studioTimeZone = (root = process.cwd()) => loadSettings(root).business.timeZone;

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
  const hash = hashFile(path);
  cache.write(name, JSON.stringify({ size, mtimeMs, hash }));
  return hash;
}

/** Objects that close at an instant, for the host's schedule (writeSchedule). */
export type Closing = { at: Date; keys: string[] };

/**
 * What the host must stop serving, and when, for one published gallery: with an `expires`, its
 * photo files (thumbnail, screen copy, large copy, original) at its closing instant; each partner
 * link with an `--expires`, its sub-index at the link's instant (its photo files are the gallery's,
 * which stays open). The gallery's own index is not listed: it holds no photo, and a client whose
 * clock was set back still reads her gallery's title and last day in it, then a 410 on the first
 * photo shows her "This gallery has closed" with them.
 */
export function closingsOf(
  gallery: GallerySource,
  images: VaultImage[],
  shared: { object: { name: string }; share: Share }[],
  zone: string = STUDIO_TIME_ZONE,
): Closing[] {
  const closings: Closing[] = [];
  if (gallery.expires) {
    const files = images.flatMap((image) => [image.thumb, image.screen, image.full, image.original]);
    closings.push({ at: closesAt(gallery.expires, zone), keys: files.flatMap((file) => (file ? [file.file] : [])) });
  }
  for (const { object, share } of shared) {
    if (share.expires) closings.push({ at: closesAt(share.expires, zone), keys: [object.name] });
  }
  return closings;
}

/**
 * Writes the host's closing schedule (serve.ts reads it, never serves it), before the manifest, so
 * no manifest ever reaches an object the schedule should name; kept from pruning. It is made from
 * every gallery the bucket holds: those sealed now and those carried over (their folder missing,
 * or held) as the record has them (record.ts). With nothing in the bucket to close it is not
 * written, and the previous one goes with the other stale objects.
 */
async function writeSchedule(target: VaultTarget, closings: Closing[], keep: Set<string>) {
  const schedule = makeSchedule(closings);
  if (!Object.keys(schedule.closes).length) return;
  keep.add(SCHEDULE);
  await target.put(SCHEDULE, JSON.stringify(schedule));
}

/**
 * The bucket as one publish sees it, handed to each step: what it held (`existing`), what the new
 * manifest reaches (`keep`, the manifest and the seed mark from the start), what was uploaded, and
 * the queue photo files upload in beside the resizing.
 */
export interface Bucket {
  target: VaultTarget;
  existing: Set<string>;
  keep: Set<string>;
  uploads: { photoFiles: number; other: number; bytes: number; kept: number };
  photoUploads: ReturnType<typeof taskQueue>;
  /**
   * The manifest's version when this publish started (null: there was none): it is written only
   * if still that one (putManifest). Unset (a step's test), it is written as it is.
   */
  manifestVersion?: string | null;
  /**
   * Writes the bucket's copy of the record (record-copy.ts) as it will be once `keep` is published,
   * just before the manifest; false when the copy changed since the start. Unset: no copy (no record).
   */
  recordCopy?: (keep: Set<string>) => Promise<boolean>;
  /** Told when a photo is sealed or a file written (publishGalleries' onProgress). */
  progress?: (step: 'sealed' | 'uploaded') => void;
}

/** Refused: the manifest changed while this publish ran. Its message is the one sentence to print. */
export class ManifestChanged extends Error {}

/** The refusal of a publish whose manifest, or copy of the record, changed while it ran. */
const changedWhileRunning = (bucket: Bucket) =>
  new ManifestChanged(
    `Nothing was published: ${bucket.target.label} was published from somewhere else while this publish ran (its list of galleries changed), so this one stopped rather than drop what that one published; publish again.`,
  );

/**
 * The manifest, written only if it is still the version this publish started from; the bucket's
 * copy of the record just before it, likewise: a publish that stops between the two leaves a copy
 * that knows every gallery the manifest lists, and more, never less.
 */
async function putManifest(bucket: Bucket, manifest: string) {
  if (bucket.recordCopy && !(await bucket.recordCopy(bucket.keep))) throw changedWhileRunning(bucket);
  if (bucket.manifestVersion === undefined) return put(bucket, MANIFEST, manifest);
  if (!(await bucket.target.putIf(MANIFEST, manifest, bucket.manifestVersion))) throw changedWhileRunning(bucket);
  bucket.uploads.bytes += Buffer.byteLength(manifest);
  bucket.progress?.('uploaded');
}

export function openBucket(target: VaultTarget, existing: Set<string>): Bucket {
  return {
    target,
    existing,
    keep: new Set<string>([MANIFEST, SEED_MARK]),
    uploads: { photoFiles: 0, other: 0, bytes: 0, kept: 0 },
    photoUploads: taskQueue(UPLOADS_AT_ONCE),
  };
}

async function put(bucket: Bucket, name: string, data: Uint8Array | string) {
  await bucket.target.put(name, data);
  bucket.uploads.bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  bucket.progress?.('uploaded');
}

/** Puts an index or decoy unless the bucket has it: their names change with their bytes. */
async function putOther(bucket: Bucket, name: string, data: Uint8Array) {
  bucket.keep.add(name);
  if (bucket.existing.has(name)) return;
  await put(bucket, name, data);
  bucket.existing.add(name);
  bucket.uploads.other++;
}

/** One way into a gallery: its access secret and the grant id it gives (computed once, here). */
export interface Way {
  secret: Uint8Array<ArrayBuffer>;
  id: string;
}

/** Step 1, sources: one gallery with its ways in and the keys they give, before anything is sealed. */
export interface Source {
  gallery: GallerySource;
  /** The gallery's opaque id (galleryRef). */
  ref: string;
  /** Past its closing date: published closed, its title and last day, no photos, no partner links. */
  expired: boolean;
  /** The password's way in, then each private link's. */
  ways: Way[];
  /** The live partner links (none when closed), each with its way in. */
  partners: (Way & { share: Share })[];
  /** Of every way in (generationOf): the gallery's keys change whenever one is added or withdrawn. */
  generation: string;
  /** The studio's time zone its last day ends in (BuildOptions.timeZone). */
  zone?: string;
  keys: ReturnType<typeof galleryKeys>;
}

/** The options gallerySource reads. */
export type SourceOptions = Pick<BuildOptions, 'kdf' | 'passwords' | 'seed' | 'links' | 'shares' | 'timeZone'>;

/**
 * Step 1: a gallery's password (the one slow derivation), its private links and live partner
 * links, their grant ids, and its keys. New keys whenever a way in is added or withdrawn (the
 * password changed, a private or partner link added, withdrawn or past its last day): every file
 * of the gallery is sealed again, and a key a browser gave away before opens nothing published after.
 */
export async function gallerySource(gallery: GallerySource, options: SourceOptions, now: Date): Promise<Source> {
  const password = options.passwords.get(gallery.id);
  if (!password) throw new Error(`no password for the private gallery "${gallery.id}"`);
  const way = async (secret: Uint8Array<ArrayBuffer>): Promise<Way> => ({ secret, id: await grantId(secret) });
  const zone = options.timeZone ?? STUDIO_TIME_ZONE;
  const expired = isExpired(gallery.expires, now, zone);
  const secrets = [
    await deriveSecret({ gallery: gallery.id, password }, options.kdf),
    ...(options.links?.get(gallery.id) ?? []),
  ];
  const shares = options.shares?.get(gallery.id) ?? [];
  const live = expired ? [] : shares.filter((s) => !isExpired(s.expires, now, zone));
  const ways = await Promise.all(secrets.map(way));
  const partners = await Promise.all(live.map(async (share) => ({ ...(await way(share.secret)), share })));
  const ref = galleryRef(options.seed, gallery.id);
  const generation = generationOf([...ways, ...partners].map((w) => w.id));
  const keys = galleryKeys(options.seed, ref, generation);
  return { gallery, ref, expired, ways, partners, generation, zone, keys };
}

/** What sealing a gallery's photo files needs beside its source: the seed, the cache and the bucket. */
export interface Sealing {
  seed: Uint8Array;
  source: Source;
  cache: VaultCache;
  bucket: Bucket;
}

/**
 * One photo file, sealed and queued for upload unless the bucket has it. The cache remembers the
 * name a sealing gave (by an HMAC under the file's key of what it sealed), so an unchanged photo
 * already in the bucket is neither read nor sealed.
 */
export async function sealFile(
  { seed, source, cache, bucket }: Sealing,
  file: { hash: string; photo: string; role: FileRole; variant: LazyVariant; type: string },
): Promise<VaultFile> {
  const { hash, photo, role, variant, type } = file;
  const { keep, existing, uploads } = bucket;
  const key = source.keys.photo(hash, role === 'original' ? 'original' : 'photo');
  const sizes = [JSON.stringify(SIZES), ...(role === 'screen' ? [SCREEN_KEY] : [])];
  const what = sha256(hash, role, ...sizes, String(VARIANTS_VERSION), String(ORIGINALS_VERSION));
  const record = `names/${sealedTag(key, sha256(what, source.ref, photo))}.json`;
  const known = cache.read(record);
  let sealed = known && (JSON.parse(known.toString('utf8')) as { file: string; bytes: number });
  if (sealed && (keep.has(sealed.file) || existing.has(sealed.file))) uploads.kept++;
  else {
    const data = await variant.data();
    const bytes = await sealPhotoFile(seed, key, data, source.ref, photo, role);
    cache.stats.encrypted++;
    sealed = { file: objectName(seed, bytes), bytes: data.length };
    cache.write(record, JSON.stringify(sealed));
    if (existing.has(sealed.file) || keep.has(sealed.file)) uploads.kept++;
    else {
      keep.add(sealed.file);
      await bucket.photoUploads.add(() => put(bucket, sealed!.file, bytes));
      uploads.photoFiles++;
    }
  }
  keep.add(sealed.file);
  return { file: sealed.file, width: variant.width, height: variant.height, type, bytes: sealed.bytes };
}

/** One photo as the index lists it, its files sealed: `index` is its place in the gallery. */
export async function sealPhoto(sealing: Sealing, photo: PhotoSource, index: number, hash: string) {
  const { seed, source, cache } = sealing;
  const { ref, keys } = source;
  const read = () => readFileSync(photo.path);
  const id = photoRef(seed, ref, hash);
  // By its path: libvips reads the photo itself, so its bytes are not held in Node's heap.
  const { thumb, screen, full } = await cachedVariants(hash, () => photo.path, cache).catch((error: unknown) => {
    const why = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new Error(
      `${basename(photo.path)} in "${source.gallery.id}" could not be read as a photo (${why}): export it again as a JPEG, or take it out of ${source.gallery.folder}.`,
    );
  });
  const seal = (role: FileRole, variant: LazyVariant, type = variant.type) =>
    sealFile(sealing, { hash, photo: id, role, variant, type });
  const image: VaultImage = {
    id,
    key: await wrapPhotoKey(seed, keys.gallery, keys.photo(hash, 'photo'), ref, id, 'photo'),
    alt: photo.alt,
    name: String(index + 1).padStart(2, '0'),
    source: basename(photo.path),
    // Every photo has all three, whatever its size: a small one's screen copy is its large
    // copy again, under another role, so the number of files never tells a photo's size.
    thumb: await seal('thumb', thumb),
    screen: await seal('screen', screen),
    full: await seal('full', full),
  };
  // Only a gallery that allows full-size downloads carries its originals, and their keys:
  // stripped of everything but orientation and colour profile.
  if (source.gallery.downloads === 'full') {
    const original = {
      type: MIME[extname(photo.path).toLowerCase()] ?? 'application/octet-stream',
      width: full.width,
      height: full.height,
      bytes: 0,
      data: () => strippedOriginal(read(), photo.path),
    };
    image.original = {
      ...(await seal('original', original)),
      key: await wrapPhotoKey(seed, keys.gallery, keys.photo(hash, 'original'), ref, id, 'original'),
    };
  }
  return image;
}

/**
 * Step 2, sealed files: every photo's files (none for a closed gallery), uploaded when it returns.
 * Resizing is the slow part: one photo per core at a time (each with the libvips threads sharp
 * allows). Only those photos are held in memory, whatever the size of the gallery.
 */
export async function sealPhotos(sealing: Sealing) {
  const photos = sealing.source.expired ? [] : sealing.source.gallery.photos;
  const hashes: string[] = [];
  const images = await mapLimit(photos, availableParallelism(), async (photo, index) => {
    hashes[index] = photoHash(photo.path, sealing.cache);
    const image = await sealPhoto(sealing, photo, index, hashes[index]);
    sealing.bucket.progress?.('sealed');
    return image;
  });
  // Indexes and the manifest wait for every photo file.
  await sealing.bucket.photoUploads.drain();
  return { images, hashes };
}

/** A gallery's index: its title, last day, downloads, selection rules and photos. */
export function galleryIndex(source: Source, images: VaultImage[], inbox?: IndexInbox): VaultIndex {
  const { gallery } = source;
  return {
    id: source.ref,
    title: gallery.title,
    expires: gallery.expires,
    downloads: gallery.downloads,
    images,
    ...(gallery.selection ? { selection: gallery.selection } : {}),
    ...(inbox ? { inbox } : {}),
  };
}

/** A gallery's grants, in the order they were sealed: password, private links, partner links. */
export type SealedGrant = { id: string; grant: Grant };

/**
 * Step 3, grants: the gallery's index, then one grant on it per way in (the password, then each
 * private link: a closed gallery keeps them all, so every way in reads that it has closed), then
 * each live partner link's grant on a sub-index of only its photos (publish/share.ts). Refuses a
 * grant id already `taken` (another gallery's) or given twice here: two ways in with one secret.
 */
export async function sealGrants(
  { seed, source, bucket }: Omit<Sealing, 'cache'>,
  images: VaultImage[],
  hashes: string[],
  taken: Record<string, Grant>,
  /** The studio's inbox for a proofing gallery (publish/inbox.ts), in its own index only. */
  inbox?: IndexInbox,
) {
  const index = galleryIndex(source, images, inbox);
  const sealed = await sealIndex(seed, source.keys.index, index);
  await putOther(bucket, sealed.object.name, sealed.object.data);
  const grants: SealedGrant[] = [];
  const add = (id: string) => {
    if (taken[id] || grants.some((other) => other.id === id)) {
      throw new Error(`two ways into private galleries share one secret ("${source.gallery.id}")`);
    }
  };
  for (const way of source.ways) {
    const { id, grant } = await sealGrant(seed, way.secret, source.keys.gallery, sealed.pointer);
    add(id);
    grants.push({ id, grant });
  }
  const shared = await sealShares(seed, source.keys, index, hashes, source.partners);
  for (const { object, id, grant } of shared) {
    add(id);
    await putOther(bucket, object.name, object.data);
    grants.push({ id, grant });
  }
  return { index, grants, closings: closingsOf(source.gallery, images, shared, source.zone) };
}

/**
 * Step 4, manifest: the galleries carried over (missing from the folder, or held: their grants
 * verbatim, their objects kept), the host's schedule, the decoys, the seed mark, then the manifest
 * last: until it is written, visitors keep reading the previous, complete one.
 */
export async function writeManifest(
  bucket: Bucket,
  grants: Record<string, Grant>,
  carried: { carriedGrants: Record<string, Grant>; carriedObjects: string[]; carriedClosings?: Closing[] },
  closings: Closing[],
  { seed, kdf }: Pick<BuildOptions, 'seed' | 'kdf'>,
  /** The studio's inbox: the tokens of the galleries published now, and whether it is on. */
  inbox: { entries: InboxEntry[]; carried: string[]; on: boolean; now: Date } = {
    entries: [],
    carried: [],
    on: false,
    now: new Date(),
  },
) {
  Object.assign(grants, carried.carriedGrants);
  for (const name of carried.carriedObjects) bucket.keep.add(name);
  await writeSchedule(bucket.target, [...closings, ...(carried.carriedClosings ?? [])], bucket.keep);
  const carriedTags = inbox.carried.map((id) => inboxTag(seed, galleryRef(seed, id)));
  await writeInboxTokens(bucket.target, inbox.entries, carriedTags, bucket.existing, bucket.keep, inbox.on, inbox.now);
  const { manifest, decoys } = sealManifest(seed, kdf, grants);
  for (const decoy of decoys) await putOther(bucket, decoy.name, decoy.data);
  await markSeed(bucket.target, bucket.existing, seed);
  await putManifest(bucket, manifest);
  bucket.uploads.other++;
}

/**
 * Step 5, prune: deletes whatever the new manifest no longer reaches and the plan lets go (removed
 * photos and galleries, old indexes), saves the record, and empties the cache of what was not used.
 */
export async function prune(
  bucket: Bucket,
  plan: { deletable: (name: string) => boolean; save: (keep: Set<string>) => void },
  cache: VaultCache,
) {
  const unreached = [...bucket.existing].filter((name) => !bucket.keep.has(name));
  const stale = unreached.filter(plan.deletable);
  await bucket.target.delete(stale);
  plan.save(bucket.keep);
  return { unreached, deleted: stale.length, pruned: cache.prune() };
}

/** Steps 1 to 3 for one gallery: its source, its photos sealed, its inbox (proofing) and its grants. */
async function sealGallery(
  gallery: GallerySource,
  options: BuildOptions,
  { now, cache, bucket, grants }: { now: Date; cache: VaultCache; bucket: Bucket; grants: Record<string, Grant> },
) {
  const { seed } = options;
  const source = await gallerySource(gallery, options, now);
  if (grants[source.ways[0]!.id]) {
    throw new Error(`two private galleries share one password; "${gallery.id}" needs its own`);
  }
  const sealing = { seed, source, cache, bucket };
  const { images, hashes } = await sealPhotos(sealing);
  const { ref, generation, zone } = source;
  const inbox = await galleryInbox(seed, ref, generation, gallery, options.inboxKey, now, zone);
  const sealed = await sealGrants(sealing, images, hashes, grants, inbox?.inbox);
  return { source, images, sealed, inbox: inbox?.entry };
}

/**
 * Seals the galleries and publishes them to `target`: each photo's files (a file already there is
 * not uploaded again: its name comes from its ciphertext, the same for the same photo, key and
 * seed), each gallery's index, the decoys, then the manifest last, so a visitor never meets a
 * half-published gallery; then deletes whatever the new manifest no longer reaches (removed photos
 * and galleries, old indexes). A gallery past its closing date is published closed: its title and
 * last day, no photos, behind the same grants, so her password, her link and her remembered
 * device all read "This gallery has closed" rather than a wrong password.
 * The steps: gallerySource, sealPhotos, sealGrants (each gallery), writeManifest, prune.
 */
export async function publishGalleries(target: VaultTarget, galleries: GallerySource[], options: BuildOptions) {
  // One publish at a time: a second one is refused before it reads anything (lock.ts).
  const release = await takeLock(target, { ...options.lock, ...(options.now ? { now: options.now } : {}) });
  try {
    return await publishLocked(target, galleries, options);
  } finally {
    await release();
  }
}

/**
 * A manifest write refused (ManifestChanged): what this publish uploaded (reached by its own
 * manifest, not in the bucket when it started) is recorded, for a later publish to delete.
 */
const rememberUploads = (bucket: Bucket, existing: Set<string>, options: BuildOptions) => (error: unknown) => {
  if (error instanceof ManifestChanged && options.record) {
    const uploaded = [...bucket.keep].filter((name) => !existing.has(name));
    rememberObjects(options.record, bucket.target, options.seed, uploaded);
  }
  throw error;
};

/**
 * What a publish reads before it seals anything: the bucket's objects (its lock left out), the
 * manifest's version, the seed's mark, and the bucket's copy of the record (record-copy.ts: a copy
 * newer than this computer's record is taken, and the publish refused once unless the copy is this
 * computer's own); then the plan, and the bucket as the steps see it.
 */
async function startPublish(target: VaultTarget, galleries: GallerySource[], options: BuildOptions, now: Date) {
  const { seed, record, hold, remove } = options;
  const existing = await target.list();
  existing.delete(PUBLISH_LOCK);
  const manifestVersion = await target.version(MANIFEST);
  await refuseOtherSeed(target, existing, seed);
  const copying = record ? { file: record, now, lock: options.lock } : null;
  const copy = copying ? await checkRecordCopy(target, seed, copying) : null;
  const leftOut = sampleLeftOut(target, galleries);
  const generation = copy?.generation;
  const plan = await publishPlan(target, existing, galleries, seed, {
    record,
    hold,
    remove,
    leaveOut: leftOut,
    now,
    generation,
  });
  const bucket: Bucket = { ...openBucket(target, new Set(existing)), manifestVersion };
  // The copy is never pruned, nor named among the objects the record keeps.
  if (copy || existing.has(recordCopyName(seed))) bucket.keep.add(recordCopyName(seed));
  if (copy && copying) bucket.recordCopy = (keep) => writeRecordCopy(target, seed, copy, plan.entry(keep), copying);
  return { existing, leftOut, plan, bucket };
}

/** publishGalleries, holding the bucket's lock. */
async function publishLocked(target: VaultTarget, galleries: GallerySource[], options: BuildOptions) {
  const cache = new VaultCache(options.cacheDir ?? null);
  const now = options.now ?? new Date();
  const { existing, leftOut, plan, bucket } = await startPublish(target, galleries, options, now);
  if (options.onProgress) bucket.progress = progressOf(options.onProgress, plan.publish, bucket, cache, now, options);
  const grants: Record<string, Grant> = {};
  const published: { id: string; title: string; photos: number; links: Uint8Array<ArrayBuffer>[] }[] = [];
  const closed: string[] = [];
  const closings: Closing[] = [];
  const inboxes: InboxEntry[] = [];
  for (const gallery of plan.publish) {
    const keepBefore = bucket.keep.size;
    const { source, images, sealed, inbox } = await sealGallery(gallery, options, { now, cache, bucket, grants });
    if (inbox) inboxes.push(inbox);
    for (const { id, grant } of sealed.grants) grants[id] = grant;
    closings.push(...sealed.closings);
    const objects = [...bucket.keep].slice(keepBefore);
    const grantIds = sealed.grants.map(({ id }) => id);
    plan.published(gallery.id, source.ref, grantIds, objects, makeSchedule(sealed.closings).closes);
    if (source.expired) closed.push(gallery.id);
    else
      published.push({
        id: gallery.id,
        title: gallery.title,
        photos: images.length,
        links: options.links?.get(gallery.id) ?? [],
      });
  }
  const inbox = { entries: inboxes, carried: plan.carried.map((c) => c.id), on: !!options.inboxKey, now };
  await writeManifest(bucket, grants, plan, closings, options, inbox).catch(rememberUploads(bucket, existing, options));
  const { unreached, deleted, pruned } = await prune(bucket, plan, cache);
  return {
    galleries: published,
    closed,
    /** Galleries kept as they are in the bucket (missing from the folder, or held), with what to tell her. */
    carried: plan.carried,
    /** Galleries deleted from the bucket as asked (`remove`). */
    removed: plan.removed,
    /** Galleries never published here: the sample, to a remote bucket. */
    leftOut,
    /** Objects no longer reached that no record names, left in the bucket (a first publish with a record). */
    unrecorded: plan.unrecorded(unreached),
    /** Every object the manifest reaches, itself included. */
    objects: bucket.keep.size,
    uploads: { ...bucket.uploads, deleted },
    cache: { ...cache.stats, pruned },
  };
}

/**
 * A publish's progress, told to `report` at the start and at each photo sealed and file written;
 * the time left is the time each photo sealed took so far, for the photos still to seal.
 */
function progressOf(
  report: (progress: PublishProgress) => void,
  galleries: GallerySource[],
  bucket: Bucket,
  cache: VaultCache,
  now: Date,
  options: BuildOptions,
) {
  const zone = options.timeZone ?? STUDIO_TIME_ZONE;
  const open = galleries.filter((gallery) => !isExpired(gallery.expires, now, zone));
  const photos = open.reduce((sum, gallery) => sum + gallery.photos.length, 0);
  const started = Date.now();
  const done = { sealed: 0, uploaded: 0 };
  const tell = () => {
    const seconds = (Date.now() - started) / 1000;
    const secondsLeft = done.sealed ? Math.round((seconds / done.sealed) * (photos - done.sealed)) : null;
    const { resized } = cache.stats;
    report({ photos, resized, ...done, bytes: bucket.uploads.bytes, secondsLeft });
  };
  tell();
  return (step: 'sealed' | 'uploaded') => {
    done[step]++;
    tell();
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
  /**
   * Undefined to publish: every gallery's password is checked, and one that fails stops it
   * (galleryPasswords). For `close`, the id of the gallery closed (null for `remove`): only that
   * gallery may keep a password publishing refuses, any other whose password fails is `held`
   * (publish/close-passwords.ts).
   */
  closing?: string | null,
  /** False for a view that seals nothing (the desk's cards): passwords are not estimated (checkPasswords). */
  estimate = true,
) {
  // A gallery whose folder cannot be read is held, with why; the others publish (sources.ts).
  const folderProblems = new Map<string, string>();
  const galleries = galleriesFrom(env, process.cwd(), folderProblems);
  for (const gallery of galleries) for (const note of unpublishedFiles(gallery.folder)) logger?.warn(note);
  moveOldCache(resolve(OLD_CACHE_DIR), cacheDir, logger);
  if (env['PRIVATE_GALLERY_PASSWORD']) {
    logger?.warn(
      `PRIVATE_GALLERY_PASSWORD is no longer used: each gallery has its own, e.g. ${passwordVariable(galleries[0]?.id ?? 'preview')} (see the README).`,
    );
  }
  const { passwords, hold: held } =
    closing === undefined
      ? { passwords: galleryPasswords(galleries, env, process.cwd(), estimate), hold: new Map<string, string>() }
      : closingPasswords(galleries, env, closing, logger);
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
      inboxKey: studioInboxKey(env, logger),
      timeZone: studioTimeZone(),
    } satisfies BuildOptions,
    /** Galleries not to publish this time, with why (a folder that cannot be read; closing and removing, a password): for `hold`. */
    held: new Map([...folderProblems, ...held]),
  };
}
