// A new gallery from the desk: gallery.yaml by the file's own rules, her password as publishing
// checks it, her photos copied in.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../private-gallery/publish/secrets.ts';
import { readGallery } from '../../private-gallery/publish/sources.ts';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { deskSetup } from './actions.ts';
import { addPhoto, newGallery } from './galleries.ts';
import { deskRoutes } from './routes.ts';
import { startDesk, TOKEN_HEADER } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-new-'));
const CAMERA = resolve('content/private/preview/private-01.jpg');

/** A desk over a galleries folder of its own. */
async function setupIn(name: string) {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return deskSetup({ local: true, env: { PRIVATE_GALLERY_DIR: dir }, target: () => memoryTarget() });
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a new gallery from the desk', () => {
  it('writes a gallery.yaml that publishing reads as the form said, and a strong password in passwords.env', async () => {
    const setup = await setupIn('made');
    const made = newGallery(setup, {
      id: 'jenna-2026-10',
      title: 'Jenna, October 2026',
      expires: '2026-12-24',
      included: '20',
      limit: 'strict',
      extraPhotoPrice: '',
      downloads: 'full',
      password: '',
    });
    expect(made).toMatchObject({ id: 'jenna-2026-10', generated: true });
    expect(made.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const gallery = readGallery(join(setup.dir, 'jenna-2026-10'));
    expect(gallery).toMatchObject({
      title: 'Jenna, October 2026',
      expires: '2026-12-24',
      downloads: 'full',
      selection: { included: 20, extraPhotoPrice: null, strict: true },
      photos: [],
    });
    expect(readEnv(root, { PRIVATE_GALLERY_DIR: setup.dir })['PRIVATE_GALLERY_PASSWORD_JENNA_2026_10']).toBe(
      made.password,
    );
  });

  it("refuses a weak password with publishing's sentence, and a wrong field with gallery.yaml's, making nothing", async () => {
    const setup = await setupIn('refused');
    const fields = { id: 'maya-2026-09', title: 'Maya', downloads: 'web' };
    expect(() => newGallery(setup, { ...fields, password: 'maya2026' })).toThrow(
      /^PRIVATE_GALLERY_PASSWORD_MAYA_2026_09 is shorter than 12 characters: choose a longer one, for example [a-z2-9-]{19}$/,
    );
    expect(() => newGallery(setup, { ...fields, password: 'maya september' })).toThrow(
      /^PRIVATE_GALLERY_PASSWORD_MAYA_2026_09 .*: choose another, for example [a-z2-9-]{19}$/,
    );
    expect(() => newGallery(setup, { ...fields, included: '0' })).toThrow(
      /included: must be at least 1, e.g. included: 25/,
    );
    expect(() => newGallery(setup, { ...fields, id: 'Maya 2026' })).toThrow(
      'The folder name uses only a-z, 0-9 and dashes, at most 64 of them, e.g. jenna-2026-10.',
    );
    expect(existsSync(join(setup.dir, 'maya-2026-09'))).toBe(false);
    expect(existsSync(join(setup.dir, 'passwords.env'))).toBe(false);
    newGallery(setup, { ...fields, password: 'quiet harbour lantern mosaic 7' });
    expect(() => newGallery(setup, { ...fields, password: 'quiet harbour lantern mosaic 7' })).toThrow(
      `There is already a gallery folder ${join(setup.dir, 'maya-2026-09')}: choose another name.`,
    );
    expect(readFileSync(join(setup.dir, 'passwords.env'), 'utf8')).toBe(
      "PRIVATE_GALLERY_PASSWORD_MAYA_2026_09='quiet harbour lantern mosaic 7'\n",
    );
  });

  it('writes a title with a colon and a #, a leading *, \' or ", or quotes and a backslash as YAML escapes them: publishing reads it back exactly', async () => {
    const setup = await setupIn('titles');
    // Each breaks a line written by hand: title: ${title} (the first three and the last), or title: "${title}" (the last two).
    const titles = [
      'Jenna: October #2',
      '*Jenna* in October',
      "'Tis Jenna's October",
      'Jenna "Jen" \\ October',
      '"Jenna" \\ October',
    ];
    for (const [index, title] of titles.entries()) {
      const id = `jenna-2026-1${index}`;
      newGallery(setup, { id, title, downloads: 'web', password: '' });
      expect(readGallery(join(setup.dir, id)).title, title).toBe(title);
    }
  });

  it('copies her photos in (the originals stay where they were), never over one already there, photos only', async () => {
    const setup = await setupIn('photos');
    newGallery(setup, { id: 'rose-2026-11', title: 'Rose', password: '' });
    const bytes = readFileSync(CAMERA);
    expect(addPhoto(setup, 'rose-2026-11', 'IMG_0412.jpg', bytes)).toBe('IMG_0412.jpg');
    expect(readFileSync(join(setup.dir, 'rose-2026-11', 'IMG_0412.jpg')).equals(bytes)).toBe(true);
    expect(existsSync(CAMERA)).toBe(true);
    expect(() => addPhoto(setup, 'rose-2026-11', 'IMG_0412.jpg', Buffer.from('other'))).toThrow(
      'IMG_0412.jpg is already in rose-2026-11: it was left as it was.',
    );
    expect(() => addPhoto(setup, 'rose-2026-11', 'notes.txt', bytes)).toThrow(
      'notes.txt is not a photo a gallery takes: JPEG, PNG, WebP or AVIF.',
    );
    expect(() => addPhoto(setup, 'rose-2026-11', '../IMG_0413.jpg', bytes)).toThrow(/is not a photo a gallery takes/);
    expect(() => addPhoto(setup, '../made', 'IMG_0413.jpg', bytes)).toThrow(
      `There is no gallery "../made" in ${setup.dir}.`,
    );
    expect(readGallery(join(setup.dir, 'rose-2026-11')).photos.map((photo) => photo.path)).toEqual([
      join(setup.dir, 'rose-2026-11', 'IMG_0412.jpg'),
    ]);
  });

  it('takes a photo over HTTP only as a POST with the token, its name in a header', async () => {
    const setup = await setupIn('http');
    newGallery(setup, { id: 'ivy-2026-08', title: 'Ivy', password: '' });
    const token = 'z'.repeat(43);
    const desk = await startDesk({ token, routes: deskRoutes({ setup, token }) });
    const origin = `http://127.0.0.1:${desk.port}`;
    const { cookie, path } = desk.session;
    const headers = {
      cookie,
      origin,
      'content-type': 'application/octet-stream',
      'x-gallery': 'ivy-2026-08',
      'x-file-name': encodeURIComponent('IMG 0001.jpg'),
    };
    try {
      const refused = await fetch(`${origin}${path}api/galleries/photo`, {
        method: 'POST',
        headers,
        body: readFileSync(CAMERA),
      });
      expect(refused.status).toBe(403);
      const sent = await fetch(`${origin}${path}api/galleries/photo`, {
        method: 'POST',
        headers: { ...headers, [TOKEN_HEADER]: token },
        body: readFileSync(CAMERA),
      });
      expect([sent.status, await sent.json()]).toEqual([200, { file: 'IMG 0001.jpg' }]);
      const page = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text();
      expect(page).toMatch(new RegExp(`<h2><a href="${path}gallery/[A-Za-z0-9_-]{22}">Ivy</a></h2>`));
      expect(page).toMatch(/<dt>Photos<\/dt>\s*<dd>1<\/dd>/);
      expect(page).toContain('Never published');
    } finally {
      await desk.close();
    }
  });
});
