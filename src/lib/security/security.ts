import type { Settings } from '../content/settings';
import { ROUTES } from '../site/routes.ts';

type DirectiveName =
  | 'default-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'media-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'manifest-src';
/** One CSP directive, typed the way Astro's `security.csp.directives` expects. */
export type Directive = `${DirectiveName}${string}`;

/** Origins the site talks to, taken from the settings only. */
export function thirdPartyOrigins(s: Settings) {
  const origin = (url: string) => new URL(url).origin;
  return {
    frames: [...new Set([origin(s.booking.contactFormUrl), origin(s.booking.eroticaFormUrl)])],
    scripts: [origin(s.booking.eroticaFormResizerUrl), ...(s.adPixelId ? ['https://connect.facebook.net'] : [])],
    connect: s.adPixelId ? ['https://www.facebook.com', 'https://connect.facebook.net'] : [],
    images: s.adPixelId ? ['https://www.facebook.com'] : [],
  };
}

/**
 * CSP directives besides script-src and style-src, which Astro writes with a hash for every
 * inline script and style. Each list is extended only by hosts named in the settings.
 */
export function cspDirectives(s: Settings): Directive[] {
  const hosts = thirdPartyOrigins(s);
  const list = (...items: string[]) => items.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `img-src ${list("'self'", 'data:', 'blob:', ...hosts.images)}`,
    "font-src 'self'",
    `connect-src ${list("'self'", ...hosts.connect)}`,
    `frame-src ${list(...hosts.frames)}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
  ];
}

/** Extra script sources (besides Astro's hashes): the form resizer and, with an id, the pixel. */
export function scriptResources(s: Settings): string[] {
  return ["'self'", ...thirdPartyOrigins(s).scripts];
}

/** Pages whose policy allows only the site and its hashes: no form provider, no pixel, no third party. */
export const SITE_ONLY_ROUTES = [ROUTES.privateGallery] as const;

/**
 * A page policy with every other origin taken out: each directive keeps only keywords ('self',
 * hashes, 'none'), data: and blob:; a directive left with nothing becomes 'none'.
 */
export function siteOnlyPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      const kept = sources.filter((source) => source.startsWith("'") || source === 'data:' || source === 'blob:');
      return sources.length === 0 ? name : [name, ...(kept.length ? kept : ["'none'"])].join(' ');
    })
    .join('; ');
}

/** Response headers for every response (static hosts via _headers, and `npm start`). */
export const SECURITY_HEADERS: Record<string, string> = {
  // Browsers only ever reach the site over HTTPS, for two years, subdomains included.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  // A file is only ever run or shown as the type it is served with.
  'X-Content-Type-Options': 'nosniff',
  // Other sites learn at most the origin a visitor came from, never the page.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // No page may use the camera, microphone, location, payment or interest tracking.
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
  // Older browsers' form of frame-ancestors: no site may frame these pages.
  'X-Frame-Options': 'DENY',
  // A page opened from another site (or opening one) shares no window with it.
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Other sites cannot embed the site's files (photos, scripts) in their pages.
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Directives that only work, or only belong, in the HTTP header: frame-ancestors is ignored in a
 * <meta> policy, and upgrade-insecure-requests in a <meta> makes WebKit upgrade even
 * http://127.0.0.1, which breaks a local preview in Safari. The host serves HTTPS, so the header
 * is where it belongs.
 */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'", 'upgrade-insecure-requests'] as const;

/** The policy the host sends for a page: the page's own <meta> policy plus the header-only directives. */
export function headerPolicy(metaPolicy: string): string {
  return [metaPolicy.replace(/[;\s]+$/, ''), ...HEADER_ONLY_DIRECTIVES].join('; ');
}

/** Headers for a local preview server (`npm start`): the page policy itself comes from the <meta>. */
export const PREVIEW_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': "frame-ancestors 'none'",
};

/** Hashed build assets never change, so they are cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
