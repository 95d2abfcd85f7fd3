import type { Settings } from './settings';

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
  | 'manifest-src'
  | 'upgrade-insecure-requests';
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
    'upgrade-insecure-requests',
  ];
}

/** Extra script sources (besides Astro's hashes): the form resizer and, with an id, the pixel. */
export function scriptResources(s: Settings): string[] {
  return ["'self'", ...thirdPartyOrigins(s).scripts];
}

/** Response headers for every page (static hosts via _headers, and `npm start`). */
export const SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
  // frame-ancestors only works as a header; the rest of the policy is in each page's <meta>.
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

/** Hashed build assets never change, so they are cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
