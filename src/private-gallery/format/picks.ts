/**
 * The selection link's picks: photo numbers (1-based) as a bit set, one bit per photo, in URL-safe
 * base64, after the first characters of the gallery's opaque id so a link opens marked only in its
 * own gallery. `#picks=3f2a9c1e.BQQ` marks photos 1, 3 and 11 of gallery 3f2a9c1e…
 */
import { privateGalleryLink } from '../../lib/site/private-links.ts';
import { fromBase64Url, toBase64Url } from './encodings.ts';

/** The fragment parameter of a selection link. */
export const PICKS_PARAM = 'picks';
/** How much of the gallery's opaque id a selection link carries. */
export const PICKS_GALLERY_CHARS = 8;
/** No gallery has more photos than this; a link asking for more is not a selection link. */
export const MAX_PHOTO = 100_000;

export function encodePicks(galleryId: string, numbers: readonly number[]): string {
  const valid = numbers.filter((n) => Number.isInteger(n) && n >= 1 && n <= MAX_PHOTO);
  const bits = new Uint8Array(valid.length ? Math.ceil(Math.max(...valid) / 8) : 0);
  for (const n of valid) bits[(n - 1) >> 3]! |= 1 << ((n - 1) & 7);
  return `${galleryId.slice(0, PICKS_GALLERY_CHARS)}.${toBase64Url(bits)}`;
}

/** The gallery prefix and sorted photo numbers of an encoded selection, or null when it is not one. */
export function decodePicks(value: string): { gallery: string; numbers: number[] } | null {
  const match = /^([0-9a-f]{8})\.([A-Za-z0-9_-]*)$/.exec(value.trim());
  if (!match || match[2]!.length > Math.ceil((MAX_PHOTO / 8) * (4 / 3)) + 4) return null;
  let bits: Uint8Array;
  try {
    bits = fromBase64Url(match[2]!);
  } catch {
    return null;
  }
  const numbers: number[] = [];
  bits.forEach((byte, i) => {
    for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) numbers.push(i * 8 + bit + 1);
  });
  return { gallery: match[1]!, numbers };
}

/** The picks in a page's fragment (`#picks=…`), or null. */
export function picksIn(hash: string): { gallery: string; numbers: number[] } | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(PICKS_PARAM);
  return value === null ? null : decodePicks(value);
}

/** The selection link for a gallery's picks on this site. */
export function selectionLink(origin: string, galleryId: string, numbers: readonly number[]): string {
  return privateGalleryLink(origin, PICKS_PARAM, encodePicks(galleryId, numbers));
}
