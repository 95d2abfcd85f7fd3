import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../../lib/browser/fake-storage';
import { fakeIndexedDb, type Databases } from './fake-indexed-db';
import { FORMAT_VERSION, type Grant, type VaultIndex, type VaultManifest } from '../format/types';
import { randomBytes } from '../format/encodings';
import { kdfFor, newSalt } from '../format/keys';
import { galleryKeys, galleryRef, sealGrant, sealIndex, sealManifest } from '../format/seal';
import { favoritesKey, loadFavorites, saveFavorites } from './favorites';
import { ACCESS_DAYS, loadAccess } from './key-store';
import { loadNotes, loadSent, notesKey, saveNotes, saveSent, sentKey } from './selection';
import { unlockWithSecret, unlockWithStoredAccess } from './unlock';

// Sealing a vault takes a moment on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

/** The fake IndexedDB's content: database, store, key. */
let databases: Databases;

const seed = randomBytes(32);
const DAY = 86_400_000;
const START = new Date('2026-11-01T10:00:00Z').getTime();

/** Two published galleries with a private link each, and a fetch that serves their files. */
async function vault() {
  const files = new Map<string, Uint8Array>();
  const grants: Record<string, Grant> = {};
  const links: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const folder of ['ava', 'bea']) {
    const ref = galleryRef(seed, folder);
    const keys = galleryKeys(seed, ref, 'generation');
    const index: VaultIndex = { id: ref, title: folder, expires: null, downloads: 'web', images: [] };
    const sealed = await sealIndex(seed, keys.index, index);
    files.set(sealed.object.name, sealed.object.data);
    links[folder] = randomBytes(32);
    const { id, grant } = await sealGrant(seed, links[folder], keys.gallery, sealed.pointer);
    grants[id] = grant;
  }
  const manifest = JSON.parse(sealManifest(seed, kdfFor(newSalt()), grants).manifest) as VaultManifest;
  vi.stubGlobal('fetch', (url: string) => {
    const data = files.get(url.split('/').pop()!);
    return Promise.resolve(new Response(data ? new Uint8Array(data) : null, { status: data ? 200 : 404 }));
  });
  return { manifest, links, ava: galleryRef(seed, 'ava'), bea: galleryRef(seed, 'bea') };
}

/** Her favorites, notes and sent selection in one gallery, as the page keeps them. */
function pick(gallery: string) {
  saveFavorites(gallery, [1, 3]);
  saveNotes(gallery, { 1: 'a little warmer, please' });
  saveSent(gallery, { at: new Date(START).toISOString(), picks: [1, 3], notes: {} });
}
const picksOf = (gallery: string) => ({
  favorites: loadFavorites(gallery, 5),
  notes: loadNotes(gallery, 5),
  sent: loadSent(gallery, 5),
});
const NOTHING = { favorites: [], notes: {}, sent: null };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  vi.stubGlobal('window', { localStorage: fakeStorage({ privateGalleryVerified: 'yes' }) });
  const fake = fakeIndexedDb();
  databases = fake.databases;
  vi.stubGlobal('indexedDB', fake.factory);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('favorites and notes end with the saved access', () => {
  it(`are removed, hers and every other gallery's on this device, when her saved access has ended (${ACCESS_DAYS} days)`, async () => {
    const { manifest, links, ava, bea } = await vault();
    // Ava opens her gallery by her link and picks; a gallery opened earlier on this device has picks too.
    expect(await unlockWithSecret(manifest, links['ava']!, '/vault')).not.toBeNull();
    pick(ava);
    pick(bea);

    // 29 days on, the saved access still opens her gallery, and her picks are there.
    vi.setSystemTime(START + 29 * DAY);
    expect(typeof (await unlockWithStoredAccess(manifest, '/vault'))).toBe('object');
    expect(picksOf(ava).favorites).toEqual([1, 3]);

    // 31 days on: the access has ended, and nothing of either gallery's picks is left to find.
    vi.setSystemTime(START + 31 * DAY);
    expect(await unlockWithStoredAccess(manifest, '/vault')).toBe('expired');
    expect(picksOf(ava)).toEqual(NOTHING);
    expect(picksOf(bea)).toEqual(NOTHING);
    const storage = window.localStorage;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    expect(keys).toEqual(['privateGalleryVerified']);
    expect([favoritesKey(ava), notesKey(ava), sentKey(ava)].map((key) => storage.getItem(key))).toEqual([
      null,
      null,
      null,
    ]);
    expect(await loadAccess(manifest.kdf.salt)).toBe('none');
  });

  it('are removed too when the next visitor of the device comes with a link of her own, after the earlier access ended', async () => {
    const { manifest, links, ava, bea } = await vault();
    expect(await unlockWithSecret(manifest, links['ava']!, '/vault')).not.toBeNull();
    pick(ava);
    vi.setSystemTime(START + 31 * DAY);
    expect((await unlockWithSecret(manifest, links['bea']!, '/vault'))?.index.id).toBe(bea);
    expect(picksOf(ava)).toEqual(NOTHING);
  });

  it('stay while an access saved by an older format is within its days (she signs in again), and go once they end', async () => {
    const { manifest, links, ava } = await vault();
    expect(await unlockWithSecret(manifest, links['ava']!, '/vault')).not.toBeNull();
    pick(ava);
    const saved = databases.get('coastlight-gallery')!.get('keys')!.get('gallery') as { version: number };
    saved.version = FORMAT_VERSION - 1;
    vi.setSystemTime(START + 10 * DAY);
    expect(await unlockWithStoredAccess(manifest, '/vault')).toBe('none');
    expect(picksOf(ava).favorites).toEqual([1, 3]);
    vi.setSystemTime(START + 31 * DAY);
    expect(await unlockWithStoredAccess(manifest, '/vault')).toBe('expired');
    expect(picksOf(ava)).toEqual(NOTHING);
  });
});
