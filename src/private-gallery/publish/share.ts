/**
 * Partner links (proofing): a second private link that opens only some of a gallery's photos,
 * view-only. Each is a grant of its own on a *sub-index*: the same format, listing only its photos
 * with only their keys, wrapped under a partner key of its own. The gallery key, the other photos'
 * keys, the originals and the owner's file names are not in it, so the page's code and the partner
 * link together open nothing else. Withdrawing a partner link removes its grant alone.
 *
 * The owner keeps each gallery's partner links in the private passwords file, one variable per
 * gallery: PRIVATE_GALLERY_SHARES_JENNA_2026_10=<secret>:3.7.12:2027-01-31,<secret>:1.2:
 */
import {
  fromBase64Url,
  isExpired,
  LINK_PARAM,
  randomBytes,
  SECRET_BYTES,
  toBase64Url,
  type Grant,
  type VaultImage,
  type VaultIndex,
} from '../format/crypto.ts';
import {
  fromSeed,
  galleryKeys,
  grantId,
  sealGrant,
  sealIndex,
  wrapPhotoKey,
  type SealedObject,
} from '../format/seal.ts';
import { isSampleGallery, passwordVariable } from './secrets.ts';
import type { Env, GallerySource } from './sources.ts';

/** One partner link: its secret, the photo numbers (1-based) it opens, and its last day, if any. */
export interface Share {
  secret: Uint8Array<ArrayBuffer>;
  photos: number[];
  expires: string | null;
}

/** The variable with a gallery's partner links: PRIVATE_GALLERY_SHARES_JENNA_2026_10. */
export const sharesVariable = (id: string) =>
  passwordVariable(id).replace('PRIVATE_GALLERY_PASSWORD_', 'PRIVATE_GALLERY_SHARES_');

/** The earlier of two last days (null: none). */
const earlier = (a: string | null, b: string | null) => (!a ? b : !b ? a : a < b ? a : b);

/** A new partner link for these photos, checked against the gallery's count. */
export function newShare(photos: number[], count: number, expires: string | null = null): Share {
  const numbers = [...new Set(photos)].sort((a, b) => a - b);
  if (!numbers.length) throw new Error('a partner link needs at least one photo, e.g. --photos 3,7,12');
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 1 || n > count)
      throw new Error(`photo ${n} is not in this gallery (1 to ${count})`);
  }
  if (expires !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || Number.isNaN(Date.parse(expires)))) {
    throw new Error(`--expires must be a date, e.g. 2027-01-31 (got ${expires})`);
  }
  return { secret: randomBytes(SECRET_BYTES), photos: numbers, expires };
}

/** The sub-index a partner link opens: only its photos, view-only, closing at the earlier last day. */
export function partnerIndex(index: VaultIndex, share: Share): VaultIndex {
  return {
    id: index.id,
    title: index.title,
    expires: earlier(index.expires, share.expires),
    downloads: 'none',
    view: 'partner',
    images: share.photos.map((n, i) => {
      const image = index.images[n - 1];
      if (!image) throw new Error(`photo ${n} is not in this gallery (1 to ${index.images.length})`);
      // Its own numbering; never the owner's file name, never an original or its key.
      const { id, key, alt, thumb, screen, full } = image;
      return { id, key, alt, thumb, ...(screen ? { screen } : {}), full, name: String(i + 1).padStart(2, '0') };
    }),
  };
}

/**
 * Seals each live partner link of a gallery: its sub-index (its photos' keys wrapped again under a
 * partner key of its own, from the seed, the gallery key and the link) and its grant. Links past
 * their last day are left out.
 */
export async function sealShares(
  seed: Uint8Array,
  keys: ReturnType<typeof galleryKeys>,
  index: VaultIndex,
  /** Each photo's hash, as its keys were made with. */
  hashes: string[],
  shares: Share[] | undefined,
  now: Date = new Date(),
): Promise<{ object: SealedObject; id: string; grant: Grant }[]> {
  const live = (shares ?? []).filter((share) => !isExpired(share.expires, now));
  if (!live.length) return [];
  const sealed = [];
  for (const share of live) {
    const link = await grantId(share.secret);
    const own = (what: string) => new Uint8Array(fromSeed(seed, 'partner', what, keys.gallery, link));
    const partnerKey = own('gallery key');
    const sub = partnerIndex(index, share);
    sub.images = await Promise.all(
      sub.images.map(async (image: VaultImage, i) => {
        const hash = hashes[share.photos[i]! - 1]!;
        const key = await wrapPhotoKey(seed, partnerKey, keys.photo(hash, 'photo'), index.id, image.id, 'photo');
        return { ...image, key };
      }),
    );
    const { object, pointer } = await sealIndex(seed, own('index key'), sub);
    const { id, grant } = await sealGrant(seed, share.secret, partnerKey, pointer);
    sealed.push({ object, id, grant });
  }
  return sealed;
}

/** One gallery's partner links as the passwords file keeps them. */
export function formatShares(shares: Share[]): string {
  return shares.map((s) => `${toBase64Url(s.secret)}:${s.photos.join('.')}:${s.expires ?? ''}`).join(',');
}

export function parseShares(variable: string, value: string): Share[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [secret = '', photos = '', expires = ''] = entry.split(':');
      const bytes = fromBase64Url(secret);
      const numbers = photos.split('.').map(Number);
      if (bytes.length !== SECRET_BYTES || !numbers.length || numbers.some((n) => !Number.isInteger(n) || n < 1)) {
        throw new Error(`${variable}: each partner link is <secret>:<photos separated by dots>:<last day or nothing>`);
      }
      return { secret: bytes, photos: numbers, expires: expires || null };
    });
}

/**
 * The sample gallery's partner link (photos 1 and 3), public like its development password, so a
 * newcomer and the tests can try one: /private-gallery#access=<this>. Only when its variable is unset.
 */
export const SAMPLE_PARTNER_SECRET = 'fwclYkJzMs8_5I3xlwVn9JDfTtptYSSbIj4xtsJBGQo';

/** Each gallery's partner links, from the environment and the private passwords file. */
export function readShares(galleries: GallerySource[], env: Env, root = process.cwd()): Map<string, Share[]> {
  return new Map(
    galleries.map((g) => {
      const variable = sharesVariable(g.id);
      const value = env[variable] ?? (isSampleGallery(g, root) ? `${SAMPLE_PARTNER_SECRET}:1.3:` : '');
      return [g.id, parseShares(variable, value)] as const;
    }),
  );
}

/** The partner link to send: the site's private gallery page with the link's secret in the fragment. */
export function partnerLink(siteUrl: string, share: Share): string {
  return `${siteUrl.replace(/\/$/, '')}/private-gallery#${LINK_PARAM}=${toBase64Url(share.secret)}`;
}

/** The passwords file's text with one gallery's partner links replaced (added when absent). */
export function withShares(text: string, id: string, shares: Share[]): string {
  const variable = sharesVariable(id);
  const line = `${variable}=${formatShares(shares)}`;
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`${variable}=`));
  if (at >= 0) lines[at] = line;
  else {
    if (lines.length && lines[lines.length - 1] === '') lines.pop();
    lines.push(line, '');
  }
  return lines.join('\n');
}

/** The partner links left once the one whose link (or its secret, or the secret's first 8+ characters) is given is withdrawn. */
export function withoutShare(shares: Share[], link: string): Share[] {
  const text = (link.split(`${LINK_PARAM}=`)[1] ?? link).trim();
  if (text.length < 8) throw new Error('give the partner link, or at least the first 8 characters of its code');
  const left = shares.filter((s) => !toBase64Url(s.secret).startsWith(text));
  if (left.length === shares.length) throw new Error(`no partner link of this gallery starts with ${text}`);
  if (shares.length - left.length > 1)
    throw new Error(`more than one partner link starts with ${text}: give more of it`);
  return left;
}
