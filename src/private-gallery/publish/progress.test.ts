// publishGalleries' progress (BuildOptions.onProgress): what the studio desk's progress bar shows.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishGalleries, type PublishProgress } from './build';
import { memoryTarget } from './fixtures/memory-target';
import { kdfFor, newSalt } from '../format/keys';
import { randomBytes } from '../format/encodings';
import { PUBLISH_LOCK } from './lock';
import { SEED_MARK } from './record';
import type { GallerySource } from './sources';

vi.setConfig({ testTimeout: 180_000 });

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'progress-'));
  mkdirSync(join(root, 'ivy'));
  for (const name of ['private-01.jpg', 'private-02.jpg', 'private-03.jpg'])
    cpSync(resolve('content/private/preview', name), join(root, 'ivy', name));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('publishing reports its progress', () => {
  it('reports photos resized, sealed and uploaded, bytes and time left, the last report matching the result', async () => {
    const gallery: GallerySource = {
      id: 'ivy',
      folder: join(root, 'ivy'),
      title: 'Ivy',
      expires: null,
      downloads: 'web',
      photos: ['private-01.jpg', 'private-02.jpg', 'private-03.jpg'].map((name) => ({
        path: join(root, 'ivy', name),
        alt: name,
      })),
    };
    const target = memoryTarget();
    const reports: PublishProgress[] = [];
    const result = await publishGalleries(target, [gallery], {
      kdf: kdfFor(newSalt()),
      passwords: new Map([['ivy', 'quiet harbour lantern mosaic 7']]),
      seed: randomBytes(32),
      cacheDir: null,
      onProgress: (progress) => void reports.push({ ...progress }),
    });
    expect(reports[0]).toEqual({ photos: 3, resized: 0, sealed: 0, uploaded: 0, bytes: 0, secondsLeft: null });
    expect(reports.map((report) => report.sealed).filter((n, i, all) => all.indexOf(n) === i)).toEqual([0, 1, 2, 3]);
    const last = reports.at(-1)!;
    // Every file written but the bucket's own notes (its lock, its seed mark): photo files, indexes, decoys, the manifest.
    const written = [...target.objects.keys()].filter((name) => name !== PUBLISH_LOCK && name !== SEED_MARK).length;
    expect(last).toMatchObject({ photos: 3, sealed: 3, resized: result.cache.resized, bytes: result.uploads.bytes });
    expect(last.uploaded).toBe(written);
    const afterFirst = reports.find((report) => report.sealed === 1)!;
    expect(afterFirst.secondsLeft).toBeGreaterThanOrEqual(0);
    expect(last.secondsLeft).toBe(0);
    expect(reports.every((report, i) => i === 0 || report.bytes >= reports[i - 1]!.bytes)).toBe(true);
  });
});
