/**
 * What publishing may delete, and when it must not publish at all.
 *
 * - `published.json`, beside passwords.env in the galleries folder (readable by the owner's account
 *   alone): for each bucket published to (the local one and the one on Cloudflare differ), the
 *   seed's fingerprint and, per gallery id, its opaque ref, its grant ids, its object names and
 *   when it was published, and what of it closes when. A gallery published before and now missing from the folder (or held) is
 *   carried over as recorded: its grants copied from the bucket's manifest by id, its objects kept,
 *   until the owner runs `npm run galleries -- remove <id>`. Publishing deletes only objects a
 *   record names: never what it does not know.
 * - `record-<24 hex digits>.txt` in the bucket (record-copy.ts): this bucket's entry of the record,
 *   sealed under a key from the seed, with a generation counted up at each publish. A computer whose
 *   record is older than the bucket's (another computer published since) takes it before publishing,
 *   so it never drops from the manifest, nor deletes, what that computer published.
 * - `seed-fingerprint.txt` in the bucket: the first 8 hex digits of HMAC(seed, "fingerprint"), a
 *   name the Function never serves (serve.ts's VAULT_NAME). Publishing with another seed over a
 *   published bucket is refused, so a lost passwords.env never re-keys (and wipes) every gallery.
 */
import { createHmac } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Grant, VaultManifest } from '../format/types.ts';
import { fromSeed, MANIFEST } from '../format/seal.ts';
import type { VaultTarget } from './target.ts';
import { isInboxName } from '../host/inbox-tokens.ts';
import { parseSchedule, SCHEDULE } from '../host/schedule.ts';

/** The record's file name, in the galleries folder beside passwords.env. */
export const RECORD_FILE = 'published.json';
/** The bucket's note of the seed it was published with: a name the Function never serves. */
export const SEED_MARK = 'seed-fingerprint.txt';
/** The seed's variable, named in messages (secrets.ts's SEED_VARIABLE). */
const SEED_VARIABLE = 'PRIVATE_GALLERY_SEED';

export interface RecordedGallery {
  /** Its opaque id in the bucket (galleryRef). */
  ref: string;
  /** The manifest entries that open it: its password, private links and partner links. */
  grants: string[];
  /** Its objects: indexes and photo files. */
  objects: string[];
  /** When it was last published (ISO); a carried-over gallery keeps the time it was. */
  published: string;
  /**
   * What of it the host closes, and when: each instant (ISO) with its object names, as the host's
   * schedule has them (host/schedule.ts). Carried over with the gallery, so its photo files still
   * close on its day while its folder is missing or it is held. Absent in a record written before.
   */
  closes?: Record<string, string[]>;
  /** What it was sealed from (published-state.ts sourceStamp): "npm run galleries" says if it changed since. */
  stamp?: string;
}

export interface TargetRecord {
  /** seedFingerprint of the seed this bucket was published with. */
  seed: string;
  galleries: Record<string, RecordedGallery>;
  /** The bucket's other objects this publishing wrote: decoys and the like. */
  objects: string[];
  /** Galleries removed from this bucket (`remove`), by folder name: the inbox still names their messages. */
  removed?: string[];
  /**
   * The generation of the bucket's copy of this record (record-copy.ts) this computer last wrote or
   * took: a copy with a higher one was written by a publish this record does not know of.
   */
  generation?: number;
}

export interface PublishRecord {
  version: 1;
  /** By target: `targetKey`. */
  targets: Record<string, TargetRecord>;
  /**
   * By target: the mark of the copy a publish is writing into the bucket (record-copy.ts), noted
   * before it is written and gone once the record is saved. Still here, it names a copy this
   * computer wrote in a publish that stopped before saving the record.
   */
  pending?: Record<string, string>;
}

/** The name of the bucket's copy of the record under a seed (record-copy.ts): not a VAULT_NAME, so never served. */
export const recordCopyName = (seed: Uint8Array) =>
  `record-${fromSeed(seed, 'name', 'record copy').toString('hex', 0, 12)}.txt`;
/** Any seed's copy of the record: never among the objects a record names. */
const RECORD_COPY = /^record-[0-9a-f]{24}\.txt$/;

/** The first 8 hex digits of HMAC-SHA-256(seed, "fingerprint"): names a seed, reveals nothing of it. */
export function seedFingerprint(seed: Uint8Array): string {
  return createHmac('sha256', seed).update('fingerprint').digest('hex').slice(0, 8);
}

/** The record's key for a bucket: its `key`, else its label. */
export const targetKey = (target: VaultTarget) => target.key ?? target.label;

export function readRecord(file: string): PublishRecord {
  if (!existsSync(file)) return { version: 1, targets: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as PublishRecord;
}

/** Writes the record, readable by the owner's account alone. */
export function writeRecord(file: string, record: PublishRecord) {
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** Decoy 0's name under a seed, as publishing before the seed mark named it (stable from the seed). */
const legacyDecoy = (seed: Uint8Array) => `${fromSeed(seed, 'name', 'decoy', '0').toString('hex', 0, 12)}.bin`;

/**
 * Refuses to publish over a bucket published with another seed: by its seed mark, or, for a
 * bucket published before the mark, by its first decoy (whose name came from the seed alone).
 */
export async function refuseOtherSeed(target: VaultTarget, existing: Set<string>, seed: Uint8Array) {
  if (!existing.has(MANIFEST)) return;
  if (existing.has(SEED_MARK)) {
    const mark = await target.get(SEED_MARK);
    if (mark && Buffer.from(mark).toString('utf8').trim() === seedFingerprint(seed)) return;
  } else if (existing.has(legacyDecoy(seed))) return;
  throw new Error(
    `Nothing was published: ${target.label} holds galleries published with another ${SEED_VARIABLE}; put back the passwords.env they were published with (from your backup), then publish again.`,
  );
}

/** Writes the bucket's seed mark when it is not there yet. */
export async function markSeed(target: VaultTarget, existing: Set<string>, seed: Uint8Array) {
  if (!existing.has(SEED_MARK)) await target.put(SEED_MARK, `${seedFingerprint(seed)}\n`);
}

/**
 * Refuses to publish from a galleries folder that is not there, or holds no gallery, while the
 * bucket holds galleries published before: an unplugged drive or a moved folder must never read
 * as "every gallery was deleted". A bucket whose record names no gallery but `sampleId` may be
 * published from an empty folder. Returns the sentence to print, or null.
 */
export async function folderRefusal(
  target: VaultTarget,
  dir: string,
  galleriesInFolder: number,
  recordFile: string,
  sampleId: string,
): Promise<string | null> {
  const existing = await target.list();
  if (!existing.has(MANIFEST)) return null;
  if (!existsSync(dir)) {
    return `Nothing was published: the galleries folder ${dir} is not there, and ${target.label} holds galleries published from it; plug in the drive that holds it, or set PRIVATE_GALLERY_DIR to where it is, then publish again.`;
  }
  if (galleriesInFolder > 0) return null;
  const recorded = readRecord(recordFile).targets[targetKey(target)];
  if (recorded && Object.keys(recorded.galleries).every((id) => id === sampleId)) return null;
  return `Nothing was published: the galleries folder ${dir} holds no gallery, and ${target.label} holds galleries published before; if that is not your galleries folder, set PRIVATE_GALLERY_DIR to it; to take a gallery down, run "npm run galleries -- remove <id>".`;
}

/**
 * Records `names` (uploaded by a publish refused at its manifest) among the bucket's own objects,
 * which a later publish deletes if its manifest does not reach them. Reads the record again
 * first: the publish that wrote the manifest may have saved it since.
 */
export function rememberObjects(file: string, target: VaultTarget, seed: Uint8Array, names: string[]) {
  const record = readRecord(file);
  const key = targetKey(target);
  const entry = record.targets[key] ?? { seed: seedFingerprint(seed), galleries: {}, objects: [] };
  entry.objects = [...new Set([...entry.objects, ...names.filter((name) => name !== MANIFEST)])];
  record.targets[key] = entry;
  writeRecord(file, record);
}

/** A gallery carried over as it is in the bucket, and what to tell the owner. */
export interface Carried {
  id: string;
  warning: string;
}

export interface PlanOptions {
  /** The record file; without one, publishing deletes whatever the new manifest does not reach. */
  record?: string | null | undefined;
  /** Galleries not to publish again this time, by id, with the reason: carried over as recorded. */
  hold?: Map<string, string> | undefined;
  /** Galleries to delete from the bucket: their grants and objects (`npm run galleries -- remove`). */
  remove?: string[] | undefined;
  /** Galleries never to publish to this bucket (the sample, remotely): deleted if recorded. */
  leaveOut?: string[] | undefined;
  /** The generation this publish gives the record and the bucket's copy of it (record-copy.ts). */
  generation?: number | undefined;
  now: Date;
}

/**
 * The galleries recorded for this bucket and not published this time (`toCarry`): their grants as
 * the bucket's manifest has them, their objects still in the bucket, and what to tell the owner.
 */
async function carryOver(
  target: VaultTarget,
  existing: Set<string>,
  before: TargetRecord | undefined,
  toCarry: string[],
  hold: Map<string, string>,
  file: string | null,
) {
  const carried: Carried[] = [];
  const carriedGrants: Record<string, Grant> = {};
  const carriedObjects: string[] = [];
  const carriedClosings: { at: Date; keys: string[] }[] = [];
  /** Their record entries, each with what it closes when (read from the bucket's schedule if unrecorded). */
  const entries: Record<string, RecordedGallery> = {};
  if (!toCarry.length) return { carried, carriedGrants, carriedObjects, carriedClosings, entries };
  const manifest = await target.get(MANIFEST);
  const grants = manifest ? (JSON.parse(Buffer.from(manifest).toString('utf8')) as VaultManifest).grants : {};
  for (const id of toCarry) {
    const entry = before!.galleries[id]!;
    for (const grant of entry.grants) if (grants[grant]) carriedGrants[grant] = grants[grant];
    carriedObjects.push(...entry.objects.filter((name) => existing.has(name)));
    const closes = entry.closes ?? (await closesInBucket(target, existing, entry.objects));
    entries[id] = Object.keys(closes).length ? { ...entry, closes } : entry;
    carriedClosings.push(...closingsFrom(closes));
    const reason = hold.get(id);
    carried.push({
      id,
      warning: reason
        ? `"${id}" was not published again (${reason}): it stays as it was in the bucket until that is resolved.`
        : `"${id}" is published but its folder is not in ${dirname(file!)}: it stays as it is in the bucket. Put its folder back, or run "npm run galleries -- remove ${id}" to delete it from the bucket.`,
    });
  }
  return { carried, carriedGrants, carriedObjects, carriedClosings, entries };
}

/**
 * What of these objects the bucket's schedule closes, and when: for a gallery recorded before the
 * record kept its closings. An unreadable schedule gives nothing (the host serves no file then,
 * and this publish writes a readable one).
 */
async function closesInBucket(target: VaultTarget, existing: Set<string>, objects: string[]) {
  const closes: Record<string, string[]> = {};
  if (!existing.has(SCHEDULE)) return closes;
  let schedule: Map<string, number>;
  try {
    schedule = parseSchedule(Buffer.from((await target.get(SCHEDULE)) ?? '').toString('utf8'));
  } catch {
    return closes;
  }
  for (const name of objects) {
    const at = schedule.get(name);
    if (at !== undefined) (closes[new Date(at).toISOString()] ??= []).push(name);
  }
  return closes;
}

/** A gallery's closings as the record keeps them, for the host's schedule (makeSchedule's input). */
export const closingsFrom = (closes: Record<string, string[]> = {}) =>
  Object.entries(closes).map(([at, keys]) => ({ at: new Date(at), keys }));

/**
 * Objects publishing may delete: those a record names. Without a record file, everything the
 * manifest does not reach (tests, benchmarks); with one but no entry for this bucket yet (its
 * first publish with a record), nothing: a gallery whose folder is missing keeps its files.
 */
const knownObjects = (before: TargetRecord | undefined) =>
  new Set<string>(
    before ? [...before.objects, ...Object.values(before.galleries).flatMap((entry) => entry.objects)] : [],
  );

/**
 * The galleries `remove` deletes (those recorded); their folder names, with those removed before
 * (not back in the folder), stay in the record, so the inbox still names their messages.
 */
function removedNames(next: TargetRecord, before: TargetRecord | undefined, remove: string[], present: Set<string>) {
  const removed = remove.filter((id) => before?.galleries[id]);
  const names = [...new Set([...(before?.removed ?? []), ...removed])].filter((id) => !present.has(id));
  if (names.length) next.removed = names;
  return removed;
}

/** The new record of a bucket, `next`: every object reached (`keep`) that no gallery names is the bucket's own. */
function withOwnObjects(next: TargetRecord, keep: Set<string>): TargetRecord {
  const owned = new Set(Object.values(next.galleries).flatMap((gallery) => gallery.objects));
  const own = (name: string) => !owned.has(name) && name !== MANIFEST && name !== SEED_MARK && !RECORD_COPY.test(name);
  next.objects = [...keep].filter(own);
  return next;
}

/**
 * What one publish does with the record: which galleries it seals, which it carries over (grants
 * and objects), which objects it may delete; then the new record. Used by publishGalleries.
 */
export async function publishPlan<G extends { id: string }>(
  target: VaultTarget,
  existing: Set<string>,
  galleries: G[],
  seed: Uint8Array,
  options: PlanOptions,
) {
  const file = options.record ?? null;
  const record = file ? readRecord(file) : null;
  const key = targetKey(target);
  const before = record?.targets[key];
  const hold = options.hold ?? new Map<string, string>();
  const gone = new Set([...(options.remove ?? []), ...(options.leaveOut ?? [])]);
  const present = new Set(galleries.map((gallery) => gallery.id));
  const next: TargetRecord = { seed: seedFingerprint(seed), galleries: {}, objects: [] };
  if (options.generation !== undefined) next.generation = options.generation;
  // The galleries recorded for this bucket and not published this time: carried over as they are.
  const toCarry = Object.keys(before?.galleries ?? {}).filter(
    (id) => !gone.has(id) && (!present.has(id) || hold.has(id)),
  );
  const carrying = await carryOver(target, existing, before, toCarry, hold, file);
  Object.assign(next.galleries, carrying.entries);
  // A held gallery never published here: left out, nothing to carry (maybe unread: a YAML slip).
  const notPublished = [...hold.keys()].filter((id) => !gone.has(id) && !toCarry.includes(id));
  for (const id of notPublished) {
    carrying.carried.push({
      id,
      warning: `"${id}" was not published (${hold.get(id)}): publish again once that is resolved.`,
    });
  }
  const known = knownObjects(before);
  const heldWithoutRecord = !file && hold.size > 0;
  const removed = removedNames(next, before, options.remove ?? [], present);

  return {
    /** The galleries to seal now. */
    publish: galleries.filter((gallery) => !hold.has(gallery.id) && !gone.has(gallery.id)),
    /** The galleries carried over: what to tell her, their grants, objects and closings (carryOver). */
    ...carrying,
    removed,
    /** Whether `name`, no longer reached, may be deleted: never a client's message (`inbox/...`), the owner's. */
    deletable: (name: string) => !isInboxName(name) && (file ? known.has(name) : !heldWithoutRecord),
    /** How many unreached objects were left because no record names them (a first publish). */
    unrecorded: (stale: string[]) => (file ? stale.filter((name) => !known.has(name) && !isInboxName(name)).length : 0),
    /** Records one gallery this publish sealed. */
    published(id: string, ref: string, grants: string[], objects: string[], closes: Record<string, string[]> = {}) {
      const entry: RecordedGallery = { ref, grants, objects, published: options.now.toISOString() };
      next.galleries[id] = Object.keys(closes).length ? { ...entry, closes } : entry;
    },
    /** The new record of this bucket, once `keep` is known (the bucket's copy of it: record-copy.ts). */
    entry: (keep: Set<string>) => withOwnObjects(next, keep),
    /** Writes the new record; a copy it noted as pending (record-copy.ts) is done with. */
    save(keep: Set<string>) {
      if (!file || !record) return;
      record.targets[key] = withOwnObjects(next, keep);
      if (record.pending) delete record.pending[key];
      writeRecord(file, record);
    },
  };
}
