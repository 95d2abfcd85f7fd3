// One gallery on the desk: her invitation, partner links made by tapping photos, closing it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { yesterday } from '../../private-gallery/publish/close.ts';
import { closeOne, deskSetup, galleriesAtAGlance, galleryDetail, PhotoIds, publishAll } from './actions.ts';
import { deskRoutes } from './routes.ts';
import { startDesk, TOKEN_HEADER } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-gallery-'));
const dir = join(root, 'galleries');
const SITE = 'https://studio.example';
const PASSWORD = 'quiet harbour lantern mosaic 7';
// Her desk as she starts it (npm run desk: the bucket on Cloudflare), a bucket in memory here.
const target = memoryTarget('the bucket "coastlight-galleries" on Cloudflare');
const setup = await deskSetup({
  local: false,
  env: { PRIVATE_GALLERY_DIR: dir, PRIVATE_GALLERY_PASSWORD_IVY_2026_10: PASSWORD },
  target: () => target,
});
let desk: Awaited<ReturnType<typeof startDesk>>;
let cookie = '';
let origin = '';

const change = async (path: string, body: unknown) => {
  const answer = await fetch(`${origin}${desk.session.path.slice(0, -1)}${path}`, {
    method: 'POST',
    headers: { cookie, origin, [TOKEN_HEADER]: desk.token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, json: await answer.json() };
};
const pageOf = async () => {
  const list = await (await fetch(`${origin}${desk.session.path}`, { headers: { cookie } })).text();
  const href = /href="(\/[^"]+\/gallery\/[^"]+)">Ivy, October 2026</.exec(list)![1]!;
  return (await fetch(`${origin}${href}`, { headers: { cookie } })).text();
};

beforeAll(async () => {
  const folder = join(dir, 'ivy-2026-10');
  mkdirSync(folder, { recursive: true });
  for (const photo of ['private-01.jpg', 'private-02.jpg', 'private-03.jpg']) {
    cpSync(resolve('content/private/preview', photo), join(folder, photo));
  }
  writeFileSync(join(folder, 'gallery.yaml'), 'title: Ivy, October 2026\nexpires: 2099-12-24\nincluded: 2\n');
  desk = await startDesk({
    token: 'w'.repeat(43),
    routes: deskRoutes({ setup, token: 'w'.repeat(43), siteUrl: SITE }),
  });
  origin = `http://127.0.0.1:${desk.port}`;
  cookie = desk.session.cookie;
});
afterAll(async () => {
  await desk.close();
  rmSync(root, { recursive: true, force: true });
});

describe('one gallery on the desk', () => {
  it('gives the invitation ready to paste, saying it opens nothing until the gallery is published', async () => {
    const before = await pageOf();
    expect(before).toContain('<p class="state state-never">Never published</p>');
    expect(before).toContain('<p class="note">Not published yet: this invitation opens nothing until you publish.</p>');
    expect((await publishAll(setup)).ok).toBe(true);
    const detail = galleryDetail(setup, 'ivy-2026-10', new PhotoIds(), SITE)!;
    expect(detail.links).toEqual([
      expect.stringMatching(/^https:\/\/studio\.example\/[a-z-]+\/?#access=[A-Za-z0-9_-]{43}$/),
    ]);
    // The invitation and her password as two texts: a link and its password travel best apart.
    expect(detail.invitation).toBe(
      [
        'Hello,',
        '',
        'Your gallery from Coastlight Boudoir is ready. This link opens it on any device; please keep it to yourself:',
        detail.links[0],
        '',
        "Your gallery's name is ivy-2026-10. I will send your password in a separate message.",
        'It is open until the end of December 24, 2099.',
        '',
        'With warm wishes,',
        'Coastlight Boudoir',
      ].join('\n'),
    );
    expect(detail.invitation).not.toContain(PASSWORD);
    expect(detail.passwordText).toBe(`The password for your gallery ivy-2026-10: ${PASSWORD}`);
    const page = await pageOf();
    expect(page).toContain('<pre class="invitation" id="invitation">Hello,');
    expect(page).toContain(
      '<button type="button" class="btn btn-quiet" data-copy="password-text">Copy password</button>',
    );
    expect(page).toContain('<button type="button" class="btn" data-copy="invitation">Copy invitation</button>');
    expect(page).not.toContain('Not published yet');
    expect(page).toContain(
      `<p class="state state-published">Published on ${new Date().toISOString().slice(0, 10)}</p>`,
    );
  });

  it("makes a partner link of the photos tapped, with the command's answer, lists it, and withdraws it", async () => {
    const page = await pageOf();
    expect(page.match(/<input [^>]*type="checkbox" id="photo-\d" name="photos" value="\d"\/>/g)).toHaveLength(3);
    const none = await change('/api/share', { id: 'ivy-2026-10', photos: [] });
    expect(none).toEqual({
      status: 400,
      json: {
        ok: false,
        message: 'Nothing was changed: a partner link needs at least one photo, e.g. --photos 3,7,12',
      },
    });
    const made = await change('/api/share', { id: 'ivy-2026-10', photos: ['1', '3'], expires: '2099-12-20' });
    expect(made.status).toBe(200);
    expect(made.json.link).toMatch(/^https:\/\/studio\.example\/[a-z-]+\/?#access=[A-Za-z0-9_-]{43}$/);
    expect(made.json.message).toBe(
      [
        'Partner link for Ivy, October 2026, photos 1, 3 (private-01.jpg, private-03.jpg), open until the end of 2099-12-20 (midnight, America/New_York time):',
        `  ${made.json.link}`,
        'Publish again for it to open. It shows only those photos, for viewing; her own access is untouched.',
      ].join('\n'),
    );
    expect(readFileSync(join(dir, 'passwords.env'), 'utf8')).toMatch(
      /^PRIVATE_GALLERY_SHARES_IVY_2026_10=.+:2099-12-20:private-01\.jpg\/private-03\.jpg$/m,
    );
    const code = made.json.link.split('#access=')[1].slice(0, 8);
    expect(await pageOf()).toContain(`<code id="share-${code}">${made.json.link}</code>`);
    const withdrawn = await change('/api/share', { id: 'ivy-2026-10', withdraw: code });
    expect(withdrawn.json.message).toBe(
      'Withdrawn. Publish again: that link then opens nothing; Ivy, October 2026 is otherwise unchanged.',
    );
    expect(await pageOf()).not.toContain(`share-${code}`);
  });

  it("closes the gallery with the command's sentence: its gallery.yaml ends yesterday and the card says closed", async () => {
    const page = await pageOf();
    expect(page).toContain('This cannot be taken back: her photos are deleted from your website now');
    const unknown = await closeOne(setup, 'nobody-here');
    expect(unknown.message).toBe(
      `No gallery named "nobody-here" in ${dir} and content/private/: "npm run galleries -- close <folder name>".`,
    );
    const closed = await change('/api/close', { id: 'ivy-2026-10' });
    expect(closed.status).toBe(200);
    expect(closed.json.message).toMatch(
      new RegExp(
        `^Closed "ivy-2026-10" on your website: \\d+ old files deleted\\. Her next visit, her link and a device that remembered her show "This gallery has closed"\\. Its gallery\\.yaml says expires: ${yesterday()}, so publishing again keeps it closed\\.$`,
      ),
    );
    expect(readFileSync(join(dir, 'ivy-2026-10', 'gallery.yaml'), 'utf8')).toContain(
      `expires: ${yesterday()} # closed with "npm run galleries -- close"`,
    );
    const card = galleriesAtAGlance(setup, new PhotoIds()).find((one) => one.id === 'ivy-2026-10')!;
    expect(card.state).toEqual({ kind: 'closed', text: `Closed since the end of ${yesterday()}` });
    expect(await pageOf()).toContain('<p>This gallery has closed: there is nothing to send.</p>');
  });
});

describe('her password, judged on its page before she publishes', () => {
  it('says beside the field that changes it that the next publish will refuse a guessable one, and nothing of a strong one', async () => {
    const { galleryPage, markup } = await import('../pages/index.tsx');
    // A gallery of its own (the one above is closed by now), never published.
    const folder = join(dir, 'lea-2026-12');
    mkdirSync(folder, { recursive: true });
    cpSync(resolve('content/private/preview/private-01.jpg'), join(folder, 'private-01.jpg'));
    writeFileSync(join(folder, 'gallery.yaml'), 'title: Lea, December 2026\nexpires: 2099-12-24\n');
    const warningOf = async (password: string) => {
      const weak = await deskSetup({
        local: false,
        env: { PRIVATE_GALLERY_DIR: dir, PRIVATE_GALLERY_PASSWORD_LEA_2026_12: password },
        target: () => memoryTarget('the bucket "coastlight-galleries" on Cloudflare'),
      });
      const detail = galleryDetail(weak, 'lea-2026-12', new PhotoIds(), SITE)!;
      const page = markup(galleryPage(detail, null, '2026-12-04'));
      const problem = /<p class="state state-held" id="password-problem">([^<]*)<\/p>/.exec(page);
      if (!problem) return null;
      // Beside the field: in her password's section, before the field that changes it.
      const at = page.indexOf(problem[0]);
      expect([
        page.lastIndexOf('id="password-title"', at) > page.lastIndexOf('<section', at),
        at < page.indexOf('id="new-password"'),
      ]).toEqual([true, true]);
      return problem[1]!.replaceAll('&#x27;', "'");
    };
    // Long enough, and made of her name, the month and the year: what an attacker tries first.
    expect(await warningOf('leadecember2026')).toBe(
      "Her password is too easy to guess (names, dates, common words and the gallery's or studio's name are tried first): the next publish will refuse it. Set a new one here.",
    );
    expect(await warningOf('lea2026dec')).toBe(
      'Her password is shorter than 12 characters: the next publish will refuse it. Set a new one here.',
    );
    expect(await warningOf(PASSWORD)).toBeNull();
  });
});
