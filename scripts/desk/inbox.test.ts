// Her clients' selections on the desk: read by the inbox command's code, Done deletes as --done does.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, toBase64Url } from '../../src/private-gallery/format/encodings.ts';
import {
  newStudioKey,
  sealInboxMessage,
  studioPublicKey,
  type InboxMessage,
} from '../../src/private-gallery/format/inbox.ts';
import { galleryRef } from '../../src/private-gallery/format/seal.ts';
import { encodePicks } from '../../src/private-gallery/format/picks.ts';
import { INBOX_KEY_VARIABLE, inboxTag } from '../../src/private-gallery/publish/inbox.ts';
import { memoryTarget } from '../../src/private-gallery/publish/fixtures/memory-target.ts';
import { deskSetup, inboxMessages, PhotoIds } from './actions.mjs';
import { deskRoutes } from './routes.mjs';
import { startDesk, TOKEN_HEADER } from './server.mjs';

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

  it("says the command's sentence when there is no studio key, and lists nothing", async () => {
    const { messages, problem } = await inboxMessages(
      await deskSetup({ local: true, env: { PRIVATE_GALLERY_DIR: root }, target: () => memoryTarget() }),
      new PhotoIds(),
      SITE,
    );
    expect(messages).toEqual([]);
    expect(problem).toBe(
      `There is no studio key (${INBOX_KEY_VARIABLE}) in ${join(root, 'passwords.env')}: put back the passwords.env from your backup; a first publish makes one, but it cannot open selections sent to the old one.`,
    );
  });

  it('shows the badge with how many are waiting, and Done deletes that one selection from the bucket', async () => {
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
        message: `Deleted ${NEWER} (ivy-2026-10, 2026-11-27) from the local bucket in test.`,
        waiting: { selections: 1, unreadable: 1 },
      });
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
        `No message "${NEWER}" in the local bucket in test: "npm run galleries -- inbox" lists them with their ids.`,
      ]);
      const after = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text();
      expect(after).toContain('<span class="badge">1</span>');
    } finally {
      await desk.close();
    }
  });
});
