/**
 * The private gallery's cryptography, shared by the build (Node) and the browser: both use the
 * standard WebCrypto API. A key is derived from the password with PBKDF2-SHA-256 and used for
 * AES-256-GCM; a wrong password shows up as a failed GCM tag when the manifest is decrypted.
 */

/** OWASP's 2023 floor for PBKDF2-HMAC-SHA-256. */
export const MIN_ITERATIONS = 600_000;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;

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

/** What the build publishes beside the ciphertext files: nothing in it is readable without the key. */
export interface VaultManifest {
  version: 1;
  kdf: KdfParams;
  /** The encrypted list of images (alt texts, file names, sizes and IVs). */
  index: Sealed;
}

export interface VaultFile {
  /** Random file name of the ciphertext, relative to the manifest. */
  file: string;
  /** Base64 IV of that file. */
  iv: string;
  width: number;
  height: number;
  type: string;
}

export interface VaultImage {
  alt: string;
  thumb: VaultFile;
  full: VaultFile;
}

export interface VaultIndex {
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

/** Derives the AES-256-GCM key; non-extractable, so the browser can keep it without exposing it. */
export async function deriveKey(
  password: string,
  kdf: KdfParams,
  crypto: Crypto = globalThis.crypto,
): Promise<CryptoKey> {
  assertKdf(kdf);
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(kdf.salt), iterations: kdf.iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export function newKdf(iterations = MIN_ITERATIONS, crypto: Crypto = globalThis.crypto): KdfParams {
  const kdf: KdfParams = {
    name: 'PBKDF2',
    hash: 'SHA-256',
    iterations,
    salt: toBase64(randomBytes(SALT_BYTES, crypto)),
  };
  assertKdf(kdf);
  return kdf;
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
    throw new VaultError('decryption failed: wrong password or altered data');
  }
}

export async function sealJson(key: CryptoKey, value: unknown, crypto: Crypto = globalThis.crypto): Promise<Sealed> {
  const { iv, data } = await encryptBytes(key, new TextEncoder().encode(JSON.stringify(value)), crypto);
  return { iv: toBase64(iv), data: toBase64(data) };
}

export async function openJson<T>(key: CryptoKey, sealed: Sealed, crypto: Crypto = globalThis.crypto): Promise<T> {
  const bytes = await decryptBytes(key, fromBase64(sealed.iv), fromBase64(sealed.data), crypto);
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}

/** Opens the manifest's index with a key; throws VaultError when the key does not fit. */
export function openIndex(key: CryptoKey, manifest: VaultManifest): Promise<VaultIndex> {
  return openJson<VaultIndex>(key, manifest.index);
}
