/** Pages that are gated or not-found: marked noindex and kept out of the sitemap. */
export const NOINDEX_PATHS = ['/erotica', '/private-gallery', '/404'] as const;

/** The id of the home page's contact section, the target of every booking button. */
export const STORY_ID = 'story-begins';
/** The id of the hero, the target of the logo and the Home entry. */
export const HERO_ID = 'hero';

export const STORY_HREF = `/#${STORY_ID}`;

/**
 * The canonical route of a page from the URL Astro renders it under (which ends in `.html`
 * during a file-format build): '/about.html' → '/about', '/' → '/'.
 */
export function routeOfUrlPath(pathname: string): string {
  const route = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '')
    .replace(/\/+$/, '');
  return route === '' ? '/' : route;
}
