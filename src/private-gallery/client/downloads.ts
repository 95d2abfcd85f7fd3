/**
 * What a client downloads from her private gallery: which file of a photo the gallery allows,
 * the names the files and ZIPs get, their sizes, and what the ZIP progress says.
 */
import type { DownloadPolicy, VaultFile, VaultImage } from '../format/types';

/**
 * A title as a file name: lowercase words joined by dashes, accented letters as their plain
 * letters ("gallery" when nothing is left), so no file system refuses it.
 */
export const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'gallery';

/** The file extension for a photo's media type (WebP unless it is JPEG, PNG or AVIF). */
export const extension = (type: string): string =>
  ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/avif': 'avif' })[type] ?? 'webp';

/** The file a photo downloads as: the original (or the large copy) for "full", the large copy for "web". */
export function downloadFile(image: VaultImage, downloads: DownloadPolicy): VaultFile | undefined {
  return downloads === 'full' ? (image.original ?? image.full) : downloads === 'web' ? image.full : undefined;
}

/** Which file of a photo downloads: its original (when the gallery has them), its large copy, or none. */
export function downloadRole(image: VaultImage, downloads: DownloadPolicy): 'original' | 'full' | undefined {
  if (downloads === 'full') return image.original ? 'original' : 'full';
  return downloads === 'web' ? 'full' : undefined;
}

/** A downloaded photo's name, e.g. "jenna-october-2026-03.jpg". */
export const fileName = (title: string, image: VaultImage, file: VaultFile): string =>
  `${slug(title)}-${image.name}.${extension(file.type)}`;

/** The ZIP's name: the gallery's, with "-favorites" unless it holds every photo. */
export const zipName = (title: string, count: number, total: number): string =>
  `${slug(title)}${count === total ? '' : '-favorites'}.zip`;

/** The bytes the photos with these numbers (1-based) download as; photos that do not exist count 0. */
export function downloadSize(images: VaultImage[], numbers: number[], downloads: DownloadPolicy): number {
  return numbers.reduce(
    (sum, n) => sum + (images[n - 1] ? (downloadFile(images[n - 1]!, downloads)?.bytes ?? 0) : 0),
    0,
  );
}

/** A ZIP being packed on the device, or one that was packed or stopped. */
export interface ZipJob {
  /** What is in it, as the client reads it ("your favorites"). */
  label: string;
  done: number;
  total: number;
  error?: string;
  retry?: () => void;
}

/** While a ZIP is being packed, the download buttons wait. */
export const zipBusy = (zip: ZipJob | null): boolean => zip !== null && !zip.error && zip.done < zip.total;

/** What the ZIP progress says. */
export function zipMessage(zip: ZipJob): string {
  if (zip.error) return `The download of ${zip.label} stopped: ${zip.error}`;
  if (zip.done < zip.total) return `Preparing ${zip.label}: ${zip.done} of ${zip.total} photos…`;
  return `Your ZIP file of ${zip.label} is ready and downloading.`;
}
