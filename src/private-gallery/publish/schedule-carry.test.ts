import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { publishGalleries, type BuildOptions } from './build';
import { RECORD_FILE } from './record';
import { listGalleries } from './sources';
import { memoryTarget } from './fixtures/memory-target';
import { vaultResponse, type VaultBucket } from '../host/serve';
import { SCHEDULE } from '../host/schedule';
import { type VaultManifest } from '../format/types';
import { randomBytes } from '../format/encodings';
import { kdfFor, newSalt, openIndex, openWithPassword } from '../format/keys';

// Each publish derives every gallery's password (1,800,000 PBKDF2 rounds) on a busy machine.
vi.setConfig({ testTimeout: 240_000 });

const root = mkdtempSync(join(tmpdir(), 'schedule-carry-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The Function's view of the in-memory bucket: each object with an ETag of its bytes, as R2 gives. */
function hostOf(target: ReturnType<typeof memoryTarget>): VaultBucket {
  return {
    get: async (key) => {
      const data = target.objects.get(key);
      if (!data) return null;
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(data)));
      const etag = `"${[...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
      return { body: new Response(new Uint8Array(data)).body!, size: data.length, httpEtag: etag };
    },
  };
}

/** A galleries folder: Ivy's gallery ends on 2027-01-31 (Florida), Joy's has no last day. */
async function folder(name: string) {
  const dir = join(root, name, 'private');
  let hue = 0;
  for (const [id, yaml] of [
    ['ivy', 'title: Ivy\nexpires: 2027-01-31\n'],
    ['joy', 'title: Joy\n'],
  ] as const) {
    mkdirSync(join(dir, id), { recursive: true });
    await sharp({ create: { width: 300, height: 200, channels: 3, background: `hsl(${(hue += 90)}, 40%, 50%)` } })
      .jpeg()
      .toFile(join(dir, id, '1.jpg'));
    writeFileSync(join(dir, id, 'gallery.yaml'), yaml);
  }
  const options: BuildOptions = {
    kdf: kdfFor(newSalt()),
    passwords: new Map([
      ['ivy', 'ivy long password'],
      ['joy', 'joy long password'],
    ]),
    seed: randomBytes(32),
    record: join(root, name, RECORD_FILE),
    now: new Date('2026-12-01T12:00:00Z'),
  };
  return { dir, options };
}

/** Ivy's photo files, read through her password from what the bucket holds now. */
async function ivyFiles(target: ReturnType<typeof memoryTarget>) {
  const manifest = JSON.parse(new TextDecoder().decode(target.objects.get('manifest.json'))) as VaultManifest;
  const opened = (await openWithPassword(manifest, { gallery: 'ivy', password: 'ivy long password' }))!;
  const index = await openIndex(opened.pointer, new Uint8Array(target.objects.get(opened.pointer.file)!));
  return index.images.flatMap((image) => [image.thumb.file, image.screen!.file, image.full.file]);
}

/** Her last day ends at midnight in Florida: 05:00 UTC on February 1st. */
const LAST_EVENING = Date.parse('2027-02-01T04:59:59Z');
const CLOSED = Date.parse('2027-02-01T05:00:00Z');

describe("the host's schedule keeps every dated gallery in the bucket, carried or held", () => {
  it('a dated gallery carried over (its folder moved away) or held still closes on its day: 410 for its files, its schedule never dropped', async () => {
    const { dir, options } = await folder('carried');
    const target = memoryTarget();
    const host = hostOf(target);
    await publishGalleries(target, listGalleries(dir), options);
    const files = await ivyFiles(target);
    expect(files).toHaveLength(3);

    // Her folder moved away: the next publish carries her gallery over, with a warning.
    renameSync(join(dir, 'ivy'), join(root, 'carried', 'ivy-moved'));
    const carried = await publishGalleries(target, listGalleries(dir), options);
    expect(carried.carried.map((c) => c.id)).toEqual(['ivy']);
    expect(target.objects.has(SCHEDULE)).toBe(true);
    for (const name of files) {
      expect(target.objects.has(name), name).toBe(true);
      const open = await vaultResponse(new Request('https://x/vault/'), host, name, LAST_EVENING);
      expect(open.status, name).toBe(200);
      await open.body?.cancel();
      const gone = await vaultResponse(new Request('https://x/vault/'), host, name, CLOSED);
      expect(gone.status, name).toBe(410);
    }

    // Carried twice over (a publish that sealed nothing dated at all): still scheduled.
    await publishGalleries(target, listGalleries(dir), options);
    for (const name of files)
      expect((await vaultResponse(new Request('https://x/'), host, name, CLOSED)).status).toBe(410);

    // Back in its folder, then held (a shared photo gone, say): held as it was, still closing on its day.
    renameSync(join(root, 'carried', 'ivy-moved'), join(dir, 'ivy'));
    await publishGalleries(target, listGalleries(dir), {
      ...options,
      hold: new Map([['ivy', 'a shared photo is gone']]),
    });
    for (const name of files)
      expect((await vaultResponse(new Request('https://x/'), host, name, CLOSED)).status).toBe(410);
  });

  it("carries a gallery recorded before the record kept its closings, by the bucket's own schedule", async () => {
    const { dir, options } = await folder('legacy');
    const target = memoryTarget();
    await publishGalleries(target, listGalleries(dir), options);
    const files = await ivyFiles(target);
    // The record as it was written before: no gallery says what it closes.
    const record = readFileSync(options.record!, 'utf8');
    expect(record).toContain('"closes"');
    writeFileSync(options.record!, record.replace(/,\s*"closes": \{[^}]*\}/g, ''));
    expect(readFileSync(options.record!, 'utf8')).not.toContain('"closes"');

    renameSync(join(dir, 'ivy'), join(root, 'legacy', 'ivy-moved'));
    await publishGalleries(target, listGalleries(dir), options);
    for (const name of files) {
      const answer = await vaultResponse(new Request('https://x/'), hostOf(target), name, CLOSED);
      expect(answer.status, name).toBe(410);
    }
    // And the record has learnt them, for the publishes after.
    expect(readFileSync(options.record!, 'utf8')).toContain(files[0]);
  });
});
