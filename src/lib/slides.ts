/** Hero slideshow constants (spec section 9). */
export const SLIDE_INTERVAL_MS = 5000;
/**
 * Embla's fade eases towards the new slide at a fixed 60 steps a second; measured in Chromium,
 * `duration` 18 brings the incoming slide to 95% opacity in about one second (the spec's fade).
 */
export const FADE_DURATION = 18;

/** The slide after `index`, wrapping from the last back to the first. */
export function nextSlide(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** Image data an island needs, computed on the server. */
export type { DescribedImage as ResponsiveImage } from './responsive-image';
