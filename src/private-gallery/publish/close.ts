import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  accessFrom,
  deriveSecret,
  openFile,
  parseIndex,
  type KdfParams,
  type VaultManifest,
} from '../format/crypto.ts';
import { galleryKey, MANIFEST, sealIndex, sealManifest } from '../format/seal.ts';
import type { GallerySource } from './sources.ts';
import type { VaultTarget } from './target.ts';

/** Yesterday (UTC) as YYYY-MM-DD: a gallery whose last open day it was is closed now. */
export function yesterday(now = new Date()): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Closes one published gallery at once, without a rebuild: its index becomes a closed one (its
 * title and last day, no photos), so its client reads "This gallery has closed", then its photos'
 * files and old index are deleted. Nothing else in the bucket changes. Returns how many files
 * were deleted, or null when the bucket holds no gallery this password opens.
 */
export async function closeGallery(
  target: VaultTarget,
  gallery: Pick<GallerySource, 'id' | 'title' | 'downloads'>,
  password: string,
  kdf: KdfParams,
  now = new Date(),
): Promise<{ deleted: number; lastDay: string } | null> {
  const bytes = await target.get(MANIFEST);
  if (!bytes) return null;
  const manifest = JSON.parse(new TextDecoder().decode(bytes)) as VaultManifest;
  const access = await accessFrom(await deriveSecret(password, kdf));
  const entry = Object.hasOwn(manifest.galleries, access.id) ? manifest.galleries[access.id] : undefined;
  if (!entry) return null;
  const content = await galleryKey(access, entry.key);
  if (!content.reused) return null;
  const old = await target.get(entry.index);
  const files = old
    ? parseIndex(await openFile(content.key, new Uint8Array(old))).images.flatMap((image) =>
        [image.thumb, image.full, image.original].flatMap((file) => (file ? [file.file] : [])),
      )
    : [];
  const lastDay = yesterday(now);
  const sealed = await sealIndex(content, {
    id: gallery.id,
    title: gallery.title,
    expires: lastDay,
    downloads: gallery.downloads,
    images: [],
  });
  await target.put(sealed.object.name, sealed.object.data);
  const { manifest: json } = sealManifest(manifest.kdf, { ...manifest.galleries, [access.id]: sealed.entry });
  await target.put(MANIFEST, json);
  const gone = [entry.index, ...files];
  await target.delete(gone);
  return { deleted: gone.length, lastDay };
}

/** Writes `expires: <day>` into a gallery's gallery.yaml, so publishing again keeps it closed. */
export function markClosed(folder: string, day: string) {
  const file = join(folder, 'gallery.yaml');
  const text = readFileSync(file, 'utf8');
  const line = `expires: ${day} # closed with "npm run galleries -- close"`;
  writeFileSync(file, /^expires:.*$/m.test(text) ? text.replace(/^expires:.*$/m, line) : `${line}\n${text}`);
}
