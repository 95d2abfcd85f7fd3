import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../../lib/browser/fake-storage';
import { type Grant, type VaultImage, type VaultIndex, type VaultManifest } from '../format/types';
import { randomBytes } from '../format/encodings';
import { kdfFor, newSalt } from '../format/keys';
import {
  galleryKeys,
  galleryRef,
  sealGrant,
  sealIndex,
  sealManifest,
  sealPhotoFile,
  wrapPhotoKey,
} from '../format/seal';
import { favoritesKey, loadFavorites, saveFavorites } from './favorites';
import { fakeIndexedDb } from './fake-indexed-db';
import { loadAccess } from './key-store';
import { loadNotes, loadSent, notesKey, saveNotes, saveSent, sentKey } from './selection';
import {
  decryptToBlob,
  firstScreenCount,
  fullPhoto,
  GoneError,
  LoadError,
  RELOAD_PAGE,
  unlockWithSecret,
  unlockWithStoredAccess,
} from './unlock';

// A 410 from the host (host/serve.ts) on the page: what this device forgets, and a dated partner
// link's re-check of its index before each full photo.

// Sealing a vault takes a moment on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const seed = randomBytes(32);
const PHOTO = new TextEncoder().encode('the screen copy of photo 1');
const THUMB = new TextEncoder().encode('the thumbnail of photo 1');
const START = new Date('2026-11-01T10:00:00Z').getTime();

/** What the fake host answers instead of the file, by name (410, 304…); the requests it had. */
let answers: Map<string, number>;
let requests: { name: string; ifNoneMatch: string | null; cache: RequestCache | undefined }[];

/**
 * Two galleries with a private link each (Ava's with one photo), and two partner links to Ava's
 * photo: one with a last day (its sub-index scheduled by the host), one without. A fetch serves
 * their files with an ETag each, or the status `answers` sets.
 */
async function vault() {
  const files = new Map<string, Uint8Array>();
  const grants: Record<string, Grant> = {};
  const links: Record<string, Uint8Array<ArrayBuffer>> = {};
  const ava = galleryRef(seed, 'ava');
  const bea = galleryRef(seed, 'bea');
  const photoKey = randomBytes(32);
  const sealed = await sealPhotoFile(seed, photoKey, PHOTO, ava, 'p1', 'screen');
  files.set('photo1.bin', sealed);
  files.set('thumb1.bin', await sealPhotoFile(seed, photoKey, THUMB, ava, 'p1', 'thumb'));
  const file = { width: 16, height: 9, type: 'image/webp', bytes: PHOTO.length };
  const image = async (galleryKey: Uint8Array<ArrayBuffer>): Promise<VaultImage> => ({
    id: 'p1',
    key: await wrapPhotoKey(seed, galleryKey, photoKey, ava, 'p1', 'photo'),
    alt: 'photo 1',
    name: '01',
    thumb: { ...file, bytes: THUMB.length, file: 'thumb1.bin' },
    screen: { ...file, file: 'photo1.bin' },
    full: { ...file, file: 'large1.bin' },
  });
  const ways: [string, string, Partial<VaultIndex>][] = [
    ['ava', ava, {}],
    ['bea', bea, {}],
    ['partner', ava, { view: 'partner', expires: '2026-11-20', downloads: 'none' }],
    ['undated', ava, { view: 'partner', downloads: 'none' }],
  ];
  for (const [way, id, more] of ways) {
    const keys = galleryKeys(seed, `${way} ${id}`, 'generation');
    const images = id === ava ? [await image(keys.gallery)] : [];
    const index: VaultIndex = { id, title: way, expires: null, downloads: 'web', images, ...more };
    const sealedIndex = await sealIndex(seed, keys.index, index);
    files.set(sealedIndex.object.name, sealedIndex.object.data);
    links[way] = randomBytes(32);
    const { id: grantId, grant } = await sealGrant(seed, links[way], keys.gallery, sealedIndex.pointer);
    grants[grantId] = grant;
  }
  const manifest = JSON.parse(sealManifest(seed, kdfFor(newSalt()), grants).manifest) as VaultManifest;
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const name = url.split('/').pop()!;
    const ifNoneMatch = new Headers(init.headers).get('If-None-Match');
    requests.push({ name, ifNoneMatch, cache: init.cache });
    const data = files.get(name);
    const status = answers.get(name) ?? (data ? 200 : 404);
    const body = status === 200 && data ? new Uint8Array(data) : null;
    return Promise.resolve(new Response(body, { status, headers: { ETag: `"${name}"` } }));
  });
  return { manifest, links, ava, bea };
}

/** Her favorites, notes and sent selection in one gallery, as the page keeps them. */
function pick(gallery: string) {
  saveFavorites(gallery, [1]);
  saveNotes(gallery, { 1: 'a little warmer, please' });
  saveSent(gallery, { at: new Date(START).toISOString(), picks: [1], notes: {} });
}
const picksOf = (gallery: string) => ({
  favorites: loadFavorites(gallery, 5),
  notes: loadNotes(gallery, 5),
  sent: loadSent(gallery, 5),
});
const PICKED = {
  favorites: [1],
  notes: { 1: 'a little warmer, please' },
  sent: { at: new Date(START).toISOString(), picks: [1], notes: {} },
};
const NOTHING = { favorites: [], notes: {}, sent: null };
/** The gallery whose access this device keeps, or what it keeps instead. */
const savedGallery = async (salt: string) => {
  const kept = await loadAccess(salt);
  return typeof kept === 'object' ? kept.gallery : kept;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  vi.stubGlobal('window', { localStorage: fakeStorage({ privateGalleryVerified: 'yes' }) });
  vi.stubGlobal('indexedDB', fakeIndexedDb().factory);
  answers = new Map();
  requests = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a 410 from the host forgets that gallery on this device', () => {
  it("a photo answering 410 forgets her saved access, favorites, notes and sent selection for that gallery; another gallery's picks stay", async () => {
    const { manifest, links, ava, bea } = await vault();
    const unlocked = (await unlockWithSecret(manifest, links['ava']!, '/vault'))!;
    pick(ava);
    pick(bea);
    expect(await savedGallery(manifest.kdf.salt)).toBe(ava);

    answers.set('photo1.bin', 410);
    const image = unlocked.index.images[0]!;
    await expect(decryptToBlob(unlocked.keys, unlocked.index, image, 'screen', '/vault')).rejects.toThrow(
      new GoneError('A photo is no longer available: this gallery has closed.'),
    );
    expect(await savedGallery(manifest.kdf.salt)).toBe('none');
    expect(picksOf(ava)).toEqual(NOTHING);
    expect([favoritesKey(ava), notesKey(ava), sentKey(ava)].map((key) => window.localStorage.getItem(key))).toEqual([
      null,
      null,
      null,
    ]);
    expect(picksOf(bea)).toEqual(PICKED);
  });

  it('a photo answering 410 leaves the saved access of another gallery, opened since on this device', async () => {
    const { manifest, links, ava, bea } = await vault();
    const unlocked = (await unlockWithSecret(manifest, links['ava']!, '/vault'))!;
    expect((await unlockWithSecret(manifest, links['bea']!, '/vault'))?.index.id).toBe(bea);
    pick(ava);

    answers.set('photo1.bin', 410);
    await expect(fullPhoto(unlocked, unlocked.index.images[0]!, 'screen', '/vault')).rejects.toThrow(GoneError);
    expect(await savedGallery(manifest.kdf.salt)).toBe(bea);
    expect(picksOf(ava)).toEqual(NOTHING);
  });

  it("a partner link's index answering 410 when it opens forgets that link's saved access, and not her gallery's picks", async () => {
    const { manifest, links, ava } = await vault();
    const partner = (await unlockWithSecret(manifest, links['partner']!, '/vault'))!;
    expect(partner.index.view).toBe('partner');
    pick(ava);
    expect(await savedGallery(manifest.kdf.salt)).toBe(ava);

    answers.set(requests[0]!.name, 410);
    await expect(unlockWithStoredAccess(manifest, '/vault')).rejects.toThrow(GoneError);
    expect(await savedGallery(manifest.kdf.salt)).toBe('none');
    expect(picksOf(ava)).toEqual(PICKED);
  });
});

describe("a dated partner link re-checks its index before each full photo, so its end stops the page's photos", () => {
  it('asks for its index again with the ETag it came with, past the browser cache: a 304 lets the photo come; photos asked together share one check', async () => {
    const { manifest, links } = await vault();
    const partner = (await unlockWithSecret(manifest, links['partner']!, '/vault'))!;
    const sub = requests[0]!.name;
    answers.set(sub, 304);
    requests = [];

    const blob = await fullPhoto(partner, partner.index.images[0]!, 'screen', '/vault');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PHOTO);
    expect(requests).toEqual([
      { name: sub, ifNoneMatch: `"${sub}"`, cache: 'no-store' },
      { name: 'photo1.bin', ifNoneMatch: null, cache: undefined },
    ]);

    // The next photo asks again; two asked at once (the viewer and the slideshow) share one check.
    requests = [];
    await Promise.all([1, 2].map(() => fullPhoto(partner, partner.index.images[0]!, 'screen', '/vault')));
    expect(requests.map((request) => request.name)).toEqual([sub, 'photo1.bin', 'photo1.bin']);
  });

  it("from its end (410 for its index) the next full photo is refused before it is asked for, and the link's saved access is forgotten, not the gallery's picks", async () => {
    const { manifest, links, ava } = await vault();
    const partner = (await unlockWithSecret(manifest, links['partner']!, '/vault'))!;
    const sub = requests[0]!.name;
    pick(ava);
    answers.set(sub, 410);
    requests = [];

    await expect(fullPhoto(partner, partner.index.images[0]!, 'screen', '/vault')).rejects.toThrow(
      new GoneError('A photo is no longer available: this gallery has closed.'),
    );
    expect(requests.map((request) => request.name)).toEqual([sub]);
    expect(await savedGallery(manifest.kdf.salt)).toBe('none');
    expect(picksOf(ava)).toEqual(PICKED);
  });

  it('a re-check answered 404 (published again since: its index has a new name) refuses the photo and asks for a reload', async () => {
    const { manifest, links } = await vault();
    const partner = (await unlockWithSecret(manifest, links['partner']!, '/vault'))!;
    const sub = requests[0]!.name;
    answers.set(sub, 404);
    requests = [];

    await expect(fullPhoto(partner, partner.index.images[0]!, 'screen', '/vault')).rejects.toThrow(
      new LoadError(RELOAD_PAGE, 404),
    );
    expect(RELOAD_PAGE).toBe('This gallery has been updated since this page opened. Please reload the page to see it.');
    expect(requests.map((request) => request.name)).toEqual([sub]);
  });

  it('her own gallery and a partner link without a last day ask for nothing before a full photo', async () => {
    const { manifest, links } = await vault();
    for (const way of ['ava', 'undated']) {
      const unlocked = (await unlockWithSecret(manifest, links[way]!, '/vault'))!;
      expect(unlocked.recheck).toBeUndefined();
      requests = [];
      await fullPhoto(unlocked, unlocked.index.images[0]!, 'screen', '/vault');
      expect(requests.map((request) => request.name)).toEqual(['photo1.bin']);
    }
  });
});

describe('the first screen comes sooner', () => {
  it("the first screen's thumbnails are on their way as soon as the index opens, and the grid's ask takes that download instead of a second one", async () => {
    const { manifest, links } = await vault();
    const unlocked = (await unlockWithSecret(manifest, links['ava']!, '/vault'))!;
    // Asked for before anything on the page asked (two rows of the grid: 4 on a phone, 6 from 640 px).
    expect([firstScreenCount(390), firstScreenCount(1280)]).toEqual([4, 6]);
    const thumbRequests = () => requests.filter((request) => request.name === 'thumb1.bin').length;
    expect(thumbRequests()).toBe(1);
    const [image] = unlocked.index.images;
    const blob = await decryptToBlob(unlocked.keys, unlocked.index, image!, 'thumb', '/vault');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(THUMB);
    expect(thumbRequests()).toBe(1);
    // Asked for again (a retry), it is downloaded again.
    await decryptToBlob(unlocked.keys, unlocked.index, image!, 'thumb', '/vault');
    expect(thumbRequests()).toBe(2);
  });
});
