/** Where in-page links land under the fixed header, and when they scroll. */

/** A link to a section stops this many px above it, clear of the fixed header. */
export const HEADER_OFFSET = 80;
/** The story section (contact form) stops a little lower, leaving room above its heading. */
export const STORY_SCROLL_MARGIN = 96;
/** On the home page, a link to one of its sections scrolls after this short pause (the phone menu closes first). */
export const NAV_SCROLL_DELAY_MS = 100;
/** Arriving on the home page for its story section (from a "Book" link elsewhere), it scrolls after this pause. */
export const HERO_SCROLL_DELAY_MS = 350;
/** The header turns opaque once the page has scrolled this far. */
export const NAV_OPAQUE_AFTER_PX = 50;

/** The page Y to scroll to so an element whose top is `elementTop` (viewport-relative) sits `offset` px below the top. */
export function targetScrollY(elementTop: number, currentScrollY: number, offset: number): number {
  return Math.max(0, Math.round(elementTop + currentScrollY - offset));
}

/** True once the page has scrolled strictly past the header's threshold. */
export function isScrolledPast(scrollY: number, threshold = NAV_OPAQUE_AFTER_PX): boolean {
  return scrollY > threshold;
}

export function prefersReducedMotion(win: Pick<Window, 'matchMedia'> = window): boolean {
  return win.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Set on <html> before a scroll to a section: every part of the page drawn later (global.css,
 * `render-later`) is laid out now, so the sections the scroll passes keep their real height and the
 * target stays where the scroll was aimed.
 */
export const RENDER_ALL_ATTRIBUTE = 'data-render-all';

/** Scrolls so the element with `id` sits `offset` px below the viewport top; false if absent. */
export function scrollToId(id: string, offset = HEADER_OFFSET): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  document.documentElement.setAttribute(RENDER_ALL_ATTRIBUTE, '');
  const top = targetScrollY(el.getBoundingClientRect().top, window.scrollY, offset);
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  return true;
}

/** The fragment of a same-site link to the home page ("/#story-begins" → "story-begins"), else null. */
export function homeFragment(href: string, origin: string): string | null {
  const url = new URL(href, origin);
  if (url.origin !== origin || url.pathname !== '/') return null;
  return url.hash.length > 1 ? decodeURIComponent(url.hash.slice(1)) : '';
}
