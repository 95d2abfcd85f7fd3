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
import { fromBase64, randomBytes, toBase64, toBase64Url, toHex } from './encodings.ts';
import { parseIndex } from './buckets.ts';
import {
  FORMAT_VERSION,
  VaultError,
  type FileRole,
  type GalleryPassword,
  type IndexPointer,
  type KdfParams,
  type Sealed,
  type VaultImage,
  type VaultIndex,
  type VaultManifest,
} from './types.ts';

/**
 * PBKDF2-HMAC-SHA-256 iterations, set by measurement (scripts/audits/kdf-bench.ts):
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
/** The manifest lists at least this many grants, and a multiple of it: decoys hide the real count. */
export const ENTRY_BLOCK = 8;
/** An index pointer's plaintext is padded to this size, so real and decoy grants are alike. */
export const POINTER_BYTES = 256;

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
  const memo = memoOf(crypto);
  const id = await memo.idOf([galleryName(gallery), kdf.salt, String(kdf.iterations), kdf.hash, password]);
  let secret = memo.secrets.get(id);
  if (!secret) {
    secret = derive(gallery, password, kdf, crypto);
    memo.secrets.set(id, secret);
    secret.catch(() => memo.secrets.delete(id));
    const oldest = memo.secrets.size > MEMO_SIZE ? memo.secrets.keys().next().value : undefined;
    if (oldest !== undefined) memo.secrets.delete(oldest);
  }
  return (await secret).slice();
}

async function derive(
  gallery: string,
  password: string,
  kdf: KdfParams,
  crypto: Crypto,
): Promise<Uint8Array<ArrayBuffer>> {
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
 * The derivations this process has made, per WebCrypto: publishing again (the desk publishes many
 * times in one session, the command derives a password once per grant and again to check what it
 * wrote), or a page opening a gallery it opened before, does not repeat the slow step. Each entry is
 * named by an HMAC over every input (gallery name, salt, iterations, hash, password) under a random
 * key of this process, so the password itself is not kept; a change to any input derives anew. At
 * most MEMO_SIZE entries, the oldest dropped first; a derivation that fails is not kept.
 */
const MEMO_SIZE = 64;
interface Memo {
  idOf: (inputs: string[]) => Promise<string>;
  secrets: Map<string, Promise<Uint8Array<ArrayBuffer>>>;
}
const memos = new WeakMap<Crypto, Memo>();
function memoOf(crypto: Crypto): Memo {
  let memo = memos.get(crypto);
  if (!memo) {
    const key = crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const idOf = async (inputs: string[]) =>
      toHex(
        new Uint8Array(await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(JSON.stringify(inputs)))),
      );
    memo = { idOf, secrets: new Map() };
    memos.set(crypto, memo);
  }
  return memo;
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
