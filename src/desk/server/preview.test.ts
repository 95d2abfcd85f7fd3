// Her gallery as her client will see it, before she publishes (preview.ts, the desk's /preview/):
// sealed in memory from her folder, nothing published or recorded, served to the preview's frames
// only, which alone may be framed, and by the desk alone. The frames running the gallery's own code
// over it are e2e/desk.spec.ts's journey.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { deskSetup } from './actions.ts';
import { sealPreview } from './preview.ts';
import { deskRoutes } from './routes.ts';
import { DESK_CSP, startDesk } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-preview-'));
const dir = join(root, 'galleries');
const PASSWORD = 'quiet harbour lantern mosaic 7';
// Her desk as she starts it (npm run desk: her website's bucket), a bucket in memory here.
const target = memoryTarget('the bucket "coastlight-galleries" on Cloudflare');
const setup = await deskSetup({
  local: false,
  env: { PRIVATE_GALLERY_DIR: dir, PRIVATE_GALLERY_PASSWORD_IVY_2026_10: PASSWORD },
  target: () => target,
});
let desk: Awaited<ReturnType<typeof startDesk>>;
let origin = '';

const get = async (path: string, cookie = desk.session.cookie) => {
  const answer = await fetch(`${origin}${path}`, { headers: { cookie } });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
};
/** The gallery's page id on the desk, from her list of galleries. */
const pageId = async () => /\/gallery\/([\w-]+)">Ivy, October 2026</.exec((await get(desk.session.path)).text)![1]!;

beforeAll(async () => {
  const folder = join(dir, 'ivy-2026-10');
  mkdirSync(folder, { recursive: true });
  for (const photo of ['private-01.jpg', 'private-02.jpg', 'private-03.jpg']) {
    cpSync(resolve('content/private/preview', photo), join(folder, photo));
  }
  writeFileSync(join(folder, 'gallery.yaml'), 'title: Ivy, October 2026\nexpires: 2099-12-24\nincluded: 2\n');
  desk = await startDesk({ token: 'w'.repeat(43), routes: deskRoutes({ setup, token: 'w'.repeat(43) }) });
  origin = `http://127.0.0.1:${desk.port}`;
});
afterAll(async () => {
  await desk.close();
  rmSync(root, { recursive: true, force: true });
});

describe('her gallery, previewed before she publishes', () => {
  it('is sealed in memory as a publish seals it, with nothing published to her website or recorded', async () => {
    const made = await sealPreview(setup, 'ivy-2026-10');
    if ('refusal' in made) throw new Error(made.refusal);
    expect([made.gallery, made.password, made.title]).toEqual(['ivy-2026-10', PASSWORD, 'Ivy, October 2026']);
    expect(made.files.has('manifest.json')).toBe(true);
    // Her three photos, each a thumbnail, a web-size copy and more, sealed: not her files as they are.
    expect(made.files.size).toBeGreaterThan(3 * 2);
    expect([...made.files.keys()].some((name) => name.includes('private-0'))).toBe(false);
    expect(target.objects.size).toBe(0);
    expect(existsSync(join(dir, 'published.json'))).toBe(false);
    expect(await sealPreview(setup, 'nobody-2026-01')).toEqual({
      refusal: 'There is no gallery "nobody-2026-01" to preview.',
    });
  });

  it('is offered on her gallery’s page, framed at a phone’s and a computer’s width, the frames alone framable, by the desk alone', async () => {
    const page = await pageId();
    const { path } = desk.session;
    expect((await get(`${path}gallery/${page}`)).text).toContain(
      `href="${path}preview/${page}">See it as she will</a>`,
    );

    const shown = await get(`${path}preview/${page}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<h1>Ivy, October 2026, as she will see it</h1>');
    expect(shown.text.match(new RegExp(`<iframe src="${path}preview-frame/${page}"`, 'g'))).toHaveLength(2);
    expect(shown.headers.get('content-security-policy')).toBe(`${DESK_CSP}; frame-src 'self'`);
    expect(shown.headers.get('x-frame-options')).toBe('DENY');

    const frame = await get(`${path}preview-frame/${page}`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-security-policy')).toBe(
      DESK_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    );
    expect(frame.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(frame.text).toContain(`data-vault="${path}preview-vault/${page}"`);
    expect(frame.text).toContain(`data-gallery="ivy-2026-10" data-password="${PASSWORD}"`);
    expect(frame.text).toContain(`<script type="module" src="${path}assets/preview.js"></script>`);

    // Its files, as the site's /vault/ serves them: to her session only, for the preview shown.
    const manifest = await get(`${path}preview-vault/${page}/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(JSON.parse(manifest.text)).toHaveProperty('kdf');
    expect((await get(`${path}preview-vault/${page}/manifest.json`, 'other=1')).status).toBe(403);
    expect((await get(`${path}preview-vault/another/manifest.json`)).status).toBe(404);
    expect((await get(`${path}preview-frame/another`)).status).toBe(404);
    // Every other answer is framed by nothing.
    expect((await get(path)).headers.get('content-security-policy')).toBe(DESK_CSP);
  });

  it("serves the gallery's own code and the site's own stylesheet to the frames", async () => {
    const { path } = desk.session;
    const script = await get(`${path}assets/preview.js`);
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    // Its files asked for under the preview's address, read from the frame, not the site's /vault.
    expect(script.text).toContain('dataset.vault');
    const sheet = await get(`${path}assets/preview.css`);
    expect([sheet.status, sheet.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    expect(sheet.text).toContain('--color-plum-deep');
  }, 60_000);
});
