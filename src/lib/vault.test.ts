import { describe, expect, it } from 'vitest';
import {
  assertKdf,
  decryptBytes,
  deriveKey,
  encryptBytes,
  fromBase64,
  MIN_ITERATIONS,
  newKdf,
  openJson,
  sealJson,
  SALT_BYTES,
  toBase64,
  VaultError,
} from './vault';

describe('vault cryptography', () => {
  const kdf = newKdf();

  it('uses at least 600,000 PBKDF2 iterations and a 16-byte random salt', () => {
    expect(kdf.iterations).toBeGreaterThanOrEqual(600_000);
    expect(fromBase64(kdf.salt)).toHaveLength(SALT_BYTES);
    expect(newKdf().salt).not.toBe(kdf.salt);
  });

  it('round-trips bytes and JSON with the right password', async () => {
    const key = await deriveKey('correct horse battery', kdf);
    const data = new TextEncoder().encode('private image bytes');
    const sealed = await encryptBytes(key, data);
    expect(sealed.iv).toHaveLength(12);
    expect(Buffer.from(sealed.data).includes(Buffer.from(data))).toBe(false);
    expect(new TextDecoder().decode(await decryptBytes(key, sealed.iv, sealed.data))).toBe('private image bytes');

    const index = await sealJson(key, { images: [{ alt: 'secret alt' }] });
    expect(index.data).not.toContain('secret');
    expect(await openJson(key, index)).toEqual({ images: [{ alt: 'secret alt' }] });
  });

  it('uses a fresh IV for every encryption', async () => {
    const key = await deriveKey('pw', kdf);
    const data = new Uint8Array([1, 2, 3]);
    const a = await encryptBytes(key, data);
    const b = await encryptBytes(key, data);
    expect(toBase64(a.iv)).not.toBe(toBase64(b.iv));
    expect(toBase64(a.data)).not.toBe(toBase64(b.data));
  });

  it('fails cleanly with a wrong password', async () => {
    const sealed = await sealJson(await deriveKey('right password', kdf), { ok: true });
    const wrong = await deriveKey('wrong password', kdf);
    await expect(openJson(wrong, sealed)).rejects.toBeInstanceOf(VaultError);
  });

  it('fails cleanly when the ciphertext was tampered with', async () => {
    const key = await deriveKey('pw', kdf);
    const { iv, data } = await encryptBytes(key, new Uint8Array([10, 20, 30, 40]));
    const tampered = new Uint8Array(data);
    tampered[0] = (tampered[0] ?? 0) ^ 0xff;
    await expect(decryptBytes(key, iv, tampered)).rejects.toThrow(/wrong password or altered data/);
  });

  it('fails with a key from an earlier build (another salt)', async () => {
    const sealed = await sealJson(await deriveKey('same password', newKdf()), { build: 2 });
    await expect(openJson(await deriveKey('same password', kdf), sealed)).rejects.toBeInstanceOf(VaultError);
  });

  it('refuses weak parameters, also from a downloaded manifest', async () => {
    expect(() => assertKdf({ ...kdf, iterations: MIN_ITERATIONS - 1 })).toThrow(/at least 600000 iterations/);
    expect(() => assertKdf({ ...kdf, salt: toBase64(new Uint8Array(8)) })).toThrow(/salt must be 16 bytes/);
    expect(() => newKdf(1000)).toThrow(VaultError);
    await expect(deriveKey('pw', { ...kdf, iterations: 1 })).rejects.toBeInstanceOf(VaultError);
  });
});
