// Her clients' selections on the desk: read by the inbox command's code, Done deletes as --done does.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, toBase64Url } from '../../private-gallery/format/encodings.ts';
import {
  newStudioKey,
  sealInboxMessage,
  studioPublicKey,
  type InboxMessage,
} from '../../private-gallery/format/inbox.ts';
import { galleryRef } from '../../private-gallery/format/seal.ts';
import { encodePicks } from '../../private-gallery/format/picks.ts';
import { INBOX_KEY_VARIABLE, inboxTag } from '../../private-gallery/publish/inbox.ts';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { deskSetup, inboxMessages, PhotoIds } from './actions.ts';
import { deskRoutes } from './routes.ts';
import { startDesk, TOKEN_HEADER } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-inbox-'));
const seed = randomBytes(32);
const studio = await newStudioKey();
const other = await newStudioKey();
const tag = inboxTag(seed, galleryRef(seed, 'ivy-2026-10'));
const env = { PRIVATE_GALLERY_DIR: root, PRIVATE_GALLERY_SEED: toBase64Url(seed), [INBOX_KEY_VARIABLE]: studio };
/** The site's own address: the desk's links are made on it. */
const SITE = 'https://studio.example';
const OLDER = `aaaa1111${'0'.repeat(24)}`;
const NEWER = `bbbb2222${'0'.repeat(24)}`;
const SEALED_ELSEWHERE = `cccc3333${'0'.repeat(24)}`;

const message = (sentAt: string, picks: InboxMessage['picks']): InboxMessage => ({
  v: 1,
  title: 'Ivy, October',
  gallery: galleryRef(seed, 'ivy-2026-10'),
  sentAt,
  included: 3,
  picks,
  lightroom: picks.map((pick) => pick.file).join(' '),
  link: 'https://example.com/private-gallery#picks=1.4',
  text: '…',
});

async function store(target: ReturnType<typeof memoryTarget>, day: string, id: string, m: InboxMessage, key = studio) {
  const envelope = await sealInboxMessage(m, await studioPublicKey(key));
  await target.put(`inbox/${tag}/${day}/${id}.json`, JSON.stringify(envelope));
}

async function filled() {
  const target = memoryTarget();
  await store(
    target,
    '2026-11-26',
    OLDER,
    message('2026-11-26T09:00:00.000Z', [{ number: 2, file: 'IMG_0002.jpg', note: '' }]),
  );
  await store(
    target,
    '2026-11-27',
    NEWER,
    message('2026-11-27T10:30:00.000Z', [
      { number: 1, file: 'IMG_0001.jpg', note: 'for the wall <b>big</b>' },
      { number: 4, file: 'IMG_0004.jpg', note: '' },
    ]),
  );
  await store(target, '2026-11-25', SEALED_ELSEWHERE, message('2026-11-25T09:00:00.000Z', []), other);
  return target;
}

beforeAll(() => {
  const folder = join(root, 'ivy-2026-10');
  mkdirSync(folder);
  writeFileSync(join(folder, 'gallery.yaml'), 'title: Ivy, October\nincluded: 3\n');
  for (const [from, to] of [
    ['private-01.jpg', 'IMG_0001.jpg'],
    ['private-02.jpg', 'IMG_0002.jpg'],
  ] as const) {
    cpSync(resolve('content/private/preview', from), join(folder, to));
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("her clients' selections on the desk", () => {
  it('lists each selection newest first with her folder name, her picks as thumbnails from the folder and her notes', async () => {
    const target = await filled();
    const { messages, problem } = await inboxMessages(
      await deskSetup({ local: true, env, target: () => target }),
      new PhotoIds(),
      SITE,
    );
    expect(problem).toBeNull();
    expect(messages.map((m) => [m.gallery, m.day, m.short])).toEqual([
      ['ivy-2026-10', '2026-11-27', 'bbbb2222'],
      ['ivy-2026-10', '2026-11-26', 'aaaa1111'],
      ['ivy-2026-10', '2026-11-25', 'cccc3333'],
    ]);
    /** A selection as the page shows it (the one that does not open has only its id, gallery and day). */
    type Shown = {
      title: string;
      link: string;
      picks: { thumb: string | null; file: string | null; note: string }[];
    };
    const newest = messages[0] as unknown as Shown;
    const sealedElsewhere = messages[2];
    expect(newest).toMatchObject({ title: 'Ivy, October', included: 3, counted: 1, lightroom: 'IMG_0001' });
    // Her link is made from the site's address and her checked picks, never taken from her message.
    expect(newest.link).toBe(`${SITE}/private-gallery#picks=${encodePicks(galleryRef(seed, 'ivy-2026-10'), [1])}`);
    expect(newest.picks.map((p) => [p.file, p.note])).toEqual([
      ['IMG_0001.jpg', 'for the wall <b>big</b>'],
      [null, ''],
    ]);
    // Photo 4 is not in her gallery: a photo this gallery does not have, no thumbnail, never a broken one.
    expect(newest.picks[0]!.thumb).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newest.picks[1]!.thumb).toBeNull();
    expect(sealedElsewhere).toMatchObject({ kind: 'other-key' });
  });

  it("says nothing waits before her first publish, and the command's sentence when the studio key is gone after one", async () => {
    // A project of its own: the tree's content/private/passwords.env (npm start's) would hold a key.
    const setup = await deskSetup({
      local: true,
      root: projectCopy(),
      env: { PRIVATE_GALLERY_DIR: root },
      target: () => memoryTarget(),
    });
    // Never published: no key yet, and nothing could have sent her a selection.
    expect(await inboxMessages(setup, new PhotoIds(), SITE)).toEqual({ messages: [], problem: null });
    // Published before (her record names a gallery there), and the key is not in her passwords.env.
    writeFileSync(
      join(root, 'published.json'),
      JSON.stringify({ version: 1, targets: { [setup.key]: { galleries: { 'ivy-2026-10': {} } } } }),
    );
    try {
      const { messages, problem } = await inboxMessages(setup, new PhotoIds(), SITE);
      expect(messages).toEqual([]);
      expect(problem).toBe(
        `There is no studio key (${INBOX_KEY_VARIABLE}) in ${join(root, 'passwords.env')}: put back the passwords.env from your backup; a first publish makes one, but it cannot open selections sent to the old one.`,
      );
    } finally {
      rmSync(join(root, 'published.json'), { force: true });
    }
  });

  it('shows the badges apart, Done files one selection away on her computer, and Undo puts it back', async () => {
    const target = await filled();
    const setup = await deskSetup({ local: true, env, target: () => target });
    const token = 'x'.repeat(43);
    const desk = await startDesk({ token, routes: deskRoutes({ setup, token, siteUrl: SITE }) });
    const origin = `http://127.0.0.1:${desk.port}`;
    const { cookie, path } = desk.session;
    try {
      const page = await (await fetch(`${origin}${path}inbox`, { headers: { cookie } })).text();
      expect(page).toContain('<span class="badge">2</span><span class="visually-hidden"> waiting</span>');
      expect(page).toContain(
        '<span class="badge badge-quiet">1<span class="visually-hidden"> unreadable</span></span>',
      );
      expect(page).toMatch(/2 selections are waiting, and 1 message is unreadable, newest first\./);
      expect(page).toContain('<p class="pick-note">for the wall &lt;b&gt;big&lt;/b&gt;</p>');
      expect(page).toContain('<code id="lightroom-bbbb2222">IMG_0001</code>');
      // "Open as she chose it" goes to the site's own address with her checked picks, never to her message's link.
      expect(page).not.toContain('https://example.com/');
      expect(page).toContain(
        `href="${SITE}/private-gallery#picks=${encodePicks(galleryRef(seed, 'ivy-2026-10'), [1])}"`,
      );
      expect(page).not.toContain(studio);
      const done = await fetch(`${origin}${path}api/inbox/done`, {
        method: 'POST',
        headers: { cookie, origin, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify({ id: NEWER }),
      });
      expect(await done.json()).toEqual({
        message: `Filed away on your computer: Ivy, October, sent ${local('2026-11-27T10:30:00.000Z')}.`,
        waiting: { selections: 1, unreadable: 1 },
        undo: NEWER,
      });
      // Kept on her computer, per gallery, still sealed to the studio key.
      const filed = join(root, 'filed-selections', 'ivy-2026-10', `2026-11-27-${NEWER}.json`);
      expect(JSON.parse(readFileSync(filed, 'utf8'))).toMatchObject({ name: `inbox/${tag}/2026-11-27/${NEWER}.json` });
      expect(readFileSync(filed, 'utf8')).not.toContain('for the wall');
      expect([...target.objects.keys()].sort()).toEqual([
        `inbox/${tag}/2026-11-25/${SEALED_ELSEWHERE}.json`,
        `inbox/${tag}/2026-11-26/${OLDER}.json`,
      ]);
      const again = await fetch(`${origin}${path}api/inbox/done`, {
        method: 'POST',
        headers: { cookie, origin, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify({ id: NEWER }),
      });
      expect([again.status, (await again.json()).message]).toEqual([
        400,
        'This selection is no longer waiting: reload the page to see those that are.',
      ]);
      const after = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text();
      expect(after).toContain('<span class="badge">1</span>');
      // Undo puts it back among those waiting, as it was, and the counts agree again.
      const undo = await fetch(`${origin}${path}api/inbox/undo`, {
        method: 'POST',
        headers: { cookie, origin, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify({ id: NEWER }),
      });
      expect(await undo.json()).toEqual({
        message: 'Back among the selections waiting.',
        waiting: { selections: 2, unreadable: 1 },
      });
      expect(existsSync(filed)).toBe(false);
      const back = await (await fetch(`${origin}${path}inbox`, { headers: { cookie } })).text();
      expect(back).toContain('2 selections are waiting, and 1 message is unreadable, newest first.');
      expect(back).toContain('<p class="pick-note">for the wall &lt;b&gt;big&lt;/b&gt;</p>');
    } finally {
      await desk.close();
    }
  });
});

describe("a hostile client's selection on the desk (issue 50)", () => {
  it('shows only what her gallery has: no other file opened, no link of hers, the count and package from gallery.yaml, and the desk answers meanwhile', async () => {
    // Another client's gallery beside hers: its photo must never show as Ivy's pick.
    const june = join(root, 'june-2026-11');
    mkdirSync(june, { recursive: true });
    writeFileSync(join(june, 'gallery.yaml'), 'title: June, November\n');
    cpSync(resolve('content/private/preview', 'private-03.jpg'), join(june, 'IMG_0001.jpg'));
    const target = memoryTarget();
    await store(target, '2026-11-28', `dead1111${'0'.repeat(24)}`, {
      ...message('2026-11-28T10:00:00.000Z', [
        { number: 1, file: '../june-2026-11/IMG_0001.jpg', note: '' },
        { number: 2, file: 'IMG_0002.jpg', note: 'this one\u202e\u001b[2J' },
        { number: 3, file: '/dev/tty', note: '' },
        { number: 4, file: '/proc/self/fd/0', note: '' },
        { number: 5, file: join(june, 'IMG_0001.jpg'), note: '' },
      ]),
      included: 999,
      lightroom: 'IMG_0001\u001b]52;c;Y3VybA==\u0007\nrm -rf ~',
      link: 'https://coastlight.evil.example/private-gallery#picks=1.BQ$(touch PWNED)',
    });
    const setup = await deskSetup({ local: true, env, target: () => target });
    const token = 'y'.repeat(43);
    const desk = await startDesk({ token, routes: deskRoutes({ setup, token, siteUrl: SITE }) });
    const origin = `http://127.0.0.1:${desk.port}`;
    const { cookie, path } = desk.session;
    try {
      const page = await (await fetch(`${origin}${path}inbox`, { headers: { cookie } })).text();
      const card = page.slice(page.indexOf('data-message="dead1111'));
      expect(card).toContain(', sent ');
      expect(card).toContain(': 1 of 3 included</p>');
      expect(card.match(/a photo this gallery does not have/g)).toHaveLength(4);
      // One thumbnail only: photo 2, her own.
      expect(card.slice(0, card.indexOf('</ul>')).match(/<img\s/g)).toHaveLength(1);
      expect(card).toContain('<code id="lightroom-dead1111">IMG_0002</code>');
      expect(card).toContain('<p class="pick-note">this one[2J</p>');
      expect(card).toContain(
        `href="${SITE}/private-gallery#picks=${encodePicks(galleryRef(seed, 'ivy-2026-10'), [2])}"`,
      );
      for (const text of [
        '999',
        'evil.example',
        'PWNED',
        '/dev/tty',
        '/proc/',
        'june-2026-11',
        'rm -rf',
        '\u001b',
        '\u202e',
      ]) {
        expect(page).not.toContain(text);
      }
      // Meanwhile the desk answers: June's cover on the galleries page, within a second.
      const galleries = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text();
      const covers = [...galleries.matchAll(/src="([^"]*photo\/[A-Za-z0-9_-]{22})"/g)].map((m) => m[1]!);
      expect(covers.length).toBeGreaterThan(0);
      const started = performance.now();
      const cover = await fetch(new URL(covers.at(-1)!, origin), { headers: { cookie } });
      expect([cover.status, cover.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await desk.close();
      rmSync(june, { recursive: true, force: true });
    }
  });

  it('never opens a device, a pipe or a folder for a thumbnail: null at once', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'desk-fifo-'));
    try {
      const fifo = join(folder, 'IMG_0001.jpg');
      execFileSync('mkfifo', [fifo]);
      const photos = new PhotoIds();
      const started = performance.now();
      expect(await photos.thumbnail(photos.idOf(fifo))).toBeNull();
      expect(await photos.thumbnail(photos.idOf(folder))).toBeNull();
      expect(await photos.thumbnail(photos.idOf('/dev/zero'))).toBeNull();
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 5000);

  it('names a stored object that is not a sealed selection unreadable, not "sealed to another key", and Done clears it', async () => {
    const target = memoryTarget();
    await target.put(`inbox/${tag}/2026-11-28/beef1111${'0'.repeat(24)}.json`, 'not a message');
    await target.put(`inbox/${tag}/2026-11-28/beef2222${'0'.repeat(24)}.json`, JSON.stringify({ v: 1, key: 'a' }));
    await store(target, '2026-11-27', SEALED_ELSEWHERE, message('2026-11-27T09:00:00.000Z', []), other);
    const setup = await deskSetup({ local: true, env, target: () => target });
    const { messages } = await inboxMessages(setup, new PhotoIds(), SITE);
    expect(messages.map((m) => [m.short, m.kind])).toEqual([
      ['beef1111', 'unreadable'],
      ['beef2222', 'unreadable'],
      ['cccc3333', 'other-key'],
    ]);
    const token = 'z'.repeat(43);
    const desk = await startDesk({ token, routes: deskRoutes({ setup, token, siteUrl: SITE }) });
    const origin = `http://127.0.0.1:${desk.port}`;
    const { cookie, path } = desk.session;
    try {
      const page = await (await fetch(`${origin}${path}inbox`, { headers: { cookie } })).text();
      expect(page).toContain('No selections are waiting, and 3 messages are unreadable, newest first.');
      expect(page.match(/Unreadable, kept\. It is not a selection as the gallery page sends one/g)).toHaveLength(2);
      expect(page.match(/it was sealed to another studio key/g)).toHaveLength(1);
      expect(page.match(/<button type="submit" class="btn">Done/g)).toHaveLength(3);
      expect(page).not.toContain('<span class="badge">');
      expect(page).toContain(
        '<span class="badge badge-quiet">3<span class="visually-hidden"> unreadable</span></span>',
      );
      const done = await fetch(`${origin}${path}api/inbox/done`, {
        method: 'POST',
        headers: { cookie, origin, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify({ id: `beef1111${'0'.repeat(24)}` }),
      });
      expect(await done.json()).toEqual({
        message: 'Filed away on your computer: the message of 2026-11-28.',
        waiting: { selections: 0, unreadable: 2 },
        undo: `beef1111${'0'.repeat(24)}`,
      });
    } finally {
      await desk.close();
    }
  });
});

/** The date and time as her computer shows them (the test's own time zone). */
function local(iso: string) {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A project of its own: its wrangler.toml only, no passwords file in its content/private/. */
function projectCopy() {
  const copy = mkdtempSync(join(tmpdir(), 'desk-project-'));
  cpSync('wrangler.toml', join(copy, 'wrangler.toml'));
  return copy;
}
