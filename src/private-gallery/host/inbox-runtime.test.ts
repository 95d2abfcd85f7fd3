import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scratchPort, startCdn } from '../../../scripts/servers/cdn.ts';
import { kdfFor, openIndex, openWithPassword } from '../format/keys';
import type { VaultIndex, VaultManifest } from '../format/types';
import {
  INBOX_DAILY_LIMIT,
  MAX_INBOX_BYTES,
  newInboxToken,
  sealInboxMessage,
  type InboxMessage,
} from '../format/inbox';
import { isInboxName } from './inbox-tokens';
import { publishGalleries } from '../publish/build';
import { studioInboxKey } from '../publish/inbox';
import { DEVELOPMENT_PASSWORD, galleryPasswords, gallerySecrets, readEnv, siteSalt } from '../publish/secrets';
import { IN_REPOSITORY_DIR, listGalleries } from '../publish/sources';
import { openTarget } from '../publish/target';

// The real Function on the host's runtime (wrangler pages dev, workerd) against its local bucket,
// with the sample gallery published into it as the browser tests have it: what a client's page
// posts is stored, read back by the owner's command, and every refusal writes nothing.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 240_000 });

let root: string;
let persistTo: string;
let origin: string;
let stop: () => void;
let index: VaultIndex;

/** Every object under inbox/ in the server's local bucket. */
async function stored() {
  const target = await openTarget({ persistTo });
  try {
    return [...(await target.list())].filter(isInboxName).sort();
  } finally {
    await target.close();
  }
}

/** The sample gallery's own index, as her browser opens it with the README's password. */
async function sampleIndex() {
  const target = await openTarget({ persistTo });
  try {
    const manifest = JSON.parse(Buffer.from((await target.get('manifest.json'))!).toString('utf8')) as VaultManifest;
    const opened = (await openWithPassword(manifest, { gallery: 'preview', password: DEVELOPMENT_PASSWORD }))!;
    return await openIndex(opened.pointer, new Uint8Array((await target.get(opened.pointer.file))!));
  } finally {
    await target.close();
  }
}

const selection = (note: string): InboxMessage => ({
  v: 1,
  title: index.title,
  gallery: index.id,
  sentAt: new Date().toISOString(),
  included: index.selection!.included,
  picks: [
    { number: 1, file: index.images[0]!.source!, note },
    { number: 3, file: index.images[2]!.source!, note: '' },
  ],
  lightroom: `${index.images[0]!.source!} ${index.images[2]!.source!}`,
  link: 'http://127.0.0.1/private-gallery#picks=1.3',
  text: `Photo 1 (${index.images[0]!.source!}): ${note}`,
});

const post = (body: BodyInit, init: RequestInit = {}) =>
  fetch(`${origin}/vault/inbox`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  } as RequestInit);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'inbox-runtime-'));
  persistTo = join(root, 'state');
  const site = join(root, 'site');
  spawnSync('mkdir', ['-p', site]);
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>site</title>');
  const port = scratchPort(process.pid);
  ({ origin, stop } = await startCdn({ port, dir: site, persistTo, timeoutMs: 180_000 }));
  index = await sampleIndex();
});
afterAll(() => {
  stop?.();
  rmSync(root, { recursive: true, force: true });
});

describe('the inbox on the host runtime', () => {
  it("stores her sealed selection, which the owner's command opens with its file names and note", async () => {
    expect(index.inbox?.token).toBeTruthy();
    const message = await sealInboxMessage(selection('the one by the window, please'), index.inbox!.key);
    const body = JSON.stringify({ token: index.inbox!.token, message });
    const response = await post(body);
    expect(response.status).toBe(201);
    const { sent } = (await response.json()) as { sent: string };
    expect(Math.abs(Date.parse(sent) - Date.now())).toBeLessThan(120_000);
    const names = await stored();
    expect(names).toHaveLength(1);
    console.log(`a real message: ${body.length} bytes posted, stored as ${names[0]}`);
    // Never served back: a GET or HEAD of its name is a 404.
    for (const method of ['GET', 'HEAD']) {
      expect((await fetch(`${origin}/vault/${names[0]}`, { method })).status).toBe(404);
    }
    const run = spawnSync(
      process.execPath,
      ['scripts/owner/galleries.ts', 'inbox', '--local', '--persist-to', persistTo],
      {
        cwd: process.cwd(),
        env: { ...process.env, PRIVATE_GALLERY_DIR: resolve(persistTo), WRANGLER_SEND_METRICS: 'false' },
        encoding: 'utf8',
      },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toContain('preview: Preview gallery');
    expect(output).toContain(`, 2 of ${index.selection!.included} included`);
    expect(output).toContain(`Photo 1 (${index.images[0]!.source!}): the one by the window, please`);
    expect(output).toContain(`Photo 3 (${index.images[2]!.source!})`);
    const lightroom = spawnSync(
      process.execPath,
      ['scripts/owner/galleries.ts', 'inbox', '--local', '--persist-to', persistTo, '--lightroom', 'preview'],
      { cwd: process.cwd(), env: { ...process.env, PRIVATE_GALLERY_DIR: resolve(persistTo) }, encoding: 'utf8' },
    );
    // The studio's own names of her checked picks, not the line her message carried.
    expect(lightroom.stdout.trim()).toBe('private-01, private-03');
  });

  it('refuses a forged token, an oversized body and what is not a message, writing nothing', async () => {
    const before = await stored();
    const message = await sealInboxMessage(selection('forged'), index.inbox!.key);
    const answers: string[] = [];
    const refused = async (response: Response, status: number) => {
      const text = await response.text();
      answers.push(`${response.status} ${text}`);
      expect(response.status, text).toBe(status);
    };
    await refused(await post(JSON.stringify({ token: newInboxToken(), message })), 403);
    const big = JSON.stringify({
      token: index.inbox!.token,
      message: { ...message, data: 'A'.repeat(MAX_INBOX_BYTES) },
    });
    await refused(await post(big), 413);
    // Sent in chunks, with no length announced: counted as it arrives.
    const chunks = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < chunks.length; at += 4096) controller.enqueue(chunks.slice(at, at + 4096));
        controller.close();
      },
    });
    await refused(await post(stream, { duplex: 'half' } as RequestInit), 413);
    await refused(await post('not json'), 400);
    console.log(`refused: ${answers.join(' | ')}`);
    expect(await stored()).toEqual(before);
  });

  it('stores exactly 20 of 60 messages posted at once, answers the other 40 with 429, and writes nothing else', async () => {
    // The day starts empty: the messages the tests above stored are deleted first.
    const target = await openTarget({ persistTo });
    let before: string[];
    try {
      await target.delete([...(await target.list())].filter(isInboxName));
      before = [...(await target.list())].sort();
    } finally {
      await target.close();
    }
    const bodies = await Promise.all(
      Array.from({ length: 60 }, async (_, i) =>
        JSON.stringify({
          token: index.inbox!.token,
          message: await sealInboxMessage(selection(`at once ${i}`), index.inbox!.key),
        }),
      ),
    );
    const answers = await Promise.all(bodies.map(async (body) => (await post(body)).status));
    const count = (status: number) => answers.filter((answer) => answer === status).length;
    console.log(`60 at once: ${count(201)} answered 201, ${count(429)} answered 429`);
    expect(count(201)).toBe(INBOX_DAILY_LIMIT);
    expect(count(429)).toBe(60 - INBOX_DAILY_LIMIT);
    const messages = await stored();
    expect(messages).toHaveLength(INBOX_DAILY_LIMIT);
    const after = await openTarget({ persistTo });
    try {
      expect([...(await after.list())].filter((name) => !isInboxName(name)).sort()).toEqual(before);
    } finally {
      await after.close();
    }
  });

  it('takes 20 a day for a gallery and refuses the 21st, writing nothing', async () => {
    const already = (await stored()).length;
    const body = async () =>
      JSON.stringify({
        token: index.inbox!.token,
        message: await sealInboxMessage(selection('again'), index.inbox!.key),
      });
    for (let i = already; i < INBOX_DAILY_LIMIT; i++) expect((await post(await body())).status).toBe(201);
    const response = await post(await body());
    const text = await response.text();
    console.log(`21st of the day: ${response.status} ${text} (Retry-After ${response.headers.get('retry-after')})`);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(INBOX_DAILY_LIMIT);
  });

  it("refuses a closed gallery's token, writing nothing", async () => {
    // The sample published closed (its last day yesterday), as `npm run galleries -- close` does.
    const galleries = listGalleries(IN_REPOSITORY_DIR)
      .filter((gallery) => gallery.id === 'preview')
      .map((gallery) => ({ ...gallery, expires: '2020-01-01' }));
    const env = readEnv(process.cwd(), { PRIVATE_GALLERY_DIR: resolve(persistTo) });
    const { seed, links } = gallerySecrets(galleries, env);
    const target = await openTarget({ persistTo });
    try {
      await publishGalleries(target, galleries, {
        kdf: kdfFor(siteSalt({})),
        passwords: galleryPasswords(galleries, {}),
        seed,
        links,
        cacheDir: join(persistTo, 'publish-cache'),
        inboxKey: studioInboxKey(env),
      });
    } finally {
      await target.close();
    }
    const before = await stored();
    const message = await sealInboxMessage(selection('after closing'), index.inbox!.key);
    const response = await post(JSON.stringify({ token: index.inbox!.token, message }));
    const text = await response.text();
    console.log(`closed gallery: ${response.status} ${text}`);
    expect(response.status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
