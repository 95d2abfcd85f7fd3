// A gallery's photos changed in place from its page on the desk (issue 51, item 2): a photo added
// (from her folder, or its bytes), one taken out (kept on her computer, never deleted), the cover
// chosen; each marks a published gallery as changed since. And her settings for a new gallery.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGallery } from '../../private-gallery/publish/sources.ts';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { deskSetup, galleriesAtAGlance, galleryDetail, PhotoIds, publishAll } from './actions.ts';
import { DEFAULTS_FILE, newGalleryPrefill } from './defaults.ts';
import { newGallery, REMOVED_FOLDER } from './galleries.ts';
import { deskRoutes } from './routes.ts';
import type { JsonPost, RawPost } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-photos-'));
const dir = join(root, 'galleries');
const gallery = join(dir, 'mia-2026-12');
const target = memoryTarget();
const setup = await deskSetup({ local: true, env: { PRIVATE_GALLERY_DIR: dir }, target: () => target });
const routes = deskRoutes({ setup, token: 't'.repeat(43), now: () => new Date('2026-12-04T15:00:00Z') });

/** One change as the gallery's page posts it, through the desk's own route: its status and answer. */
async function post(path: string, body: Record<string, unknown>) {
  const answer = await (routes.posts[path] as JsonPost)(body);
  return { status: answer.status, json: answer.json as { message?: string; kept?: string; copied?: string[] } };
}
/** The card's state of her gallery now. */
const stateNow = () => galleriesAtAGlance(setup, new PhotoIds()).find((card) => card.id === 'mia-2026-12')!.state;
/** Her gallery published as it is, so the next change is the only one since. */
async function published() {
  expect((await publishAll(setup)).ok).toBe(true);
  expect(stateNow()?.kind).toBe('published');
}
const names = () => readGallery(gallery).photos.map((photo) => photo.path.slice(gallery.length + 1));
/** A small photo of its own colour, as a camera would not make it but publishing reads it. */
const photo = (background: string) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .jpeg()
    .toBuffer();

beforeAll(() => {
  mkdirSync(dir);
  newGallery(setup, { id: 'mia-2026-12', title: 'Mia, December 2026', password: '' });
  for (const [from, to] of [
    ['private-01.jpg', 'IMG_0001.jpg'],
    ['private-02.jpg', 'IMG_0002.jpg'],
    ['private-03.jpg', 'IMG_0003.jpg'],
  ] as const) {
    cpSync(resolve('content/private/preview', from), join(gallery, to));
  }
  writeFileSync(
    join(gallery, 'gallery.yaml'),
    [
      'title: Mia, December 2026',
      '# My note: the window set first.',
      'photos:',
      '  - file: IMG_0001.jpg',
      '    alt: By the window',
      '  - file: IMG_0002.jpg',
      '  - file: IMG_0003.jpg',
      '    alt: On the stairs',
      '',
    ].join('\n'),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a gallery's photos changed in place", () => {
  it('adds photos to a published gallery from her folder and by their bytes; its card then says changed since', async () => {
    await published();
    const hers = join(root, 'from-her-camera');
    mkdirSync(hers);
    writeFileSync(join(hers, 'IMG_0004.jpg'), await photo('#c9a08a'));
    const copied = await post('/api/galleries/folder', { id: 'mia-2026-12', from: hers });
    expect([copied.status, copied.json.copied]).toEqual([200, ['IMG_0004.jpg']]);
    expect(existsSync(join(hers, 'IMG_0004.jpg'))).toBe(true);
    expect(stateNow()).toEqual({
      kind: 'changed',
      text: `Changed since it was published on ${today()}`,
      waiting: ['your changes to its photos, settings or password'],
    });

    await published();
    const bytes = await photo('#8a6f5c');
    const added = await (routes.posts['/api/galleries/photo'] as RawPost).raw(bytes, {
      'x-gallery': 'mia-2026-12',
      'x-file-name': 'IMG_0005.jpg',
    });
    expect([added.status, added.json]).toEqual([200, { file: 'IMG_0005.jpg' }]);
    expect(names()).toEqual(['IMG_0001.jpg', 'IMG_0002.jpg', 'IMG_0003.jpg', 'IMG_0004.jpg', 'IMG_0005.jpg']);
    expect(stateNow()?.kind).toBe('changed');
  }, 60_000);

  it('takes a photo out into removed-photos on her computer, its bytes kept whole, and its line out of gallery.yaml', async () => {
    await published();
    const before = readFileSync(join(gallery, 'IMG_0002.jpg'));
    const shared = (await post('/api/share', { id: 'mia-2026-12', photos: ['2'] })) as { json: { link?: string } };
    const code = shared.json.link!.split('#access=')[1]!.slice(0, 8);
    const removed = await post('/api/galleries/remove-photo', { id: 'mia-2026-12', file: 'IMG_0002.jpg' });
    const keptIn = join(dir, REMOVED_FOLDER, 'mia-2026-12');
    expect(removed).toEqual({
      status: 200,
      json: {
        kept: join(keptIn, 'IMG_0002.jpg'),
        message: `IMG_0002.jpg is out of the gallery, kept on your computer in ${keptIn}. Publish for her to see the change.`,
        warnings: [
          `Its partner link ${code}… shows IMG_0002.jpg: withdraw that link, or put the photo back, or publishing keeps this gallery as it was last published.`,
        ],
      },
    });
    await post('/api/share', { id: 'mia-2026-12', withdraw: code });
    expect(readFileSync(join(keptIn, 'IMG_0002.jpg'))).toEqual(before);
    expect(existsSync(join(gallery, 'IMG_0002.jpg'))).toBe(false);
    expect(names()).toEqual(['IMG_0001.jpg', 'IMG_0003.jpg', 'IMG_0004.jpg', 'IMG_0005.jpg']);
    const yaml = readFileSync(join(gallery, 'gallery.yaml'), 'utf8');
    expect(yaml).not.toContain('IMG_0002.jpg');
    expect(yaml).toContain('# My note: the window set first.');
    expect(stateNow()?.kind).toBe('changed');
    // A second photo of that name taken out later is kept beside the first, never over it.
    cpSync(join(keptIn, 'IMG_0002.jpg'), join(gallery, 'IMG_0002.jpg'));
    await post('/api/galleries/remove-photo', { id: 'mia-2026-12', file: 'IMG_0002.jpg' });
    expect(readFileSync(join(keptIn, 'IMG_0002-2.jpg'))).toEqual(before);
    expect(readFileSync(join(keptIn, 'IMG_0002.jpg'))).toEqual(before);
  }, 60_000);

  it('refuses to take out a file that is not one of its photos, with one sentence and nothing moved', async () => {
    for (const file of ['gallery.yaml', '../passwords.env', 'IMG_0002.jpg']) {
      expect(await post('/api/galleries/remove-photo', { id: 'mia-2026-12', file })).toEqual({
        status: 400,
        json: { message: `${file} is not in mia-2026-12 any more: reload the page to see its photos.` },
      });
    }
    expect(existsSync(join(gallery, 'gallery.yaml'))).toBe(true);
    expect(existsSync(join(dir, 'passwords.env'))).toBe(true);
  });

  it('makes the photo she chooses the cover: first in gallery.yaml, the card’s cover, descriptions kept', async () => {
    await published();
    const chosen = await post('/api/galleries/cover', { id: 'mia-2026-12', file: 'IMG_0003.jpg' });
    expect(chosen).toEqual({
      status: 200,
      json: { message: 'IMG_0003.jpg is the cover: her gallery opens on it. Publish for her to see the change.' },
    });
    const read = readGallery(gallery);
    expect(read.photos.map((one) => [one.path.slice(gallery.length + 1), one.alt])).toEqual([
      ['IMG_0003.jpg', 'On the stairs'],
      ['IMG_0001.jpg', 'By the window'],
      ['IMG_0004.jpg', 'Photograph 3 of your gallery'],
      ['IMG_0005.jpg', 'Photograph 4 of your gallery'],
    ]);
    const photos = new PhotoIds();
    const card = galleriesAtAGlance(setup, photos).find((one) => one.id === 'mia-2026-12')!;
    expect(card.cover).toBe(photos.idOf(join(gallery, 'IMG_0003.jpg')));
    expect(galleryDetail(setup, 'mia-2026-12', photos, 'https://studio.example')!.cover).toBe('IMG_0003.jpg');
    expect(card.state?.kind).toBe('changed');
    expect(readFileSync(join(gallery, 'gallery.yaml'), 'utf8')).toContain('# My note: the window set first.');
    expect(await post('/api/galleries/cover', { id: 'mia-2026-12', file: 'IMG_0002.jpg' })).toEqual({
      status: 400,
      json: { message: 'IMG_0002.jpg is not in mia-2026-12 any more: reload the page to see its photos.' },
    });
  }, 60_000);
});

/** Today as publishing records it (UTC), the day a card names. */
const today = () => new Date().toISOString().slice(0, 10);

describe('her settings for a new gallery', () => {
  it('keeps them in her galleries folder and fills the new-gallery form with them, its last day counted from today', async () => {
    expect(setup.defaults).toEqual({
      downloads: 'web',
      included: null,
      extraPhotoPrice: null,
      strict: false,
      daysOpen: null,
    });
    const saved = await post('/api/galleries/defaults', {
      downloads: 'full',
      included: '20',
      extraPhotoPrice: '$40',
      limit: 'strict',
      daysOpen: '30',
    });
    expect([saved.status, saved.json.message]).toEqual([200, 'Saved: a new gallery starts with these settings.']);
    expect(JSON.parse(readFileSync(join(dir, DEFAULTS_FILE), 'utf8'))).toEqual({
      downloads: 'full',
      included: 20,
      extraPhotoPrice: '$40',
      strict: true,
      daysOpen: 30,
    });
    expect(newGalleryPrefill(setup.defaults, '2026-12-04')).toEqual({
      downloads: 'full',
      included: '20',
      extraPhotoPrice: '$40',
      limit: 'strict',
      expires: '2027-01-03',
    });
    // No package: its price and limit go with it; no days open: no last day.
    await post('/api/galleries/defaults', { downloads: 'none', included: '', extraPhotoPrice: '$40', limit: 'strict' });
    expect(newGalleryPrefill(setup.defaults, '2026-12-04')).toEqual({
      downloads: 'none',
      included: '',
      extraPhotoPrice: '',
      limit: '',
      expires: '',
    });
  });

  it('refuses her settings before her galleries folder is made: nothing written, in the project or elsewhere', async () => {
    const missing = join(root, 'not-made-yet');
    const early = await deskSetup({ local: true, env: { PRIVATE_GALLERY_DIR: missing }, target: () => memoryTarget() });
    const earlyRoutes = deskRoutes({ setup: early, token: 't'.repeat(43) });
    const answer = await (earlyRoutes.posts['/api/galleries/defaults'] as JsonPost)({
      downloads: 'full',
      daysOpen: '30',
    });
    expect([answer.status, answer.json]).toEqual([
      400,
      {
        message:
          'Your galleries folder is not made yet: press "Make my galleries folder" on Galleries first, so her photos and password stay outside your website.',
      },
    ]);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join('content', 'private', DEFAULTS_FILE))).toBe(false);
  });

  it('refuses a wrong setting with its sentence and keeps the ones she saved', async () => {
    await post('/api/galleries/defaults', { downloads: 'web', included: '10', daysOpen: '14' });
    const kept = readFileSync(join(dir, DEFAULTS_FILE), 'utf8');
    const refusals: [Record<string, unknown>, string][] = [
      [{ daysOpen: '0' }, 'The days open are a whole number from 1 to 3650, e.g. 30, or empty for no last day.'],
      [{ daysOpen: '2.5' }, 'The days open are a whole number from 1 to 3650, e.g. 30, or empty for no last day.'],
      [{ included: '-3' }, 'The photos included are a whole number, at least 1, e.g. 25.'],
      [{ downloads: 'originals' }, 'Downloads are none, web-size or full-size.'],
      [
        { included: '5', extraPhotoPrice: '$35\u202e' },
        'Write the price of an extra photo as her page shows it, e.g. $35.',
      ],
    ];
    for (const [fields, message] of refusals) {
      expect(await post('/api/galleries/defaults', fields)).toEqual({ status: 400, json: { message } });
    }
    expect(readFileSync(join(dir, DEFAULTS_FILE), 'utf8')).toBe(kept);
    expect(setup.defaults).toMatchObject({ included: 10, daysOpen: 14 });
    // A file of hers the desk cannot read leaves the plain settings, never a broken form.
    writeFileSync(join(dir, DEFAULTS_FILE), '{ "daysOpen": "soon" ');
    expect(setup.defaults.daysOpen).toBeNull();
  });
});
