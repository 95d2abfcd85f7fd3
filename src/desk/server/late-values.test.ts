// Her first page is never kept waiting for the bucket (opening it starts wrangler's proxy: seconds):
// the Galleries page is sent at once, saying nothing of what needs the bucket (the Selections badge,
// a publish's lock), and those come after, from /api/status, with their true values.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { INBOX_KEY_VARIABLE, inboxTag } from '../../private-gallery/publish/inbox.ts';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { PUBLISH_LOCK } from '../../private-gallery/publish/lock.ts';
import type { VaultTarget } from '../../private-gallery/publish/target.ts';
import { deskSetup } from './actions.ts';
import { deskRoutes } from './routes.ts';
import { startDesk, TOKEN_HEADER } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-late-'));
const seed = randomBytes(32);
const studio = await newStudioKey();
const other = await newStudioKey();
const env = { PRIVATE_GALLERY_DIR: root, PRIVATE_GALLERY_SEED: toBase64Url(seed), [INBOX_KEY_VARIABLE]: studio };
const SITE = 'https://studio.example';
const TOKEN = 'l'.repeat(43);
/** Long enough for a page on a slow machine, far shorter than a page that waited for a bucket that never opens. */
const PATIENCE = AbortSignal.timeout.bind(AbortSignal, 15_000);

const message = (sentAt: string): InboxMessage => ({
  v: 1,
  title: 'Ivy, October',
  gallery: galleryRef(seed, 'ivy-2026-10'),
  sentAt,
  included: 3,
  picks: [{ number: 1, file: 'IMG_0001.jpg', note: '' }],
  lightroom: 'IMG_0001',
  link: 'https://example.com/private-gallery#picks=1',
  text: '…',
});

/** A bucket holding two selections, one message sealed to another key (unreadable) and, if asked, a publish's lock. */
async function bucket({ locked }: { locked: boolean }) {
  const target = memoryTarget();
  const tag = inboxTag(seed, galleryRef(seed, 'ivy-2026-10'));
  for (const [day, id, key] of [
    ['2026-11-26', `aaaa1111${'0'.repeat(24)}`, studio],
    ['2026-11-27', `bbbb2222${'0'.repeat(24)}`, studio],
    ['2026-11-25', `cccc3333${'0'.repeat(24)}`, other],
  ] as const) {
    const envelope = await sealInboxMessage(message(`${day}T09:00:00.000Z`), await studioPublicKey(key));
    await target.put(`inbox/${tag}/${day}/${id}.json`, JSON.stringify(envelope));
  }
  if (locked) {
    const started = new Date(Date.now() - 3_600_000).toISOString();
    await target.put(PUBLISH_LOCK, JSON.stringify({ started, host: 'studio-laptop', run: 'left' }));
  }
  return target;
}

/** A desk whose bucket is what `open` resolves to, asked as her browser asks (her cookie; the token for api/status). */
async function deskWith(open: () => Promise<VaultTarget>) {
  let opened = 0;
  const setup = await deskSetup({
    local: true,
    env,
    target: () => {
      opened++;
      return open();
    },
  });
  const desk = await startDesk({ token: TOKEN, routes: deskRoutes({ setup, token: TOKEN, siteUrl: SITE }) });
  const origin = `http://127.0.0.1:${desk.port}`;
  const base = `${origin}${desk.session.path.slice(0, -1)}`;
  const { cookie } = desk.session;
  return {
    desk,
    opened: () => opened,
    page: async (path = '/') => {
      const answer = await fetch(`${base}${path}`, { headers: { cookie }, signal: PATIENCE() });
      return { status: answer.status, text: await answer.text() };
    },
    status: async (headers: Record<string, string> = { cookie, [TOKEN_HEADER]: TOKEN }, method = 'GET') => {
      const answer = await fetch(`${base}/api/status`, {
        method,
        headers: method === 'POST' ? { ...headers, origin, 'content-type': 'application/json' } : headers,
        signal: PATIENCE(),
      });
      const text = await answer.text();
      return { status: answer.status, text, json: answer.ok ? JSON.parse(text) : null };
    },
  };
}

/** The Selections link of a page, and the publish panel's Unlock form's opening tag. */
const selectionsLink = (html: string) => /<a [^>]*href="\/[\w-]{22}\/inbox"[^>]*>[\s\S]*?<\/a/.exec(html)?.[0] ?? '';
const unlockTag = (html: string) => /<form class="unlock"[^>]*>/.exec(html)?.[0] ?? '';

beforeAll(() => {
  const folder = join(root, 'ivy-2026-10');
  mkdirSync(folder);
  writeFileSync(join(folder, 'gallery.yaml'), 'title: Ivy, October\nincluded: 3\n');
  cpSync(resolve('content/private/preview/private-01.jpg'), join(folder, 'IMG_0001.jpg'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('her first page, before the bucket is open', () => {
  it('is sent whole while the bucket never opens, saying nothing of the badge or a lock', async () => {
    const { desk, page, opened } = await deskWith(() => new Promise<VaultTarget>(() => {}));
    try {
      const home = await page('/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('<h1>Your galleries</h1>');
      expect(home.text).toContain('Ivy, October');
      expect(home.text).toContain('</html>');
      // No badge (not a 0, not "No selections"): the link is marked for the page's script.
      expect(selectionsLink(home.text)).toContain('data-late="waiting"');
      expect(selectionsLink(home.text)).not.toContain('badge');
      // Unlock is not offered, and not said to be unneeded either: marked for the script.
      expect(unlockTag(home.text)).toMatch(/ hidden="" data-late="lock">$/);
      // Another page of hers, the same.
      const made = await page('/new');
      expect(made.status).toBe(200);
      expect(selectionsLink(made.text)).toContain('data-late="waiting"');
      // Nothing asked to open the bucket for them.
      expect(opened()).toBe(0);
    } finally {
      await desk.close();
    }
  });

  it('answers api/status only with her cookie and the page token, to a GET alone', async () => {
    const { desk, status, opened } = await deskWith(() => new Promise<VaultTarget>(() => {}));
    try {
      const { cookie } = desk.session;
      expect((await status({ cookie })).status).toBe(403);
      expect((await status({ cookie, [TOKEN_HEADER]: 'x'.repeat(43) })).status).toBe(403);
      expect((await status({ [TOKEN_HEADER]: TOKEN })).status).toBe(403);
      const posted = await status({ cookie, [TOKEN_HEADER]: TOKEN }, 'POST');
      expect(posted.status).toBe(405);
      expect(opened()).toBe(0);
    } finally {
      await desk.close();
    }
  });
});

describe('the badge and the lock, after', () => {
  it('come from api/status once the bucket opens, with their true counts and lock', async () => {
    const target = await bucket({ locked: true });
    let openNow: () => void = () => {};
    const gate = new Promise<void>((done) => (openNow = done));
    const { desk, page, status, opened } = await deskWith(async () => {
      await gate;
      return target;
    });
    try {
      const first = await page('/');
      expect(first.status).toBe(200);
      expect(selectionsLink(first.text)).toContain('data-late="waiting"');
      expect(unlockTag(first.text)).toContain('data-late="lock"');
      // The page's script asks; the bucket opens meanwhile.
      const asked = status();
      openNow();
      const late = await asked;
      expect(late.status).toBe(200);
      expect(late.json).toEqual({ waiting: { selections: 2, unreadable: 1 }, locked: true });
      expect(opened()).toBe(1);
      // Once open, a page is sent with them in place.
      const again = await page('/');
      expect(selectionsLink(again.text)).not.toContain('data-late');
      expect(selectionsLink(again.text)).toContain('<span class="badge">2</span>');
      expect(selectionsLink(again.text)).toMatch(/badge badge-quiet">1</);
      expect(unlockTag(again.text)).toBe('<form class="unlock" data-unlock="">');
    } finally {
      await desk.close();
    }
  });

  it('says no lock and no badge only when the bucket says so', async () => {
    const target = memoryTarget();
    const { desk, page, status } = await deskWith(async () => target);
    try {
      expect(unlockTag((await page('/')).text)).toContain('data-late="lock"');
      expect((await status()).json).toEqual({ waiting: { selections: 0, unreadable: 0 }, locked: false });
      const again = await page('/');
      expect(unlockTag(again.text)).toMatch(/ hidden="">$/);
      expect(selectionsLink(again.text)).not.toContain('data-late');
      expect(selectionsLink(again.text)).not.toContain('badge');
    } finally {
      await desk.close();
    }
  });

  it('says nothing of them when the bucket cannot be opened', async () => {
    const { desk, status } = await deskWith(() => Promise.reject(new Error('no proxy')));
    try {
      expect((await status()).json).toEqual({ waiting: null, locked: null });
    } finally {
      await desk.close();
    }
  });
});
