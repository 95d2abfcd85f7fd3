/** What the private gallery's photos show: thumbnails as they are decrypted, and the full-size photo in the viewer. */
import type { VaultImage } from '../format/types';

/** A screen: its viewport in CSS pixels and its device pixel ratio. */
export interface ScreenSize {
  width: number;
  height: number;
  pixelRatio: number;
}

/**
 * The viewer shows the screen copy while it has at least this share of the device pixels (along a
 * side) the photo would take filling the whole viewport. The viewer's box is smaller than the
 * viewport (16 px margins on a phone, its buttons below): a portrait photo on a 390 px phone at 3x
 * takes 1,611 device pixels of height, where the viewport would give 1,755 (91%); on a 430 px one
 * it is 89% of its box. Below that share, a laptop at 2x or a tablet in portrait, it takes the
 * large copy.
 */
export const SCREEN_COPY_SHARE = 0.8;

/**
 * Which copy of a photo the viewer (and the slideshow) shows on this screen: the screen copy unless
 * the screen would show more of the photo than it holds; the large copy for an index published
 * before screen copies existed.
 */
export function viewerRole(image: VaultImage, screen: ScreenSize): 'screen' | 'full' {
  const copy = image.screen;
  if (!copy) return 'full';
  const long = (size: { width: number; height: number }) => Math.max(size.width, size.height);
  // A photo no larger than the screen copy has nothing more in its large copy.
  if (long(copy) >= long(image.full)) return 'screen';
  const fit = Math.min(
    (screen.width * screen.pixelRatio) / image.full.width,
    (screen.height * screen.pixelRatio) / image.full.height,
  );
  return long(copy) >= long(image.full) * fit * SCREEN_COPY_SHARE ? 'screen' : 'full';
}

/** This browser's screen, as viewerRole reads it. */
export const currentScreen = (): ScreenSize => ({
  width: window.innerWidth,
  height: window.innerHeight,
  pixelRatio: window.devicePixelRatio || 1,
});

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
