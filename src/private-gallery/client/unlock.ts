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
import { clearAccess, forgetAccess, loadAccess, saveAccess } from './key-store';

/** Where the build publishes the encrypted galleries. */
export const VAULT_BASE = '/vault';

/** A file that could not be downloaded (offline, 404, server error, no answer): worth a Retry. */
export class LoadError extends Error {
  /** The host's status, when it answered. */
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

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

/**
 * Asks for a file: its response, or a LoadError saying why not (a GoneError for 410). A 304
 * counts as an answer only when `notModified` asks for one (a conditional request's).
 */
async function request(
  url: string,
  what: string,
  init: RequestInit = {},
  timeout = SMALL_FILE_TIMEOUT_MS,
  notModified = false,
): Promise<{ response: Response; failed: (error: unknown) => LoadError }> {
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
  if (!response.ok && !(notModified && response.status === 304)) {
    throw new LoadError(`${what} could not be downloaded right now (error ${response.status}).`, response.status);
  }
  return { response, failed };
}

async function download(
  url: string,
  what: string,
  init: RequestInit = {},
  timeout = SMALL_FILE_TIMEOUT_MS,
): Promise<{ bytes: () => Promise<ArrayBuffer>; etag: string | null }> {
  const { response, failed } = await request(url, what, init, timeout);
  // The body is read under the same deadline.
  return {
    bytes: () =>
      response.arrayBuffer().catch((error: unknown) => {
        throw failed(error);
      }),
    etag: response.headers.get('ETag'),
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
  /**
   * A dated partner link's re-check, before each full photo (fullPhoto): resolves while the host
   * still serves its index, throws GoneError from its end. Absent: nothing to re-check (the
   * gallery's own photo files answer 410 themselves once it closes).
   */
  recheck?: () => Promise<void>;
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

/** A partner page's index renamed by a publish since it opened (every publish seals indexes anew). */
export const RELOAD_PAGE = 'This gallery has been updated since this page opened. Please reload the page to see it.';

/**
 * A dated partner link's check that it is still open: its index asked again with the ETag it came
 * with (If-None-Match, past the browser's cache), answered 304 while the link is open and 410 from
 * its end (host/serve.ts); then its saved access is forgotten. A 404 (published again since: the
 * index has a new name, whose end this page could not see) stops the photo too, asking for a
 * reload. Photos asked for together share one request; each later one asks again, so no full photo
 * comes through the page after the end.
 */
function indexRecheck(url: string, etag: string | null, grant: string): () => Promise<void> {
  let pending: Promise<void> | null = null;
  const check = async () => {
    try {
      const headers: HeadersInit = etag ? { 'If-None-Match': etag } : {};
      const { response } = await request(url, 'A photo', { cache: 'no-store', headers }, SMALL_FILE_TIMEOUT_MS, true);
      await response.body?.cancel();
    } catch (error) {
      if (error instanceof GoneError) await forgetAccess({ grant });
      if (error instanceof LoadError && error.status === 404) throw new LoadError(RELOAD_PAGE, 404);
      throw error;
    }
  };
  return () => (pending ??= check().finally(() => (pending = null)));
}

/**
 * Downloads and opens a grant's index. A 410 (a partner link past its end: the host closes its
 * index) forgets that link's saved access on this device.
 */
async function fetchIndex(opened: OpenedGrant, base: string): Promise<Unlocked> {
  const url = `${base}/${opened.pointer.file}`;
  const { bytes, etag } = await download(url, 'Your gallery').catch(async (error: unknown) => {
    if (error instanceof GoneError) await forgetAccess({ grant: opened.access.id });
    throw error;
  });
  const body = new Uint8Array(await bytes());
  let index: VaultIndex;
  try {
    index = await openIndex(opened.pointer, body);
  } catch {
    throw new LoadError('Your gallery could not be read right now.');
  }
  prefetchFirstScreen(index, base);
  const unlocked: Unlocked = { index, keys: photoKeys(opened.galleryKey, index) };
  if (index.view === 'partner' && index.expires) unlocked.recheck = indexRecheck(url, etag, opened.access.id);
  return unlocked;
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

/**
 * A gallery the host has closed (410 for one of its photo files, which close with it): this device
 * forgets its saved access, favorites, notes and sent selection; another gallery's stay.
 */
export async function forgetClosedGallery(gallery: string): Promise<void> {
  await forgetAccess({ gallery });
  forgetFavorites(gallery);
  forgetSelection(gallery);
}

/** Downloads started before the page asked for them (prefetchFirstScreen), by address; each is taken once. */
const early = new Map<string, ReturnType<typeof download>>();

/**
 * How many thumbnails the first screen shows: two rows of the grid's columns (two on a phone, three
 * from 640 px: ThumbnailGrid), what a 390 px phone shows under the gallery's title.
 */
export function firstScreenCount(width = typeof innerWidth === 'number' ? innerWidth : 0): number {
  return (width >= 640 ? 3 : 2) * 2;
}

/**
 * Starts downloading the first screen's thumbnails as soon as the index is open, while the page
 * still saves her access and lays out the grid (about 0.9 s on a phone at 4x CPU slowdown with
 * 150 photos): decryptToBlob takes them up when the grid asks. The first has the line to itself
 * until its answer starts: the others' round trip overlaps its bytes, so on slow 4G it comes about
 * half a second sooner, and the rest of the first screen no later.
 */
export function prefetchFirstScreen(index: VaultIndex, base = VAULT_BASE, count = firstScreenCount()): void {
  // Only this opening's: one the page never took (a gallery opened before) is not kept.
  early.clear();
  const [first, ...rest] = index.images.slice(0, count);
  if (!first) return;
  const keep = (url: string, pending: ReturnType<typeof download>) => {
    // A failure is reported when the grid asks for it.
    pending.catch(() => undefined);
    early.set(url, pending);
    return pending;
  };
  const head = keep(`${base}/${first.thumb.file}`, download(`${base}/${first.thumb.file}`, 'A photo'));
  for (const image of rest) {
    const url = `${base}/${image.thumb.file}`;
    const next = () => download(url, 'A photo');
    keep(url, head.then(next, next));
  }
}

/**
 * Downloads and decrypts one file of a photo: its thumbnail, screen copy, large copy or original.
 * A 410 (the gallery has closed) forgets the gallery on this device before it is reported.
 */
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
  const url = `${base}/${file.file}`;
  const prefetched = role === 'thumb' ? early.get(url) : undefined;
  early.delete(url);
  const { bytes: body } = await (prefetched ?? download(url, 'A photo', {}, timeout)).catch(async (error: unknown) => {
    if (error instanceof GoneError) await forgetClosedGallery(index.id);
    throw error;
  });
  const data = new Uint8Array(await body());
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await openFile(await keys(image, role), data, fileData(index.id, image.id, role), file.bytes);
  } catch {
    throw new LoadError('A photo could not be read right now.');
  }
  return new Blob([bytes], { type: file.type });
}

/**
 * A full photo (screen copy, large copy or original) for the viewer, the slideshow or a download:
 * a dated partner link first re-checks its index (Unlocked.recheck), so its end stops the page.
 */
export async function fullPhoto(
  { index, keys, recheck }: Unlocked,
  image: VaultImage,
  role: Exclude<FileRole, 'thumb'>,
  base = VAULT_BASE,
  timeout = LARGE_FILE_TIMEOUT_MS,
): Promise<Blob> {
  await recheck?.();
  return decryptToBlob(keys, index, image, role, base, timeout);
}
