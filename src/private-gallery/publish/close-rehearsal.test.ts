import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from '../format/encodings';
import { kdfFor } from '../format/keys';
import { publishGalleries } from './build';
import { closeGallery } from './close';
import { memoryTarget } from './fixtures/memory-target.ts';
import { listGalleries } from './sources';

// One gallery's password derivation (1.8 million PBKDF2 rounds) per publish, on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'close-rehearsal-'));
  mkdirSync(join(dir, 'jenna'));
  await sharp({ create: { width: 600, height: 400, channels: 3, background: '#335577' } })
    .jpeg()
    .toFile(join(dir, 'jenna', 'a.jpg'));
  writeFileSync(join(dir, 'jenna', 'gallery.yaml'), 'title: Jenna\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('close --local is a rehearsal', () => {
  it('closes the gallery in that bucket only: her gallery.yaml is unchanged, so her next real publish keeps it open', async () => {
    const options = {
      kdf: kdfFor('c2FsdHNhbHRzYWx0c2FsdA'),
      passwords: new Map([['jenna', 'jenna long password']]),
      seed: randomBytes(32),
      now: new Date('2026-11-25T12:00:00Z'),
    };
    const yaml = readFileSync(join(dir, 'jenna', 'gallery.yaml'), 'utf8');
    const local = memoryTarget();
    const { lastDay, result } = await closeGallery(local, listGalleries(dir), 'jenna', { ...options, rehearsal: true });
    expect(lastDay).toBe('2026-11-24');
    expect(result.closed).toEqual(['jenna']);
    expect(readFileSync(join(dir, 'jenna', 'gallery.yaml'), 'utf8')).toBe(yaml);
    // What a later real publish reads: the gallery as it was, open.
    const real = await publishGalleries(memoryTarget('the bucket on Cloudflare'), listGalleries(dir), options);
    expect(real.closed).toEqual([]);
    expect(real.galleries.map((gallery) => gallery.photos)).toEqual([1]);
  });
});
