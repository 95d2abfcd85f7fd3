/**
 * Before publishing: each photo of each gallery is opened (its header only, so this is quick) and a
 * file that is not a photo sharp can read (a text saved as notes.jpg, a broken copy) holds its
 * gallery, named with the file; the other galleries publish (publishGalleries' `hold`).
 */
import { basename, dirname } from 'node:path';
import sharp from 'sharp';
import type { GallerySource } from './sources.ts';

/** Why one photo cannot be read, naming the file and its gallery's folder; null when it reads. */
export async function unreadablePhoto(path: string): Promise<string | null> {
  try {
    await sharp(path).metadata();
    return null;
  } catch (error) {
    const why = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    return `${basename(path)} in ${dirname(path)} is not a photo publishing can read (${why}); export it again as a JPEG, or take it out of the folder`;
  }
}

/** The galleries to hold for a photo that cannot be read, by id, with the first such photo's reason. */
export async function unreadablePhotos(galleries: GallerySource[]): Promise<Map<string, string>> {
  const hold = new Map<string, string>();
  for (const gallery of galleries) {
    for (const photo of gallery.photos) {
      const reason = await unreadablePhoto(photo.path);
      if (reason) {
        hold.set(gallery.id, reason);
        break;
      }
    }
  }
  return hold;
}
