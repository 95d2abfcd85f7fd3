/**
 * Whether each gallery is published as it is now, to one bucket: "npm run galleries" marks each
 * one published, changed since, or never published, so a link is not sent before its gallery opens
 * (or opens an older version). Cheap: no sealing, no network; the record (published.json) and the
 * gallery's files.
 *
 * A publish records, per gallery, a stamp of what it sealed from: gallery.yaml's bytes, each photo's
 * name, size and modification time, and an HMAC under the seed of its password and link secrets (the
 * record is readable by her account alone, and the HMAC tells nothing without the seed). A gallery
 * recorded before stamps were: changed when a file is newer than its recorded publish.
 */
import { createHmac } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { hashFile, sha256 } from './cache.ts';
import { readRecord, writeRecord, type PublishRecord } from './record.ts';
import type { GallerySource } from './sources.ts';

export type PublishedState = 'published' | 'changed' | 'never';

/** What a gallery's secrets are for the stamp: its password and its private links' secrets. */
export interface StampSecrets {
  seed: Uint8Array;
  password: string | undefined;
  links: Uint8Array[];
}

/** The stamp of what publishing would seal for one gallery now (its files' sizes and times, not their bytes). */
export function sourceStamp(gallery: GallerySource, secrets: StampSecrets): string {
  const files = gallery.photos.map((photo) => {
    const stat = statSync(photo.path);
    return `${basename(photo.path)}:${stat.size}:${stat.mtimeMs}`;
  });
  const keyed = createHmac('sha256', secrets.seed)
    .update(sha256(secrets.password ?? '', ...secrets.links.map((link) => Buffer.from(link))))
    .digest('hex');
  return sha256(hashFile(join(gallery.folder, 'gallery.yaml')), ...files, keyed);
}

/** Writes each published gallery's stamp into the record, for the bucket `key` (after a publish). */
export function recordStamps(file: string, key: string, stamps: Map<string, string>, published: string[]) {
  if (!existsSync(file)) return;
  const record = readRecord(file);
  const galleries = record.targets[key]?.galleries ?? {};
  for (const id of published) {
    const entry = galleries[id];
    const stamp = stamps.get(id);
    if (entry && stamp) entry.stamp = stamp;
  }
  writeRecord(file, record);
}

/** A gallery's files newer than `time` (ISO): the fallback for a record without stamps. */
function newerThan(gallery: GallerySource, time: string): boolean {
  const since = Date.parse(time);
  const paths = [gallery.folder, join(gallery.folder, 'gallery.yaml'), ...gallery.photos.map((photo) => photo.path)];
  return paths.some((path) => statSync(path).mtimeMs > since);
}

/** Whether the gallery is published to the bucket `key` as it is now. */
export function publishedState(
  record: PublishRecord,
  key: string,
  gallery: GallerySource,
  stamp: string,
): PublishedState {
  const entry = record.targets[key]?.galleries[gallery.id];
  if (!entry) return 'never';
  if (entry.stamp !== undefined) return entry.stamp === stamp ? 'published' : 'changed';
  return newerThan(gallery, entry.published) ? 'changed' : 'published';
}

/** The mark after a gallery's name, and what its link lines add. */
export function stateWords(
  state: PublishedState,
  bucket: string,
  publish = 'npm run galleries -- publish',
): { mark: string; link: string } {
  if (state === 'published') return { mark: `published to ${bucket}`, link: '' };
  if (state === 'changed') {
    return {
      mark: `changed since its last publish to ${bucket}: "${publish}" sends her the new version`,
      link: '',
    };
  }
  return {
    mark: `never published to ${bucket}`,
    link: `  (not published yet: this link opens nothing until "${publish}")`,
  };
}

/** Every gallery's stamp now, with the secrets publishing reads (vaultInputs' options). */
export function stampsOf(
  galleries: GallerySource[],
  options: { seed: Uint8Array; passwords: Map<string, string>; links?: Map<string, Uint8Array[]> },
): Map<string, string> {
  return new Map(
    galleries.map((gallery) => [
      gallery.id,
      sourceStamp(gallery, {
        seed: options.seed,
        password: options.passwords.get(gallery.id),
        links: options.links?.get(gallery.id) ?? [],
      }),
    ]),
  );
}

/** The record as "npm run galleries" reads it: an unreadable one knows no gallery. */
export function recordOrNone(file: string): PublishRecord {
  try {
    return readRecord(file);
  } catch {
    return { version: 1, targets: {} };
  }
}
