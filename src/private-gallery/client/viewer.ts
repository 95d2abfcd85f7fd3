/** What the private gallery's photos show: thumbnails as they are decrypted, and the full-size photo in the viewer. */
import type { VaultImage } from '../format/crypto';

/** A thumbnail decrypted into an object URL, or why it could not be. */
export type ThumbState = { url: string } | { error: string };

/** The full-size photo of the one the viewer shows: loading, ready (url) or failed (error). */
export interface FullState {
  index: number;
  url?: string;
  error?: string;
}

/** Shown in the viewer until a photo's thumbnail is ready. */
export const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * The viewer's photos, at full size: the decrypted full-size photo where it is ready, the
 * thumbnail stretched until then, a blank image before that.
 */
export function viewerImages(images: VaultImage[], thumbs: Record<number, ThumbState>, full: FullState | null) {
  return images.map((image, i) => {
    const thumb = thumbs[i];
    const src = full?.index === i && full.url ? full.url : thumb && 'url' in thumb ? thumb.url : BLANK;
    return {
      id: String(i),
      alt: image.alt,
      overlay: '',
      large: { src, width: image.full.width, height: image.full.height },
    };
  });
}
