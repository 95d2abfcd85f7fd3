import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dayBefore, isExpired, STUDIO_TIME_ZONE } from '../format/dates.ts';
import { publishGalleries, type BuildOptions } from './build.ts';
import { readGallery, type GallerySource } from './sources.ts';
import type { VaultTarget } from './target.ts';

/**
 * Yesterday in the studio's time zone as YYYY-MM-DD: a gallery whose last open day it was is
 * closed now (in the evening too, when the day in UTC is already the next).
 */
export function yesterday(now = new Date(), zone: string = STUDIO_TIME_ZONE): string {
  return dayBefore(now, zone);
}

/** Writes `expires: <day>` into a gallery's gallery.yaml, so every later publish keeps it closed. */
export function markClosed(folder: string, day: string) {
  const file = join(folder, 'gallery.yaml');
  const text = readFileSync(file, 'utf8');
  const line = `expires: ${day} # closed with "npm run galleries -- close"`;
  writeFileSync(file, /^expires:.*$/m.test(text) ? text.replace(/^expires:.*$/m, line) : `${line}\n${text}`);
}

/**
 * Closes one gallery at once, without a rebuild: its gallery.yaml now ends yesterday, then every
 * gallery is published again. Hers is published closed (its title and last day, no photos, behind
 * the same grants), so her next visit, her link and a device that remembered her access all read
 * "This gallery has closed"; her photos' files are deleted as no longer reached. The galleries in
 * `options.hold` (a partner link's missing photo; a password publishing refuses, which only hers
 * may keep: close-passwords.ts) stay as they were last published. With `rehearsal` (`close --local`)
 * its gallery.yaml is left as it is: the gallery closes in `target` alone.
 */
export async function closeGallery(
  target: VaultTarget,
  galleries: GallerySource[],
  id: string,
  { rehearsal, ...options }: BuildOptions & { rehearsal?: boolean },
): Promise<{ lastDay: string; result: Awaited<ReturnType<typeof publishGalleries>> }> {
  const gallery = galleries.find((candidate) => candidate.id === id);
  if (!gallery) throw new Error(`no gallery named "${id}"`);
  // Already closed: its last day stays as it was.
  const zone = options.timeZone ?? STUDIO_TIME_ZONE;
  const lastDay = isExpired(gallery.expires, options.now, zone) ? gallery.expires! : yesterday(options.now, zone);
  // A rehearsal (--local) closes it in that bucket only: nothing a later real publish reads changes.
  if (lastDay !== gallery.expires && !rehearsal) markClosed(gallery.folder, lastDay);
  const closing = rehearsal ? { ...gallery, expires: lastDay } : readGallery(gallery.folder);
  const updated = galleries.map((candidate) => (candidate === gallery ? closing : candidate));
  return { lastDay, result: await publishGalleries(target, updated, options) };
}
