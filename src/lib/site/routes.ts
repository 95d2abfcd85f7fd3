import type { PortfolioCategory } from '../portfolio/portfolio.ts';

/**
 * Every page's address, written once: navigation, links, structured data and checks use these.
 * A page's address is also its file in src/pages/ (`/about` is about.astro, `/blog` is
 * blog/index.astro): rename the file and change it here (routes.test.ts checks they agree).
 */
export const ROUTES = {
  home: '/',
  about: '/about',
  portfolio: '/portfolio',
  beforeAfter: '/before-after',
  blog: '/blog',
  faq: '/faq',
  erotica: '/erotica',
  privateGallery: '/private-gallery',
  privacyPolicy: '/privacy-policy',
} as const;

/** A blog post's address, from its file name in content/blog/. */
export const postHref = (slug: string): string => `${ROUTES.blog}/${slug}`;

/** A portfolio category's own page, plain HTML: /portfolio/classic, then /portfolio/classic/2 and on. */
export function categoryPageHref(category: PortfolioCategory, page = 1): string {
  return page === 1 ? `${ROUTES.portfolio}/${category}` : `${ROUTES.portfolio}/${category}/${page}`;
}

/** A portfolio category's file: every photo of it, in the owner's order (src/pages/portfolio/[category].json.ts). */
export const categoryDataHref = (category: PortfolioCategory): string => `${ROUTES.portfolio}/${category}.json`;

/**
 * The files the site serves beside its pages, each built by the file of the same name (plus `.ts`)
 * in src/pages/, but the sitemap, which @astrojs/sitemap writes.
 */
export const FILE_ROUTES = {
  /** Every post's searchable words, which the blog list fetches for a search. */
  blogSearchIndex: `${ROUTES.blog}/search.json`,
  rss: '/rss.xml',
  sitemap: '/sitemap-index.xml',
} as const;

/** The not-found page (404.astro): unknown paths are answered with it, status 404. */
export const NOT_FOUND_ROUTE = '/404';

/** Pages that are gated or not-found: marked noindex and kept out of the sitemap. */
export const NOINDEX_PATHS = [ROUTES.erotica, ROUTES.privateGallery, NOT_FOUND_ROUTE] as const;

/** The id of the home page's contact section, the target of every booking button. */
export const STORY_ID = 'story-begins';
/** The id of the hero, the target of the logo and the Home entry. */
export const HERO_ID = 'hero';

/** The id of the form in the contact section; the private gallery sends a client there to ask for a password. */
export const CONTACT_FORM_ID = 'contact-form';

// The home page is '/' (ROUTES.home), written out: the bundler keeps a template on ROUTES.home in
// the browser chunk of every script that imports this module, unused (it cannot tell a template
// literal has no side effects). routes.test.ts checks both against ROUTES.home.
/** The booking buttons' target: the contact section on the home page. */
export const STORY_HREF = `/#${STORY_ID}`;
/** The contact form on the home page. */
export const CONTACT_FORM_HREF = `/#${CONTACT_FORM_ID}`;

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
