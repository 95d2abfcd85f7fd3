import {
  accessFrom,
  fromBase64Url,
  LINK_PARAM,
  openEntry,
  openFile,
  openWithPassword,
  parseIndex,
  SECRET_BYTES,
  type Access,
  type VaultEntry,
  type VaultFile,
  type VaultIndex,
  type VaultManifest,
} from '../format/crypto';
import { clearAccess, loadAccess, saveAccess } from './key-store';

/** Where the build publishes the encrypted galleries. */
export const VAULT_BASE = '/vault';

/** A file that could not be downloaded (offline, 404, server error, no answer): worth a Retry. */
export class LoadError extends Error {}

/** A small file (manifest, index, thumbnail) that has not arrived by then counts as failed. */
export const SMALL_FILE_TIMEOUT_MS = 10_000;
/** The same for a full-size photo, which may take longer on a slow connection. */
export const LARGE_FILE_TIMEOUT_MS = 45_000;

async function download(
  url: string,
  what: string,
  init: RequestInit = {},
  timeout = SMALL_FILE_TIMEOUT_MS,
): Promise<{ bytes: () => Promise<ArrayBuffer> }> {
  const signal = AbortSignal.timeout(timeout);
  const failed = (error: unknown) =>
    new LoadError(
      (error as Error)?.name === 'TimeoutError'
        ? `${what} is taking too long to download. Please check your connection and try again.`
        : `${what} could not be downloaded. Please check your connection and try again.`,
    );
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal });
  } catch (error) {
    throw failed(error);
  }
  if (!response.ok) throw new LoadError(`${what} could not be downloaded right now (error ${response.status}).`);
  // The body is read under the same deadline.
  return {
    bytes: () =>
      response.arrayBuffer().catch((error: unknown) => {
        throw failed(error);
      }),
  };
}

export async function fetchManifest(base = VAULT_BASE): Promise<VaultManifest> {
  const { bytes } = await download(`${base}/manifest.json`, 'The private gallery', { cache: 'no-cache' });
  const body = await bytes();
  try {
    const manifest = JSON.parse(new TextDecoder().decode(body)) as VaultManifest;
    if (manifest.version !== 2 || !manifest.galleries) throw new Error('unknown format');
    return manifest;
  } catch {
    throw new LoadError('The private gallery could not be read right now.');
  }
}

export interface Unlocked {
  /** The gallery's content key. */
  key: CryptoKey;
  index: VaultIndex;
}

async function fetchIndex(key: CryptoKey, entry: VaultEntry, base: string): Promise<VaultIndex> {
  const { bytes } = await download(`${base}/${entry.index}`, 'Your gallery');
  const body = new Uint8Array(await bytes());
  try {
    return parseIndex(await openFile(key, body));
  } catch {
    throw new LoadError('Your gallery could not be read right now.');
  }
}

/**
 * Checks a password with one key derivation; null when it opens no gallery. Throws LoadError when
 * the gallery's files cannot be downloaded. Remembers the access on success.
 */
export async function unlockWithPassword(
  manifest: VaultManifest,
  password: string,
  base = VAULT_BASE,
): Promise<Unlocked | null> {
  const opened = await openWithPassword(manifest, password);
  if (!opened) return null;
  const index = await fetchIndex(opened.key, opened.entry, base);
  await saveAccess(manifest.kdf.salt, opened.access);
  return { key: opened.key, index };
}

/** Reads a private link's access secret from a URL fragment, or null. */
export function secretFromHash(hash: string): Uint8Array<ArrayBuffer> | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(LINK_PARAM);
  if (!value) return null;
  try {
    const secret = fromBase64Url(value);
    return secret.length === SECRET_BYTES ? secret : null;
  } catch {
    return null;
  }
}

/** Opens the gallery of a private link; null when the link opens nothing (any more). */
export async function unlockWithSecret(
  manifest: VaultManifest,
  secret: Uint8Array<ArrayBuffer>,
  base = VAULT_BASE,
): Promise<Unlocked | null> {
  const access = await accessFrom(secret);
  const opened = await openEntry(manifest, access);
  if (!opened) return null;
  const index = await fetchIndex(opened.key, opened.entry, base);
  await saveAccess(manifest.kdf.salt, access);
  return { key: opened.key, index };
}

/**
 * Reopens the gallery with the access kept from an earlier visit: 'none' when nothing is kept,
 * 'stale' when what is kept opens nothing any more (a changed password, a closed gallery).
 */
export async function unlockWithStoredAccess(
  manifest: VaultManifest,
  base = VAULT_BASE,
): Promise<Unlocked | 'none' | 'stale'> {
  const access: Access | null = await loadAccess(manifest.kdf.salt);
  if (!access) return 'none';
  const opened = await openEntry(manifest, access);
  if (!opened) return 'stale';
  return { key: opened.key, index: await fetchIndex(opened.key, opened.entry, base) };
}

export { clearAccess };

/** Downloads and decrypts one file of a gallery. */
export async function decryptToBlob(
  key: CryptoKey,
  file: VaultFile,
  base = VAULT_BASE,
  timeout = SMALL_FILE_TIMEOUT_MS,
): Promise<Blob> {
  const { bytes: body } = await download(`${base}/${file.file}`, 'A photo', {}, timeout);
  const data = new Uint8Array(await body());
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await openFile(key, data);
  } catch {
    throw new LoadError('A photo could not be read right now.');
  }
  return new Blob([bytes], { type: file.type });
}
