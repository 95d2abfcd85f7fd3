/**
 * Galleries past their last day whose photos are still in the bucket: published while open, and
 * not published (or closed) since. The host already answers 410 for their photo files (the closing
 * schedule, serve.ts); the files themselves go with the next publish, or `close <id>`.
 */
import { type VaultManifest } from '../format/types.ts';
import { openIndex, openWithPassword } from '../format/keys.ts';
import { isExpired, STUDIO_TIME_ZONE } from '../format/dates.ts';
import { MANIFEST } from '../format/seal.ts';
import type { GallerySource } from './sources.ts';
import type { VaultTarget } from './target.ts';

/** Each gallery past its last day whose published index still lists photos (one key derivation each). */
export async function pastButPublished(
  target: Pick<VaultTarget, 'get'>,
  galleries: GallerySource[],
  passwords: Map<string, string>,
  now: Date = new Date(),
  /** The studio's time zone, where a last day ends. */
  zone: string = STUDIO_TIME_ZONE,
): Promise<GallerySource[]> {
  const past = galleries.filter((gallery) => isExpired(gallery.expires, now, zone));
  const data = past.length ? await target.get(MANIFEST) : null;
  if (!data) return [];
  const manifest = JSON.parse(new TextDecoder().decode(data)) as VaultManifest;
  const found: GallerySource[] = [];
  for (const gallery of past) {
    const password = passwords.get(gallery.id);
    const opened = password ? await openWithPassword(manifest, { gallery: gallery.id, password }) : null;
    const file = opened ? await target.get(opened.pointer.file) : null;
    if (!opened || !file) continue;
    const index = await openIndex(opened.pointer, new Uint8Array(file));
    if (index.images.length > 0) found.push(gallery);
  }
  return found;
}
