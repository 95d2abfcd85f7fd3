import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accessFrom,
  assertKdf,
  boundTo,
  closesAt,
  deriveSecret,
  ENTRY_BLOCK,
  fileBucket,
  fileData,
  fromBase64,
  fromBase64Url,
  galleryName,
  gallerySalt,
  INDEX_BUCKETS,
  indexBucket,
  isExpired,
  isManifest,
  IV_BYTES,
  kdfFor,
  MIN_ITERATIONS,
  newSalt,
  openFile,
  openIndex,
  openWithPassword,
  openWithSecret,
  paddedIndex,
  parseIndex,
  photoKey,
  randomBytes,
  SALT_BYTES,
  TAG_BYTES,
  toBase64,
  toBase64Url,
  VaultError,
  type Grant,
  type VaultImage,
  type VaultIndex,
  type VaultManifest,
} from './crypto';
import { galleryKeys, sealGrant, sealIndex, sealManifest, sealPhotoFile, wrapPhotoKey } from './seal';

// Each PBKDF2 derivation (600,000 rounds) takes a noticeable time on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const kdf = kdfFor(newSalt());
const seed = randomBytes(32);
const bytes = (text: string) => new TextEncoder().encode(text);

/** One gallery sealed as publishing seals it: photos with their files, the index, a grant per secret. */
async function sealGallery(
  ref: string,
  secrets: Uint8Array<ArrayBuffer>[],
  photos = 2,
  downloads: VaultIndex['downloads'] = 'web',
) {
  const keys = galleryKeys(seed, ref, 'generation');
  const files = new Map<string, Uint8Array>();
  const images: VaultImage[] = [];
  for (let i = 0; i < photos; i++) {
    const id = `${ref}-photo-${i}`;
    const file = async (role: 'thumb' | 'full' | 'original') => {
      const name = `${id}-${role}.bin`;
      const plain = bytes(`${role} of ${id}`);
      const key = keys.photo(`hash${i}`, role === 'original' ? 'original' : 'photo');
      files.set(name, await sealPhotoFile(seed, key, plain, ref, id, role));
      return { file: name, width: 1, height: 1, type: 'image/webp', bytes: plain.length };
    };
    const image: VaultImage = {
      id,
      key: await wrapPhotoKey(seed, keys.gallery, keys.photo(`hash${i}`, 'photo'), ref, id, 'photo'),
      alt: '',
      name: String(i + 1),
      thumb: await file('thumb'),
      full: await file('full'),
    };
    if (downloads === 'full') {
      image.original = {
        ...(await file('original')),
        key: await wrapPhotoKey(seed, keys.gallery, keys.photo(`hash${i}`, 'original'), ref, id, 'original'),
      };
    }
    images.push(image);
  }
  const index: VaultIndex = { id: ref, title: `Gallery ${ref}`, expires: null, downloads, images };
  const sealed = await sealIndex(seed, keys.index, index);
  files.set(sealed.object.name, sealed.object.data);
  const grants: Record<string, Grant> = {};
  for (const secret of secrets) {
    const { id, grant } = await sealGrant(seed, secret, keys.gallery, sealed.pointer);
    grants[id] = grant;
  }
  return { grants, files, keys, index, pointer: sealed.pointer };
}

const manifestOf = (grants: Record<string, Grant>) =>
  JSON.parse(sealManifest(seed, kdf, grants).manifest) as VaultManifest;

/** Opens a gallery the way the browser does: grant, index, then a photo's file by its own key. */
async function openAll(manifest: VaultManifest, secret: Uint8Array<ArrayBuffer>, files: Map<string, Uint8Array>) {
  const opened = await openWithSecret(manifest, secret);
  if (!opened) return null;
  const index = await openIndex(opened.pointer, new Uint8Array(files.get(opened.pointer.file)!));
  return { opened, index };
}

afterEach(() => vi.restoreAllMocks());

describe('vault key derivation', () => {
  it('uses at least 1,800,000 PBKDF2 iterations and a 16-byte salt', () => {
    expect(kdf.iterations).toBeGreaterThanOrEqual(1_800_000);
    expect(fromBase64(kdf.salt)).toHaveLength(SALT_BYTES);
    expect(newSalt()).not.toBe(kdf.salt);
  });

  it('refuses weak parameters, also from a downloaded manifest', async () => {
    expect(() => assertKdf({ ...kdf, iterations: MIN_ITERATIONS - 1 })).toThrow(
      new RegExp(`at least ${MIN_ITERATIONS} iterations`),
    );
    expect(() => assertKdf({ ...kdf, salt: toBase64(new Uint8Array(8)) })).toThrow(/salt must be 16 bytes/);
    expect(() => kdfFor(kdf.salt, 1000)).toThrow(VaultError);
    await expect(deriveSecret({ gallery: 'aaaa', password: 'pw' }, { ...kdf, iterations: 1 })).rejects.toBeInstanceOf(
      VaultError,
    );
  });

  it("refuses format 3's parameters (600,000 iterations): a browser will not derive with them", async () => {
    expect(() => assertKdf({ ...kdf, iterations: 600_000 })).toThrow(VaultError);
    await expect(
      deriveSecret({ gallery: 'aaaa', password: 'pw' }, { ...kdf, iterations: 600_000 }),
    ).rejects.toBeInstanceOf(VaultError);
  });

  it('gives the same grant id for the same gallery, password and salt: publishing again keeps clients in', async () => {
    const attempt = { gallery: 'jenna-2026-10', password: 'same password' };
    const a = await accessFrom(await deriveSecret(attempt, kdf));
    const b = await accessFrom(await deriveSecret(attempt, kdfFor(kdf.salt)));
    expect(a.id).toMatch(/^[0-9a-f]{32}$/);
    expect(b.id).toBe(a.id);
    const other = await accessFrom(await deriveSecret(attempt, kdfFor(newSalt())));
    expect(other.id).not.toBe(a.id);
  });

  it('one derivation tests one gallery: the same password for two galleries gives two secrets', async () => {
    const password = 'one password for two galleries';
    const jenna = await deriveSecret({ gallery: 'jenna-2026-10', password }, kdf);
    const maria = await deriveSecret({ gallery: 'maria-2026-11', password }, kdf);
    expect(toBase64(maria)).not.toBe(toBase64(jenna));

    const first = await sealGallery('aaaa', [jenna]);
    const second = await sealGallery('bbbb', [maria]);
    const manifest = manifestOf({ ...first.grants, ...second.grants });
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    const opened = await openWithPassword(manifest, { gallery: 'jenna-2026-10', password });
    // One PBKDF2 derivation opens Jenna's gallery and could not have opened Maria's.
    expect(derive.mock.calls.filter(([p]) => (p as { name: string }).name === 'PBKDF2')).toHaveLength(1);
    expect(opened?.pointer.gallery).toBe('aaaa');
    expect((await accessFrom(jenna)).id).not.toBe((await accessFrom(maria)).id);
    expect((await openWithPassword(manifest, { gallery: 'maria-2026-11', password }))?.pointer.gallery).toBe('bbbb');
    // The right password under another gallery's name opens nothing.
    expect(await openWithPassword(manifest, { gallery: 'jenna-2026-11', password })).toBeNull();
  });

  it("reads the gallery's name as she may type it: spaces, capitals and typographic dashes", async () => {
    expect(galleryName('  Jenna 2026 10 ')).toBe('jenna-2026-10');
    expect(galleryName('JENNA\u20132026\u201410')).toBe('jenna-2026-10');
    expect(galleryName('jenna  -  2026-10')).toBe('jenna-2026-10');
    expect(galleryName('   ')).toBe('');
    const password = 'typed password here';
    const typed = await deriveSecret({ gallery: ' Jenna 2026 10', password }, kdf);
    expect(toBase64(typed)).toBe(toBase64(await deriveSecret({ gallery: 'jenna-2026-10', password }, kdf)));
    await expect(deriveSecret({ gallery: '  ', password }, kdf)).rejects.toBeInstanceOf(VaultError);
  });

  it("salts each gallery's password with the site salt and the gallery's name: 16 bytes of SHA-256", async () => {
    const salt = await gallerySalt(kdf, 'jenna-2026-10');
    expect(salt).toHaveLength(SALT_BYTES);
    expect(toBase64(salt)).not.toBe(toBase64(await gallerySalt(kdf, 'maria-2026-11')));
    expect(toBase64(salt)).not.toBe(toBase64(await gallerySalt(kdfFor(newSalt()), 'jenna-2026-10')));
    expect(toBase64(salt)).not.toBe(kdf.salt);
  });

  it('refuses a manifest of an older format', () => {
    expect(isManifest({ version: 2, kdf, galleries: {} })).toBe(false);
    expect(isManifest({ version: 3, kdf, grants: {} })).toBe(false);
    expect(isManifest(manifestOf({}))).toBe(true);
  });
});

describe('ways in are grants', () => {
  it('a password opens its gallery with one PBKDF2 derivation; each private link has its own secret', async () => {
    const password = { gallery: 'aaaa-name', password: 'first client password' };
    const passwordSecret = await deriveSecret(password, kdf);
    const links = [randomBytes(32), randomBytes(32)];
    const first = await sealGallery('aaaa', [passwordSecret, ...links]);
    const second = await sealGallery('bbbb', [
      await deriveSecret({ gallery: 'bbbb-name', password: 'second client password' }, kdf),
    ]);
    const manifest = manifestOf({ ...first.grants, ...second.grants });
    expect(Object.keys(manifest.grants)).toHaveLength(ENTRY_BLOCK);

    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    const opened = await openWithPassword(manifest, password);
    expect(derive.mock.calls.filter(([p]) => (p as { name: string }).name === 'PBKDF2')).toHaveLength(1);
    expect(opened?.pointer.gallery).toBe('aaaa');
    expect(await openWithPassword(manifest, { ...password, password: 'the wrong password' })).toBeNull();

    // The link is not the password's secret (today's link was, so it could only be withdrawn by a new password).
    for (const link of links) {
      expect(toBase64Url(link)).not.toBe(toBase64Url(passwordSecret));
      expect((await openAll(manifest, link, first.files))?.index.title).toBe('Gallery aaaa');
    }
  });

  it('withdrawing one link leaves the password and the other link working', async () => {
    const password = { gallery: 'cccc-name', password: 'withdraw test password' };
    const passwordSecret = await deriveSecret(password, kdf);
    const [kept, withdrawn] = [randomBytes(32), randomBytes(32)];
    const before = await sealGallery('cccc', [passwordSecret, kept, withdrawn]);
    const after = await sealGallery('cccc', [passwordSecret, kept]);
    const manifest = manifestOf(after.grants);
    expect(await openWithSecret(manifest, withdrawn)).toBeNull();
    expect(await openWithSecret(manifest, kept)).not.toBeNull();
    expect(await openWithPassword(manifest, password)).not.toBeNull();
    // The two grants that stay are the very same bytes as before.
    const { id } = await accessFrom(kept);
    expect(manifest.grants[id]).toEqual(before.grants[id]);
  });

  it('a tampered grant opens nothing', async () => {
    const link = randomBytes(32);
    const { grants } = await sealGallery('dddd', [link]);
    const grant = Object.values(grants)[0]!;
    const data = fromBase64(grant.key.data);
    data[0] = (data[0] ?? 0) ^ 0xff;
    grant.key.data = toBase64(data);
    expect(await openWithSecret(manifestOf(grants), link)).toBeNull();
  });
});

describe('keys that stay in the browser', () => {
  it('unwraps into non-extractable keys: the access only unwraps, photo keys only decrypt', async () => {
    const link = randomBytes(32);
    const { grants, files } = await sealGallery('eeee', [link]);
    const manifest = manifestOf(grants);
    const access = await accessFrom(link);
    expect(access.unwrap.extractable).toBe(false);
    expect(access.unwrap.usages).toEqual(['unwrapKey']);
    expect(access.pointer.usages).toEqual(['decrypt']);
    // The saved access cannot decrypt the wrapped gallery key into bytes.
    const grant = manifest.grants[access.id]!;
    await expect(
      crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64(grant.key.iv) },
        access.unwrap,
        fromBase64(grant.key.data),
      ),
    ).rejects.toThrow();

    const { opened, index } = (await openAll(manifest, link, files))!;
    expect(opened.galleryKey.extractable).toBe(false);
    expect(opened.galleryKey.usages).toEqual(['unwrapKey']);
    const image = index.images[0]!;
    const key = await photoKey(opened.galleryKey, index, image, 'thumb');
    expect(key.extractable).toBe(false);
    expect(key.usages).toEqual(['decrypt']);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    const thumb = await openFile(
      key,
      new Uint8Array(files.get(image.thumb.file)!),
      fileData('eeee', image.id, 'thumb'),
      image.thumb.bytes,
    );
    expect(new TextDecoder().decode(thumb)).toBe(`thumb of ${image.id}`);
  });
});

describe('what belongs together is bound together', () => {
  it('a file opens only as its own gallery, photo and role; an index only as its grant points at it', async () => {
    const link = randomBytes(32);
    const { grants, files } = await sealGallery('ffff', [link]);
    const { opened, index } = (await openAll(manifestOf(grants), link, files))!;
    const [one, two] = index.images as [VaultImage, VaultImage];
    const key = await photoKey(opened.galleryKey, index, one, 'thumb');
    const file = (name: string) => new Uint8Array(files.get(name)!);
    // The large copy served in place of the thumbnail (same key): refused.
    await expect(openFile(key, file(one.full.file), fileData('ffff', one.id, 'thumb'))).rejects.toBeInstanceOf(
      VaultError,
    );
    // Claimed for another photo or gallery, or for an older format version: refused.
    await expect(openFile(key, file(one.thumb.file), fileData('ffff', two.id, 'thumb'))).rejects.toBeInstanceOf(
      VaultError,
    );
    await expect(openFile(key, file(one.thumb.file), fileData('gggg', one.id, 'thumb'))).rejects.toBeInstanceOf(
      VaultError,
    );
    await expect(
      openFile(key, file(one.thumb.file), new TextEncoder().encode(`coastlight v2\0file\0ffff\0${one.id}\0thumb`)),
    ).rejects.toBeInstanceOf(VaultError);
    // Another photo's file: another key, refused.
    await expect(openFile(key, file(two.thumb.file), fileData('ffff', two.id, 'thumb'))).rejects.toBeInstanceOf(
      VaultError,
    );
    // A photo's key wrapped for another photo: refused.
    await expect(photoKey(opened.galleryKey, index, { ...one, key: two.key }, 'thumb')).rejects.toBeInstanceOf(
      VaultError,
    );
    // Another gallery's index (or an older one) in place of this one: refused.
    const other = await sealGallery('hhhh', [randomBytes(32)]);
    const swapped = new Uint8Array(other.files.get(other.pointer.file)!);
    await expect(openIndex(opened.pointer, swapped)).rejects.toBeInstanceOf(VaultError);
    await expect(openIndex({ ...opened.pointer, sha256: other.pointer.sha256 }, swapped)).rejects.toBeInstanceOf(
      VaultError,
    );
    expect(boundTo('file', 'a')).not.toEqual(boundTo('file', 'b'));
  });
});

describe('decoys and size buckets', () => {
  it('decoys come from the seed: publishing the same galleries again gives the same manifest byte for byte', async () => {
    const link = randomBytes(32);
    const { grants } = await sealGallery('iiii', [link]);
    const first = sealManifest(seed, kdf, grants);
    const again = sealManifest(seed, kdf, grants);
    expect(again.manifest).toBe(first.manifest);
    expect(again.decoys.map((d) => toBase64(d.data))).toEqual(first.decoys.map((d) => toBase64(d.data)));
    expect(again.decoys.map((d) => d.name)).toEqual(first.decoys.map((d) => d.name));
    // Another seed, other decoys.
    expect(sealManifest(randomBytes(32), kdf, grants).manifest).not.toBe(first.manifest);
    // A real grant and a decoy have the same shape.
    const manifest = JSON.parse(first.manifest) as VaultManifest;
    const { id } = await accessFrom(link);
    const shape = (grant: Grant) => [
      grant.key.iv.length,
      grant.key.data.length,
      grant.index.iv.length,
      grant.index.data.length,
    ];
    const shapes = new Set(Object.values(manifest.grants).map((grant) => shape(grant).join()));
    expect(shapes).toEqual(new Set([shape(manifest.grants[id]!).join()]));
  });

  it('a large index lands in a size bucket that decoys share', async () => {
    const { grants, pointer, files } = await sealGallery('jjjj', [randomBytes(32)], 90);
    const real = files.get(pointer.file)!.length;
    expect(real).toBeGreaterThan(IV_BYTES + INDEX_BUCKETS[0] + TAG_BYTES);
    const { decoys } = sealManifest(seed, kdf, grants);
    expect(decoys.map((decoy) => decoy.data.length)).toContain(real);
    expect(new Set(decoys.map((decoy) => decoy.data.length - IV_BYTES - TAG_BYTES))).toEqual(new Set(INDEX_BUCKETS));
    // Even when the grants fill whole blocks, every bucket keeps a decoy.
    const full = Object.fromEntries(
      Array.from({ length: ENTRY_BLOCK }, (_, i) => [`real${i}`, Object.values(grants)[0]!]),
    );
    const sizes = sealManifest(seed, kdf, full).decoys.map((decoy) => decoy.data.length - IV_BYTES - TAG_BYTES);
    expect(new Set(sizes)).toEqual(new Set(INDEX_BUCKETS));
  });

  it('pads indexes and photo files to buckets, and drops the padding on opening', () => {
    const index = (photos: number) =>
      ({
        id: 'x',
        title: 't',
        expires: null,
        downloads: 'web',
        images: Array(photos).fill({ alt: 'a' }),
      }) as VaultIndex;
    expect(paddedIndex(index(1)).length).toBe(INDEX_BUCKETS[0]);
    expect(parseIndex(paddedIndex(index(3)))).toEqual(index(3));
    expect(indexBucket(INDEX_BUCKETS[0] + 1)).toBe(INDEX_BUCKETS[1]);
    expect(fileBucket(1)).toBe(16_384);
    // Eight steps per doubling: at most 12.5 % more, and photos of about one size share a bucket.
    for (const size of [40_000, 123_457, 987_654, 6_543_210]) {
      expect(fileBucket(size)).toBeGreaterThanOrEqual(size);
      expect(fileBucket(size) / size).toBeLessThanOrEqual(1.125);
    }
    expect(fileBucket(1_000_001)).toBe(fileBucket(1_040_000));
  });
});

describe('a grant of its own for some photos (the partner view to come)', () => {
  it('a sub-index with some photos and only their keys opens those photos and no others', async () => {
    const link = randomBytes(32);
    const { grants, files, keys, index } = await sealGallery('kkkk', [link], 3);
    const full = (await openAll(manifestOf(grants), link, files))!;
    // A partner grant: its own gallery key, a sub-index listing photo 2 only, with its key rewrapped.
    const partnerKeys = galleryKeys(seed, 'kkkk', 'partner');
    const chosen = index.images[1]!;
    const sub: VaultIndex = {
      ...index,
      downloads: 'none',
      images: [
        {
          ...chosen,
          key: await wrapPhotoKey(seed, partnerKeys.gallery, keys.photo('hash1', 'photo'), 'kkkk', chosen.id, 'photo'),
        },
      ],
    };
    const sealed = await sealIndex(seed, partnerKeys.index, sub);
    files.set(sealed.object.name, sealed.object.data);
    const partner = randomBytes(32);
    const { id, grant } = await sealGrant(seed, partner, partnerKeys.gallery, sealed.pointer);
    const opened = (await openAll(manifestOf({ ...grants, [id]: grant }), partner, files))!;
    expect(opened.index.images.map((image) => image.id)).toEqual([chosen.id]);
    const key = await photoKey(opened.opened.galleryKey, opened.index, opened.index.images[0]!, 'thumb');
    const thumb = await openFile(
      key,
      new Uint8Array(files.get(chosen.thumb.file)!),
      fileData('kkkk', chosen.id, 'thumb'),
      chosen.thumb.bytes,
    );
    expect(new TextDecoder().decode(thumb)).toBe(`thumb of ${chosen.id}`);
    // The partner's gallery key opens no other photo's key, even with the client's index in hand.
    for (const other of [full.index.images[0]!, full.index.images[2]!]) {
      await expect(photoKey(opened.opened.galleryKey, full.index, other, 'thumb')).rejects.toBeInstanceOf(VaultError);
    }
  });

  it('an index of a gallery without full-size downloads carries no original and no original key', async () => {
    const link = randomBytes(32);
    const web = await sealGallery('llll', [link], 2, 'web');
    const opened = (await openAll(manifestOf(web.grants), link, web.files))!;
    expect(opened.index.images.every((image) => image.original === undefined)).toBe(true);
    await expect(
      photoKey(opened.opened.galleryKey, opened.index, opened.index.images[0]!, 'original'),
    ).rejects.toBeInstanceOf(VaultError);
    const fullLink = randomBytes(32);
    const full = await sealGallery('mmmm', [fullLink], 1, 'full');
    const withOriginals = (await openAll(manifestOf(full.grants), fullLink, full.files))!;
    const image = withOriginals.index.images[0]!;
    const key = await photoKey(withOriginals.opened.galleryKey, withOriginals.index, image, 'original');
    // The original's key is its own: it does not open the thumbnail.
    await expect(
      openFile(key, new Uint8Array(full.files.get(image.thumb.file)!), fileData('mmmm', image.id, 'thumb')),
    ).rejects.toBeInstanceOf(VaultError);
  });
});

describe('links and expiry', () => {
  it('carries a link secret in URL-safe base64', () => {
    const data = new Uint8Array(32).map((_, i) => i * 8 + 250);
    const text = toBase64Url(data);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(data);
  });

  it('keeps a gallery open through its last day (UTC) and closes it after', () => {
    expect(closesAt('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(isExpired('2026-12-31', new Date('2026-12-31T23:59:59Z'))).toBe(false);
    expect(isExpired('2026-12-31', new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect(isExpired(null, new Date('2100-01-01'))).toBe(false);
    expect(isExpired('2026-06-01T12:00:00Z', new Date('2026-06-01T12:00:01Z'))).toBe(true);
    expect(() => closesAt('someday')).toThrow(VaultError);
  });
});
