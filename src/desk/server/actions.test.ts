// The desk's close rehearsal, Remove and Unlock: the command's own code (src/private-gallery/publish/gallery-actions.ts),
// so its sentences are the command's; her photos' order and descriptions, in gallery.yaml by its
// own rules; photos copied from a folder named by its path.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { PUBLISH_LOCK } from '../../private-gallery/publish/lock.ts';
import { closeOne, deskSetup, publishAll, removable } from './actions.ts';
import { copyFolder, newGallery } from './galleries.ts';
import { readGallery } from '../../private-gallery/publish/sources.ts';
import { deskRoutes } from './routes.ts';
import { startDesk, TOKEN_HEADER } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-actions-'));
/** Each gallery's own password: this, then its id. */
const PASSWORD = 'quiet harbour lantern mosaic 7';
const CAMERA = resolve('content/private/preview/private-01.jpg');

/** A galleries folder with these galleries, each of the sample's three photos, and their passwords. */
function folder(name: string, ids: string[]) {
  const dir = join(root, name);
  const env: Record<string, string> = { PRIVATE_GALLERY_DIR: dir };
  for (const id of ids) {
    mkdirSync(join(dir, id), { recursive: true });
    for (const photo of ['private-01.jpg', 'private-02.jpg', 'private-03.jpg']) {
      cpSync(resolve('content/private/preview', photo), join(dir, id, photo));
    }
    writeFileSync(join(dir, id, 'gallery.yaml'), `title: ${id}\nexpires: 2099-12-24\n`);
    env[`PRIVATE_GALLERY_PASSWORD_${id.toUpperCase().replaceAll('-', '_')}`] = `${PASSWORD} ${id}`;
  }
  return { dir, env };
}

/** A desk over `setup`, and a way to ask it for a page or a change, as its own page does. */
async function deskOver(setup: Awaited<ReturnType<typeof deskSetup>>) {
  const token = 'v'.repeat(43);
  const desk = await startDesk({ token, routes: deskRoutes({ setup, token }) });
  const origin = `http://127.0.0.1:${desk.port}`;
  // The cookie a browser that opened it sends, and its addresses, under its secret path.
  const { cookie, path: under } = desk.session;
  const base = `${origin}${under.slice(0, -1)}`;
  return {
    desk,
    page: async (path = '/') => (await fetch(`${base}${path}`, { headers: { cookie } })).text(),
    status: async () =>
      (await fetch(`${base}/api/status`, { headers: { cookie, [TOKEN_HEADER]: token } })).json() as Promise<{
        locked: boolean | null;
      }>,
    change: async (path: string, body: unknown) => {
      const answer = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie, origin, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await answer.text();
      const json = answer.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null;
      return { status: answer.status, text, json };
    },
  };
}

beforeAll(() => mkdirSync(root, { recursive: true }));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the desk changes her galleries as the command and gallery.yaml do', () => {
  it("with the local preview, closing is the command's rehearsal: her gallery.yaml unchanged, the dialog says so", async () => {
    const { dir, env } = folder('rehearsal', ['ivy-2026-10']);
    const target = memoryTarget();
    const setup = await deskSetup({ local: true, env, target: () => target });
    expect((await publishAll(setup)).ok).toBe(true);
    const yaml = readFileSync(join(dir, 'ivy-2026-10', 'gallery.yaml'), 'utf8');
    const { desk, page } = await deskOver(setup);
    try {
      const list = await page();
      const gallery = await page(/href="\/[\w-]{22}(\/gallery\/[^"]+)">ivy-2026-10</.exec(list)![1]);
      expect(gallery).toContain('This desk publishes to the local preview: closing here is a rehearsal.');
      expect(gallery).toContain('<button type="submit" class="btn btn-danger">Rehearse closing it</button>');
    } finally {
      await desk.close();
    }
    const closed = await closeOne(setup, 'ivy-2026-10');
    expect(closed).toMatchObject({ ok: true, rehearsal: true });
    expect(closed.message).toMatch(
      /^Rehearsal: closed "ivy-2026-10" in the local preview only \(the local bucket in test: \d+ old files deleted\); your gallery\.yaml is unchanged; run "npm run galleries -- close ivy-2026-10" without --local to close it for her\.$/,
    );
    expect(readFileSync(join(dir, 'ivy-2026-10', 'gallery.yaml'), 'utf8')).toBe(yaml);
  });

  it('removes a published gallery whose folder she took away, behind a confirmation of what she will see', async () => {
    const { dir, env } = folder('remove', ['ivy-2026-10', 'rose-2026-11']);
    const target = memoryTarget();
    const setup = await deskSetup({ local: true, env, target: () => target });
    expect((await publishAll(setup)).ok).toBe(true);
    const { desk, page, change } = await deskOver(setup);
    try {
      expect(removable(setup)).toEqual([]);
      expect(await page()).not.toContain('Galleries whose folder is gone');
      const kept = await change('/api/remove', { id: 'rose-2026-11' });
      expect([kept.status, kept.json.message]).toEqual([
        400,
        `"rose-2026-11" still has its folder in ${dir} and content/private/: move that folder out first (or close the gallery instead), then remove it.`,
      ]);
      renameSync(join(dir, 'rose-2026-11'), join(root, 'rose-moved-out'));
      const today = new Date().toISOString().slice(0, 10);
      expect(removable(setup)).toEqual([{ id: 'rose-2026-11', published: today }]);
      const list = await page();
      expect(list).toContain('<h2 id="remove-rose-2026-11-title">Remove rose-2026-11 from your website?</h2>');
      expect(list).toContain('Her password, her link and her partner links will open nothing');
      expect(list).toContain('This cannot be taken back: every file of it is deleted from your website now.');
      const before = target.objects.size;
      const removed = await change('/api/remove', { id: 'rose-2026-11' });
      expect(removed.status).toBe(200);
      expect(removed.json.message).toMatch(
        /^Removed "rose-2026-11" from the preview on this computer: \d+ files deleted; her password and links open nothing now\.$/,
      );
      expect(target.objects.size).toBeLessThan(before);
      expect(removable(setup)).toEqual([]);
      const again = await change('/api/remove', { id: 'rose-2026-11' });
      expect(again.json.message).toMatch(
        /^No gallery "rose-2026-11" in the record of what was published to the preview on this computer \(.*published\.json\).*: nothing was removed\.$/,
      );
    } finally {
      await desk.close();
    }
  });

  it("offers Unlock only when a publish's lock is left, with the command's sentence, and Unlock breaks it and publishes", async () => {
    const { env } = folder('unlock', ['ivy-2026-10']);
    const target = memoryTarget();
    const setup = await deskSetup({ local: true, env, target: () => target });
    const { desk, page, change, status } = await deskOver(setup);
    try {
      // Her first page is sent before the bucket is opened: Unlock hidden and marked for the page's
      // script, which asks api/status (late-values.test.ts); once it is open, the page says it.
      expect(await page()).toMatch(/<form class="unlock" data-unlock="" hidden="" data-late="lock">/);
      expect((await status()).locked).toBe(false);
      expect(await page()).toMatch(/<form class="unlock" data-unlock="" hidden="">/);
      const started = new Date(Date.now() - 3 * 3_600_000).toISOString();
      await target.put(PUBLISH_LOCK, JSON.stringify({ started, host: 'studio-laptop', run: 'left' }));
      expect(await page()).toMatch(/<form class="unlock" data-unlock="">/);
      const lines = (body: string) =>
        body
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line));
      const refused = lines((await change('/api/publish', {})).text).at(-1).done;
      expect(refused).toMatchObject({ ok: false, locked: true });
      expect(refused.message).toBe(
        `Nothing was published: another publish to the preview on this computer started at ${started.slice(11, 16)} UTC on ${started.slice(0, 10)} (3 hours ago) on studio-laptop and has not finished; wait for it, or, if it stopped halfway (a closed window, Ctrl-C), press Unlock on the desk to break its lock.`,
      );
      const unlocked = lines((await change('/api/publish', { unlock: true })).text).at(-1).done;
      expect(unlocked.ok).toBe(true);
      expect(unlocked.warnings).toContain(
        `The lock of the publish started at ${started.slice(11, 16)} UTC on ${started.slice(0, 10)} (3 hours ago) on studio-laptop was broken.`,
      );
      expect(target.objects.has(PUBLISH_LOCK)).toBe(false);
      expect(await page()).toMatch(/data-unlock="" hidden="">/);
    } finally {
      await desk.close();
    }
  });

  it("reorders her photos and describes them in gallery.yaml, refusing with gallery.yaml's own message", async () => {
    const { dir, env } = folder('order', ['ivy-2026-10']);
    const setup = await deskSetup({ local: true, env, target: () => memoryTarget() });
    const { desk, page, change } = await deskOver(setup);
    const file = join(dir, 'ivy-2026-10', 'gallery.yaml');
    writeFileSync(file, 'title: Ivy, October 2026\nexpires: 2099-12-24\nincluded: 2\n');
    const saved = await change('/api/photos', {
      id: 'ivy-2026-10',
      files: ['private-03.jpg', 'private-01.jpg', 'private-02.jpg'],
      alts: ['Ivy: by the window', '', '  '],
    });
    expect({ status: saved.status, json: saved.json }).toEqual({
      status: 200,
      json: { message: 'Saved in its gallery.yaml: publish for her to see the new order and descriptions.' },
    });
    expect(readFileSync(file, 'utf8')).toBe(
      'title: Ivy, October 2026\nexpires: 2099-12-24\nincluded: 2\nphotos:\n' +
        '  - file: private-03.jpg\n    alt: "Ivy: by the window"\n  - file: private-01.jpg\n  - file: private-02.jpg\n',
    );
    const gallery = readGallery(join(dir, 'ivy-2026-10'));
    expect(gallery.photos.map((photo) => [photo.path.split('/').pop(), photo.alt])).toEqual([
      ['private-03.jpg', 'Ivy: by the window'],
      ['private-01.jpg', 'Photograph 2 of your gallery'],
      ['private-02.jpg', 'Photograph 3 of your gallery'],
    ]);
    const list = await page();
    const shown = await page(/href="\/[\w-]{22}(\/gallery\/[^"]+)">Ivy, October 2026</.exec(list)![1]);
    expect(/<input id="alt-0"[^>]*>/.exec(shown)?.[0]).toContain(' value="Ivy: by the window"');

    const missing = await change('/api/photos', { id: 'ivy-2026-10', files: ['private-01.jpg'], alts: [''] });
    expect(missing.json.message).toBe(
      'The photos in its folder changed since this page was shown: reload the page and try again.',
    );
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, `${before}expire: 2099-12-01\n`);
    const slip = await change('/api/photos', {
      id: 'ivy-2026-10',
      files: ['private-01.jpg', 'private-02.jpg', 'private-03.jpg'],
      alts: ['', '', ''],
    });
    expect(slip.status).toBe(400);
    expect(slip.json.message).toContain('expire: not a field of gallery.yaml');
    expect(readFileSync(file, 'utf8')).toBe(`${before}expire: 2099-12-01\n`);
    await desk.close();
  });

  it('copies every photo of a folder named by its path, pasted in quotes or not, leaving the folder as it was', async () => {
    const { env } = folder('from-folder', []);
    mkdirSync(env.PRIVATE_GALLERY_DIR!, { recursive: true });
    const setup = await deskSetup({ local: true, env, target: () => memoryTarget() });
    newGallery(setup, { id: 'jenna-2026-10', title: 'Jenna', password: '' });
    const camera = join(root, 'camera card');
    mkdirSync(join(camera, 'edits'), { recursive: true });
    for (const name of ['DSC_0001.JPG', 'DSC_0002.jpg', 'DSC_0003.jpeg']) cpSync(CAMERA, join(camera, name));
    writeFileSync(join(camera, 'DSC_0004.heic'), 'heic');
    writeFileSync(join(camera, '.DS_Store'), '');
    const before = readdirSync(camera).sort();
    expect(copyFolder(setup, 'jenna-2026-10', `"${camera}"`)).toEqual({
      copied: ['DSC_0001.JPG', 'DSC_0002.jpg', 'DSC_0003.jpeg'],
      left: ['DSC_0004.heic: not a photo a gallery takes (JPEG, PNG, WebP or AVIF)'],
    });
    expect(readdirSync(camera).sort()).toEqual(before);
    expect(readGallery(join(setup.dir, 'jenna-2026-10')).photos).toHaveLength(3);
    expect(copyFolder(setup, 'jenna-2026-10', camera).left).toContain(
      'DSC_0001.JPG: already in jenna-2026-10, left as it was',
    );
    expect(() => copyFolder(setup, 'jenna-2026-10', join(root, 'unplugged'))).toThrow(
      `There is no folder "${join(root, 'unplugged')}" on this computer: copy its path again`,
    );
    expect(() => copyFolder(setup, 'jenna-2026-10', 'Pictures/Jenna')).toThrow(/^There is no folder "Pictures\/Jenna"/);
    expect(() => copyFolder(setup, 'jenna-2026-10', join(camera, 'edits'))).toThrow(
      `${join(camera, 'edits')} holds no photo a gallery takes: JPEG, PNG, WebP or AVIF.`,
    );
  });
});
