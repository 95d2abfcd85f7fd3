import { afterEach, describe, expect, it, vi } from 'vitest';
import { isManifest, VaultError, type Grant, type VaultImage, type VaultIndex, type VaultManifest } from './types';
import { fromBase64, randomBytes, toBase64, toBase64Url } from './encodings';
import {
  accessFrom,
  assertKdf,
  boundTo,
  deriveSecret,
  ENTRY_BLOCK,
  fileData,
  galleryName,
  gallerySalt,
  IV_BYTES,
  kdfFor,
  MIN_ITERATIONS,
  newSalt,
  openFile,
  openIndex,
  openWithPassword,
  openWithSecret,
  photoKey,
  photoKeyData,
  SALT_BYTES,
  TAG_BYTES,
} from './keys';
import { INDEX_BUCKETS } from './buckets';
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
    // Derived again by another WebCrypto (as another process or her phone would), not remembered.
    const b = await accessFrom(await deriveSecret(attempt, kdfFor(kdf.salt), countingCrypto().crypto));
    expect(a.id).toMatch(/^[0-9a-f]{32}$/);
    expect(b.id).toBe(a.id);
    const other = await accessFrom(await deriveSecret(attempt, kdfFor(newSalt())));
    expect(other.id).not.toBe(a.id);
  });

  it('one derivation tests one gallery: the same password for two galleries gives two secrets', async () => {
    const password = 'one password for two galleries';
    // Sealed on the owner's computer: another process, whose derivations her page does not share.
    const owner = countingCrypto().crypto;
    const jenna = await deriveSecret({ gallery: 'jenna-2026-10', password }, kdf, owner);
    const maria = await deriveSecret({ gallery: 'maria-2026-11', password }, kdf, owner);
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

/** A WebCrypto that counts its PBKDF2 derivations; each one has its own memory of them. */
function countingCrypto(failing = false) {
  const counted = { derivations: 0, crypto: {} as Crypto };
  const subtle = globalThis.crypto.subtle;
  counted.crypto = {
    getRandomValues: <T extends ArrayBufferView<ArrayBuffer>>(array: T) => globalThis.crypto.getRandomValues(array),
    subtle: new Proxy(subtle, {
      get(target, property) {
        if (property === 'deriveBits') {
          return (...args: Parameters<SubtleCrypto['deriveBits']>) => {
            counted.derivations += 1;
            return failing ? Promise.reject(new Error('no derivation today')) : target.deriveBits(...args);
          };
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
  } as unknown as Crypto;
  return counted;
}

describe('a derivation made once in a process', () => {
  it('derives a gallery, password, salt and iteration count once: again it gives the same bytes, a copy, without PBKDF2', async () => {
    const counted = countingCrypto();
    const attempt = { gallery: 'jenna-2026-10', password: 'a password typed twice' };
    const first = await deriveSecret(attempt, kdf, counted.crypto);
    const again = await deriveSecret({ ...attempt, gallery: ' Jenna 2026 10' }, kdf, counted.crypto);
    expect(counted.derivations).toBe(1);
    expect(toBase64(again)).toBe(toBase64(first));
    const firstBytes = toBase64(first);
    again.fill(0);
    expect(toBase64(first)).toBe(firstBytes);
    expect(toBase64(await deriveSecret(attempt, kdf, counted.crypto))).toBe(firstBytes);
    // Two at once share the one derivation.
    const both = await Promise.all([
      deriveSecret({ ...attempt, password: 'asked twice at once' }, kdf, counted.crypto),
      deriveSecret({ ...attempt, password: 'asked twice at once' }, kdf, counted.crypto),
    ]);
    expect(counted.derivations).toBe(2);
    expect(toBase64(both[1])).toBe(toBase64(both[0]));
  });

  it('derives anew when any input differs: the password, the gallery, the salt, the iterations', async () => {
    const counted = countingCrypto();
    const attempt = { gallery: 'jenna-2026-10', password: 'a password typed twice' };
    const secrets = [
      await deriveSecret(attempt, kdf, counted.crypto),
      await deriveSecret({ ...attempt, password: 'a password typed twicE' }, kdf, counted.crypto),
      await deriveSecret({ ...attempt, gallery: 'jenna-2026-11' }, kdf, counted.crypto),
      await deriveSecret(attempt, kdfFor(newSalt()), counted.crypto),
      await deriveSecret(attempt, kdfFor(kdf.salt, MIN_ITERATIONS + 1), counted.crypto),
    ].map((secret) => toBase64(secret));
    expect(counted.derivations).toBe(5);
    expect(new Set(secrets).size).toBe(5);
  });

  it('keeps no failed derivation: the next attempt derives again', async () => {
    const failing = countingCrypto(true);
    const attempt = { gallery: 'jenna-2026-10', password: 'a password typed twice' };
    await expect(deriveSecret(attempt, kdf, failing.crypto)).rejects.toThrow('no derivation today');
    await expect(deriveSecret(attempt, kdf, failing.crypto)).rejects.toThrow('no derivation today');
    expect(failing.derivations).toBe(2);
  });
});

describe('ways in are grants', () => {
  it('a password opens its gallery with one PBKDF2 derivation; each private link has its own secret', async () => {
    const password = { gallery: 'aaaa-name', password: 'first client password' };
    // Sealed on the owner's computer: another process, whose derivations her page does not share.
    const owner = countingCrypto().crypto;
    const passwordSecret = await deriveSecret(password, kdf, owner);
    const links = [randomBytes(32), randomBytes(32)];
    const first = await sealGallery('aaaa', [passwordSecret, ...links]);
    const second = await sealGallery('bbbb', [
      await deriveSecret({ gallery: 'bbbb-name', password: 'second client password' }, kdf, owner),
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
    // The grants that stay keep their lookup ids (a saved access still finds its own); their
    // bytes are sealed anew, as at every publish.
    for (const secret of [passwordSecret, kept]) {
      const { id } = await accessFrom(secret);
      expect(manifest.grants[id]).toBeDefined();
      expect(manifest.grants[id]!.key.data).not.toBe(before.grants[id]!.key.data);
    }
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

  it('a saved access unwraps the gallery key, and the gallery key a photo key, only as non-extractable keys of one use', async () => {
    const link = randomBytes(32);
    const { grants, files } = await sealGallery('eeef', [link], 1, 'full');
    const manifest = manifestOf(grants);
    const { opened, index } = (await openAll(manifest, link, files))!;
    const { access, galleryKey } = opened;
    const image = index.images[0]!;
    const grant = manifest.grants[access.id]!;
    /** What a script on the page could try with a key it holds: unwrap a wrapped key as extractable, in either format. */
    const unwrapAs = (wrapping: CryptoKey, sealed: Grant['key'], data: Uint8Array<ArrayBuffer>, usages: KeyUsage[]) =>
      (['raw', 'jwk'] as const).map(
        (format) => () =>
          crypto.subtle.unwrapKey(
            format,
            fromBase64(sealed.data),
            wrapping,
            { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: data },
            'AES-GCM',
            true,
            usages,
          ),
      );
    const galleryKeyData = boundTo('grant key', access.id);
    for (const attempt of [
      ...unwrapAs(access.unwrap, grant.key, galleryKeyData, ['unwrapKey']),
      ...unwrapAs(galleryKey, image.key, photoKeyData('eeef', image.id, 'photo'), ['decrypt']),
      ...unwrapAs(galleryKey, image.original!.key, photoKeyData('eeef', image.id, 'original'), ['decrypt']),
    ]) {
      await expect(attempt()).rejects.toThrow();
    }
    // Nor as a non-extractable key of another use: the gallery key as one that decrypts (it
    // would read the photo keys it wraps), a photo key as one that unwraps.
    await expect(
      crypto.subtle.unwrapKey(
        'jwk',
        fromBase64(grant.key.data),
        access.unwrap,
        { name: 'AES-GCM', iv: fromBase64(grant.key.iv), additionalData: galleryKeyData },
        'AES-GCM',
        false,
        ['decrypt'],
      ),
    ).rejects.toThrow();
    // No key the browser holds can be exported, in any format.
    const photo = await photoKey(galleryKey, index, image, 'thumb');
    const original = await photoKey(galleryKey, index, image, 'original');
    for (const key of [access.unwrap, access.pointer, galleryKey, photo, original]) {
      expect(key.extractable).toBe(false);
      for (const format of ['raw', 'jwk'] as const)
        await expect(crypto.subtle.exportKey(format, key)).rejects.toThrow();
    }
  });

  it("what WebCrypto cannot stop: a script holding the saved access can still read the gallery key's bytes (rotation makes them useless)", async () => {
    // WebCrypto lets the caller of unwrapKey choose the format and algorithm: unwrapped as a raw
    // HMAC key (any length is one), the decrypted bytes come back out, ext:false or not. This test
    // states the limit, so that no sentence claims more: the answer is rotation (publish/build.ts).
    const link = randomBytes(32);
    const { grants, files, keys } = await sealGallery('eeeg', [link]);
    const manifest = manifestOf(grants);
    const { opened } = (await openAll(manifest, link, files))!;
    const grant = manifest.grants[opened.access.id]!;
    const read = await crypto.subtle.unwrapKey(
      'raw',
      fromBase64(grant.key.data),
      opened.access.unwrap,
      { name: 'AES-GCM', iv: fromBase64(grant.key.iv), additionalData: boundTo('grant key', opened.access.id) },
      { name: 'HMAC', hash: 'SHA-256' },
      true,
      ['sign'],
    );
    const bytes = new Uint8Array(await crypto.subtle.exportKey('raw', read));
    const text = new TextDecoder().decode(bytes);
    expect(text.includes(toBase64Url(keys.gallery)) || toBase64(bytes) === toBase64(keys.gallery)).toBe(true);
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
  it('every grant and decoy is sealed anew at each publish: the same lookup ids, other bytes, decoy indexes under new names', async () => {
    const link = randomBytes(32);
    const seal = async () => {
      const { grants, files, pointer } = await sealGallery('iiii', [link]);
      return { ...sealManifest(seed, kdf, grants), index: pointer.file, indexData: files.get(pointer.file)! };
    };
    const first = await seal();
    const again = await seal();
    const [one, two] = [first, again].map((m) => JSON.parse(m.manifest) as VaultManifest) as [
      VaultManifest,
      VaultManifest,
    ];
    expect(Object.keys(two.grants)).toEqual(Object.keys(one.grants));
    for (const [id, grant] of Object.entries(one.grants)) {
      const next = two.grants[id]!;
      for (const part of [grant.key.iv, grant.key.data, grant.index.iv, grant.index.data]) {
        expect([next.key.iv, next.key.data, next.index.iv, next.index.data]).not.toContain(part);
      }
    }
    // The index and every decoy index: other bytes under other names.
    const names = (m: typeof first) => [m.index, ...m.decoys.map((d) => d.name)];
    expect(names(again).filter((name) => names(first).includes(name))).toEqual([]);
    expect(toBase64(again.indexData)).not.toBe(toBase64(first.indexData));
    expect(again.decoys.map((d) => toBase64(d.data))).not.toContain(toBase64(first.decoys[0]!.data));
    // Another seed, other decoy ids.
    const ids = (m: VaultManifest) => Object.keys(m.grants);
    const otherSeed = JSON.parse(sealManifest(randomBytes(32), kdf, {}).manifest) as VaultManifest;
    expect(ids(otherSeed).filter((id) => ids(one).includes(id))).toEqual([]);
    // A real grant and a decoy have the same shape.
    const { id } = await accessFrom(link);
    const shape = (grant: Grant) => [
      grant.key.iv.length,
      grant.key.data.length,
      grant.index.iv.length,
      grant.index.data.length,
    ];
    const shapes = new Set(Object.values(one.grants).map((grant) => shape(grant).join()));
    expect(shapes).toEqual(new Set([shape(one.grants[id]!).join()]));
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
