import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from '../format/encodings';
import { kdfFor } from '../format/keys';
import { publishGalleries } from './build';
import { memoryTarget } from './fixtures/memory-target.ts';
import { publishedState, recordStamps, sourceStamp, stateWords } from './published-state';
import { readRecord, RECORD_FILE } from './record';
import { listGalleries } from './sources';

// One password derivation (1.8 million PBKDF2 rounds) per gallery and publish, on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'published-state-'));
  for (const id of ['ava', 'bea']) {
    mkdirSync(join(dir, id));
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#557733' } })
      .jpeg()
      .toFile(join(dir, id, 'a.jpg'));
    writeFileSync(join(dir, id, 'gallery.yaml'), `title: ${id}\n`);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run galleries marks each gallery published, changed since, or never published', () => {
  it('after a publish of one gallery: it is published, the other never; a new photo time, a new title or a new password make it changed; another bucket knows neither', async () => {
    const seed = randomBytes(32);
    const link = randomBytes(32);
    const passwords = new Map([['ava', 'ava long password']]);
    const record = join(dir, RECORD_FILE);
    const target = memoryTarget('the bucket "site" on Cloudflare');
    const ava = () => listGalleries(dir).find((gallery) => gallery.id === 'ava')!;
    const bea = () => listGalleries(dir).find((gallery) => gallery.id === 'bea')!;
    const stampOf = (password = 'ava long password') => sourceStamp(ava(), { seed, password, links: [link] });
    const options = { kdf: kdfFor('c2FsdHNhbHRzYWx0c2FsdA'), passwords, seed, record, now: new Date() };
    // Bea is not published yet (her gallery is only in the folder).
    const result = await publishGalleries(target, [ava()], options);
    recordStamps(
      record,
      target.label,
      new Map([['ava', stampOf()]]),
      result.galleries.map((g) => g.id),
    );
    const state = (gallery = ava(), stamp = stampOf(), key = target.label) =>
      publishedState(readRecord(record), key, gallery, stamp);
    expect(state()).toBe('published');
    expect(state(bea(), 'any')).toBe('never');
    expect(state(ava(), stampOf(), 'the local bucket')).toBe('never');
    // Her password changed in passwords.env: changed since.
    expect(state(ava(), stampOf('ava another long password'))).toBe('changed');
    // A photo touched (re-exported), then the title edited.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'ava', 'a.jpg'), later, later);
    expect(state()).toBe('changed');
    writeFileSync(join(dir, 'ava', 'gallery.yaml'), 'title: Ava, October\n');
    expect(state()).toBe('changed');
    // Published again: published.
    const again = await publishGalleries(target, [ava()], options);
    recordStamps(
      record,
      target.label,
      new Map([['ava', stampOf()]]),
      again.galleries.map((g) => g.id),
    );
    expect(state()).toBe('published');
    expect(readFileSync(record, 'utf8')).not.toContain('ava long password');
  });

  it('reads a gallery recorded before stamps as changed only when one of its files is newer than its publish', () => {
    const gallery = listGalleries(dir).find((candidate) => candidate.id === 'bea')!;
    const at = (published: string) => ({
      version: 1 as const,
      targets: {
        cloudflare: { seed: '00', objects: [], galleries: { bea: { ref: 'r', grants: [], objects: [], published } } },
      },
    });
    expect(publishedState(at(new Date(Date.now() + 3_600_000).toISOString()), 'cloudflare', gallery, 'x')).toBe(
      'published',
    );
    expect(publishedState(at('2020-01-01T00:00:00.000Z'), 'cloudflare', gallery, 'x')).toBe('changed');
  });

  it('says what each mark means, and the link line of a gallery never published says it opens nothing yet', () => {
    const bucket = 'the bucket "site" on Cloudflare';
    expect(stateWords('published', bucket)).toEqual({ mark: `published to ${bucket}`, link: '' });
    expect(stateWords('changed', bucket).mark).toBe(
      `changed since its last publish to ${bucket}: "npm run galleries -- publish" sends her the new version`,
    );
    expect(stateWords('changed', 'the local bucket', 'npm run galleries -- publish --local').mark).toBe(
      'changed since its last publish to the local bucket: "npm run galleries -- publish --local" sends her the new version',
    );
    expect(stateWords('never', bucket)).toEqual({
      mark: `never published to ${bucket}`,
      link: '  (not published yet: this link opens nothing until "npm run galleries -- publish")',
    });
  });
});
