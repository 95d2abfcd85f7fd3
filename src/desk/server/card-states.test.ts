// What each card says (issue 51, items 6 and 10): what is on her website (or the preview) now and
// what waits for a publish; a partner link with her name for it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from '../../private-gallery/format/encodings.ts';
import { grantId } from '../../private-gallery/format/seal.ts';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import {
  closeOne,
  deskSetup,
  galleriesAtAGlance,
  galleryDetail,
  PhotoIds,
  publishAll,
  shareGrantId,
  type DeskSetup,
} from './actions.ts';
import { newGallery } from './galleries.ts';
import { deskRoutes } from './routes.ts';
import type { JsonPost } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-states-'));
const SITE = 'https://studio.example';
/** The day publishing records (UTC), as a card names it. */
const published = () => new Date().toISOString().slice(0, 10);

/** A galleries folder of its own, with galleries of one small photo each (title, last day). */
async function galleries(root: string, name: string, local: boolean, made: Record<string, [string, string]>) {
  const dir = join(root, name);
  mkdirSync(dir);
  const label = local ? 'the local bucket in test' : 'the bucket "coastlight-galleries" on Cloudflare';
  const target = memoryTarget(label);
  const setup = await deskSetup({ local, env: { PRIVATE_GALLERY_DIR: dir }, target: () => target });
  let shade = 40;
  for (const [id, [title, expires]] of Object.entries(made)) {
    newGallery(setup, { id, title, password: '' });
    if (expires) writeFileSync(join(dir, id, 'gallery.yaml'), `title: "${title}"\nexpires: ${expires}\n`);
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 80 } },
    })
      .jpeg()
      .toBuffer();
    writeFileSync(join(dir, id, 'IMG_0001.jpg'), photo);
    shade += 30;
  }
  return { dir, setup };
}
/** The state on the card of gallery `id`. */
function stateOf(setup: DeskSetup, id: string) {
  const card = galleriesAtAGlance(setup, new PhotoIds()).find((one) => one.id === id);
  if (!card?.state) throw new Error(`no card for ${id}`);
  return card.state;
}

let website: Awaited<ReturnType<typeof galleries>>;
beforeAll(async () => {
  website = await galleries(root, 'website', false, { 'ivy-2026-12': ['Ivy, December 2026', ''] });
  expect((await publishAll(website.setup)).ok).toBe(true);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a partner link on the card and the gallery’s page', () => {
  const share = async (body: Record<string, unknown>) => {
    const routes = deskRoutes({ setup: website.setup, token: 's'.repeat(43), siteUrl: SITE });
    const answer = await (routes.posts['/api/share'] as JsonPost)(body);
    return { status: answer.status, json: answer.json as { ok: boolean; message: string; link?: string } };
  };

  it('says a new partner link waits for a publish, never "Published", until it is published; a withdrawn one too', async () => {
    const { setup } = website;
    expect(stateOf(setup, 'ivy-2026-12')).toEqual({ kind: 'published', text: `Published on ${published()}` });
    const made = await share({ id: 'ivy-2026-12', photos: ['1'], name: 'for her partner' });
    expect(made.status).toBe(200);
    const waiting = stateOf(setup, 'ivy-2026-12');
    expect(waiting).toEqual({
      kind: 'waiting',
      text: `On your website as it was on ${published()}; waiting for a publish: a new partner link`,
      waiting: ['a new partner link'],
    });
    expect(waiting.text).not.toMatch(/published/i);
    expect(galleryDetail(setup, 'ivy-2026-12', new PhotoIds(), SITE)!.state.kind).toBe('waiting');
    expect((await publishAll(setup)).ok).toBe(true);
    expect(stateOf(setup, 'ivy-2026-12')).toEqual({ kind: 'published', text: `Published on ${published()}` });

    const code = made.json.link!.split('#access=')[1]!.slice(0, 8);
    expect((await share({ id: 'ivy-2026-12', withdraw: code })).status).toBe(200);
    expect(stateOf(setup, 'ivy-2026-12')).toEqual({
      kind: 'waiting',
      text: `On your website as it was on ${published()}; waiting for a publish: a partner link withdrawn (it still opens until you publish)`,
      waiting: ['a partner link withdrawn (it still opens until you publish)'],
    });
    expect((await publishAll(setup)).ok).toBe(true);
    expect(stateOf(setup, 'ivy-2026-12').kind).toBe('published');
  }, 60_000);

  it('keeps her name for a partner link in her records and lists it on the gallery’s page; a name that is not plain text is refused', async () => {
    const made = await share({ id: 'ivy-2026-12', photos: ['1'], name: '  for her partner, Sam  ' });
    expect(made.json.message).toMatch(
      /^Partner link "for her partner, Sam" for Ivy, December 2026, photo 1 \(IMG_0001\.jpg\):\n/,
    );
    expect(readFileSync(join(website.dir, 'passwords.env'), 'utf8')).toMatch(
      /^PRIVATE_GALLERY_SHARES_IVY_2026_12=[\w-]{43}:[0-9a-f]{16}::IMG_0001\.jpg:for%20her%20partner%2C%20Sam$/m,
    );
    const shares = galleryDetail(website.setup, 'ivy-2026-12', new PhotoIds(), SITE)!.shares;
    expect(shares.map(({ name, link }) => ({ name, link }))).toEqual([
      { name: 'for her partner, Sam', link: made.json.link },
    ]);
    const refusals: [string, string][] = [
      [
        'for him\u202e',
        'Nothing was changed: the name of a partner link is plain text: no line breaks or hidden marks',
      ],
      ['for\nhim', 'Nothing was changed: the name of a partner link is plain text: no line breaks or hidden marks'],
      [
        'x'.repeat(61),
        'Nothing was changed: the name of a partner link is at most 60 characters, e.g. "for her partner"',
      ],
    ];
    const before = readFileSync(join(website.dir, 'passwords.env'), 'utf8');
    for (const [name, message] of refusals) {
      expect(await share({ id: 'ivy-2026-12', photos: ['1'], name })).toEqual({
        status: 400,
        json: { ok: false, message },
      });
    }
    expect(readFileSync(join(website.dir, 'passwords.env'), 'utf8')).toBe(before);
  });

  it('finds a partner link’s grant as publishing seals it', async () => {
    for (let i = 0; i < 3; i++) {
      const secret = randomBytes(32);
      expect(shareGrantId(secret)).toBe(await grantId(secret));
    }
  });
});

describe('a gallery closed in a rehearsal (the preview on her computer)', () => {
  it('says it is closed in the preview only, never "Changed since it was published", and a publish opens it there again', async () => {
    const { setup } = await galleries(root, 'preview', true, { 'una-2026-12': ['Una, December 2026', ''] });
    expect(stateOf(setup, 'una-2026-12')).toEqual({
      kind: 'never',
      text: 'Never published',
      waiting: ['the whole gallery: her link opens nothing until you publish'],
    });
    expect((await publishAll(setup)).ok).toBe(true);
    const closed = await closeOne(setup, 'una-2026-12');
    expect(closed).toMatchObject({ ok: true, rehearsal: true });
    const state = stateOf(setup, 'una-2026-12');
    expect(state).toEqual({
      kind: 'rehearsal',
      text: `Closed in the preview on this computer on ${published()}, as a rehearsal: her gallery stays open as its folder says, and a publish opens it in the preview again`,
      waiting: ['the gallery open again in the preview, as its folder says'],
    });
    expect(state.text).not.toContain('Changed since');
    expect((await publishAll(setup)).ok).toBe(true);
    expect(stateOf(setup, 'una-2026-12')).toEqual({ kind: 'published', text: `Published on ${published()}` });
  }, 60_000);
});
