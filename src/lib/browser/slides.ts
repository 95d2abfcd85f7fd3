/** Hero slideshow: a new slide every 5 seconds, cross-faded over 1 second. */
export const SLIDE_INTERVAL_MS = 5000;
/** The cross-fade between slides, in milliseconds. */
export const FADE_MS = 1000;
/**
 * Embla's fade plugin steps opacity once per rendered frame, so its own duration depends on the
 * frame rate (0.3 s at 60 Hz, half that at 120 Hz). It is set to switch in a couple of frames, and a
 * CSS opacity transition of FADE_MS (global.css, [data-slide]) makes the cross-fade take the same
 * time on every screen.
 */
export const EMBLA_FADE_DURATION = 1;
/** How long before autoplay shows a slide its photo is fetched: enough for a slow phone connection. */
export const PRELOAD_LEAD_MS = 2500;

/**
 * How much longer the first slide shows: SLIDE_INTERVAL_MS from the page's first paint, when it
 * appeared, whenever the slideshow's script starts (it waits for the page to settle).
 */
export function firstSlideRemaining(now: number = performance.now()): number {
  const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? now;
  return Math.min(SLIDE_INTERVAL_MS, Math.max(0, SLIDE_INTERVAL_MS - (now - painted)));
}

/** The slide after `index`, wrapping from the last back to the first. */
export function nextSlide(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/**
 * The hero's first photo carries `elementtiming` with this name: the Element Timing API reports when
 * it is painted, which the audit reads (scripts/audits/hero-photo.ts) as "hero photo visible".
 */
export const HERO_PHOTO_TIMING = 'hero-photo';
