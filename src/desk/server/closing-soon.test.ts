// The galleries closing this week on the desk (issue 51, beyond the trial): the published ones whose
// last day is today or in the 6 days after, in the studio's time zone whatever the machine's time
// zone, each with a reminder to copy: her client's name when the title gives one, the studio's name,
// the last day as her page writes it and her link, never her password.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { deskSetup, galleriesClosingSoon, galleryDetail, PhotoIds, publishAll } from './actions.ts';
import { newGallery } from './galleries.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-closing-'));
const dir = join(root, 'galleries');
const SITE = 'https://studio.example';
const target = memoryTarget('the bucket "coastlight-galleries" on Cloudflare');
const setup = await deskSetup({ local: false, env: { PRIVATE_GALLERY_DIR: dir }, target: () => target });

/** The day `days` after today in the studio's time zone (America/New_York), as YYYY-MM-DD. */
const studioDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** A gallery of one small photo of its own, with this title and last day. */
async function gallery(id: string, title: string, expires: string, shade: number) {
  newGallery(setup, { id, title, password: '' });
  writeFileSync(join(dir, id, 'gallery.yaml'), `title: "${title}"\nexpires: ${expires}\n`);
  const background = { r: shade, g: 90, b: 80 };
  writeFileSync(
    join(dir, id, 'IMG_0001.jpg'),
    await sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  );
}

beforeAll(async () => {
  mkdirSync(dir);
  await gallery('ada-2026-12', 'Ada, December 2026', studioDay(0), 40);
  await gallery('bea-2026-12', 'Bea: the window set', studioDay(6), 70);
  await gallery('cleo-2026-12', 'Cleo, December 2026', studioDay(7), 100);
  await gallery('dee-2026-11', 'Dee, November 2026', studioDay(-1), 130);
  expect((await publishAll(setup)).ok).toBe(true);
  // Made after the publish: never published, so nothing to remind her of.
  await gallery('eve-2026-12', 'Eve, December 2026', studioDay(2), 160);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the galleries closing this week', () => {
  it('lists the published galleries whose last day is today or in the 6 days after, soonest first, each with its reminder, whatever the machine’s time zone', () => {
    const soon = galleriesClosingSoon(setup, SITE);
    expect(soon.map(({ id, lastDay, daysLeft }) => [id, lastDay, daysLeft])).toEqual([
      ['ada-2026-12', studioDay(0), 0],
      ['bea-2026-12', studioDay(6), 6],
    ]);
    const [ada, bea] = soon as [(typeof soon)[0], (typeof soon)[0]];
    const link = (id: string) => galleryDetail(setup, id, new PhotoIds(), SITE)!.links[0]!;
    const long = (day: string) =>
      new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      });
    expect(ada.lastDayText).toBe(long(studioDay(0)));
    expect(ada.reminder).toBe(
      [
        'Hello Ada,',
        '',
        `A gentle reminder from Coastlight Boudoir: your gallery is open until the end of ${long(studioDay(0))}. This link opens it on any device; please keep it to yourself:`,
        link('ada-2026-12'),
        '',
        'If there are photos you would like to choose or keep, now is the time.',
        '',
        'With warm wishes,',
        'Coastlight Boudoir',
      ].join('\n'),
    );
    expect(link('ada-2026-12')).toMatch(/^https:\/\/studio\.example\/[a-z-]+\/?#access=[\w-]{43}$/);
    // No name in her title ("Bea: the window set"): a plain greeting.
    expect(bea.reminder!.split('\n')[0]).toBe('Hello,');
    const passwords = readFileSync(join(dir, 'passwords.env'), 'utf8');
    for (const { id, reminder } of soon) {
      const password = new RegExp(`^PRIVATE_GALLERY_PASSWORD_${id.toUpperCase().replace(/-/g, '_')}=(.+)$`, 'm').exec(
        passwords,
      )![1]!;
      expect(reminder).not.toContain(password);
    }
  });
});
