import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  gallerySource,
  openBucket,
  prune,
  sealGrants,
  sealPhotos,
  writeManifest,
  type Bucket,
  type Source,
} from './build';
import { VaultCache } from './cache';
import { SEED_MARK } from './record';
import { newShare } from './share';
import type { GallerySource } from './sources';
import { folderTarget, type VaultTarget } from './target';
import { SCHEDULE } from '../host/schedule';
import { fileData, kdfFor, newSalt, openFile, openIndex, openWithSecret, deriveSecret } from '../format/keys';
import { randomBytes } from '../format/encodings';
import type { Grant, VaultImage, VaultManifest } from '../format/types';
import { galleryKeys, generationOf, grantId, MANIFEST } from '../format/seal';

// One step at a time, each with its inputs built here: publishGalleries' own tests (build.test.ts)
// run them together. A password's derivation is 1.8 million iterations: generous on a loaded host.
vi.setConfig({ testTimeout: 180_000 });

const seed = randomBytes(32);
const kdf = kdfFor(newSalt());
const now = new Date('2026-11-27T12:00:00Z');
let root: string;

const gallery = (over: Partial<GallerySource> = {}): GallerySource => ({
  id: 'jenna-2026-10',
  folder: join(root, 'jenna-2026-10'),
  title: 'Jenna',
  expires: null,
  downloads: 'web',
  photos: [
    { path: join(root, 'jenna-2026-10', 'a.jpg'), alt: 'A' },
    { path: join(root, 'jenna-2026-10', 'b.jpg'), alt: 'B' },
  ],
  ...over,
});

/** A source as step 1 gives it, without a password's derivation: random secrets for ways in. */
async function sourceOf(over: Partial<GallerySource> = {}, secrets = [randomBytes(32)]): Promise<Source> {
  const ways = await Promise.all(secrets.map(async (secret) => ({ secret, id: await grantId(secret) })));
  const generation = generationOf(ways.map((way) => way.id));
  const g = gallery(over);
  return {
    gallery: g,
    ref: 'ref-jenna',
    expired: false,
    ways,
    partners: [],
    generation,
    keys: galleryKeys(seed, 'ref-jenna', generation),
  };
}

/** A bucket in memory that logs what is written, in order. */
function memoryTarget(names: string[] = []) {
  const objects = new Map<string, Uint8Array | string>(names.map((name) => [name, 'x']));
  const log: string[] = [];
  const deleted: string[] = [];
  const target: VaultTarget = {
    label: 'memory',
    list: async () => new Set(objects.keys()),
    get: async (name) => {
      const data = objects.get(name);
      return data === undefined ? null : typeof data === 'string' ? new TextEncoder().encode(data) : data;
    },
    put: async (name, data) => {
      log.push(name);
      objects.set(name, data);
    },
    // The steps write as they are: writeManifest's conditional write is publishGalleries' (lock.test.ts).
    version: async () => null,
    putIf: async () => false,
    delete: async (list) => {
      deleted.push(...list);
      for (const name of list) objects.delete(name);
    },
    close: async () => {},
  };
  return { target, objects, log, deleted };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'steps-'));
  mkdirSync(join(root, 'jenna-2026-10'));
  for (const [name, background] of [
    ['a.jpg', '#3355aa'],
    ['b.jpg', '#aa5533'],
  ] as const) {
    await sharp({ create: { width: 300, height: 200, channels: 3, background } })
      .jpeg()
      .toFile(join(root, 'jenna-2026-10', name));
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('step 1, sources: a gallery, its ways in and its keys', () => {
  it('derives the password once and gives each way in its grant id, in order: password, links, live partner links', async () => {
    const link = randomBytes(32);
    const live = { ...newShare(gallery(), [1], '2099-01-01', ['a'.repeat(64), 'b'.repeat(64)]) };
    const ended = { ...newShare(gallery(), [2], '2026-01-01', ['a'.repeat(64), 'b'.repeat(64)]) };
    const options = {
      kdf,
      seed,
      passwords: new Map([['jenna-2026-10', 'a long password for jenna']]),
      links: new Map([['jenna-2026-10', [link]]]),
      shares: new Map([['jenna-2026-10', [live, ended]]]),
    };
    const source = await gallerySource(gallery(), options, now);
    const password = await deriveSecret({ gallery: 'jenna-2026-10', password: 'a long password for jenna' }, kdf);
    expect(source.ways.map((way) => way.id)).toEqual([await grantId(password), await grantId(link)]);
    expect(source.partners.map((way) => [way.id, way.share])).toEqual([[await grantId(live.secret), live]]);
    expect(source.generation).toBe(generationOf([...source.ways, ...source.partners].map((way) => way.id)));
    const keys = galleryKeys(seed, source.ref, source.generation);
    expect([source.keys.gallery, source.keys.index, source.keys.photo('h', 'photo')]).toEqual([
      keys.gallery,
      keys.index,
      keys.photo('h', 'photo'),
    ]);
    expect(source.expired).toBe(false);

    const closed = await gallerySource(gallery({ expires: '2026-01-31' }), options, now);
    expect([closed.expired, closed.ways.length, closed.partners]).toEqual([true, 2, []]);
    expect(closed.generation).not.toBe(source.generation);
  });

  it('refuses a gallery without a password, naming it', async () => {
    await expect(gallerySource(gallery(), { kdf, seed, passwords: new Map() }, now)).rejects.toThrow(
      'no password for the private gallery "jenna-2026-10"',
    );
  });
});

describe('step 2, sealed files: every photo file, uploaded once', () => {
  it('seals three files a photo under its key, uploads them, and uploads nothing when the bucket has them', async () => {
    const out = join(root, 'bucket-files');
    const source = await sourceOf();
    const bucket = openBucket(folderTarget(out), new Set());
    const { images, hashes } = await sealPhotos({ seed, source, cache: new VaultCache(null), bucket });
    expect(images.map((image) => [image.name, image.source, image.alt, !!image.original])).toEqual([
      ['01', 'a.jpg', 'A', false],
      ['02', 'b.jpg', 'B', false],
    ]);
    expect(bucket.uploads).toMatchObject({ photoFiles: 6, kept: 0 });
    const thumb = images[0]!.thumb;
    const key = await crypto.subtle.importKey('raw', source.keys.photo(hashes[0]!, 'photo'), 'AES-GCM', false, [
      'decrypt',
    ]);
    const plain = await openFile(
      key,
      new Uint8Array(readFileSync(join(out, thumb.file))),
      fileData(source.ref, images[0]!.id, 'thumb'),
      thumb.bytes,
    );
    // The thumbnail is an AVIF: its ISOBMFF brand follows 'ftyp'.
    expect(new TextDecoder().decode(plain.slice(4, 12))).toBe('ftypavif');

    const again = openBucket(folderTarget(out), await folderTarget(out).list());
    const second = await sealPhotos({ seed, source, cache: new VaultCache(null), bucket: again });
    expect(second.images).toEqual(images);
    expect(again.uploads).toMatchObject({ photoFiles: 0, kept: 6, bytes: 0 });
  });

  it('adds the originals, with their own key, only when the gallery allows full-size downloads; a closed gallery has no files', async () => {
    const source = await sourceOf({ downloads: 'full' });
    const bucket = openBucket(memoryTarget().target, new Set());
    const { images } = await sealPhotos({ seed, source, cache: new VaultCache(null), bucket });
    expect(images.map((image) => image.original?.type)).toEqual(['image/jpeg', 'image/jpeg']);
    expect(bucket.uploads.photoFiles).toBe(8);

    const closed = { ...(await sourceOf()), expired: true };
    const none = openBucket(memoryTarget().target, new Set());
    expect(await sealPhotos({ seed, source: closed, cache: new VaultCache(null), bucket: none })).toEqual({
      images: [],
      hashes: [],
    });
    expect(none.uploads.photoFiles).toBe(0);
  });
});

describe('step 3, grants: the index and one grant per way in', () => {
  const hashes = ['a'.repeat(64), 'b'.repeat(64)];
  const image = (n: number): VaultImage => {
    const file = { file: `photo${n}.bin`, width: 1, height: 1, type: 'image/webp', bytes: 1 };
    return { id: `p${n}`, key: { iv: '', data: '' }, alt: '', name: `0${n}`, thumb: file, full: file };
  };

  it("seals the index, a grant for the password and each link, and a partner's grant on a sub-index of her photos", async () => {
    const [password, link] = [randomBytes(32), randomBytes(32)];
    const share = newShare(gallery(), [2], '2099-03-31', hashes);
    const source = await sourceOf({ expires: '2099-12-31' }, [password, link]);
    source.partners = [{ secret: share.secret, id: await grantId(share.secret), share }];
    const memory = memoryTarget();
    const bucket = openBucket(memory.target, new Set());
    const sealed = await sealGrants({ seed, source, bucket }, [image(1), image(2)], hashes, {});
    expect(sealed.grants.map((grant) => grant.id)).toEqual([...source.ways, ...source.partners].map((way) => way.id));
    expect(memory.log).toHaveLength(2); // the index and the partner's sub-index

    const manifest = { version: 4, kdf, grants: Object.fromEntries(sealed.grants.map((g) => [g.id, g.grant])) };
    const open = async (secret: Uint8Array<ArrayBuffer>) => {
      const grant = (await openWithSecret(manifest as VaultManifest, secret))!;
      return openIndex(grant.pointer, memory.objects.get(grant.pointer.file) as Uint8Array<ArrayBuffer>);
    };
    expect(await open(password)).toEqual(sealed.index);
    expect(await open(link)).toEqual(sealed.index);
    const partner = await open(share.secret);
    expect([partner.view, partner.images.map((photo) => photo.id)]).toEqual(['partner', ['p2']]);
    // The gallery closes its photo files on its day, the partner link its sub-index on the link's:
    // at midnight in the studio's time zone (America/New_York: EST in winter, EDT in spring).
    expect(sealed.closings.map((closing) => [closing.at.toISOString(), closing.keys.length])).toEqual([
      ['2100-01-01T05:00:00.000Z', 4],
      ['2099-04-01T04:00:00.000Z', 1],
    ]);
  });

  it('refuses a way in whose grant id another gallery already has', async () => {
    const secret = randomBytes(32);
    const source = await sourceOf({}, [secret]);
    const taken: Record<string, Grant> = {
      [source.ways[0]!.id]: { key: { iv: '', data: '' }, index: { iv: '', data: '' } },
    };
    const bucket = openBucket(memoryTarget().target, new Set());
    await expect(sealGrants({ seed, source, bucket }, [image(1)], hashes.slice(0, 1), taken)).rejects.toThrow(
      'two ways into private galleries share one secret ("jenna-2026-10")',
    );
  });
});

describe('step 4, manifest: carried galleries, schedule, decoys, then the manifest last', () => {
  it('writes the schedule and the decoys before the manifest, with the carried grants in it and their objects kept', async () => {
    const memory = memoryTarget(['carried.bin']);
    const bucket: Bucket = openBucket(memory.target, await memory.target.list());
    const secret = randomBytes(32);
    const source = await sourceOf({}, [secret]);
    const sealed = await sealGrants({ seed, source, bucket: openBucket(memoryTarget().target, new Set()) }, [], [], {});
    const carried = {
      carriedGrants: { [sealed.grants[0]!.id]: sealed.grants[0]!.grant },
      carriedObjects: ['carried.bin'],
    };
    const closings = [{ at: new Date('2099-01-01T00:00:00Z'), keys: ['photo.bin'] }];
    await writeManifest(bucket, {}, carried, closings, { seed, kdf });
    expect(memory.log[0]).toBe(SCHEDULE);
    expect(memory.log.slice(-2)).toEqual([SEED_MARK, MANIFEST]);
    const manifest = JSON.parse(memory.objects.get(MANIFEST) as string) as VaultManifest;
    expect(Object.keys(manifest.grants)).toContain(sealed.grants[0]!.id);
    expect(Object.keys(manifest.grants).length % 8).toBe(0);
    expect(memory.log.length - 3).toBeGreaterThan(0); // the decoys
    expect(bucket.keep.has('carried.bin')).toBe(true);

    const none = memoryTarget();
    await writeManifest(openBucket(none.target, new Set()), {}, { carriedGrants: {}, carriedObjects: [] }, [], {
      seed,
      kdf,
    });
    expect(none.log).not.toContain(SCHEDULE);
    expect(none.log.at(-1)).toBe(MANIFEST);
  });
});

describe('step 5, prune: what the manifest no longer reaches', () => {
  it('deletes only what is unreached and the plan lets go, then saves the record with what is kept', async () => {
    const memory = memoryTarget([MANIFEST, 'kept.bin', 'old.bin', 'unrecorded.bin']);
    const bucket = openBucket(memory.target, await memory.target.list());
    bucket.keep.add('kept.bin');
    const saved: Set<string>[] = [];
    const plan = {
      deletable: (name: string) => name !== 'unrecorded.bin',
      save: (keep: Set<string>) => saved.push(keep),
    };
    const result = await prune(bucket, plan, new VaultCache(null));
    expect(memory.deleted).toEqual(['old.bin']);
    expect(result).toMatchObject({ unreached: ['old.bin', 'unrecorded.bin'], deleted: 1 });
    expect(saved).toEqual([bucket.keep]);
  });
});
