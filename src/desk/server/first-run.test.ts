// Her first run of the desk on a computer with no galleries folder (issue 51, item 1): one press
// makes the folder, outside the project, and no client's file is ever written inside the project.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const home = mkdtempSync(join(tmpdir(), 'desk-home-'));
// Her home folder: the default galleries folder is ~/coastlight-galleries, read when the modules load.
vi.stubEnv('HOME', home);
vi.stubEnv('PRIVATE_GALLERY_DIR', '');
const { memoryTarget } = await import('../../private-gallery/publish/fixtures/memory-target.ts');
const { liveDeskSetup } = await import('./actions.ts');
const { deskRoutes } = await import('./routes.ts');
const { startDesk, TOKEN_HEADER } = await import('./server.ts');

/**
 * A copy of the project as a fresh clone has it (its wrangler.toml and the sample gallery): the desk
 * reads the sample's secrets there, and writing them into the real tree's content/private/ would
 * change what later tests' servers read.
 */
const project = mkdtempSync(join(tmpdir(), 'desk-project-'));
cpSync('wrangler.toml', join(project, 'wrangler.toml'));
cpSync('content/settings.yaml', join(project, 'content', 'settings.yaml'));
cpSync(resolve('content/private/preview'), join(project, 'content', 'private', 'preview'), { recursive: true });
const PROJECT_PRIVATE = join(project, 'content', 'private');
/**
 * Whatever of Lea's is in the project's content/private/: her folder, and her password's line in
 * its passwords file (other tests' runs write the sample's own lines there meanwhile).
 */
function leaInProject(): string[] {
  const passwords = join(PROJECT_PRIVATE, 'passwords.env');
  return [
    ...(existsSync(join(PROJECT_PRIVATE, 'lea-2026-12')) ? ['her folder'] : []),
    ...(existsSync(passwords) && readFileSync(passwords, 'utf8').includes('LEA_2026_12') ? ['her password'] : []),
  ];
}

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(home, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

describe('the desk on a computer with no galleries folder yet', () => {
  it('offers one press to make the folder, refuses to make a gallery inside the project, then makes it in her folder without a restart', async () => {
    const folder = join(home, 'coastlight-galleries');
    const target = memoryTarget();
    const setup = liveDeskSetup({ local: true, root: project, env: { HOME: home }, target: () => target });
    const token = 'f'.repeat(43);
    const desk = await startDesk({ token, routes: deskRoutes({ setup, token }) });
    const origin = `http://127.0.0.1:${desk.port}`;
    const { cookie, path } = desk.session;
    const post = async (action: string, body: object) => {
      const response = await fetch(`${origin}${path}api/${action}`, {
        method: 'POST',
        headers: { cookie, origin, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return [response.status, ((await response.json()) as { message?: string }).message];
    };
    const lea = { id: 'lea-2026-12', title: 'Lea, December', password: '' };
    try {
      const first = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text();
      expect(first).toContain('<button type="submit" class="btn">Make my galleries folder</button>');
      expect(first).toContain(`<code>${folder}</code>, outside your website&#x27;s files`);
      for (const word of ['PRIVATE_GALLERY_DIR', 'bucket', '.wrangler']) expect(first).not.toContain(word);

      expect(await post('galleries/new', lea)).toEqual([
        400,
        'Your galleries folder is not made yet: press "Make my galleries folder" on Galleries first, so her photos and password stay outside your website.',
      ]);
      expect(leaInProject()).toEqual([]);

      expect(await post('galleries/make-folder', {})).toEqual([
        200,
        `Your galleries folder is made: ${folder}. New galleries go there.`,
      ]);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect((await post('galleries/new', lea))[0]).toBe(200);
      expect(readdirSync(folder).sort()).toEqual(['lea-2026-12', 'passwords.env']);
      // Seen at once, without a restart: her gallery on Galleries, and the offer gone.
      const after = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text();
      expect(after).toContain('Lea, December');
      expect(after).not.toContain('Make my galleries folder');
      expect(leaInProject()).toEqual([]);
    } finally {
      await desk.close();
    }
  });

  it('never makes the galleries folder inside the project', async () => {
    const inside = join(resolve('.'), 'my-galleries');
    const setup = liveDeskSetup({
      local: true,
      env: { HOME: home, PRIVATE_GALLERY_DIR: inside },
      target: () => memoryTarget(),
    });
    const { makeGalleriesFolder } = await import('./actions.ts');
    expect(makeGalleriesFolder(await setup())).toEqual({
      ok: false,
      message: `${inside} is inside your website's project: choose a folder outside it.`,
    });
    expect(existsSync(inside)).toBe(false);
    mkdirSync(join(home, 'unused'), { recursive: true });
  });
});

describe('a new gallery is checked whole before anything is made', () => {
  it('a mistyped photo folder and a last day already past are refused, nothing is made, and the retry works', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'desk-checks-'));
    const photos = join(folder, 'from-camera');
    mkdirSync(photos);
    const setup = liveDeskSetup({
      local: true,
      env: { HOME: home, PRIVATE_GALLERY_DIR: join(folder, 'galleries') },
      target: () => memoryTarget(),
    });
    mkdirSync(join(folder, 'galleries'));
    const now = () => new Date('2026-12-04T15:00:00Z');
    const token = 'c'.repeat(43);
    const desk = await startDesk({ token, routes: deskRoutes({ setup, token, now }) });
    const origin = `http://127.0.0.1:${desk.port}`;
    const { cookie, path } = desk.session;
    const post = async (body: object) => {
      const response = await fetch(`${origin}${path}api/galleries/new`, {
        method: 'POST',
        headers: { cookie, origin, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { message?: string; field?: string; suggestion?: string };
      return [response.status, json.message, json.field, json.suggestion];
    };
    const rose = { id: 'rose-2026-12', title: 'Rose', password: '' };
    try {
      expect(await post({ ...rose, from: `${photos}-typo` })).toEqual([
        400,
        `There is no folder "${photos}-typo" on this computer: copy its path again (on a Mac, hold Option in the Finder's Edit menu for "Copy as Pathname"; on Windows, hold Shift, right-click the folder and choose "Copy as path").`,
        'from',
        undefined,
      ]);
      expect(await post({ ...rose, expires: '2026-12-03' })).toEqual([
        400,
        'That last day has already passed: choose today or a later day, or leave it empty.',
        'expires',
        undefined,
      ]);
      // A weak password: refused beside its field, with a strong one she may use instead, which is taken.
      const [status, message, field, suggestion] = await post({ ...rose, password: 'rose2026' });
      expect([status, field]).toEqual([400, 'password']);
      expect(suggestion).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(message).toBe(
        `Her password is shorter than 12 characters: choose a longer one, for example ${suggestion}`,
      );
      expect(readdirSync(join(folder, 'galleries'))).toEqual([]);
      expect(await post({ ...rose, id: 'rose-2026-12-b', password: suggestion })).toEqual([
        200,
        undefined,
        undefined,
        undefined,
      ]);
      expect(readdirSync(join(folder, 'galleries')).sort()).toEqual(['passwords.env', 'rose-2026-12-b']);
      // Today is still hers: the gallery closes at the end of its last day.
      expect((await post({ ...rose, from: photos, expires: '2026-12-04' }))[0]).toBe(200);
      const form = await (await fetch(`${origin}${path}new`, { headers: { cookie } })).text();
      const expires = /<input id="expires"[^>]*>/.exec(form)?.[0] ?? '';
      expect(expires).toContain(' type="date" min="2026-12-04" ');
      expect(expires).toContain(' value=""');
    } finally {
      await desk.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
