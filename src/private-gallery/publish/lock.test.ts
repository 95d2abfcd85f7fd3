import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kdfFor, openWithPassword } from '../format/keys';
import { randomBytes } from '../format/encodings';
import type { VaultManifest } from '../format/types';
import { VAULT_NAME } from '../host/serve';
import { publishGalleries } from './build';
import { closeGallery } from './close';
import { PUBLISH_LOCK } from './lock';
import { RECORD_FILE, recordCopyName } from './record';
import { listGalleries } from './sources';
import { memoryTarget } from './fixtures/memory-target.ts';

// One publish at a time per bucket (lock.ts), and a manifest written only over the one a publish
// started from (build.ts): two at once never lose track of files or drop a gallery.
vi.setConfig({ testTimeout: 180_000 });

let root: string;
const seed = randomBytes(32);
const kdf = kdfFor('c2FsdHNhbHRzYWx0c2FsdA');
const NOW = new Date('2026-11-27T18:00:00Z');
const passwords = new Map([
  ['ava', 'ava long password'],
  ['bea', 'bea long password'],
]);

/** A galleries folder holding `ava` and `bea`, one photo each. */
async function folder(name: string) {
  const dir = join(root, name);
  for (const [i, id] of ['ava', 'bea'].entries()) {
    mkdirSync(join(dir, id), { recursive: true });
    await sharp({ create: { width: 300, height: 200, channels: 3, background: `hsl(${i * 90}, 50%, 50%)` } })
      .jpeg()
      .toFile(join(dir, id, `${id}.jpg`));
    writeFileSync(join(dir, id, 'gallery.yaml'), `title: ${id}\n`);
  }
  return dir;
}

const text = (target: ReturnType<typeof memoryTarget>, name: string) =>
  new TextDecoder().decode(target.objects.get(name)!);

/** The galleries the bucket's manifest opens, by their passwords. */
async function opened(target: ReturnType<typeof memoryTarget>) {
  const manifest = JSON.parse(text(target, 'manifest.json')) as VaultManifest;
  const open: string[] = [];
  for (const [gallery, password] of passwords) {
    if (await openWithPassword(manifest, { gallery, password })) open.push(gallery);
  }
  return open;
}

/** A lock as a run that stopped halfway leaves it: two hours old, from the studio's computer. */
const staleLock = JSON.stringify({ started: '2026-11-27T16:00:00.000Z', host: 'studio-mac', run: 'f'.repeat(32) });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'publish-lock-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('one publish at a time', () => {
  it('refuses a second publish started while one runs, in one sentence naming when, where and --unlock, and the first publishes every gallery', async () => {
    const dir = await folder('twice');
    const target = memoryTarget();
    const record = join(dir, RECORD_FILE);
    const galleries = listGalleries(dir);
    const options = (host: string) => ({ kdf, passwords, seed, record, now: NOW, lock: { host } });
    const [first, second] = await Promise.allSettled([
      publishGalleries(target, galleries, options('studio-mac')),
      // The other computer's galleries folder is behind: it has only ava.
      publishGalleries(target, galleries.slice(0, 1), options('laptop')),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    expect((second as PromiseRejectedResult).reason.message).toBe(
      'Nothing was published: another publish to the local bucket in test started at 18:00 UTC on 2026-11-27 (just now) on studio-mac and has not finished; wait for it, or, if it stopped halfway (a closed window, Ctrl-C), run "npm run galleries -- publish --local --unlock" to break its lock.',
    );
    expect(await opened(target)).toEqual(['ava', 'bea']);
    expect(target.objects.has(PUBLISH_LOCK)).toBe(false);
    // Every object in the bucket is one the record knows, or the manifest, seed mark and the record's copy.
    const recorded = JSON.parse(readFileSync(record, 'utf8')).targets['the local bucket in test'];
    const known = new Set([
      'manifest.json',
      'seed-fingerprint.txt',
      recordCopyName(seed),
      ...recorded.objects,
      ...Object.values(recorded.galleries as Record<string, { objects: string[] }>).flatMap((g) => g.objects),
    ]);
    expect([...target.objects.keys()].filter((name) => !known.has(name))).toEqual([]);
  });

  it('a lock left by a run that stopped halfway refuses publish and close, changing nothing, until --unlock breaks it', async () => {
    const dir = await folder('stale');
    const target = memoryTarget();
    const galleries = listGalleries(dir);
    const options = { kdf, passwords, seed, now: NOW, lock: { host: 'laptop' } };
    await publishGalleries(target, galleries, options);
    target.objects.set(PUBLISH_LOCK, new TextEncoder().encode(staleLock));
    const before = new Map(target.objects);
    const sentence =
      'Nothing was published: another publish to the local bucket in test started at 16:00 UTC on 2026-11-27 (2 hours ago) on studio-mac and has not finished; wait for it, or, if it stopped halfway (a closed window, Ctrl-C), run "npm run galleries -- publish --local --unlock" to break its lock.';
    await expect(publishGalleries(target, galleries, options)).rejects.toThrow(sentence);
    await expect(closeGallery(target, galleries, 'bea', options)).rejects.toThrow(sentence);
    expect(target.objects).toEqual(before);
    const warnings: string[] = [];
    const unlock = { ...options.lock, unlock: true, logger: { warn: (m: string) => warnings.push(m) } };
    await publishGalleries(target, galleries, { ...options, lock: unlock });
    expect(warnings).toEqual([
      'The lock of the publish started at 16:00 UTC on 2026-11-27 (2 hours ago) on studio-mac was broken.',
    ]);
    expect(target.objects.has(PUBLISH_LOCK)).toBe(false);
    expect(await opened(target)).toEqual(['ava', 'bea']);
    // The lock's name is never served by the host.
    expect(VAULT_NAME.test(PUBLISH_LOCK)).toBe(false);
  });

  it('releases the lock when a publish fails, so the next one runs', async () => {
    const dir = await folder('fails');
    const target = memoryTarget();
    const galleries = listGalleries(dir);
    const noPassword = { kdf, passwords: new Map([['ava', 'ava long password']]), seed, now: NOW };
    await expect(publishGalleries(target, galleries, noPassword)).rejects.toThrow(
      'no password for the private gallery "bea"',
    );
    expect(target.objects.has(PUBLISH_LOCK)).toBe(false);
    await publishGalleries(target, galleries, { kdf, passwords, seed, now: NOW });
    expect(await opened(target)).toEqual(['ava', 'bea']);
  });

  it('writes the manifest only over the one it started from: refused in one sentence when it changed, its uploads recorded for the next publish to delete', async () => {
    const dir = await folder('changed');
    const target = memoryTarget();
    const record = join(dir, RECORD_FILE);
    const galleries = listGalleries(dir);
    const options = { kdf, passwords, seed, record, now: NOW };
    await publishGalleries(target, galleries, options);
    const before = new Set(target.objects.keys());
    // Another publish, one that took no lock, writes the manifest while this one seals.
    const other = `${text(target, 'manifest.json')}\n`;
    const put = target.put;
    let changed = false;
    target.put = async (name, data) => {
      if (!changed) target.objects.set('manifest.json', new TextEncoder().encode(other));
      changed = true;
      return put(name, data);
    };
    await expect(publishGalleries(target, galleries, options)).rejects.toThrow(
      'Nothing was published: the local bucket in test was published from somewhere else while this publish ran (its list of galleries changed), so this one stopped rather than drop what that one published; publish again.',
    );
    target.put = put;
    expect(text(target, 'manifest.json')).toBe(other);
    expect(target.objects.has(PUBLISH_LOCK)).toBe(false);
    const uploaded = [...target.objects.keys()].filter((name) => !before.has(name));
    expect(uploaded.length).toBeGreaterThan(0);
    const recorded = JSON.parse(readFileSync(record, 'utf8')).targets['the local bucket in test'];
    for (const name of uploaded) expect(recorded.objects).toContain(name);
    // Published again: the refused run's files, reached by no manifest, are deleted.
    const result = await publishGalleries(target, galleries, options);
    for (const name of uploaded) expect(target.objects.has(name), name).toBe(false);
    expect(target.objects.size).toBe(result.objects);
  });
});
