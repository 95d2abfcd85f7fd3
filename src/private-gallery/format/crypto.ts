/**
 * The private galleries' cryptography, shared by the build (Node) and the browser: both use the
 * standard WebCrypto API.
 *
 * One site salt, one PBKDF2-SHA-256 derivation per password attempt, whatever the number of
 * galleries: the password's 32-byte *access secret* gives, through HKDF, a lookup id (which
 * gallery) and a wrapping key (AES-256-GCM) that opens that gallery's random content key. The
 * content key encrypts the gallery's index and photos. A wrong password gives an id that is in no
 * manifest, so it opens nothing. The access secret is also what a client's private link carries.
 */

/** OWASP's 2023 floor for PBKDF2-HMAC-SHA-256. */
export const MIN_ITERATIONS = 600_000;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;
export const SECRET_BYTES = 32;
/** The manifest lists at least this many entries, and a multiple of it: decoys hide the real count. */
export const ENTRY_BLOCK = 8;
/** Encrypted indexes are padded to a multiple of this, so their size hides the number of photos. */
export const INDEX_BLOCK = 16_384;
/** The URL fragment that carries a private link's access secret (never sent to a server). */
export const LINK_PARAM = 'access';

export interface KdfParams {
  name: 'PBKDF2';
  hash: 'SHA-256';
  iterations: number;
  /** Base64. */
  salt: string;
}

export interface Sealed {
  /** Base64 initialisation vector, unique per encryption. */
  iv: string;
  /** Base64 ciphertext with its GCM tag. */
  data: string;
}

/** One gallery as the manifest lists it: nothing in it is readable without its password. */
export interface VaultEntry {
  /** The gallery's content key, sealed with the wrapping key of its password. */
  key: Sealed;
  /** Random name of the encrypted index file (IV first, then ciphertext). */
  index: string;
}

/** What the build publishes beside the ciphertext files. */
export interface VaultManifest {
  version: 2;
  kdf: KdfParams;
  /** By lookup id (hex); real galleries and random decoys look alike. */
  galleries: Record<string, VaultEntry>;
}

export interface VaultFile {
  /** Random file name of the ciphertext (IV first), relative to the manifest. */
  file: string;
  width: number;
  height: number;
  type: string;
  /** Size of the decrypted file in bytes, shown before a download. */
  bytes: number;
}

export interface VaultImage {
  alt: string;
  thumb: VaultFile;
  full: VaultFile;
  /** The original file, when the gallery allows full-size downloads. */
  original?: VaultFile;
  /** File name for downloads, e.g. "03.webp"; never the owner's file name. */
  name: string;
}

export type DownloadPolicy = 'none' | 'web' | 'full';

/** A gallery's decrypted index. */
export interface VaultIndex {
  /** Stable id (the folder name): favorites are kept under it. */
  id: string;
  title: string;
  /** Last day open (YYYY-MM-DD or an ISO date-time), or null. */
  expires: string | null;
  downloads: DownloadPolicy;
  images: VaultImage[];
}

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

/** Refuses weak parameters, whether they come from the build or from a downloaded manifest. */
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

/** The one slow step: PBKDF2 from the password to its 32-byte access secret. */
export async function deriveSecret(
  password: string,
  kdf: KdfParams,
  crypto: Crypto = globalThis.crypto,
): Promise<Uint8Array<ArrayBuffer>> {
  assertKdf(kdf);
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(kdf.salt), iterations: kdf.iterations },
    material,
    SECRET_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/** What an access secret opens: the manifest entry's id and the (non-extractable) wrapping key. */
export interface Access {
  id: string;
  key: CryptoKey;
}

const ID_INFO = new TextEncoder().encode('coastlight gallery id');
const WRAP_INFO = new TextEncoder().encode('coastlight gallery wrap');

/** Fast (HKDF): the lookup id and wrapping key of an access secret. */
export async function accessFrom(secret: Uint8Array<ArrayBuffer>, crypto: Crypto = globalThis.crypto): Promise<Access> {
  if (secret.length !== SECRET_BYTES) throw new VaultError('not an access secret');
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveBits', 'deriveKey']);
  const hkdf = (info: Uint8Array<ArrayBuffer>) => ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info });
  const id = toHex(new Uint8Array(await crypto.subtle.deriveBits(hkdf(ID_INFO), base, 128)));
  const key = await crypto.subtle.deriveKey(hkdf(WRAP_INFO), base, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  return { id, key };
}

export async function encryptBytes(
  key: CryptoKey,
  data: Uint8Array<ArrayBuffer>,
  crypto: Crypto = globalThis.crypto,
): Promise<{ iv: Uint8Array<ArrayBuffer>; data: Uint8Array<ArrayBuffer> }> {
  const iv = randomBytes(IV_BYTES, crypto);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, data);
  return { iv, data: new Uint8Array(sealed) };
}

/** Decrypts and authenticates; any tampering or a wrong key throws VaultError. */
export async function decryptBytes(
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
  crypto: Crypto = globalThis.crypto,
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data));
  } catch {
    throw new VaultError('decryption failed: wrong key or altered data');
  }
}

/** A published file: the IV, then the ciphertext with its tag. */
export async function sealFile(
  key: CryptoKey,
  data: Uint8Array<ArrayBuffer>,
  crypto: Crypto = globalThis.crypto,
): Promise<Uint8Array<ArrayBuffer>> {
  const sealed = await encryptBytes(key, data, crypto);
  const out = new Uint8Array(IV_BYTES + sealed.data.length);
  out.set(sealed.iv);
  out.set(sealed.data, IV_BYTES);
  return out;
}

export function openFile(
  key: CryptoKey,
  file: Uint8Array<ArrayBuffer>,
  crypto: Crypto = globalThis.crypto,
): Promise<Uint8Array<ArrayBuffer>> {
  if (file.length <= IV_BYTES) return Promise.reject(new VaultError('file too short'));
  return decryptBytes(key, file.slice(0, IV_BYTES), file.slice(IV_BYTES), crypto);
}

/** A fresh random content key for one gallery and one build. */
export async function newContentKey(crypto: Crypto = globalThis.crypto) {
  const raw = randomBytes(32, crypto);
  const key = await importContentKey(raw, crypto);
  return { raw, key };
}

export function importContentKey(raw: Uint8Array<ArrayBuffer>, crypto: Crypto = globalThis.crypto) {
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Seals a content key under a password's wrapping key. */
export async function wrapContentKey(wrap: CryptoKey, raw: Uint8Array<ArrayBuffer>, crypto = globalThis.crypto) {
  const { iv, data } = await encryptBytes(wrap, raw, crypto);
  return { iv: toBase64(iv), data: toBase64(data) } satisfies Sealed;
}

/**
 * Finds the gallery an access opens and unwraps its content key; null when the access fits no
 * gallery (a wrong password, a changed password, or a gallery that was removed).
 */
export async function openEntry(
  manifest: VaultManifest,
  access: Access,
  crypto: Crypto = globalThis.crypto,
): Promise<{ entry: VaultEntry; key: CryptoKey } | null> {
  const entry = Object.hasOwn(manifest.galleries, access.id) ? manifest.galleries[access.id] : undefined;
  if (!entry) return null;
  try {
    const raw = await decryptBytes(access.key, fromBase64(entry.key.iv), fromBase64(entry.key.data), crypto);
    return { entry, key: await importContentKey(raw, crypto) };
  } catch {
    return null;
  }
}

/** The JSON of an index, padded with spaces to a multiple of INDEX_BLOCK bytes. */
export function paddedIndex(index: VaultIndex): Uint8Array<ArrayBuffer> {
  const json = new TextEncoder().encode(JSON.stringify(index));
  const size = Math.ceil((json.length + 1) / INDEX_BLOCK) * INDEX_BLOCK;
  const out = new Uint8Array(size).fill(0x20);
  out.set(json);
  return out;
}

export function parseIndex(bytes: Uint8Array<ArrayBuffer>): VaultIndex {
  return JSON.parse(new TextDecoder().decode(bytes)) as VaultIndex;
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

/** A password attempt: exactly one PBKDF2 derivation, then a lookup; null when it opens nothing. */
export async function openWithPassword(manifest: VaultManifest, password: string, crypto: Crypto = globalThis.crypto) {
  const secret = await deriveSecret(password, manifest.kdf, crypto);
  const access = await accessFrom(secret, crypto);
  const opened = await openEntry(manifest, access, crypto);
  return opened && { ...opened, access, secret };
}
