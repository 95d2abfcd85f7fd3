/**
 * Partner links (proofing): a second private link that opens only some of a gallery's photos,
 * view-only. Each is a grant of its own on a *sub-index*: the same format, listing only its photos
 * with only their keys, wrapped under a partner key of its own. The gallery key, the other photos'
 * keys, the originals and the owner's file names are not in it, so the page's code and the partner
 * link together open nothing else. Withdrawing a partner link removes its grant alone.
 *
 * A link names its photos by identity: the first 16 hex characters of the photo's content hash
 * (the sha256 publishing computes anyway), so adding, removing, renaming or reordering photos never
 * changes what it shows. The owner keeps each gallery's partner links in the private passwords file,
 * one variable per gallery, each entry `<secret>:<ids separated by dots>:<last day>:<file names>`,
 * then `:<its name>` when she gave the link one (e.g. "for her partner"):
 * PRIVATE_GALLERY_SHARES_JENNA_2026_10=<secret>:3f52af06772f9a64.38cbb635fe7ca478:2027-01-31:IMG_0413.jpg/IMG_0417.jpg:for%20her%20partner
 * The file names (as they were when the link was made, separated by '/', which no file name holds)
 * are only for her messages: a photo that is gone can still be named. The name is the studio's own
 * too: it is never sealed, so the partner's page never shows it. An entry of photo numbers
 * (`<secret>:3.7.12:<last day>`, before identities) is read once in the gallery's order of today and
 * rewritten (readShares).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { LINK_PARAM, type Grant, type VaultImage, type VaultIndex } from '../format/types.ts';
import { fromBase64Url, randomBytes, toBase64Url } from '../format/encodings.ts';
import { SECRET_BYTES } from '../format/keys.ts';
import { isExpired, STUDIO_TIME_ZONE } from '../format/dates.ts';
import { fromSeed, galleryKeys, sealGrant, sealIndex, wrapPhotoKey, type SealedObject } from '../format/seal.ts';
import { sha256 } from './cache.ts';
import { isSampleGallery, PASSWORDS_FILE, passwordVariable, privateLink, type Logger } from './secrets.ts';
import { IN_REPOSITORY_DIR, privateGalleryDir, type Env, type GallerySource } from './sources.ts';
import { isCalendarDay } from './gallery-file.ts';

/** How much of a photo's content hash names it in a partner link: enough to tell photos apart, nothing without the file. */
export const PHOTO_ID_CHARS = 16;

/** A photo a partner link opens: its identity and, for messages, its file name when the link was made. */
export interface SharedPhoto {
  /** The first PHOTO_ID_CHARS hex characters of its content hash ('' when an old number named no photo: it is gone). */
  id: string;
  /** Its file name when shared ('' when not known). */
  name: string;
}

/** One partner link: its secret, the photos it opens, and its last day, if any. */
export interface Share {
  secret: Uint8Array<ArrayBuffer>;
  photos: SharedPhoto[];
  expires: string | null;
  /** An entry still in the old form: its photo numbers (1-based), until readShares maps them. */
  numbers?: number[];
  /** Whom the link is for, in her words (e.g. "for her partner"): her records only, never sealed. */
  name?: string;
}

/** The longest name a partner link may have: a few words, as her list of links shows it. */
export const SHARE_NAME_CHARS = 60;

/** Characters a link's name never holds: control characters and the bidirectional marks that reorder what she reads. */
const UNSAFE_TEXT = /[\p{Cc}\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;

/** The name a partner link is given (trimmed; '' for none), or an Error saying why it is refused. */
export function shareName(text: string): string {
  const name = text.trim();
  if (UNSAFE_TEXT.test(name))
    throw new Error('the name of a partner link is plain text: no line breaks or hidden marks');
  if ([...name].length > SHARE_NAME_CHARS) {
    throw new Error(`the name of a partner link is at most ${SHARE_NAME_CHARS} characters, e.g. "for her partner"`);
  }
  return name;
}

/** The variable with a gallery's partner links: PRIVATE_GALLERY_SHARES_JENNA_2026_10. */
export const sharesVariable = (id: string) =>
  passwordVariable(id).replace('PRIVATE_GALLERY_PASSWORD_', 'PRIVATE_GALLERY_SHARES_');

/** The earlier of two last days (null: none). */
const earlier = (a: string | null, b: string | null) => (!a ? b : !b ? a : a < b ? a : b);

/** The identity a partner link gives a photo of this content hash. */
export const photoIdentity = (hash: string) => hash.slice(0, PHOTO_ID_CHARS);

/** Each photo's content hash, in the gallery's order: the same as publishing's (build.ts, photoHash, which caches it). */
export function photoHashes(gallery: GallerySource, hashOf = (path: string) => sha256(readFileSync(path))): string[] {
  return gallery.photos.map((photo) => hashOf(photo.path));
}

/** The photos of these numbers (1-based, as she sees them today), by identity. */
export function photosByNumber(
  gallery: GallerySource,
  numbers: number[],
  hashes: string[] = photoHashes(gallery),
): SharedPhoto[] {
  const count = gallery.photos.length;
  return [...new Set(numbers)]
    .sort((a, b) => a - b)
    .map((n) => {
      if (!Number.isInteger(n) || n < 1 || n > count)
        throw new Error(`photo ${n} is not in this gallery (1 to ${count})`);
      return { id: photoIdentity(hashes[n - 1]!), name: basename(gallery.photos[n - 1]!.path) };
    });
}

/** A new partner link for these photos of the gallery (numbers as she sees them today). */
export function newShare(
  gallery: GallerySource,
  numbers: number[],
  expires: string | null = null,
  hashes?: string[],
  name = '',
): Share {
  if (!numbers.length) throw new Error('a partner link needs at least one photo, e.g. --photos 3,7,12');
  if (expires !== null && !isCalendarDay(expires)) {
    throw new Error(`--expires must be a date, e.g. 2027-01-31 (got ${expires})`);
  }
  const named = shareName(name);
  const photos = photosByNumber(gallery, numbers, hashes);
  return {
    secret: randomBytes(SECRET_BYTES),
    photos: [...new Map(photos.map((p) => [p.id, p])).values()],
    expires,
    ...(named ? { name: named } : {}),
  };
}

/** The places (0-based, in the gallery's order) of a link's photos; null when one of them is gone. */
function placesOf(share: Share, hashes: string[]): number[] | null {
  const ids = hashes.map(photoIdentity);
  const places = share.photos.map((photo) => (photo.id ? ids.indexOf(photo.id) : -1));
  if (places.some((place) => place < 0)) return null;
  return [...new Set(places)].sort((a, b) => a - b);
}

/** The photos of a link no photo of the gallery is any more (each photo's hash given in the gallery's order). */
export function gonePhotos(share: Share, hashes: string[]): SharedPhoto[] {
  const ids = new Set(hashes.map(photoIdentity));
  return share.photos.filter((photo) => !photo.id || !ids.has(photo.id));
}

/**
 * The sub-index a partner link opens: only its photos, in the gallery's order, view-only, closing at
 * the earlier last day; null when one of its photos is gone (it is then not published).
 */
export function partnerIndex(index: VaultIndex, hashes: string[], share: Share): VaultIndex | null {
  const places = placesOf(share, hashes);
  if (!places) return null;
  return {
    id: index.id,
    title: index.title,
    expires: earlier(index.expires, share.expires),
    downloads: 'none',
    view: 'partner',
    images: places.map((place, i) => {
      // Its own numbering; never the owner's file name, never an original or its key.
      const { id, key, alt, thumb, screen, full } = index.images[place]!;
      return { id, key, alt, thumb, ...(screen ? { screen } : {}), full, name: String(i + 1).padStart(2, '0') };
    }),
  };
}

/**
 * Seals each live partner link of a gallery: its sub-index (its photos' keys wrapped again under a
 * partner key of its own, from the seed, the gallery key and the link) and its grant. It is given
 * live links only (publish/build.ts gallerySource leaves out those past their last day); a link one of whose photos is gone (shareProblems names
 * it to the owner before publishing): it then opens nothing rather than another photo.
 */
export async function sealShares(
  seed: Uint8Array,
  keys: ReturnType<typeof galleryKeys>,
  index: VaultIndex,
  /** Each photo's hash, as its keys were made with. */
  hashes: string[],
  /** The gallery's live partner links, each with its grant id (publish/build.ts gallerySource). */
  live: { share: Share; id: string }[],
): Promise<{ object: SealedObject; id: string; grant: Grant; share: Share }[]> {
  const sealed = [];
  for (const { share, id: link } of live) {
    const places = placesOf(share, hashes);
    const sub = partnerIndex(index, hashes, share);
    if (!places || !sub) continue;
    const own = (what: string) => new Uint8Array(fromSeed(seed, 'partner', what, keys.gallery, link));
    const partnerKey = own('gallery key');
    sub.images = await Promise.all(
      sub.images.map(async (image: VaultImage, i) => {
        const hash = hashes[places[i]!]!;
        const key = await wrapPhotoKey(seed, partnerKey, keys.photo(hash, 'photo'), index.id, image.id, 'photo');
        return { ...image, key };
      }),
    );
    const { object, pointer } = await sealIndex(seed, own('index key'), sub);
    const { id, grant } = await sealGrant(seed, share.secret, partnerKey, pointer);
    sealed.push({ object, id, grant, share });
  }
  return sealed;
}

/** The first characters of a link's secret, as `unshare` accepts them and her messages name it. */
export const linkCode = (share: Share) => toBase64Url(share.secret).slice(0, 8);

/** "a.jpg", "a.jpg and b.jpg", "a.jpg, b.jpg and c.jpg". */
const listed = (names: string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * Every open gallery one of whose live partner links shows a photo no longer in its folder (no
 * photo there has its identity), with what to tell the owner: that gallery is held as it was last
 * published (publishGalleries' `hold`) until she withdraws the link or puts the photo back. A
 * closed gallery has no partner links, so its links are not checked: `close` always works.
 * `hashes`: each gallery's photo hashes, in its order, or how to find a photo's (publishing's cached
 * photoHash); else its photos are read.
 */
export function shareProblems(
  galleries: GallerySource[],
  shares: Map<string, Share[]> | undefined,
  hashes?: Map<string, string[]> | ((path: string) => string),
  now: Date = new Date(),
  /** The studio's time zone, where a last day ends. */
  zone: string = STUDIO_TIME_ZONE,
): Map<string, string> {
  const problems = new Map<string, string>();
  for (const gallery of galleries) {
    if (isExpired(gallery.expires, now, zone)) continue;
    const live = (shares?.get(gallery.id) ?? []).filter((share) => !isExpired(share.expires, now, zone));
    if (!live.length) continue;
    const known =
      (hashes instanceof Map ? hashes.get(gallery.id) : undefined) ??
      photoHashes(gallery, typeof hashes === 'function' ? hashes : undefined);
    const messages = live.flatMap((share) => {
      const gone = gonePhotos(share, known);
      if (!gone.length) return [];
      const names = gone.map((photo) => photo.name || `a photo (${photo.id})`);
      const code = linkCode(share);
      const one = gone.length === 1;
      return [
        `its partner link ${code}… shows ${listed(names)}, which ${one ? 'is' : 'are'} no longer in its folder ` +
          `(or ${one ? 'was' : 'were'} edited since). Withdraw that link with "npm run galleries -- unshare ` +
          `${gallery.id} ${code}", or put the ${one ? 'photo' : 'photos'} back, then publish again.`,
      ];
    });
    if (messages.length) problems.set(gallery.id, `${gallery.title} (${gallery.id}): ${messages.join(' Also, ')}`);
  }
  return problems;
}

/** The id written for an old photo number that named no photo: one no photo has. */
const GONE = '0'.repeat(PHOTO_ID_CHARS);

/** File names in an entry: '/' separates them, so it and what the line itself uses are escaped. */
const escapeName = (name: string) =>
  name.replace(/[%,:/#"'`\\\s]/g, (c) =>
    [...new TextEncoder().encode(c)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
const unescapeName = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** One gallery's partner links as the passwords file keeps them. */
export function formatShares(shares: Share[]): string {
  return shares
    .map((s) => {
      const secret = toBase64Url(s.secret);
      // An old entry not read yet stays as it was written.
      if (s.numbers) return `${secret}:${s.numbers.join('.')}:${s.expires ?? ''}`;
      const names = s.photos.map((photo) => escapeName(photo.name)).join('/');
      const ids = s.photos.map((photo) => photo.id || GONE);
      return `${secret}:${ids.join('.')}:${s.expires ?? ''}:${names}${s.name ? `:${escapeName(s.name)}` : ''}`;
    })
    .join(',');
}

/** The partner links of a passwords-file value; an old entry (photo numbers) comes with `numbers` and no photos. */
export function parseShares(variable: string, value: string): Share[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [secret = '', photos = '', expires = '', names = '', name = ''] = entry.split(':');
      const bytes = fromBase64Url(secret);
      const tokens = photos.split('.');
      const invalid = () =>
        new Error(
          `${variable}: each partner link is <secret>:<photo ids separated by dots>:<last day or nothing>:<file names>`,
        );
      if (bytes.length !== SECRET_BYTES || !tokens.length) throw invalid();
      if (tokens.every((token) => /^\d{1,6}$/.test(token))) {
        const numbers = tokens.map(Number);
        if (numbers.some((n) => n < 1)) throw invalid();
        return { secret: bytes, photos: [], expires: expires || null, numbers };
      }
      const pattern = new RegExp(`^[0-9a-f]{${PHOTO_ID_CHARS}}$`);
      if (!tokens.every((token) => pattern.test(token))) throw invalid();
      const named = names ? names.split('/').map(unescapeName) : [];
      // Her name for the link, as she gave it; one she wrote by hand that the desk would refuse is left out.
      const label = (() => {
        try {
          return shareName(unescapeName(name));
        } catch {
          return '';
        }
      })();
      return {
        secret: bytes,
        photos: tokens.map((id, i) => ({ id, name: named[i] ?? '' })),
        expires: expires || null,
        ...(label ? { name: label } : {}),
      };
    });
}

/**
 * The sample gallery's partner link (photos 1 and 3: private-01.jpg and private-03.jpg), public like
 * its development password, so a newcomer and the tests can try one:
 * /private-gallery#access=<this>. Only when its variable is unset.
 */
export const SAMPLE_PARTNER_SECRET = 'fwclYkJzMs8_5I3xlwVn9JDfTtptYSSbIj4xtsJBGQo';
const SAMPLE_SHARES = `${SAMPLE_PARTNER_SECRET}:3f52af06772f9a64.38cbb635fe7ca478::private-01.jpg/private-03.jpg`;

/**
 * An old entry's photo numbers as the photos at those places today, by identity: once, with a
 * warning, and written back in the new form where it came from (the passwords file that holds it).
 */
function migrate(
  gallery: GallerySource,
  variable: string,
  shares: Share[],
  env: Env,
  root: string,
  logger: Logger | undefined,
  rewrite: boolean,
) {
  const hashes = photoHashes(gallery);
  const read: string[] = [];
  for (const share of shares) {
    if (!share.numbers) continue;
    share.photos = share.numbers.map((n) => {
      const photo = gallery.photos[n - 1];
      // A number past the last photo stays a photo that is gone (shareProblems names it), never a
      // photo added later.
      read.push(`${n} = ${photo ? basename(photo.path) : 'no photo today'}`);
      return photo ? { id: photoIdentity(hashes[n - 1]!), name: basename(photo.path) } : { id: '', name: `photo ${n}` };
    });
    delete share.numbers;
  }
  const file = [join(privateGalleryDir(env), PASSWORDS_FILE), resolve(root, IN_REPOSITORY_DIR, PASSWORDS_FILE)].find(
    (candidate) =>
      existsSync(candidate) && parseEnv(readFileSync(candidate, 'utf8'))[variable] === env[variable] && !!env[variable],
  );
  const what = `${variable} named its photos by number: read one last time in today’s order (${read.join(', ')})`;
  const why =
    'so adding, removing or renaming photos no longer changes what a partner link shows. If you added or removed ' +
    'photos since you made that link, check that these are the photos you meant.';
  if (file || !rewrite) {
    if (file && rewrite) writeFileSync(file, withShares(readFileSync(file, 'utf8'), gallery.id, shares));
    logger?.warn(`${what} and rewritten in ${PASSWORDS_FILE} by the photos themselves, ${why}`);
  } else {
    logger?.warn(`${what}. It is set outside ${PASSWORDS_FILE}: set it to ${formatShares(shares)}, ${why}`);
  }
}

/**
 * Each gallery's partner links, from the environment and the private passwords file. An old entry
 * of photo numbers is read as the photos at those places today, once: it is written back by
 * identity (`rewrite`; false when the caller writes the line itself, as share and unshare do).
 */
export function readShares(
  galleries: GallerySource[],
  env: Env,
  root = process.cwd(),
  logger?: Logger,
  rewrite = true,
): Map<string, Share[]> {
  return new Map(
    galleries.map((g) => {
      const variable = sharesVariable(g.id);
      const value = env[variable] ?? (isSampleGallery(g, root) ? SAMPLE_SHARES : '');
      const shares = parseShares(variable, value);
      if (shares.some((share) => share.numbers)) migrate(g, variable, shares, env, root, logger, rewrite);
      return [g.id, shares] as const;
    }),
  );
}

/** The partner link to send: a private link (privateLink) with the share's own secret. */
export function partnerLink(siteUrl: string, share: Share): string {
  return privateLink(siteUrl, share.secret);
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
