// npm run desk: its options, and her galleries at a glance read by the publishing code.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGallery } from '../../src/private-gallery/publish/sources.ts';
import { formatShares, newShare, sharesVariable } from '../../src/private-gallery/publish/share.ts';
import { deskSetup, galleriesAtAGlance, PhotoIds } from '../../src/desk/server/actions.ts';

const SAMPLE = resolve('content/private/preview');
const root = mkdtempSync(join(tmpdir(), 'desk-'));
const dir = join(root, 'galleries');
const NOW = new Date('2026-11-28T12:00:00Z');
const PAST = new Date('2026-01-01T00:00:00Z');

/** A gallery folder with the sample's three photos and this gallery.yaml. */
function gallery(id: string, yaml: string, at = PAST) {
  const folder = join(dir, id);
  mkdirSync(folder, { recursive: true });
  for (const name of ['private-01.jpg', 'private-02.jpg', 'private-03.jpg'])
    cpSync(join(SAMPLE, name), join(folder, name));
  writeFileSync(join(folder, 'gallery.yaml'), yaml);
  for (const name of ['private-01.jpg', 'private-02.jpg', 'private-03.jpg', 'gallery.yaml', '.']) {
    utimesSync(join(folder, name), at, at);
  }
  return folder;
}

const env: Record<string, string> = { PRIVATE_GALLERY_DIR: dir };

beforeAll(async () => {
  gallery(
    'jenna-2026-10',
    'title: Jenna, October 2026\nexpires: 2026-12-24\nincluded: 20\nlimit: strict\ndownloads: full\n',
  );
  gallery('maya-2026-09', 'title: Maya, September 2026\nincluded: 10\nextraPhotoPrice: $35\n');
  gallery('rose-2026-11', 'title: Rose\ndownloads: none\n');
  gallery('lena-2025-05', 'title: Lena, May 2025\nexpires: 2025-06-30\n');
  const held = gallery('ivy-2026-08', 'title: Ivy, August 2026\nincluded: 5\n');
  env[sharesVariable('ivy-2026-08')] = formatShares([newShare(readGallery(held), [3])]);
  rmSync(join(held, 'private-03.jpg'));
  utimesSync(held, PAST, PAST);
  gallery('broken', 'title: Broken\nexpire: 2026-12-01\n');
  const setup = await deskSetup({ local: true, env, root: process.cwd() });
  const record = (published: string) => ({ ref: 'r', grants: [], objects: [], published });
  writeFileSync(
    join(dir, 'published.json'),
    JSON.stringify({
      version: 1,
      targets: {
        [setup.key]: {
          seed: '00000000',
          objects: [],
          galleries: {
            'jenna-2026-10': record('2026-02-01T10:00:00.000Z'),
            'maya-2026-09': record('2026-02-01T10:00:00.000Z'),
            'ivy-2026-08': record('2026-02-01T10:00:00.000Z'),
          },
        },
      },
    }),
  );
  // Maya's gallery.yaml was edited after she published.
  utimesSync(join(dir, 'maya-2026-09', 'gallery.yaml'), NOW, NOW);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('her galleries at a glance', () => {
  it('gives each gallery its title, folder, photo count, package, downloads, last day and state', async () => {
    const cards = galleriesAtAGlance(await deskSetup({ local: true, env }), new PhotoIds(), NOW);
    const byId = Object.fromEntries(cards.map((card) => [card.id, card]));
    expect(Object.keys(byId)).toEqual([
      'broken',
      'ivy-2026-08',
      'jenna-2026-10',
      'lena-2025-05',
      'maya-2026-09',
      'rose-2026-11',
      'preview',
    ]);
    expect(byId['jenna-2026-10']).toMatchObject({
      title: 'Jenna, October 2026',
      photos: 3,
      package: { kind: 'strict', text: '20 photos included, no more (strict)' },
      downloads: 'Full-size downloads (originals)',
      lastDay: '2026-12-24',
      state: { kind: 'published', text: 'Published on 2026-02-01' },
      sample: false,
    });
    expect(byId['maya-2026-09']).toMatchObject({
      package: { kind: 'priced', text: '10 photos included, more at $35 each' },
      downloads: 'Web-size downloads',
      lastDay: null,
      state: { kind: 'changed', text: 'Changed since it was published on 2026-02-01' },
    });
    expect(byId['rose-2026-11']).toMatchObject({
      package: { kind: 'favorites', text: 'Favorites, no package' },
      downloads: 'No downloads',
      state: { kind: 'never', text: 'Never published' },
    });
    expect(byId['lena-2025-05']!.state).toEqual({ kind: 'closed', text: 'Closed since the end of 2025-06-30' });
    expect(byId['ivy-2026-08']!.photos).toBe(2);
    expect(byId['ivy-2026-08']!.state.kind).toBe('held');
    expect(byId['ivy-2026-08']!.state.text).toMatch(
      /^Held as it was last published: Ivy, August 2026 \(ivy-2026-08\): its partner link .{8}… shows private-03\.jpg, which is no longer in its folder/,
    );
    expect(byId['broken']!.problem).toContain('expire: not a field of gallery.yaml');
    expect(byId['preview']).toMatchObject({ sample: true, package: { kind: 'included', text: '2 photos included' } });
  });

  it('names each cover photo by an opaque id that says nothing of the file, and serves its thumbnail by it', async () => {
    const photos = new PhotoIds();
    const cards = galleriesAtAGlance(await deskSetup({ local: true, env }), photos, NOW);
    const cover = cards.find((card) => card.id === 'jenna-2026-10')!.cover!;
    expect(cover).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cover).not.toMatch(/private|jpg|jenna/i);
    const thumb = await photos.thumbnail(cover);
    expect([...thumb!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await photos.thumbnail('private-01.jpg')).toBeNull();
    expect(new PhotoIds().idOf(join(dir, 'jenna-2026-10', 'private-01.jpg'))).not.toBe(cover);
  });
});

describe('npm run desk', () => {
  let child: ChildProcess;
  let address = '';
  const PORT = 5003;

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      ['scripts/owner/desk.ts', '--no-open', '--port', String(PORT), '--local', '--persist-to', join(root, 'state')],
      {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    address = await new Promise<string>((done, fail) => {
      let out = '';
      child.stdout!.on('data', (chunk) => {
        out += chunk;
        const found = /http:\/\/\S+/.exec(out);
        if (found) done(found[0]);
      });
      child.once('exit', (code) => fail(new Error(`desk exited ${code}: ${out}`)));
    });
  });
  afterAll(() => {
    child.kill();
  });

  it('with --no-open and --port prints its address on that port of 127.0.0.1, and the address opens her galleries', async () => {
    expect(address).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/open/[A-Za-z0-9_-]{43}$`));
    expect((await fetch(`http://127.0.0.1:${PORT}/`)).status).toBe(403);
    const opened = await fetch(address, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    const path = opened.headers.get('location')!;
    const page = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { cookie } });
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text).toContain('<h1>Your galleries</h1>');
    expect(text).toMatch(new RegExp(`<h2><a href="${path}gallery/[A-Za-z0-9_-]{22}">Jenna, October 2026</a></h2>`));
    expect(text).toContain('<p class="sample">The sample gallery</p>');
    expect(text).toContain('Publishing to the preview on this computer');
    expect(text).not.toMatch(/src="[^"]*private-0/);
    const cover = /src="(\/[^"]+\/photo\/[^"]+)"/.exec(text)![1]!;
    const photo = await fetch(`http://127.0.0.1:${PORT}${cover}`, { headers: { cookie } });
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it('refuses a --port that is not a port, saying so', async () => {
    const refused = spawn(process.execPath, ['scripts/owner/desk.ts', '--no-open', '--port', 'eighty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    refused.stderr!.on('data', (chunk) => (err += chunk));
    const code = await new Promise((done) => refused.once('exit', done));
    expect([code, err.trim()]).toEqual([1, 'desk: --port eighty is not a port: a whole number from 1 to 65535.']);
  });
});
