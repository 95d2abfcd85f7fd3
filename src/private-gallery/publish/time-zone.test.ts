import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { publishGalleries, studioTimeZone, type BuildOptions } from './build';
import { closeGallery } from './close';
import { listGalleries } from './sources';
import { memoryTarget } from './fixtures/memory-target';
import { SCHEDULE, type VaultSchedule } from '../host/schedule';
import { randomBytes } from '../format/encodings';
import { kdfFor, newSalt } from '../format/keys';

// Each publish derives the gallery's password (1,800,000 PBKDF2 rounds) on a busy machine.
vi.setConfig({ testTimeout: 240_000 });

const root = mkdtempSync(join(tmpdir(), 'time-zone-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function gallery(name: string, yaml: string) {
  const dir = join(root, name);
  mkdirSync(join(dir, 'ivy'), { recursive: true });
  await sharp({ create: { width: 300, height: 200, channels: 3, background: '#345678' } })
    .jpeg()
    .toFile(join(dir, 'ivy', '1.jpg'));
  writeFileSync(join(dir, 'ivy', 'gallery.yaml'), yaml);
  const options: BuildOptions = {
    kdf: kdfFor(newSalt()),
    passwords: new Map([['ivy', 'ivy long password']]),
    seed: randomBytes(32),
  };
  return { dir, options };
}

const scheduleOf = (target: ReturnType<typeof memoryTarget>) =>
  JSON.parse(new TextDecoder().decode(target.objects.get(SCHEDULE))) as VaultSchedule;

describe("publishing in the studio's time zone", () => {
  it("reads the studio's time zone from the settings: America/New_York, or the one she sets", () => {
    expect(studioTimeZone()).toBe('America/New_York');
    const elsewhere = join(root, 'site');
    mkdirSync(join(elsewhere, 'content'), { recursive: true });
    const settings = readFileSync('content/settings.yaml', 'utf8').replace(/timeZone: .*/, 'timeZone: Europe/Paris');
    writeFileSync(join(elsewhere, 'content', 'settings.yaml'), settings);
    expect(studioTimeZone(elsewhere)).toBe('Europe/Paris');
  });

  it("closes a dated gallery at midnight in the studio's time zone, whatever the time zone of the computer", async () => {
    const { dir, options } = await gallery('dated', 'title: Ivy\nexpires: 2027-01-31\n');
    // 02:00 UTC on February 1st: 9 pm on her last day in Florida, 3 am the day after in Paris.
    const now = new Date('2027-02-01T02:00:00Z');
    const florida = memoryTarget();
    const published = await publishGalleries(florida, listGalleries(dir), { ...options, now });
    expect(published.closed).toEqual([]);
    expect(Object.keys(scheduleOf(florida).closes)).toEqual(['2027-02-01T05:00:00.000Z']);
    const paris = memoryTarget();
    const closed = await publishGalleries(paris, listGalleries(dir), { ...options, now, timeZone: 'Europe/Paris' });
    expect(closed.closed).toEqual(['ivy']);
    // Published a day earlier, the schedule holds the end of her day in Paris.
    await publishGalleries(paris, listGalleries(dir), {
      ...options,
      now: new Date('2027-01-31T02:00:00Z'),
      timeZone: 'Europe/Paris',
    });
    expect(Object.keys(scheduleOf(paris).closes)).toEqual(['2027-01-31T23:00:00.000Z']);
  });

  it("closing in the evening closes at once: its last day is yesterday in the studio's time zone", async () => {
    const { dir, options } = await gallery('closing', 'title: Ivy\n');
    const target = memoryTarget();
    await publishGalleries(target, listGalleries(dir), options);
    // 9 pm on June 1st in Florida, already June 2nd in UTC.
    const now = new Date('2026-06-02T01:00:00Z');
    const { lastDay, result } = await closeGallery(target, listGalleries(dir), 'ivy', { ...options, now });
    expect(lastDay).toBe('2026-05-31');
    expect(result.closed).toEqual(['ivy']);
    expect(readFileSync(join(dir, 'ivy', 'gallery.yaml'), 'utf8')).toMatch(/^expires: 2026-05-31 /m);
  });
});
