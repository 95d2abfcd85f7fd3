import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { publishGalleries } from './build';
import { newShare } from './share';
import { listGalleries } from './sources';
import { folderTarget } from './target';
import { SCHEDULE, type VaultSchedule } from '../host/schedule';
import { type VaultManifest } from '../format/types';
import { randomBytes } from '../format/encodings';
import { kdfFor, newSalt, openIndex, openWithPassword, openWithSecret } from '../format/keys';

// Each PBKDF2 derivation (600,000 rounds) takes a noticeable time on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

const root = mkdtempSync(join(tmpdir(), 'schedule-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("publishing writes the host's closing schedule", () => {
  it("names a dated gallery's photo files and a dated partner link's sub-index with their instants, before the manifest, and no gallery", async () => {
    const dir = join(root, 'private');
    const galleries = {
      'ivy-2027-01': 'title: Ivy\nexpires: 2099-01-31\ndownloads: full\n',
      'joy-2027-02': 'title: Joy\n',
    };
    let hue = 0;
    for (const [id, yaml] of Object.entries(galleries)) {
      mkdirSync(join(dir, id), { recursive: true });
      for (const n of [1, 2]) {
        await sharp({ create: { width: 600, height: 400, channels: 3, background: `hsl(${(hue += 70)}, 40%, 50%)` } })
          .jpeg()
          .toFile(join(dir, id, `${n}.jpg`));
      }
      writeFileSync(join(dir, id, 'gallery.yaml'), yaml);
    }
    const passwords = new Map(Object.keys(galleries).map((id) => [id, `${id} long password`]));
    // Joy's gallery has no last day; her partner's link does.
    const listed = listGalleries(dir);
    const partner = newShare(
      listed.find((gallery) => gallery.id === 'joy-2027-02')!,
      [2],
      '2099-01-15',
    );
    const out = join(root, 'vault');
    const folder = folderTarget(out);
    const steps: string[] = [];
    const recording = {
      ...folder,
      put: async (name: string, data: Uint8Array | string) => {
        steps.push(name);
        await folder.put(name, data);
      },
      // The manifest is written conditionally (one publish at a time: publish/lock.ts).
      putIf: async (name: string, data: string, version: string | null) => {
        steps.push(name);
        return folder.putIf(name, data, version);
      },
    };
    const options = {
      kdf: kdfFor(newSalt()),
      passwords,
      seed: randomBytes(32),
      shares: new Map([['joy-2027-02', [partner]]]),
      now: new Date('2098-12-01T00:00:00Z'),
    };
    await publishGalleries(recording, listed, options);

    const text = readFileSync(join(out, SCHEDULE), 'utf8');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const indexOf = async (pointer: { file: string } & Parameters<typeof openIndex>[0]) =>
      openIndex(pointer, new Uint8Array(readFileSync(join(out, pointer.file))));
    const ivy = (await openWithPassword(manifest, { gallery: 'ivy-2027-01', password: 'ivy-2027-01 long password' }))!
      .pointer;
    const ivyFiles = (await indexOf(ivy)).images.flatMap((image) => [
      image.thumb.file,
      image.screen!.file,
      image.full.file,
      image.original!.file,
    ]);
    const joy = (await openWithPassword(manifest, { gallery: 'joy-2027-02', password: 'joy-2027-02 long password' }))!
      .pointer;
    const sub = (await openWithSecret(manifest, partner.secret))!.pointer;
    // Closing instants are the ends of the last days (format/dates.ts closesAt) in the studio's
    // zone: midnight in Florida (EST) is 05:00 UTC.
    expect(JSON.parse(text) as VaultSchedule).toEqual({
      version: 1,
      closes: {
        '2099-01-16T05:00:00.000Z': [sub.file],
        '2099-02-01T05:00:00.000Z': [...ivyFiles].sort(),
      },
    });
    // Her index stays (it carries the title and last day the closed page shows); Joy's own files stay open.
    expect(text).not.toContain(ivy.file);
    expect(text).not.toContain(joy.file);
    for (const image of (await indexOf(joy)).images) expect(text).not.toContain(image.thumb.file);
    expect(text).not.toMatch(/ivy|joy/i);
    // Written before the manifest, so no manifest ever reaches an object the schedule does not yet name.
    expect(steps.indexOf(SCHEDULE)).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf(SCHEDULE)).toBeLessThan(steps.indexOf('manifest.json'));

    // Publishing again keeps it (pruning never deletes it); with nothing left to close it goes.
    // Indexes are sealed anew at every publish (format 4), so the sub-index has a new name there.
    await publishGalleries(folder, listGalleries(dir), options);
    const again = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const subAgain = (await openWithSecret(again, partner.secret))!.pointer;
    expect(subAgain.file).not.toBe(sub.file);
    expect(JSON.parse(readFileSync(join(out, SCHEDULE), 'utf8')) as VaultSchedule).toEqual({
      version: 1,
      closes: {
        '2099-01-16T05:00:00.000Z': [subAgain.file],
        '2099-02-01T05:00:00.000Z': [...ivyFiles].sort(),
      },
    });
    writeFileSync(join(dir, 'ivy-2027-01', 'gallery.yaml'), 'title: Ivy\ndownloads: full\n');
    await publishGalleries(folder, listGalleries(dir), { ...options, shares: new Map() });
    expect(() => readFileSync(join(out, SCHEDULE))).toThrow();
  });
});
