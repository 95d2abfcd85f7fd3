// The desk speaks her words (issue 51, item 7): her galleries, her computer, her website and the
// preview; never a bucket, a hidden folder, a variable's name, a command or its dashes.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { deskSetup } from './actions.ts';
import { newGallery } from './galleries.ts';
import { deskRoutes } from './routes.ts';
import { startDesk, TOKEN_HEADER } from './server.ts';

/** What a developer reads and she should not: each a word the trial met on the desk. */
const DEVELOPER_WORDS = /bucket|\.wrangler|PRIVATE_GALLERY_|npm run|--[a-z]|indexes and lists|Cloudflare|\bSeals?\b/;

const root = mkdtempSync(join(tmpdir(), 'desk-words-'));
const dir = join(root, 'galleries');
const token = 'w'.repeat(43);
let desk: Awaited<ReturnType<typeof startDesk>>;
let origin: string;

/** A page's words as she reads them: its text without tags, scripts or attributes. */
const visible = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

const get = async (path: string) =>
  (await fetch(`${origin}${desk.session.path}${path}`, { headers: { cookie: desk.session.cookie } })).text();

async function post(action: string, body: object) {
  const response = await fetch(`${origin}${desk.session.path}api/${action}`, {
    method: 'POST',
    headers: { cookie: desk.session.cookie, origin, [TOKEN_HEADER]: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.text();
}

beforeAll(async () => {
  mkdirSync(dir);
  // Her local preview's bucket, labelled as the command labels it.
  const target = memoryTarget(`the local bucket in ${join(root, '.wrangler', 'state')}`);
  const setup = await deskSetup({ local: true, env: { PRIVATE_GALLERY_DIR: dir }, target: () => target });
  newGallery(setup, { id: 'nina-2026-12', title: 'Nina', password: '' });
  cpSync(resolve('content/private/preview/private-01.jpg'), join(dir, 'nina-2026-12', 'IMG_0001.jpg'));
  desk = await startDesk({ token, routes: deskRoutes({ setup, token }) });
  origin = `http://127.0.0.1:${desk.port}`;
});
afterAll(async () => {
  await desk.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the desk in her words', () => {
  it('says no developer word on any page, in a publish’s progress and summary, or in a refusal', async () => {
    const said: string[] = [];
    said.push(await post('publish', {}));
    const galleries = await get('');
    const gallery = /href="([^"]*gallery\/[A-Za-z0-9_-]{22})"/.exec(galleries)![1]!;
    said.push(
      visible(galleries),
      visible(await (await fetch(new URL(gallery, origin), { headers: { cookie: desk.session.cookie } })).text()),
      visible(await get('new')),
      visible(await get('inbox')),
      await post('galleries/new', { id: 'ola-2026-12', title: 'Ola', password: 'ola' }),
      await post('galleries/password', { id: 'nina-2026-12', password: 'short' }),
      await post('close', { id: 'nobody-here' }),
      await post('remove', { id: 'nobody-here' }),
    );
    // Each refusal was said: the words are checked on real sentences, not on empty answers.
    expect(said.at(-3)).toMatch(/^\{"message":"Her password is shorter than 12 characters/);
    expect(said.at(-4)).toMatch(/^\{"message":"Her password is shorter than 12 characters/);
    expect(said[0]).toMatch(
      /"message":"Published \d+ galler(y|ies) \(\d+ photos?\) to the preview on this computer in /,
    );
    for (const text of said) expect(text).not.toMatch(DEVELOPER_WORDS);
  }, 120_000);
});
