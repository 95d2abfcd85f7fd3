import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../lib/security/security';
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
  it('sends the manifest never cached and sealed files revalidated on every use (no-cache, never kept for a year), with the site headers', async () => {
    const manifest = await get('manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-store');
    expect(manifest.headers.get('content-type')).toBe('application/json');
    expect(await manifest.text()).toBe('{"version":3}');
    const sealed = await get(`${'a'.repeat(24)}.bin`);
    expect(sealed.headers.get('cache-control')).toBe('no-cache');
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

/** A bucket whose objects a test sets; the ETag follows the bytes, as R2's does. */
function fakeBucket(objects: Record<string, string>): VaultBucket & { objects: Record<string, string> } {
  return {
    objects,
    get: async (key) => {
      const data = objects[key];
      if (data === undefined) return null;
      const bytes = new TextEncoder().encode(data);
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      const etag = `"${[...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
      return { body: new Response(bytes).body!, size: bytes.length, httpEtag: etag };
    },
  };
}

describe('the vault Function and the closing schedule', () => {
  const photo = `${'d'.repeat(24)}.bin`;
  const subIndex = `${'e'.repeat(24)}.bin`;
  const open = `${'f'.repeat(24)}.bin`;
  const instant = '2027-02-01T00:00:00.000Z';
  const closes = Date.parse(instant);
  // Written as publish writes it (publish/build.ts): object names and instants, no gallery.
  const schedule = JSON.stringify({ version: 1, closes: { [instant]: [photo, subIndex] } });
  const at = (bucket: VaultBucket, name: string, now: number, init: RequestInit = {}) =>
    vaultResponse(new Request('https://x/vault/', init), bucket, name, now);

  it('serves a scheduled file revalidated (no-cache, 304 when unchanged) until its instant, then 410 Gone, no-store, with the site headers', async () => {
    const bucket = fakeBucket({
      'manifest.json': '{}',
      [photo]: 'sealed',
      [subIndex]: 'sub',
      [open]: 'x',
      'schedule.json': schedule,
    });
    const before = await at(bucket, photo, closes - 1);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-cache');
    expect(await before.text()).toBe('sealed');
    const etag = before.headers.get('etag')!;
    const revalidated = await at(bucket, photo, closes - 1, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cache-control')).toBe('no-cache');

    for (const name of [photo, subIndex]) {
      for (const init of [{}, { method: 'HEAD' }, { headers: { 'If-None-Match': etag } }]) {
        const gone = await at(bucket, name, closes, init);
        expect(gone.status, name).toBe(410);
        expect(gone.headers.get('cache-control')).toBe('no-store');
        for (const [header, value] of Object.entries(SECURITY_HEADERS)) expect(gone.headers.get(header)).toBe(value);
        expect(gone.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      }
    }
    // Still 410 a year later, and once the object itself is deleted by the next publish.
    delete bucket.objects[photo];
    expect((await at(bucket, photo, closes + 365 * 86_400_000)).status).toBe(410);
    // What the schedule does not name is untouched: the manifest, and a file with no closing date.
    expect((await at(bucket, 'manifest.json', closes)).status).toBe(200);
    const unscheduled = await at(bucket, open, closes);
    expect(unscheduled.status).toBe(200);
    expect(unscheduled.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps no sealed file for a year, dated or not: a gallery closed later (close) is asked of the host, a 304 while unchanged', async () => {
    const bucket = fakeBucket({ [photo]: 'sealed', [open]: 'x', 'schedule.json': schedule });
    for (const name of [photo, open]) {
      const first = await at(bucket, name, closes - 60_000);
      expect(first.status, name).toBe(200);
      expect(first.headers.get('cache-control'), name).toBe('no-cache');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
      for (const method of ['GET', 'HEAD']) {
        const again = await at(bucket, name, closes - 60_000, { method, headers: { 'If-None-Match': `W/${etag}` } });
        expect(again.status, name).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe('no-cache');
        expect(await again.text()).toBe('');
      }
      // Another ETag (the bytes changed): the file again, in full.
      const changed = await at(bucket, name, closes - 60_000, { headers: { 'If-None-Match': '"0000"' } });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toBe(name === photo ? 'sealed' : 'x');
    }
    // The undated gallery closed later: its file is gone from the bucket, and the host says so.
    delete bucket.objects[open];
    expect((await at(bucket, open, closes, { headers: { 'If-None-Match': '"x"' } })).status).toBe(404);
  });

  it('never serves the schedule itself, and reads a new one at once (a publish needs no wait)', async () => {
    const bucket = fakeBucket({ [photo]: 'sealed', 'schedule.json': schedule });
    for (const method of ['GET', 'HEAD'])
      expect((await at(bucket, 'schedule.json', closes, { method })).status).toBe(404);
    expect((await at(bucket, photo, closes)).status).toBe(410);
    // The owner extends the date and publishes: the next request reads the new schedule.
    const later = '2027-03-01T00:00:00.000Z';
    bucket.objects['schedule.json'] = JSON.stringify({ version: 1, closes: { [later]: [photo] } });
    expect((await at(bucket, photo, closes)).status).toBe(200);
    expect((await at(bucket, photo, Date.parse(later))).status).toBe(410);
    // No schedule (a bucket published before it existed): every file as before.
    delete bucket.objects['schedule.json'];
    const old = await at(bucket, photo, Date.parse(later));
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves no sealed file while the schedule cannot be read, rather than one past its date', async () => {
    const bucket = fakeBucket({ 'manifest.json': '{}', [photo]: 'sealed', 'schedule.json': '{"version":1,"closes":' });
    const answer = await at(bucket, photo, 0);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await at(bucket, 'manifest.json', 0)).status).toBe(200);
  });
});
