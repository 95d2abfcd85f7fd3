import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accessLinkIn,
  galleryStage,
  ACCESS_ENDED,
  NO_ACCESS_HERE,
  OPEN_FAILED,
  openWithoutPassword,
  problemOf,
  sharedUntilFailure,
  STALE_ACCESS,
  STALE_LINK,
  tryPassword,
  WRONG_PASSWORD,
  WRONG_NAME_OR_PASSWORD,
  invitedGalleryIn,
  type GalleryVault,
} from './stages';
import { type VaultManifest } from '../format/types';
import { toBase64Url } from '../format/encodings';
import { SECRET_BYTES } from '../format/keys';
import { decryptToBlob, GoneError, LoadError, type Unlocked } from './unlock';

const manifest = { version: 4 } as unknown as VaultManifest;
const unlocked = (expires: string | null = null): Unlocked => ({
  keys: () => Promise.reject(new Error('no keys in this test')),
  index: { id: 'ada', title: 'Ada', expires, downloads: 'none', images: [] },
});
const secret = new Uint8Array(SECRET_BYTES).fill(7);

/** A vault whose every operation is a spy; `overrides` decide what they answer. */
function fakeVault(overrides: Partial<GalleryVault> = {}) {
  return {
    manifest: vi.fn(async () => manifest),
    withSecret: vi.fn(async () => null),
    withStoredAccess: vi.fn(async (): Promise<Unlocked | 'none' | 'stale' | 'expired'> => 'none'),
    withPassword: vi.fn(async () => null),
    clearAccess: vi.fn(async () => undefined),
    remember: vi.fn(),
    ...overrides,
  } satisfies GalleryVault;
}

describe('sharedUntilFailure', () => {
  it('shares one pending download and keeps a successful one', async () => {
    const load = vi.fn(async () => 'manifest');
    const get = sharedUntilFailure(load);
    expect(get()).toBe(get());
    await expect(get()).resolves.toBe('manifest');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed download, so the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new LoadError('offline')).mockResolvedValueOnce('manifest');
    const get = sharedUntilFailure(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('manifest');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('accessLinkIn', () => {
  it('reads the secret of a whole link, wherever the parameter sits in the fragment', () => {
    expect(accessLinkIn(`#access=${toBase64Url(secret)}`)).toEqual(secret);
    expect(accessLinkIn(`#top&access=${toBase64Url(secret)}`)).toEqual(secret);
  });

  it('calls a cut or garbled link broken, and no link none', () => {
    expect(accessLinkIn(`#access=${toBase64Url(secret).slice(0, 20)}`)).toBe('broken');
    expect(accessLinkIn('#access=')).toBe('broken');
    expect(accessLinkIn('#access=%%%')).toBe('broken');
    expect(accessLinkIn('')).toBeNull();
    expect(accessLinkIn('#gallery')).toBeNull();
    expect(accessLinkIn('#noaccess=abc')).toBeNull();
  });
});

describe('galleryStage', () => {
  it('shows a gallery until the end of its last day, then closed', () => {
    expect(galleryStage(unlocked())).toBe('gallery');
    // Its last day ends at midnight in the studio's time zone (America/New_York, EDT in summer).
    expect(galleryStage(unlocked('2030-06-30'), new Date('2030-07-01T03:59:59Z'))).toBe('gallery');
    expect(galleryStage(unlocked('2030-06-30'), new Date('2030-07-01T04:00:00Z'))).toBe('closed');
  });

  it("closes at midnight in the studio's time zone the page was built with, not New York's", () => {
    // 11 pm on June 30 in Los Angeles, 2 am on July 1 in New York.
    const at = new Date('2030-07-01T06:00:00Z');
    expect(galleryStage(unlocked('2030-06-30'), at, 'America/Los_Angeles')).toBe('gallery');
    expect(galleryStage(unlocked('2030-06-30'), at, 'America/New_York')).toBe('closed');
    expect(galleryStage(unlocked('2030-06-30'), new Date('2030-07-01T07:00:00Z'), 'America/Los_Angeles')).toBe(
      'closed',
    );
  });
});

describe('problemOf', () => {
  it("passes a download's message on, and says something general otherwise", () => {
    expect(problemOf(new LoadError('Your gallery could not be downloaded.'))).toBe(
      'Your gallery could not be downloaded.',
    );
    expect(problemOf(new TypeError('crypto.subtle is undefined'))).toBe(OPEN_FAILED);
  });
});

describe('openWithoutPassword', () => {
  it('opens with a private link and remembers it, without looking at kept access', async () => {
    const gallery = unlocked();
    const vault = fakeVault({ withSecret: vi.fn(async () => gallery) });
    expect(await openWithoutPassword(vault, secret)).toEqual({ stage: 'unlocked', unlocked: gallery });
    expect(vault.withSecret).toHaveBeenCalledWith(manifest, secret);
    expect(vault.remember).toHaveBeenCalledTimes(1);
    expect(vault.withStoredAccess).not.toHaveBeenCalled();
  });

  it('asks for the password when a link opens nothing, remembering nothing', async () => {
    const vault = fakeVault();
    expect(await openWithoutPassword(vault, secret)).toEqual({ stage: 'password', reason: STALE_LINK });
    expect(vault.remember).not.toHaveBeenCalled();
  });

  it('opens with the access kept on this device', async () => {
    const gallery = unlocked();
    const vault = fakeVault({ withStoredAccess: vi.fn(async () => gallery) });
    expect(await openWithoutPassword(vault, null)).toEqual({ stage: 'unlocked', unlocked: gallery });
    expect(vault.clearAccess).not.toHaveBeenCalled();
  });

  it('forgets stale kept access and says why; with none kept, asks plainly', async () => {
    const stale = fakeVault({ withStoredAccess: vi.fn(async () => 'stale' as const) });
    expect(await openWithoutPassword(stale, null)).toEqual({ stage: 'password', reason: STALE_ACCESS });
    expect(stale.clearAccess).toHaveBeenCalledTimes(1);

    const none = fakeVault();
    expect(await openWithoutPassword(none, null)).toEqual({ stage: 'password', reason: NO_ACCESS_HERE });
    expect(none.clearAccess).not.toHaveBeenCalled();
  });

  it('asks for the password again once saved access has ended, saying why', async () => {
    const ended = fakeVault({ withStoredAccess: vi.fn(async () => 'expired' as const) });
    expect(await openWithoutPassword(ended, null)).toEqual({ stage: 'password', reason: ACCESS_ENDED });
    expect(ACCESS_ENDED).toContain('after 30 days');
  });

  it('fails with the download message when the manifest or the gallery cannot be fetched', async () => {
    const offline = fakeVault({ manifest: vi.fn(async () => Promise.reject(new LoadError('No connection.'))) });
    expect(await openWithoutPassword(offline, secret)).toEqual({ stage: 'failed', problem: 'No connection.' });
    expect(offline.withSecret).not.toHaveBeenCalled();

    const broken = fakeVault({ withStoredAccess: vi.fn(async () => Promise.reject(new Error('boom'))) });
    expect(await openWithoutPassword(broken, null)).toEqual({ stage: 'failed', problem: OPEN_FAILED });
  });
});

describe('tryPassword', () => {
  it('opens the gallery and remembers the device', async () => {
    const gallery = unlocked();
    const vault = fakeVault({ withPassword: vi.fn(async () => gallery) });
    const attempt = { gallery: 'ada-2026-10', password: 'secret words' };
    expect(await tryPassword(vault, attempt)).toEqual({ ok: true, unlocked: gallery });
    expect(vault.withPassword).toHaveBeenCalledWith(manifest, attempt);
    expect(vault.remember).toHaveBeenCalledTimes(1);
  });

  it('says the name or the password is not right when she typed both, with no Retry', async () => {
    const vault = fakeVault();
    expect(await tryPassword(vault, { gallery: 'ada-2026-10', password: 'guess' })).toEqual({
      ok: false,
      error: "That gallery name or password isn't right. Please check both and try again.",
      retry: false,
    });
    expect(vault.remember).not.toHaveBeenCalled();
  });

  it('keeps the spec\'s "Incorrect password" when her invitation named the gallery and she typed the password alone', async () => {
    const vault = fakeVault();
    expect(await tryPassword(vault, { gallery: 'ada-2026-10', password: 'guess' }, 'password')).toEqual({
      ok: false,
      error: 'Incorrect password. Please try again.',
      retry: false,
    });
  });

  it('offers Retry after a failed download, and reads any other failure as a wrong password', async () => {
    const offline = fakeVault({ manifest: vi.fn(async () => Promise.reject(new LoadError('No connection.'))) });
    expect(await tryPassword(offline, { gallery: 'ada-2026-10', password: 'secret words' })).toEqual({
      ok: false,
      error: 'No connection.',
      retry: true,
    });

    const noCrypto = fakeVault({ withPassword: vi.fn(async () => Promise.reject(new TypeError('no subtle'))) });
    expect(await tryPassword(noCrypto, { gallery: 'ada-2026-10', password: 'secret words' })).toEqual({
      ok: false,
      error: WRONG_NAME_OR_PASSWORD,
      retry: false,
    });
    expect(await tryPassword(noCrypto, { gallery: 'ada-2026-10', password: 'secret words' }, 'password')).toEqual({
      ok: false,
      error: WRONG_PASSWORD,
      retry: false,
    });
  });
});

describe('a gallery the host has closed (410 Gone)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a 410 for a photo file as closed, not as a download to retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Gone', { status: 410 })),
    );
    const { keys, index } = unlocked('2030-06-30');
    const image = {
      id: 'p',
      key: '',
      alt: '',
      name: '01',
      thumb: { file: 'a.bin', width: 1, height: 1, type: 'image/webp', bytes: 1 },
    };
    const full = { ...image, full: image.thumb };
    await expect(decryptToBlob(keys, index, full as never, 'thumb', '/vault')).rejects.toBeInstanceOf(GoneError);
  });

  it('shows a link or a remembered device whose index the host has closed as the closed gallery', async () => {
    const gone = () => Promise.reject(new GoneError('Your gallery is no longer available: this gallery has closed.'));
    const link = fakeVault({ withSecret: vi.fn(gone) });
    expect(await openWithoutPassword(link, secret)).toEqual({ stage: 'closed' });
    const kept = fakeVault({ withStoredAccess: vi.fn(gone) });
    expect(await openWithoutPassword(kept, null)).toEqual({ stage: 'closed' });
    const attempt = await tryPassword(fakeVault({ withPassword: vi.fn(gone) }), {
      gallery: 'jenna-2026-10',
      password: 'secret words',
    });
    expect(attempt).toMatchObject({ ok: false, closed: true, retry: false });
  });
});

describe('her invitation link', () => {
  it('names her gallery in the fragment, read as she would type it', () => {
    expect(invitedGalleryIn('#gallery=jenna-2026-10')).toBe('jenna-2026-10');
    expect(invitedGalleryIn('#gallery=%20Jenna%202026%2010%20')).toBe('Jenna 2026 10');
    expect(invitedGalleryIn('#access=abc&gallery=jenna-2026-10')).toBe('jenna-2026-10');
    expect(invitedGalleryIn('#gallery=')).toBeNull();
    expect(invitedGalleryIn('#gallery=%20%20')).toBeNull();
    expect(invitedGalleryIn('#picks=0123abcd.Cw')).toBeNull();
    expect(invitedGalleryIn('')).toBeNull();
  });
});
