/**
 * The bucket's own copy of the record (record.ts), for publishing from more than one computer.
 *
 * Each computer keeps its record in its galleries folder (`published.json`); a computer whose record
 * is older than the bucket (another computer published since) would drop from the manifest the
 * galleries it does not know, and never delete their files. So every publish also writes this
 * bucket's entry of the record into the bucket, sealed, just before the manifest and only over the
 * copy it read at its start (R2's conditional put), with a generation one above the last. At the
 * start of a publish, a copy whose generation is above the one this computer last wrote or took:
 *
 * - was written by another computer (or by this one before its record was restored from a backup):
 *   this computer takes it, then refuses this once, in one sentence, so the owner can bring over a
 *   gallery she changed there before it is published again from here; her next run carries every
 *   gallery this computer does not hold, as the other left it;
 * - was written by this computer's own publish that stopped before saving its record (a crash, a
 *   dropped connection: its record noted the copy's mark as `pending` before writing it): taken,
 *   and the publish goes on.
 *
 * A bucket with no copy yet (published before the copy existed) publishes as before and gets one.
 *
 * The copy's name comes from the seed and is not a VAULT_NAME, so the host never serves it; its
 * bytes are AES-256-GCM under a key from the seed, bound to its name: no folder name, title or
 * computer's name is readable in the bucket.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { fromSeed } from '../format/seal.ts';
import { readRecord, recordCopyName, targetKey, writeRecord, type TargetRecord } from './record.ts';
import { againCommand, whenStarted, type LockOptions } from './lock.ts';
import type { VaultTarget } from './target.ts';

/** What the copy holds: this bucket's record, its generation, and which publish wrote it, where and when. */
export interface RecordCopy {
  version: 1;
  /** One above the copy it replaced (the first is 1). */
  generation: number;
  /** The writing publish's own mark: its computer's record notes it first (`pending`). */
  mark: string;
  /** The computer it was written from (os.hostname), for the refusal. */
  host: string;
  /** When that publish started (ISO). */
  written: string;
  /** The bucket's entry of the record, without the stamps (they describe one computer's files). */
  record: TargetRecord;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const copyKey = (seed: Uint8Array) => fromSeed(seed, 'record copy', 'key');

/** The copy sealed under the seed and bound to its name: IV, ciphertext and tag, in base64. */
export function sealCopy(seed: Uint8Array, name: string, copy: RecordCopy): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', copyKey(seed), iv).setAAD(Buffer.from(name));
  const data = Buffer.concat([cipher.update(JSON.stringify(copy), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64');
}

/** The copy opened, or null when it does not open under this seed or is not a copy. */
export function openCopy(seed: Uint8Array, name: string, text: string): RecordCopy | null {
  try {
    const bytes = Buffer.from(text, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', copyKey(seed), bytes.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(name))
      .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    const copy = JSON.parse(plain.toString('utf8')) as RecordCopy;
    const valid = Number.isInteger(copy.generation) && typeof copy.record?.galleries === 'object';
    return valid ? copy : null;
  } catch {
    return null;
  }
}

/** Every object a bucket's entry of the record names. */
const namedBy = (entry: TargetRecord) => [
  ...entry.objects,
  ...Object.values(entry.galleries).flatMap((gallery) => gallery.objects),
];

/**
 * This computer's record of the bucket, taken from the copy: its galleries, objects and removals
 * as the copy has them. A gallery still as this computer published it keeps its stamp (what it was
 * sealed from here). The copy of this computer's own stopped publish (`own`) follows this record
 * directly: what this record knew and the copy does not (the indexes and decoys that publish
 * replaced, never pruned) stays the bucket's own, deleted once no manifest reaches it. After
 * another computer's, an object only this record knew is no longer named, so never deleted.
 */
function taken(copy: RecordCopy, mine: TargetRecord | undefined, own: boolean): TargetRecord {
  const entry: TargetRecord = { ...copy.record, generation: copy.generation };
  if (!mine) return entry;
  for (const [id, gallery] of Object.entries(entry.galleries)) {
    const here = mine.galleries[id];
    if (here?.stamp && here.ref === gallery.ref && here.published === gallery.published) {
      entry.galleries[id] = { ...gallery, stamp: here.stamp };
    }
  }
  const named = new Set(namedBy(entry));
  if (own) entry.objects = [...entry.objects, ...new Set(namedBy(mine).filter((name) => !named.has(name)))];
  return entry;
}

/** Refused: this computer's record was older than the bucket's copy (now taken). The message is the sentence to print. */
export class RecordBehind extends Error {}

/** Where the copy is and what this publish writes: its version now (null: none), and the next generation. */
export interface CopyPlace {
  name: string;
  version: string | null;
  generation: number;
}

export interface CopyOptions {
  /** This computer's record file (published.json). */
  file: string;
  now: Date;
  /** The command that ran this publish and its computer's name (the lock's). */
  lock?: LockOptions | undefined;
}

/**
 * Compares this computer's record with the bucket's copy, before anything is read for publishing.
 * A newer copy is taken into the record file; the publish is then refused (RecordBehind), unless
 * the copy is this computer's own from a publish that stopped before saving its record.
 */
export async function checkRecordCopy(target: VaultTarget, seed: Uint8Array, options: CopyOptions): Promise<CopyPlace> {
  const name = recordCopyName(seed);
  const text = await target.get(name);
  const version = text ? await target.version(name) : null;
  const copy = text ? openCopy(seed, name, Buffer.from(text).toString('utf8')) : null;
  const record = readRecord(options.file);
  const key = targetKey(target);
  const mine = record.targets[key];
  const known = mine?.generation ?? 0;
  if (copy && copy.generation > known) {
    const own = record.pending?.[key] === copy.mark;
    record.targets[key] = taken(copy, mine, own);
    if (record.pending) delete record.pending[key];
    writeRecord(options.file, record);
    if (!own) {
      throw new RecordBehind(
        `Nothing was published: ${target.label} was published from ${copy.host} ${whenStarted({ started: copy.written }, options.now)}, after the last publish this computer knows of, so this computer has now taken the bucket's own record of what is published (galleries only that computer has stay published as they are); copy into ${dirname(options.file)} any gallery folder you changed there, then ${options.lock?.howTo?.again ?? `run "${againCommand(target, options.lock)}" again`}.`,
      );
    }
    options.lock?.logger?.warn(
      `The last publish from this computer to ${target.label} stopped before it saved ${options.file}; what it published was taken from the bucket.`,
    );
  }
  return { name, version, generation: Math.max(known, copy?.generation ?? 0) + 1 };
}

/**
 * Writes the copy of `entry` (this publish's new record of the bucket), only over the copy read at
 * the start; its mark is noted in the record file first, so a publish that stops after writing it
 * is known as this computer's own. False, with nothing written to the bucket, when the copy changed.
 */
export async function writeRecordCopy(
  target: VaultTarget,
  seed: Uint8Array,
  place: CopyPlace,
  entry: TargetRecord,
  options: CopyOptions,
): Promise<boolean> {
  const mark = randomBytes(16).toString('hex');
  const record = readRecord(options.file);
  record.pending = { ...record.pending, [targetKey(target)]: mark };
  writeRecord(options.file, record);
  const galleries = Object.fromEntries(
    Object.entries(entry.galleries).map(([id, { stamp: _stamp, ...gallery }]) => [id, gallery]),
  );
  const copy: RecordCopy = {
    version: 1,
    generation: place.generation,
    mark,
    host: options.lock?.host ?? hostname(),
    written: options.now.toISOString(),
    record: { ...entry, galleries, generation: place.generation },
  };
  return target.putIf(place.name, sealCopy(seed, place.name, copy), place.version);
}
