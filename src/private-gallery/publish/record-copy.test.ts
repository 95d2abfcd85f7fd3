import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kdfFor, openIndex, openWithPassword } from '../format/keys';
import { randomBytes } from '../format/encodings';
import type { VaultManifest } from '../format/types';
import { VAULT_NAME } from '../host/serve';
import { publishGalleries } from './build';
import { PUBLISH_LOCK } from './lock';
import { RECORD_FILE, recordCopyName } from './record';
import { listGalleries } from './sources';
import { memoryTarget } from './fixtures/memory-target.ts';

// Two computers publishing to one bucket, each with its own galleries folder and its own record
// (published.json): the bucket keeps a sealed copy of the record, and a computer whose record is
// older than it is refused once, takes it, and from then on keeps every gallery the other published.
vi.setConfig({ testTimeout: 180_000 });

let root: string;
const seed = randomBytes(32);
const kdf = kdfFor('c2FsdHNhbHRzYWx0c2FsdA');
const passwords = new Map(['xan', 'yve', 'zoe'].map((id) => [id, `${id} long password`]));
type Bucket = ReturnType<typeof memoryTarget>;

/** Adds a one-photo gallery to a galleries folder. */
async function addGallery(dir: string, id: string) {
  mkdirSync(join(dir, id), { recursive: true });
  const hue = [...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;
  await sharp({ create: { width: 300, height: 200, channels: 3, background: `hsl(${hue}, 50%, 50%)` } })
    .jpeg()
    .toFile(join(dir, id, `${id}.jpg`));
  writeFileSync(join(dir, id, 'gallery.yaml'), `title: ${id}\n`);
}

/** A computer: its galleries folder holding `ids`, and its record beside them. */
async function computer(name: string, ids: string[]) {
  const dir = join(root, name, 'galleries');
  mkdirSync(dir, { recursive: true });
  for (const id of ids) await addGallery(dir, id);
  return { dir, record: join(dir, RECORD_FILE) };
}

/** Publishes a computer's folder at `time` (UTC, on 2026-11-28) from the computer named `host`. */
const publish = (
  target: Bucket,
  from: { dir: string; record: string },
  host: string,
  time: string,
  howTo?: { unlock: string; again: string },
) =>
  publishGalleries(target, listGalleries(from.dir), {
    kdf,
    passwords,
    seed,
    record: from.record,
    now: new Date(`2026-11-28T${time}:00Z`),
    lock: { host, ...(howTo ? { howTo } : {}) },
  });

/** The refusal a computer with an older record gets, naming the publish that made it older. */
const behind = (host: string, when: string, dir: string, then = 'run "npm run galleries -- publish --local" again') =>
  `Nothing was published: the local bucket in test was published from ${host} ${when}, after the last publish this computer knows of, so this computer has now taken the bucket's own record of what is published (galleries only that computer has stay published as they are); copy into ${dir} any gallery folder you changed there, then ${then}.`;

/** The galleries the bucket's manifest opens, by their passwords, each with every photo file there. */
async function opened(target: Bucket) {
  const manifest = JSON.parse(new TextDecoder().decode(target.objects.get('manifest.json')!)) as VaultManifest;
  const open: string[] = [];
  for (const [gallery, password] of passwords) {
    const grant = await openWithPassword(manifest, { gallery, password });
    if (!grant) continue;
    const index = await openIndex(grant.pointer, new Uint8Array(target.objects.get(grant.pointer.file)!));
    const files = index.images.flatMap((image) => [image.thumb.file, image.screen!.file, image.full.file]);
    expect(
      files.filter((name) => !target.objects.has(name)),
      gallery,
    ).toEqual([]);
    open.push(gallery);
  }
  return open;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'record-copy-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the bucket's copy of the record", () => {
  it("a computer whose record is older than the bucket's is refused in one sentence, deleting nothing and dropping no gallery; published again, it keeps them all", async () => {
    const target = memoryTarget();
    const studio = await computer('studio', ['xan']);
    const laptop = await computer('laptop', ['zoe']);
    await publish(target, studio, 'studio-mac', '14:00');
    // Her record copied to the laptop then; the studio computer publishes a second gallery after.
    copyFileSync(studio.record, laptop.record);
    await addGallery(studio.dir, 'yve');
    await publish(target, studio, 'studio-mac', '15:00');
    const before = new Map(target.objects);

    await expect(publish(target, laptop, 'laptop', '15:05')).rejects.toThrow(
      behind('studio-mac', 'at 15:00 UTC on 2026-11-28 (5 minutes ago)', laptop.dir),
    );
    expect(target.objects).toEqual(before);
    expect(await opened(target)).toEqual(['xan', 'yve']);

    // The way forward: the same command again. The galleries only the studio has are carried.
    const again = await publish(target, laptop, 'laptop', '15:06');
    expect(again.carried.map((carried) => carried.id)).toEqual(['xan', 'yve']);
    expect(await opened(target)).toEqual(['xan', 'yve', 'zoe']);

    // And the other way round: the studio's record is now the older one. From the desk, where
    // there is no command to name, the sentence says what to do there.
    await expect(
      publish(target, studio, 'studio-mac', '16:00', {
        unlock: 'press Unlock on the desk',
        again: 'do it again from the desk',
      }),
    ).rejects.toThrow(
      behind('laptop', 'at 15:06 UTC on 2026-11-28 (54 minutes ago)', studio.dir, 'do it again from the desk'),
    );
    const back = await publish(target, studio, 'studio-mac', '16:01');
    expect(back.carried.map((carried) => carried.id)).toEqual(['zoe']);
    expect(await opened(target)).toEqual(['xan', 'yve', 'zoe']);
    // The copy is sealed: no folder name or title in it, and the host never serves it. Its bytes are
    // read as stored and as its base64 decodes, each gallery's name as JSON writes it, quoted (three
    // bare letters turn up in a few kilobytes of base64 now and then: CI met "yve" once).
    const copy = Buffer.from(target.objects.get(recordCopyName(seed))!);
    const decoded = Buffer.from(copy.toString('latin1'), 'base64').toString('latin1');
    for (const word of ['"xan"', '"yve"', '"zoe"', 'laptop', 'studio']) {
      expect(copy.toString('latin1')).not.toContain(word);
      expect(decoded).not.toContain(word);
    }
    expect(VAULT_NAME.test(recordCopyName(seed))).toBe(false);
  });

  it('a publish that stopped between the manifest and the record resumes on the same computer, not refused, and keeps the gallery it added', async () => {
    const target = memoryTarget();
    const studio = await computer('crash', ['xan']);
    await publish(target, studio, 'studio-mac', '14:00');
    await addGallery(studio.dir, 'yve');
    // The connection drops after the manifest is written, before the record is saved.
    const remove = target.delete;
    target.delete = async (names) => {
      if (!names.includes(PUBLISH_LOCK)) throw new Error('the connection dropped');
      return remove(names);
    };
    await expect(publish(target, studio, 'studio-mac', '14:10')).rejects.toThrow('the connection dropped');
    target.delete = remove;
    expect(await opened(target)).toEqual(['xan', 'yve']);

    // Its folder moved away since: the gallery is still the bucket's, carried, never dropped.
    renameSync(join(studio.dir, 'yve'), join(root, 'crash-yve-moved'));
    const resumed = await publish(target, studio, 'studio-mac', '14:20');
    expect(resumed.carried.map((carried) => carried.id)).toEqual(['yve']);
    expect(await opened(target)).toEqual(['xan', 'yve']);
  });

  it('a bucket with no copy yet (published before it existed) publishes as before and gets one; a new computer with no record is then refused once and keeps every gallery', async () => {
    const target = memoryTarget();
    const studio = await computer('first', ['xan', 'yve']);
    await publish(target, studio, 'studio-mac', '14:00');
    // As a bucket and a record from before the copy: neither knows of one.
    target.objects.delete(recordCopyName(seed));
    const record = JSON.parse(readFileSync(studio.record, 'utf8'));
    for (const entry of Object.values(record.targets) as Record<string, unknown>[]) delete entry['generation'];
    writeFileSync(studio.record, JSON.stringify(record));

    await publish(target, studio, 'studio-mac', '15:00');
    expect(target.objects.has(recordCopyName(seed))).toBe(true);
    expect(await opened(target)).toEqual(['xan', 'yve']);

    // Her old computer gone: a new one, with her passwords.env but no record.
    const fresh = await computer('new-laptop', ['zoe']);
    await expect(publish(target, fresh, 'new-laptop', '15:30')).rejects.toThrow(
      behind('studio-mac', 'at 15:00 UTC on 2026-11-28 (30 minutes ago)', fresh.dir),
    );
    expect(await opened(target)).toEqual(['xan', 'yve']);
    await publish(target, fresh, 'new-laptop', '15:31');
    expect(await opened(target)).toEqual(['xan', 'yve', 'zoe']);
  });
});
