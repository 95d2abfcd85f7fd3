// A gallery changed in place from its page on the desk (issue 51, item 2): its settings, its
// password, and deleting one never published; each refusal one sentence, nothing half changed.
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../private-gallery/publish/secrets.ts';
import { readGallery } from '../../private-gallery/publish/sources.ts';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { deskSetup, publishAll } from './actions.ts';
import { newGallery } from './galleries.ts';
import { deskRoutes } from './routes.ts';
import { startDesk, TOKEN_HEADER } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-change-'));
const dir = join(root, 'galleries');
const token = 'p'.repeat(43);
const now = () => new Date('2026-12-04T15:00:00Z');
let setup: Awaited<ReturnType<typeof deskSetup>>;
let desk: Awaited<ReturnType<typeof startDesk>>;
let origin: string;

/** One change as the gallery's page posts it: its status and its answer. */
async function post(action: string, body: object) {
  const response = await fetch(`${origin}${desk.session.path}api/galleries/${action}`, {
    method: 'POST',
    headers: { cookie: desk.session.cookie, origin, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { message?: string; password?: string } };
}

const passwordOf = (id: string) =>
  readEnv(root, { PRIVATE_GALLERY_DIR: dir })[`PRIVATE_GALLERY_PASSWORD_${id.toUpperCase().replace(/-/g, '_')}`];

beforeAll(async () => {
  mkdirSync(dir);
  setup = await deskSetup({ local: true, env: { PRIVATE_GALLERY_DIR: dir }, target: () => memoryTarget() });
  newGallery(setup, { id: 'nina-2026-12', title: 'Nina', password: '' });
  cpSync(resolve('content/private/preview/private-01.jpg'), join(dir, 'nina-2026-12', 'IMG_0001.jpg'));
  desk = await startDesk({ token, routes: deskRoutes({ setup, token, now }) });
  origin = `http://127.0.0.1:${desk.port}`;
});
afterAll(async () => {
  await desk.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a gallery changed in place', () => {
  it('saves its title, last day, package and downloads into gallery.yaml, keeping her photos and her own lines', async () => {
    const file = join(dir, 'nina-2026-12', 'gallery.yaml');
    appendFileSync(
      file,
      '# My note: she asked for the window light.\nphotos:\n  - file: IMG_0001.jpg\n    alt: By the window\n',
    );
    const saved = await post('settings', {
      id: 'nina-2026-12',
      title: 'Nina: December #2',
      expires: '2027-01-15',
      downloads: 'full',
      included: '10',
      extraPhotoPrice: '$35',
      limit: 'strict',
    });
    expect([saved.status, saved.json.message]).toEqual([200, 'Saved. Publish for her to see the change.']);
    expect(readGallery(join(dir, 'nina-2026-12'))).toMatchObject({
      title: 'Nina: December #2',
      expires: '2027-01-15',
      downloads: 'full',
      selection: { included: 10, extraPhotoPrice: '$35', strict: true },
      photos: [{ path: join(dir, 'nina-2026-12', 'IMG_0001.jpg'), alt: 'By the window' }],
    });
    expect(readFileSync(file, 'utf8')).toContain('# My note: she asked for the window light.');
    // No package any more: its price and limit go with it.
    await post('settings', { id: 'nina-2026-12', title: 'Nina', expires: '', downloads: 'web', included: '' });
    const plain = readGallery(join(dir, 'nina-2026-12'));
    expect([plain.title, plain.expires, plain.downloads, plain.selection]).toEqual(['Nina', null, 'web', undefined]);
  });

  it('refuses a last day moved into the past, and a wrong field, with one sentence and the file unchanged', async () => {
    const file = join(dir, 'nina-2026-12', 'gallery.yaml');
    const before = readFileSync(file, 'utf8');
    expect(await post('settings', { id: 'nina-2026-12', title: 'Nina', expires: '2026-12-03' })).toEqual({
      status: 400,
      json: { message: 'That last day has already passed: choose today or a later day, or leave it empty.' },
    });
    const wrong = await post('settings', { id: 'nina-2026-12', title: 'Nina', included: '0' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toContain(`${file}: included: must be at least 1, e.g. included: 25`);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('sets a new password, hers or one made for her, refusing a weak one with publishing’s sentence', async () => {
    const old = passwordOf('nina-2026-12');
    const weak = await post('password', { id: 'nina-2026-12', password: 'nina' });
    expect(weak.status).toBe(400);
    expect(weak.json.message).toMatch(/^Her password is shorter than 12 characters: choose a longer one, for example /);
    expect(passwordOf('nina-2026-12')).toBe(old);
    const made = await post('password', { id: 'nina-2026-12', password: '' });
    expect(made.status).toBe(200);
    expect(made.json.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(passwordOf('nina-2026-12')).toBe(made.json.password);
    expect(made.json.password).not.toBe(old);
    const file = readFileSync(join(dir, 'passwords.env'), 'utf8');
    expect(file.match(/^PRIVATE_GALLERY_PASSWORD_NINA_2026_12=/gm)).toHaveLength(1);
  });

  it('deletes a gallery never published, with its folder and password lines; a published one is refused', async () => {
    newGallery(setup, { id: 'ola-2026-12', title: 'Ola', password: '' });
    cpSync(resolve('content/private/preview/private-02.jpg'), join(dir, 'ola-2026-12', 'IMG_0002.jpg'));
    expect((await publishAll(setup)).ok).toBe(true);
    const refused = await post('delete', { id: 'ola-2026-12' });
    expect([refused.status, refused.json.message]).toEqual([
      400,
      'This gallery has been published, so it is not deleted here: close it, or take its folder away and remove it from your website.',
    ]);
    expect(existsSync(join(dir, 'ola-2026-12'))).toBe(true);
    newGallery(setup, { id: 'pia-2026-12', title: 'Pia', password: '' });
    const deleted = await post('delete', { id: 'pia-2026-12' });
    expect([deleted.status, deleted.json.message]).toEqual([
      200,
      'The gallery pia-2026-12 is deleted, with its folder and its password.',
    ]);
    expect(existsSync(join(dir, 'pia-2026-12'))).toBe(false);
    expect(readFileSync(join(dir, 'passwords.env'), 'utf8')).not.toContain('PIA_2026_12');
    expect(existsSync(join(dir, 'ola-2026-12'))).toBe(true);
  }, 120_000);
});
