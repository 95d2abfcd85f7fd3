import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accessFrom,
  assertKdf,
  closesAt,
  decryptBytes,
  deriveSecret,
  encryptBytes,
  ENTRY_BLOCK,
  fromBase64,
  fromBase64Url,
  INDEX_BLOCK,
  isExpired,
  kdfFor,
  MIN_ITERATIONS,
  newContentKey,
  newSalt,
  openFile,
  openWithPassword,
  paddedIndex,
  parseIndex,
  SALT_BYTES,
  sealFile,
  toBase64,
  toBase64Url,
  VaultError,
  wrapContentKey,
  type VaultIndex,
  type VaultManifest,
} from './crypto';

// Each PBKDF2 derivation (600,000 rounds) takes a noticeable time on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const kdf = kdfFor(newSalt());

/** A manifest with one real gallery per password, as the build writes it (index files aside). */
async function manifestFor(passwords: string[], salt = kdf) {
  const manifest: VaultManifest = { version: 2, kdf: salt, galleries: {} };
  const raws: Uint8Array<ArrayBuffer>[] = [];
  for (const [i, password] of passwords.entries()) {
    const access = await accessFrom(await deriveSecret(password, salt));
    const content = await newContentKey();
    raws.push(content.raw);
    manifest.galleries[access.id] = { key: await wrapContentKey(access.key, content.raw), index: `gallery-${i}.bin` };
  }
  return { manifest, raws };
}

afterEach(() => vi.restoreAllMocks());

describe('vault key derivation', () => {
  it('uses at least 600,000 PBKDF2 iterations and a 16-byte salt', () => {
    expect(kdf.iterations).toBeGreaterThanOrEqual(600_000);
    expect(fromBase64(kdf.salt)).toHaveLength(SALT_BYTES);
    expect(newSalt()).not.toBe(kdf.salt);
  });

  it('refuses weak parameters, also from a downloaded manifest', async () => {
    expect(() => assertKdf({ ...kdf, iterations: MIN_ITERATIONS - 1 })).toThrow(/at least 600000 iterations/);
    expect(() => assertKdf({ ...kdf, salt: toBase64(new Uint8Array(8)) })).toThrow(/salt must be 16 bytes/);
    expect(() => kdfFor(kdf.salt, 1000)).toThrow(VaultError);
    await expect(deriveSecret('pw', { ...kdf, iterations: 1 })).rejects.toBeInstanceOf(VaultError);
  });

  it('gives the same access for the same password and salt: a rebuild keeps clients in', async () => {
    const a = await accessFrom(await deriveSecret('same password', kdf));
    const b = await accessFrom(await deriveSecret('same password', kdfFor(kdf.salt)));
    expect(a.id).toMatch(/^[0-9a-f]{32}$/);
    expect(b.id).toBe(a.id);
    const other = await accessFrom(await deriveSecret('same password', kdfFor(newSalt())));
    expect(other.id).not.toBe(a.id);
    const otherPassword = await accessFrom(await deriveSecret('another password', kdf));
    expect(otherPassword.id).not.toBe(a.id);
  });
});

describe('one password, one gallery', () => {
  it('opens exactly the gallery of the password, with one PBKDF2 derivation per attempt', async () => {
    const passwords = ['first client password', 'second client password', 'third client password'];
    const { manifest, raws } = await manifestFor(passwords);
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    for (const [i, password] of passwords.entries()) {
      derive.mockClear();
      const opened = await openWithPassword(manifest, password);
      const pbkdf2 = derive.mock.calls.filter(([params]) => (params as { name: string }).name === 'PBKDF2');
      expect(pbkdf2).toHaveLength(1);
      expect(opened?.entry.index).toBe(`gallery-${i}.bin`);
      // The unwrapped key is that gallery's content key: it opens what that key sealed.
      const sealed = await sealFile(
        await crypto.subtle.importKey('raw', raws[i]!, 'AES-GCM', false, ['encrypt']),
        new Uint8Array([i]),
      );
      expect(await openFile(opened!.key, sealed)).toEqual(new Uint8Array([i]));
    }
  });

  it('opens nothing with a wrong password', async () => {
    const { manifest } = await manifestFor(['the right password']);
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    expect(await openWithPassword(manifest, 'the wrong password')).toBeNull();
    expect(derive.mock.calls.filter(([p]) => (p as { name: string }).name === 'PBKDF2')).toHaveLength(1);
  });

  it('keeps a remembered access working across new content keys (a rebuild), not across a new password', async () => {
    const access = await accessFrom(await deriveSecret('client password', kdf));
    const rebuilt = await manifestFor(['client password', 'someone else']);
    const opened = await openWithPassword(rebuilt.manifest, 'client password');
    expect(opened?.access.id).toBe(access.id);
    const changed = await manifestFor(['a new password', 'someone else']);
    expect(changed.manifest.galleries[access.id]).toBeUndefined();
  });

  it('rejects a tampered wrapped key', async () => {
    const { manifest } = await manifestFor(['pw for tamper test']);
    const entry = Object.values(manifest.galleries)[0]!;
    const data = fromBase64(entry.key.data);
    data[0] = (data[0] ?? 0) ^ 0xff;
    entry.key.data = toBase64(data);
    expect(await openWithPassword(manifest, 'pw for tamper test')).toBeNull();
  });
});

describe('vault encryption', () => {
  it('round-trips files, with a fresh IV each time', async () => {
    const { key } = await newContentKey();
    const data = new TextEncoder().encode('private image bytes');
    const a = await sealFile(key, data);
    const b = await sealFile(key, data);
    expect(Buffer.from(a).includes(Buffer.from(data))).toBe(false);
    expect(toBase64(a)).not.toBe(toBase64(b));
    expect(new TextDecoder().decode(await openFile(key, a))).toBe('private image bytes');
  });

  it('fails cleanly when the ciphertext was tampered with or the key is wrong', async () => {
    const { key } = await newContentKey();
    const { iv, data } = await encryptBytes(key, new Uint8Array([10, 20, 30, 40]));
    const tampered = new Uint8Array(data);
    tampered[0] = (tampered[0] ?? 0) ^ 0xff;
    await expect(decryptBytes(key, iv, tampered)).rejects.toThrow(/wrong key or altered data/);
    const other = await newContentKey();
    await expect(openFile(other.key, await sealFile(key, new Uint8Array([1])))).rejects.toBeInstanceOf(VaultError);
  });

  it('pads an index so its size does not tell the number of photos', () => {
    const index = (photos: number): VaultIndex => ({
      id: 'jenna',
      title: 'Jenna, October 2026',
      expires: null,
      downloads: 'web',
      images: Array.from({ length: photos }, (_, i) => ({
        alt: `photo ${i}`,
        name: String(i),
        thumb: { file: 'a.bin', width: 640, height: 427, type: 'image/webp', bytes: 1 },
        full: { file: 'b.bin', width: 2400, height: 1600, type: 'image/webp', bytes: 1 },
      })),
    });
    expect(paddedIndex(index(1)).length).toBe(INDEX_BLOCK);
    expect(paddedIndex(index(20)).length).toBe(INDEX_BLOCK);
    expect(paddedIndex(index(20)).length % INDEX_BLOCK).toBe(0);
    expect(parseIndex(paddedIndex(index(3)))).toEqual(index(3));
    expect(ENTRY_BLOCK).toBeGreaterThanOrEqual(8);
  });

  it('carries a link secret in URL-safe base64', () => {
    const bytes = new Uint8Array(32).map((_, i) => i * 8 + 250);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
  });
});

describe('gallery expiry', () => {
  it('keeps a gallery open through its last day (UTC) and closes it after', () => {
    expect(closesAt('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(isExpired('2026-12-31', new Date('2026-12-31T23:59:59Z'))).toBe(false);
    expect(isExpired('2026-12-31', new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect(isExpired(null, new Date('2100-01-01'))).toBe(false);
    expect(isExpired('2026-06-01T12:00:00Z', new Date('2026-06-01T12:00:01Z'))).toBe(true);
    expect(() => closesAt('someday')).toThrow(VaultError);
  });
});
