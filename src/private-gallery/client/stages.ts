/** How the private gallery decides what a visitor sees: a private link, kept access, or the password. */
import { type GalleryPassword, type VaultManifest } from '../format/types';
import { isExpired, STUDIO_TIME_ZONE } from '../format/dates';
import { ACCESS_DAYS } from './key-store';
import { GoneError, LoadError, secretFromHash, type Unlocked } from './unlock';
import { GALLERY_PARAM } from '../../lib/site/private-links';

/** The spec's message, for the password alone (her invitation named her gallery). */
export const WRONG_PASSWORD = 'Incorrect password. Please try again.';
/** With both fields typed: a wrong name and a wrong password look the same to the browser, by design. */
export const WRONG_NAME_OR_PASSWORD = "That gallery name or password isn't right. Please check both and try again.";
export const STALE_ACCESS =
  'Your saved access no longer opens a gallery on this device: the password may have changed. Please enter your current password.';
export const STALE_LINK =
  'This private link no longer opens a gallery: it may have been replaced. Please enter your password, or ask the studio for a new link.';
export const BROKEN_LINK =
  'This private link is incomplete: please open the whole link from the message, or enter your password.';
export const NO_ACCESS_HERE = 'Please enter your password to open your gallery on this device.';
export const ACCESS_ENDED = `For your privacy, this device asks for your password again after ${ACCESS_DAYS} days. Please enter it to open your gallery.`;
export const FORGOTTEN = 'This device no longer remembers your gallery.';
export const OPEN_FAILED = 'Your gallery could not be opened right now. Please try again.';

/** What the island shows: 'checking' until it has decided in the browser (the age gate is the page's, before it). */
export type Stage = 'checking' | 'password' | 'unlocking' | 'gallery' | 'closed' | 'failed';

/** The vault operations that opening a gallery needs: the browser's, or a test's fakes. */
export interface GalleryVault {
  manifest: () => Promise<VaultManifest>;
  withSecret: (manifest: VaultManifest, secret: Uint8Array<ArrayBuffer>) => Promise<Unlocked | null>;
  withStoredAccess: (manifest: VaultManifest) => Promise<Unlocked | 'none' | 'stale' | 'expired'>;
  withPassword: (manifest: VaultManifest, attempt: GalleryPassword) => Promise<Unlocked | null>;
  clearAccess: () => Promise<void>;
  /** Remembers on this device that the gallery was opened (so the next visit tries the kept access). */
  remember: () => void;
}

/** Where opening without a password leads: the password with the reason why, the gallery, or a failure. */
export type Opening =
  | { stage: 'password'; reason: string }
  | { stage: 'unlocked'; unlocked: Unlocked }
  /** The host answered 410 for its index: past its closing date (a partner link's, or the gallery's). */
  | { stage: 'closed' }
  | { stage: 'failed'; problem: string };

/** A password attempt: the gallery, or the error to show and whether Retry (a failed download) fits. */
export type PasswordAttempt =
  { ok: true; unlocked: Unlocked } | { ok: false; error: string; retry: boolean; closed?: true };

/**
 * Shares one pending download between callers; a failed one is forgotten, so the next call (Retry)
 * downloads again, while a successful one is kept.
 */
export function sharedUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    const current = (pending ??= load());
    current.catch(() => {
      if (pending === current) pending = null;
    });
    return current;
  };
}

/** A private link in the address's fragment: its secret, 'broken' when it cannot be read, null when none. */
export function accessLinkIn(hash: string): Uint8Array<ArrayBuffer> | 'broken' | null {
  if (!/[#&]access=/.test(hash)) return null;
  return secretFromHash(hash) ?? 'broken';
}

/** The gallery her invitation link names in the address's fragment (`#gallery=…`), or null. */
export function invitedGalleryIn(hash: string): string | null {
  const name = new URLSearchParams(hash.replace(/^#/, '')).get(GALLERY_PARAM)?.trim();
  return name || null;
}

/**
 * An opened gallery shows as closed once its closing date has passed: its last day ends at
 * midnight in `zone`, the studio's time zone the page was built with (STUDIO_TIME_ZONE by default).
 */
export function galleryStage(
  unlocked: Unlocked,
  now: Date = new Date(),
  zone: string = STUDIO_TIME_ZONE,
): 'gallery' | 'closed' {
  return isExpired(unlocked.index.expires, now, zone) ? 'closed' : 'gallery';
}

/** What the visitor reads when a gallery cannot be opened: a download's own message, else a general one. */
export function problemOf(error: unknown): string {
  return error instanceof LoadError ? error.message : OPEN_FAILED;
}

/**
 * Opens the gallery without asking: with a private link's secret when there is one, else with the
 * access this device kept. A link or kept access that opens nothing leads to the password, with why.
 */
export async function openWithoutPassword(
  vault: GalleryVault,
  secret: Uint8Array<ArrayBuffer> | null,
): Promise<Opening> {
  try {
    const manifest = await vault.manifest();
    if (secret) {
      const unlocked = await vault.withSecret(manifest, secret);
      if (!unlocked) return { stage: 'password', reason: STALE_LINK };
      vault.remember();
      return { stage: 'unlocked', unlocked };
    }
    const kept = await vault.withStoredAccess(manifest);
    if (kept === 'stale') {
      await vault.clearAccess();
      return { stage: 'password', reason: STALE_ACCESS };
    }
    if (kept === 'none') return { stage: 'password', reason: NO_ACCESS_HERE };
    if (kept === 'expired') return { stage: 'password', reason: ACCESS_ENDED };
    return { stage: 'unlocked', unlocked: kept };
  } catch (error) {
    if (error instanceof GoneError) return { stage: 'closed' };
    return { stage: 'failed', problem: problemOf(error) };
  }
}

/**
 * Checks a gallery's name and password. A download that fails can be retried with the same
 * password; anything else (a wrong name, a wrong password) reads as one message: the name or the
 * password when she typed both, the spec's wrong password when her invitation gave the name.
 */
export async function tryPassword(
  vault: GalleryVault,
  attempt: GalleryPassword,
  typed: 'name and password' | 'password' = 'name and password',
): Promise<PasswordAttempt> {
  const wrong = typed === 'password' ? WRONG_PASSWORD : WRONG_NAME_OR_PASSWORD;
  try {
    const unlocked = await vault.withPassword(await vault.manifest(), attempt);
    if (!unlocked) return { ok: false, error: wrong, retry: false };
    vault.remember();
    return { ok: true, unlocked };
  } catch (error) {
    if (error instanceof GoneError) return { ok: false, error: error.message, retry: false, closed: true };
    if (error instanceof LoadError) return { ok: false, error: error.message, retry: true };
    // A failure of the check itself (e.g. no WebCrypto).
    return { ok: false, error: wrong, retry: false };
  }
}
