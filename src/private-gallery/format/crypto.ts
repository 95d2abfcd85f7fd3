/**
 * The private galleries' cryptography, shared by the owner's computer (Node) and the browser: both
 * use the standard WebCrypto API. Format version 4.
 *
 * Ways in are *grants*. A grant is one access secret: a password's (one PBKDF2-SHA-256 derivation
 * per attempt, salted with the site salt and the gallery's name, so one derivation tests one
 * gallery: the name is never published, the client types it beside her password) or a private
 * link's (32 random bytes of its own). Through HKDF the secret gives a lookup id (which grant), an unwrap-only key
 * that opens the grant's *gallery key*, and a pointer key that opens the grant's index pointer (the
 * index file, its SHA-256 and its index key). A gallery key wraps the photos' own keys; nothing in
 * the browser ever holds a photo's key as bytes. Wrapped keys are JWKs saying "ext": false and
 * their one use, so WebCrypto refuses to unwrap them as extractable or for another use (a script
 * that unwraps one as a raw HMAC key still reads its bytes: WebCrypto lets the caller choose, which
 * is why a gallery's keys rotate with its ways in, publish/build.ts). A wrong password gives an id
 * that is in no manifest, so it opens nothing. Withdrawing a link removes its grant, and only it.
 *
 * Every encrypted object is AES-256-GCM with additional data naming the format version, what the
 * object is (grant key, index pointer, index, photo key, file), its gallery and photo, so no object
 * opens in another's place.
 */

/**
 * PBKDF2-HMAC-SHA-256 iterations, set by measurement (scripts/audits/kdf-bench.mjs):
 * 1.8 million take about 250 ms of one core on the test machine, in Node as in Chromium's WebCrypto
 * thread, so about 1 s on a phone four times slower, and an attacker's native code tests about 4
 * guesses a second per core, for one gallery. Format 3's 600,000 (OWASP's 2023 floor) is refused.
 */
export const MIN_ITERATIONS = 1_800_000;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const SECRET_BYTES = 32;
export const KEY_BYTES = 32;
/** The format of the manifest, its indexes and files; a browser refuses any other. */
export const FORMAT_VERSION = 4;
/** The manifest lists at least this many grants, and a multiple of it: decoys hide the real count. */
export const ENTRY_BLOCK = 8;
/** An index pointer's plaintext is padded to this size, so real and decoy grants are alike. */
export const POINTER_BYTES = 256;
/**
 * Encrypted indexes are padded to one of these sizes (then to multiples of the last), so their size
 * hides the number of photos; decoy indexes take every bucket in turn.
 */
export const INDEX_BUCKETS = [16_384, 65_536, 262_144] as const;
/** Photo files of at most this size are padded to it; larger ones to eight steps per doubling. */
export const MIN_FILE_BUCKET = 16_384;
/** The URL fragment that carries a private link's access secret (never sent to a server). */
export { LINK_PARAM } from '../../lib/site/private-links.ts';

export interface KdfParams {
  name: 'PBKDF2';
  hash: 'SHA-256';
  iterations: number;
  /** Base64 site salt; each gallery's password is salted with it and the gallery's name (gallerySalt). */
  salt: string;
}

/** A password attempt: the gallery's name (its folder id, as in the invitation) and the password. */
export interface GalleryPassword {
  gallery: string;
  password: string;
}

export interface Sealed {
  /** Base64 initialisation vector, unique per key and plaintext. */
  iv: string;
  /** Base64 ciphertext with its GCM tag. */
  data: string;
}

/** One way into one gallery, as the manifest lists it: nothing in it is readable without its secret. */
export interface Grant {
  /** The gallery key, wrapped with the grant's unwrap key. */
  key: Sealed;
  /** The index pointer (IndexPointer as JSON, padded), sealed with the grant's pointer key. */
  index: Sealed;
}

/** What the site publishes beside the ciphertext files. */
export interface VaultManifest {
  version: typeof FORMAT_VERSION;
  kdf: KdfParams;
  /** By lookup id (hex); real grants and decoys look alike. */
  grants: Record<string, Grant>;
}

/** Where a grant's index is, what it hashes to, and the key that opens it. */
export interface IndexPointer {
  /** The index file's name, relative to the manifest. */
  file: string;
  /** Hex SHA-256 of the index file: an older or another index does not pass for it. */
  sha256: string;
  /** Base64 key of the index (it only opens what the page reads anyway). */
  key: string;
  /** The gallery's opaque id, bound into the index's additional data. */
  gallery: string;
}

export interface VaultFile {
  /** File name of the ciphertext (IV first), relative to the manifest. */
  file: string;
  width: number;
  height: number;
  type: string;
  /** Size of the decrypted file in bytes (before padding), shown before a download. */
  bytes: number;
}

/** A photo's original, with its own key: present only when the gallery allows full-size downloads. */
export interface VaultOriginal extends VaultFile {
  /** The original's key, wrapped with the gallery key. */
  key: Sealed;
}

export interface VaultImage {
  /** Opaque id of the photo (stable while the photo is unchanged), bound into its files. */
  id: string;
  /** The key of the thumbnail, the screen copy and the large copy, wrapped with the gallery key. */
  key: Sealed;
  alt: string;
  thumb: VaultFile;
  /**
   * The copy the viewer shows on a phone or a laptop (at most 1600 px on its long side: publish/sizes.ts). Every photo
   * published since it exists has one; an index published before has none, and its viewer shows
   * the large copy, as it did.
   */
  screen?: VaultFile;
  /** The large copy: downloads, and the viewer on a screen wider than the screen copy. */
  full: VaultFile;
  original?: VaultOriginal;
  /** File name for downloads, e.g. "03"; never the owner's file name. */
  name: string;
  /**
   * The owner's file name (e.g. IMG_0412.jpg), for the selection she sends back: only in the
   * client's own index, never in a partner's, never a download's name.
   */
  source?: string;
}

/** What a gallery's own index carries for the studio's inbox (format/inbox.ts); never a partner's sub-index. */
export interface IndexInbox {
  /** Base64url token the host checks (by its hash) before it stores a message. */
  token: string;
  /** Base64url raw (uncompressed, 65 bytes) P-256 public key of the studio. */
  key: string;
}

/** How many photos the client's package includes, from gallery.yaml (proofing). */
export interface SelectionRules {
  included: number;
  /** What an extra photo costs, as the owner wrote it (e.g. "$35"), or null. */
  extraPhotoPrice: string | null;
  /** True when she may not choose more than included. */
  strict: boolean;
}

export type DownloadPolicy = 'none' | 'web' | 'full';

/**
 * A gallery's decrypted index. A grant may open a sub-index (proofing's partner view): the same
 * shape listing only some photos, with only their keys, under a gallery key of its own.
 */
export interface VaultIndex {
  /** Opaque id of the gallery, stable across publishes: favorites are kept under it. */
  id: string;
  title: string;
  /** Last day open (YYYY-MM-DD or an ISO date-time), or null. */
  expires: string | null;
  downloads: DownloadPolicy;
  images: VaultImage[];
  /** The client's selection with a limit, when the owner set `included` (absent: favorites as before). */
  selection?: SelectionRules;
  /** 'partner': a view-only sub-index (no downloads, favorites or notes). */
  view?: 'partner';
  /** The studio's inbox (format/inbox.ts): only in the client's own index, with proofing. */
  inbox?: IndexInbox;
}

/**
 * What a file is to its photo; its key: 'photo' for the thumbnail, screen copy and large copy,
 * 'original' for the original.
 */
export type FileRole = 'thumb' | 'screen' | 'full' | 'original';

export class VaultError extends Error {}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** URL-safe base64 without padding, for the link fragment. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base = text.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(base + '='.repeat((4 - (base.length % 4)) % 4));
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function randomBytes(length: number, crypto: Crypto = globalThis.crypto): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/**
 * The additional data of an encrypted object: the format version, what it is, and whose (gallery,
 * photo). Decryption with any other fails.
 */
export function boundTo(what: string, ...parts: string[]): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode([`coastlight v${FORMAT_VERSION}`, what, ...parts].join('\0'));
}

/** Refuses weak parameters, whether they come from the owner's computer or from a downloaded manifest. */
export function assertKdf(kdf: KdfParams): void {
  if (kdf.name !== 'PBKDF2' || kdf.hash !== 'SHA-256') throw new VaultError('unsupported key derivation');
  if (!Number.isInteger(kdf.iterations) || kdf.iterations < MIN_ITERATIONS) {
    throw new VaultError(`PBKDF2 needs at least ${MIN_ITERATIONS} iterations, got ${kdf.iterations}`);
  }
  if (fromBase64(kdf.salt).length !== SALT_BYTES) throw new VaultError(`the salt must be ${SALT_BYTES} bytes`);
}

/** The site's key-derivation parameters for a given (stable) salt. */
export function kdfFor(salt: string, iterations = MIN_ITERATIONS): KdfParams {
  const kdf: KdfParams = { name: 'PBKDF2', hash: 'SHA-256', iterations, salt };
  assertKdf(kdf);
  return kdf;
}

/** A new random salt (base64), for a site that has none yet. */
export function newSalt(crypto: Crypto = globalThis.crypto): string {
  return toBase64(randomBytes(SALT_BYTES, crypto));
}

/**
 * A gallery's name as the client may type it: trimmed, in lower case, typographic dashes as '-',
 * spaces (and the dashes around them) as one '-'. A folder id ("jenna-2026-10") stays as it is.
 */
export function galleryName(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s*-\s*|\s+/g, '-');
}

const GALLERY_SALT_LABEL = new TextEncoder().encode('coastlight gallery salt\0');

/** The salt of one gallery's password: the first 16 bytes of SHA-256 over a label, the site salt and the gallery's name. */
export async function gallerySalt(
  kdf: KdfParams,
  gallery: string,
  crypto: Crypto = globalThis.crypto,
): Promise<Uint8Array<ArrayBuffer>> {
  const site = fromBase64(kdf.salt);
  const name = new TextEncoder().encode(galleryName(gallery));
  const input = new Uint8Array(GALLERY_SALT_LABEL.length + site.length + name.length);
  input.set(GALLERY_SALT_LABEL);
  input.set(site, GALLERY_SALT_LABEL.length);
  input.set(name, GALLERY_SALT_LABEL.length + site.length);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', input)).slice(0, SALT_BYTES);
}

/** The one slow step: PBKDF2 from a gallery's name and password to the password's 32-byte access secret. */
export async function deriveSecret(
  { gallery, password }: GalleryPassword,
  kdf: KdfParams,
  crypto: Crypto = globalThis.crypto,
): Promise<Uint8Array<ArrayBuffer>> {
  assertKdf(kdf);
  if (!galleryName(gallery)) throw new VaultError('a gallery name is needed');
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: await gallerySalt(kdf, gallery, crypto), iterations: kdf.iterations },
    material,
    SECRET_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/**
 * What an access secret opens in a browser: the grant's lookup id, a key that can only unwrap the
 * gallery key, and a key that only decrypts the index pointer. Both are non-extractable.
 */
export interface Access {
  id: string;
  unwrap: CryptoKey;
  pointer: CryptoKey;
}

const INFO = {
  id: new TextEncoder().encode('coastlight grant id'),
  wrap: new TextEncoder().encode('coastlight grant wrap'),
  pointer: new TextEncoder().encode('coastlight grant pointer'),
};

/** HKDF from an access secret: its id and its two keys, with the usages asked for (the owner's seal, the browser's open). */
export async function grantKeys(
  secret: Uint8Array<ArrayBuffer>,
  usages: { wrap: KeyUsage[]; pointer: KeyUsage[] },
  crypto: Crypto = globalThis.crypto,
) {
  if (secret.length !== SECRET_BYTES) throw new VaultError('not an access secret');
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveBits', 'deriveKey']);
  const hkdf = (info: Uint8Array<ArrayBuffer>) => ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info });
  const aes = { name: 'AES-GCM', length: 256 };
  return {
    id: toHex(new Uint8Array(await crypto.subtle.deriveBits(hkdf(INFO.id), base, 128))),
    wrap: await crypto.subtle.deriveKey(hkdf(INFO.wrap), base, aes, false, usages.wrap),
    pointer: await crypto.subtle.deriveKey(hkdf(INFO.pointer), base, aes, false, usages.pointer),
  };
}

/** Fast (HKDF): what an access secret opens in the browser. */
export async function accessFrom(secret: Uint8Array<ArrayBuffer>, crypto: Crypto = globalThis.crypto): Promise<Access> {
  const keys = await grantKeys(secret, { wrap: ['unwrapKey'], pointer: ['decrypt'] }, crypto);
  return { id: keys.id, unwrap: keys.wrap, pointer: keys.pointer };
}

/** Decrypts and authenticates; any tampering, other additional data or a wrong key throws VaultError. */
export async function decryptBytes(
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
  additionalData: Uint8Array<ArrayBuffer>,
  crypto: Crypto = globalThis.crypto,
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, key, data));
  } catch {
    throw new VaultError('decryption failed: wrong key or altered data');
  }
}

/** Opens a published file (the IV, then the ciphertext with its tag) and drops its padding. */
export async function openFile(
  key: CryptoKey,
  file: Uint8Array<ArrayBuffer>,
  additionalData: Uint8Array<ArrayBuffer>,
  bytes?: number,
  crypto: Crypto = globalThis.crypto,
): Promise<Uint8Array<ArrayBuffer>> {
  if (file.length <= IV_BYTES) throw new VaultError('file too short');
  const plain = await decryptBytes(key, file.slice(0, IV_BYTES), file.slice(IV_BYTES), additionalData, crypto);
  if (bytes === undefined) return plain;
  if (bytes > plain.length) throw new VaultError('file shorter than its index says');
  return plain.slice(0, bytes);
}

/**
 * How a key travels wrapped: a JWK that forbids its extraction ("ext": false) and names its one use,
 * so unwrapping it as extractable, or for another use, is refused by WebCrypto itself (a DataError).
 * Its length is the same for every key of one use (decoys copy it).
 */
export function wrappedJwk(raw: Uint8Array, use: 'unwrapKey' | 'decrypt'): Uint8Array<ArrayBuffer> {
  if (raw.length !== KEY_BYTES) throw new VaultError(`a key is ${KEY_BYTES} bytes`);
  const jwk = { kty: 'oct', k: toBase64Url(raw), alg: 'A256GCM', ext: false, key_ops: [use] };
  return new TextEncoder().encode(JSON.stringify(jwk));
}

/** A key carried wrapped, unwrapped into a non-extractable key that can only decrypt. */
export async function unwrapDecryptKey(
  wrapping: CryptoKey,
  sealed: Sealed,
  additionalData: Uint8Array<ArrayBuffer>,
  crypto: Crypto = globalThis.crypto,
): Promise<CryptoKey> {
  return unwrapAs(wrapping, sealed, additionalData, ['decrypt'], crypto);
}

async function unwrapAs(
  wrapping: CryptoKey,
  sealed: Sealed,
  additionalData: Uint8Array<ArrayBuffer>,
  usages: KeyUsage[],
  crypto: Crypto,
): Promise<CryptoKey> {
  try {
    return await crypto.subtle.unwrapKey(
      'jwk',
      fromBase64(sealed.data),
      wrapping,
      { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData },
      'AES-GCM',
      false,
      usages,
    );
  } catch {
    throw new VaultError('a key could not be unwrapped: wrong key or altered data');
  }
}

/** The size a photo file is padded to before sealing: a bucket shared by photos of about that size. */
export function fileBucket(bytes: number): number {
  if (bytes <= MIN_FILE_BUCKET) return MIN_FILE_BUCKET;
  const step = 2 ** (Math.floor(Math.log2(bytes)) - 3);
  return Math.ceil(bytes / step) * step;
}

/** The size an index's plaintext is padded to: the smallest bucket it fits, then multiples of the last. */
export function indexBucket(bytes: number): number {
  const fits = INDEX_BUCKETS.find((size) => size >= bytes);
  const last = INDEX_BUCKETS[INDEX_BUCKETS.length - 1]!;
  return fits ?? Math.ceil(bytes / last) * last;
}

/** The JSON of an index, padded with spaces to its bucket. */
export function paddedIndex(index: VaultIndex): Uint8Array<ArrayBuffer> {
  const json = new TextEncoder().encode(JSON.stringify(index));
  const out = new Uint8Array(indexBucket(json.length + 1)).fill(0x20);
  out.set(json);
  return out;
}

export function parseIndex(bytes: Uint8Array<ArrayBuffer>): VaultIndex {
  return JSON.parse(new TextDecoder().decode(bytes)) as VaultIndex;
}

/** A grant opened in the browser: the gallery key (unwrap only) and where its index is. */
export interface OpenedGrant {
  access: Access;
  /** Unwraps the photos' keys; it cannot decrypt, nor be read out. */
  galleryKey: CryptoKey;
  pointer: IndexPointer;
}

/**
 * Finds the grant an access opens and unwraps its gallery key and index pointer; null when the
 * access fits no grant (a wrong password, a changed password, a withdrawn link, a closed gallery).
 */
export async function openGrant(
  manifest: VaultManifest,
  access: Access,
  crypto: Crypto = globalThis.crypto,
): Promise<OpenedGrant | null> {
  const grant = Object.hasOwn(manifest.grants, access.id) ? manifest.grants[access.id] : undefined;
  if (!grant) return null;
  try {
    const galleryKey = await unwrapAs(access.unwrap, grant.key, boundTo('grant key', access.id), ['unwrapKey'], crypto);
    const text = await decryptBytes(
      access.pointer,
      fromBase64(grant.index.iv),
      fromBase64(grant.index.data),
      boundTo('grant index', access.id),
      crypto,
    );
    const pointer = JSON.parse(new TextDecoder().decode(text)) as IndexPointer;
    return { access, galleryKey, pointer };
  } catch {
    return null;
  }
}

/** Checks an index file against its pointer and opens it. */
export async function openIndex(
  pointer: IndexPointer,
  file: Uint8Array<ArrayBuffer>,
  crypto: Crypto = globalThis.crypto,
): Promise<VaultIndex> {
  const digest = toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', file)));
  if (digest !== pointer.sha256) throw new VaultError('not the index this grant points at');
  const key = await crypto.subtle.importKey('raw', fromBase64(pointer.key), 'AES-GCM', false, ['decrypt']);
  const index = parseIndex(await openFile(key, file, boundTo('index', pointer.gallery), undefined, crypto));
  if (index.id !== pointer.gallery) throw new VaultError('an index of another gallery');
  return index;
}

/** The additional data of a photo's file of this role. */
export const fileData = (gallery: string, photo: string, role: FileRole) => boundTo('file', gallery, photo, role);
/** The additional data of a photo's wrapped key: 'photo' (thumbnail, screen and large copies) or 'original'. */
export const photoKeyData = (gallery: string, photo: string, kind: 'photo' | 'original') =>
  boundTo('photo key', gallery, photo, kind);

/** The decrypt-only key of a photo's file of this role; an original without its key in the index cannot be opened. */
export async function photoKey(galleryKey: CryptoKey, index: VaultIndex, image: VaultImage, role: FileRole) {
  if (role === 'original') {
    if (!image.original) throw new VaultError('this gallery has no originals');
    return unwrapDecryptKey(galleryKey, image.original.key, photoKeyData(index.id, image.id, 'original'));
  }
  return unwrapDecryptKey(galleryKey, image.key, photoKeyData(index.id, image.id, 'photo'));
}

/**
 * When a gallery closes: `expires` is its last open day, so it closes when that day has ended
 * (UTC); an ISO date-time closes at that instant.
 */
export function closesAt(expires: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? new Date(`${expires}T00:00:00Z`) : new Date(expires);
  if (Number.isNaN(date.getTime())) throw new VaultError(`not a date: ${expires}`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(expires)) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export function isExpired(expires: string | null | undefined, now: Date = new Date()): boolean {
  return !!expires && now.getTime() >= closesAt(expires).getTime();
}

/** A password attempt: exactly one PBKDF2 derivation, for one gallery, then a lookup; null when it opens nothing. */
export async function openWithPassword(
  manifest: VaultManifest,
  attempt: GalleryPassword,
  crypto: Crypto = globalThis.crypto,
) {
  const secret = await deriveSecret(attempt, manifest.kdf, crypto);
  return openGrant(manifest, await accessFrom(secret, crypto), crypto);
}

/** A private link's secret: the grant it opens, or null. */
export async function openWithSecret(
  manifest: VaultManifest,
  secret: Uint8Array<ArrayBuffer>,
  crypto: Crypto = globalThis.crypto,
) {
  return openGrant(manifest, await accessFrom(secret, crypto), crypto);
}

/** Whether a downloaded manifest is of this format. */
export function isManifest(value: unknown): value is VaultManifest {
  const manifest = value as Partial<VaultManifest> | null;
  return !!manifest && manifest.version === FORMAT_VERSION && typeof manifest.grants === 'object' && !!manifest.kdf;
}
