import {
  isManifest,
  LINK_PARAM,
  type FileRole,
  type GalleryPassword,
  type VaultImage,
  type VaultIndex,
  type VaultManifest,
} from '../format/types';
import { fromBase64Url } from '../format/encodings';
import {
  openFile,
  openGrant,
  openIndex,
  accessFrom,
  deriveSecret,
  fileData,
  photoKey,
  SECRET_BYTES,
  type Access,
  type OpenedGrant,
} from '../format/keys';
import { forgetFavorites, forgetNamedFavorites } from './favorites';
import { forgetAllPicks, forgetSelection } from './selection';
import { clearAccess, loadAccess, saveAccess } from './key-store';

/** Where the build publishes the encrypted galleries. */
export const VAULT_BASE = '/vault';

/** A file that could not be downloaded (offline, 404, server error, no answer): worth a Retry. */
export class LoadError extends Error {}

/**
 * The host answered 410 Gone: the gallery (or this partner link) has passed its closing date and
 * the host no longer serves its files, whatever this device's clock says (serve.ts). A LoadError,
 * so code that only knows downloads still reports it; the page shows the closed gallery instead.
 */
export class GoneError extends LoadError {}

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
  if (response.status === 410) throw new GoneError(`${what} is no longer available: this gallery has closed.`);
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
    const manifest = JSON.parse(new TextDecoder().decode(body)) as unknown;
    if (!isManifest(manifest)) throw new Error('unknown format');
    return manifest;
  } catch {
    throw new LoadError('The private gallery could not be read right now.');
  }
}

/**
 * The decrypt-only keys of a gallery's photos, unwrapped from its index when first needed (and
 * then kept): no photo key is ever bytes in the page.
 */
export interface PhotoKeys {
  (image: VaultImage, role: FileRole): Promise<CryptoKey>;
}

export interface Unlocked {
  index: VaultIndex;
  keys: PhotoKeys;
}

function photoKeys(galleryKey: CryptoKey, index: VaultIndex): PhotoKeys {
  const known = new Map<string, Promise<CryptoKey>>();
  return (image, role) => {
    const name = `${image.id} ${role === 'original' ? 'original' : 'photo'}`;
    let key = known.get(name);
    if (!key) {
      key = photoKey(galleryKey, index, image, role);
      known.set(name, key);
      key.catch(() => known.delete(name));
    }
    return key;
  };
}

async function fetchIndex(opened: OpenedGrant, base: string): Promise<Unlocked> {
  const { bytes } = await download(`${base}/${opened.pointer.file}`, 'Your gallery');
  const body = new Uint8Array(await bytes());
  try {
    const index = await openIndex(opened.pointer, body);
    return { index, keys: photoKeys(opened.galleryKey, index) };
  } catch {
    throw new LoadError('Your gallery could not be read right now.');
  }
}

/** Opens a grant's gallery and remembers its access on this device. */
async function openAndRemember(manifest: VaultManifest, access: Access, base: string): Promise<Unlocked | null> {
  const opened = await openGrant(manifest, access);
  if (!opened) return null;
  const unlocked = await fetchIndex(opened, base);
  // The access this one replaces had ended: its gallery's picks (and any other's) go with it.
  if ((await loadAccess(manifest.kdf.salt)) === 'expired') forgetAllPicks();
  await saveAccess(manifest.kdf.salt, access, unlocked.index.id);
  // Favorites an older format kept under a folder name go (under her opaque id they stay).
  forgetNamedFavorites();
  return unlocked;
}

/**
 * Checks a gallery's name and password with one key derivation; null when they open no gallery.
 * Throws LoadError when the gallery's files cannot be downloaded. Remembers the access on success.
 */
export async function unlockWithPassword(
  manifest: VaultManifest,
  attempt: GalleryPassword,
  base = VAULT_BASE,
): Promise<Unlocked | null> {
  return openAndRemember(manifest, await accessFrom(await deriveSecret(attempt, manifest.kdf)), base);
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
  return openAndRemember(manifest, await accessFrom(secret), base);
}

/**
 * Reopens the gallery with the access kept from an earlier visit: 'none' when nothing usable is
 * kept (nothing, or one saved by an older format: kept until its days end, as the clock of her
 * favorites, which a new format does not take from her); 'expired' when it has ended: forgotten,
 * with every gallery's favorites, notes and sent selections on this device, so the next person on
 * a shared device finds none; 'stale' when it opens nothing any more (a changed password, a closed
 * gallery): then the access and that gallery's favorites and notes are forgotten.
 */
export async function unlockWithStoredAccess(
  manifest: VaultManifest,
  base = VAULT_BASE,
): Promise<Unlocked | 'none' | 'stale' | 'expired'> {
  const kept = await loadAccess(manifest.kdf.salt);
  if (kept === 'expired') {
    await clearAccess();
    forgetAllPicks();
    return 'expired';
  }
  if (kept === 'outdated') {
    forgetNamedFavorites();
    return 'none';
  }
  if (kept === 'none') return 'none';
  const opened = await openGrant(manifest, kept.access);
  if (!opened) {
    if (kept.gallery) {
      forgetFavorites(kept.gallery);
      forgetSelection(kept.gallery);
    }
    return 'stale';
  }
  return fetchIndex(opened, base);
}

export { clearAccess };

/** Downloads and decrypts one file of a photo: its thumbnail, large copy or original. */
export async function decryptToBlob(
  keys: PhotoKeys,
  index: VaultIndex,
  image: VaultImage,
  role: FileRole,
  base = VAULT_BASE,
  timeout = SMALL_FILE_TIMEOUT_MS,
): Promise<Blob> {
  const file = role === 'original' ? image.original : image[role];
  if (!file) throw new LoadError('This photo cannot be downloaded in full size.');
  const { bytes: body } = await download(`${base}/${file.file}`, 'A photo', {}, timeout);
  const data = new Uint8Array(await body());
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await openFile(await keys(image, role), data, fileData(index.id, image.id, role), file.bytes);
  } catch {
    throw new LoadError('A photo could not be read right now.');
  }
  return new Blob([bytes], { type: file.type });
}
