import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../lib/security/security';
import { vaultResponse, type VaultBucket } from './serve';

const bucket: VaultBucket = {
  get: async (key) => {
    const data = {
      'manifest.json': '{"version":3}',
      [`${'a'.repeat(24)}.bin`]: 'sealed',
      [`${'c'.repeat(64)}.bin`]: 'x',
    }[key];
    if (data === undefined) return null;
    const bytes = new TextEncoder().encode(data);
    return { body: new Response(bytes).body!, size: bytes.length, httpEtag: '"e"' };
  },
};
const get = (name: string, method = 'GET') => vaultResponse(new Request('https://x/vault/', { method }), bucket, name);

describe('the vault Function', () => {
  it('sends the manifest never cached and sealed files cached for a year, with the site headers', async () => {
    const manifest = await get('manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-store');
    expect(manifest.headers.get('content-type')).toBe('application/json');
    expect(await manifest.text()).toBe('{"version":3}');
    const sealed = await get(`${'a'.repeat(24)}.bin`);
    expect(sealed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(sealed.headers.get('content-type')).toBe('application/octet-stream');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(sealed.headers.get(name)).toBe(value);
    expect(sealed.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers 404 for any other name, even one the bucket holds, and 405 for a write', async () => {
    for (const name of [
      '',
      'passwords.env',
      '../manifest.json',
      `${'b'.repeat(24)}.bin`,
      `${'c'.repeat(64)}.bin`,
      'MANIFEST.JSON',
    ]) {
      expect((await get(name)).status, name).toBe(404);
    }
    expect((await get('manifest.json', 'PUT')).status).toBe(405);
    const head = await get('manifest.json', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
