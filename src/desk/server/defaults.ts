// Her settings for a new gallery (package, downloads, days open): kept in her galleries folder,
// never in the project, and what the new-gallery form starts with.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file in her galleries folder that keeps her settings for a new gallery. */
export const DEFAULTS_FILE = 'new-gallery-defaults.json';

/** Her settings for a new gallery: what the new-gallery form starts with. */
export interface GalleryDefaults {
  /** none, web or full, as a gallery.yaml's downloads. */
  downloads: 'none' | 'web' | 'full';
  /** Photos her package includes; null: no package (favorites). */
  included: number | null;
  /** What each photo beyond the package costs, as her client reads it, e.g. "$35"; null: none. */
  extraPhotoPrice: string | null;
  /** Whether the package stops her client at `included`. */
  strict: boolean;
  /** How many days a new gallery stays open, its last day counted from the day it is made; null: no last day. */
  daysOpen: number | null;
}

/** What a new gallery starts with before she sets her own: web-size downloads, no package, no last day. */
export const NO_DEFAULTS: GalleryDefaults = {
  downloads: 'web',
  included: null,
  extraPhotoPrice: null,
  strict: false,
  daysOpen: null,
};

/** The longest a gallery may be set to stay open: ten years, beyond any gallery she keeps. */
export const MOST_DAYS_OPEN = 3650;

/** Characters no text of hers holds: control characters and the bidirectional marks that reorder what she reads. */
const UNSAFE_TEXT = /[\p{Cc}\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;

const text = (fields: Record<string, unknown>, key: string) => String(fields[key] ?? '').trim();
const whole = (fields: Record<string, unknown>, key: string) => (text(fields, key) ? Number(text(fields, key)) : null);
const inRange = (value: number | null, most: number) =>
  value === null || (Number.isInteger(value) && value >= 1 && value <= most);

/** The sentence refusing her settings for a new gallery (the form's fields), or null when they are right. */
export function defaultsRefusal(fields: Record<string, unknown>): string | null {
  if (!['', 'none', 'web', 'full'].includes(text(fields, 'downloads'))) {
    return 'Downloads are none, web-size or full-size.';
  }
  if (!inRange(whole(fields, 'included'), 10_000))
    return 'The photos included are a whole number, at least 1, e.g. 25.';
  if (!inRange(whole(fields, 'daysOpen'), MOST_DAYS_OPEN)) {
    return `The days open are a whole number from 1 to ${MOST_DAYS_OPEN}, e.g. 30, or empty for no last day.`;
  }
  const price = text(fields, 'extraPhotoPrice');
  if (price.length > 40 || UNSAFE_TEXT.test(price))
    return 'Write the price of an extra photo as her page shows it, e.g. $35.';
  return null;
}

/** Her settings from the form's fields (checked by defaultsRefusal first); a price or limit without a package is dropped. */
export function defaultsOf(fields: Record<string, unknown>): GalleryDefaults {
  const downloads = text(fields, 'downloads');
  const included = whole(fields, 'included');
  return {
    downloads: downloads === 'none' || downloads === 'full' ? downloads : 'web',
    included,
    extraPhotoPrice: (included && text(fields, 'extraPhotoPrice')) || null,
    strict: !!included && (fields.limit === 'strict' || fields.strict === true),
    daysOpen: whole(fields, 'daysOpen'),
  };
}

/** Her settings for a new gallery as kept in her galleries folder `dir`; the plain ones when none are kept or the file is not right. */
export function readDefaults(dir: string): GalleryDefaults {
  const file = join(dir, DEFAULTS_FILE);
  if (!dir || !existsSync(file)) return NO_DEFAULTS;
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!kept || typeof kept !== 'object') return NO_DEFAULTS;
    const fields = kept as Record<string, unknown>;
    return defaultsRefusal(fields) ? NO_DEFAULTS : defaultsOf(fields);
  } catch {
    return NO_DEFAULTS;
  }
}

/** The day `days` after `day` (both YYYY-MM-DD). */
export function daysAfter(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The new-gallery form's fields as her settings fill them, on `today` (YYYY-MM-DD): a gallery open
 * N days has its last day N days after the day it is made.
 */
export function newGalleryPrefill(defaults: GalleryDefaults, today: string) {
  return {
    downloads: defaults.downloads,
    included: defaults.included === null ? '' : String(defaults.included),
    extraPhotoPrice: defaults.extraPhotoPrice ?? '',
    limit: defaults.strict ? 'strict' : '',
    expires: defaults.daysOpen === null ? '' : daysAfter(today, defaults.daysOpen),
  };
}
