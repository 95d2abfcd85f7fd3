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
} from './vault';
import { clearAccess, loadAccess, saveAccess } from './key-store';

/** Where the build publishes the encrypted galleries. */
export const VAULT_BASE = '/vault';

/** A file that could not be downloaded (offline, 404, server error): worth a Retry. */
export class LoadError extends Error {}

async function download(url: string, what: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new LoadError(`${what} could not be downloaded. Please check your connection and try again.`);
  }
  if (!response.ok) throw new LoadError(`${what} could not be downloaded right now (error ${response.status}).`);
  return response;
}

export async function fetchManifest(base = VAULT_BASE): Promise<VaultManifest> {
  const response = await download(`${base}/manifest.json`, 'The private gallery', { cache: 'no-cache' });
  try {
    const manifest = (await response.json()) as VaultManifest;
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
  const response = await download(`${base}/${entry.index}`, 'Your gallery');
  try {
    return parseIndex(await openFile(key, new Uint8Array(await response.arrayBuffer())));
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
export async function decryptToBlob(key: CryptoKey, file: VaultFile, base = VAULT_BASE): Promise<Blob> {
  const response = await download(`${base}/${file.file}`, 'A photo');
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await openFile(key, new Uint8Array(await response.arrayBuffer()));
  } catch {
    throw new LoadError('A photo could not be read right now.');
  }
  return new Blob([bytes], { type: file.type });
}
