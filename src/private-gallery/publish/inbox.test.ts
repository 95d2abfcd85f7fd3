import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closesAt } from '../format/dates';
import { kdfFor, openIndex, openWithPassword } from '../format/keys';
import { randomBytes } from '../format/encodings';
import type { VaultManifest } from '../format/types';
import { inboxTokenHash, studioPublicKey } from '../format/inbox';
import { INBOX_TOKENS, parseInboxTokens } from '../host/inbox-tokens';
import { publishGalleries } from './build';
import { closeGallery } from './close';
import { INBOX_KEY_VARIABLE, inboxTag, publicHalf, studioInboxKey, studioPrivateKey } from './inbox';
import { RECORD_FILE } from './record';
import { PASSWORDS_FILE } from './secrets';
import { listGalleries } from './sources';
import { galleryRef } from '../format/seal';
import { memoryTarget } from './fixtures/memory-target.ts';

vi.setConfig({ testTimeout: 180_000 });

let root: string;
const seed = randomBytes(32);
const kdf = kdfFor('c2FsdHNhbHRzYWx0c2FsdA');

/** A galleries folder: `ava` with proofing (included: 2), `bea` without. */
async function folder(name: string, yaml: Record<string, string> = {}) {
  const dir = join(root, name);
  for (const [i, id] of ['ava', 'bea'].entries()) {
    mkdirSync(join(dir, id), { recursive: true });
    await sharp({ create: { width: 300, height: 200, channels: 3, background: `hsl(${i * 90}, 50%, 50%)` } })
      .jpeg()
      .toFile(join(dir, id, `${id}.jpg`));
    writeFileSync(join(dir, id, 'gallery.yaml'), yaml[id] ?? `title: ${id}\n${id === 'ava' ? 'included: 2\n' : ''}`);
  }
  return dir;
}

const text = (target: ReturnType<typeof memoryTarget>, name: string) =>
  new TextDecoder().decode(target.objects.get(name)!);

async function indexOf(target: ReturnType<typeof memoryTarget>, gallery: string, password: string) {
  const manifest = JSON.parse(text(target, 'manifest.json')) as VaultManifest;
  const pointer = (await openWithPassword(manifest, { gallery, password }))!.pointer;
  return openIndex(pointer, new Uint8Array(target.objects.get(pointer.file)!));
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'publish-inbox-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the studio's inbox key", () => {
  it('is made on the first publish in passwords.env (0600), with a warning, and read back after', async () => {
    const dir = join(root, 'key');
    const env = { PRIVATE_GALLERY_DIR: dir };
    const warnings: string[] = [];
    const made = studioPrivateKey(env, { warn: (m) => warnings.push(m) });
    const file = join(dir, PASSWORDS_FILE);
    expect(readFileSync(file, 'utf8')).toBe(`${INBOX_KEY_VARIABLE}=${made}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([
      `made the studio's inbox key (${INBOX_KEY_VARIABLE}) in ${file}: keep it with your backup of that file; without it, no selection a client sent could be read.`,
    ]);
    // The same run again (its environment read before): the key written, not a second one.
    expect(studioPrivateKey(env)).toBe(made);
    expect(studioPrivateKey({ ...env, [INBOX_KEY_VARIABLE]: made })).toBe(made);
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
    // Its public half is the one the browser seals to (format/inbox.ts).
    expect(publicHalf(made)).toBe(await studioPublicKey(made));
    expect(() => studioInboxKey({ ...env, [INBOX_KEY_VARIABLE]: 'bm90LWEta2V5' })).toThrow(
      `${INBOX_KEY_VARIABLE} in ${PASSWORDS_FILE} is not a studio key: put back the one from your backup, or delete that line to make a new one (selections sent to the old key could then not be read).`,
    );
  });
});

describe('publishing the inbox', () => {
  const inboxKey = publicHalf(studioPrivateKey({ PRIVATE_GALLERY_DIR: join(tmpdir(), 'unused') }));

  it("gives a proofing gallery's own index a token and the studio key, and lists only its token's hash", async () => {
    const dir = await folder('tokens', { ava: 'title: ava\nincluded: 2\nexpires: 2099-12-31\n' });
    const target = memoryTarget('tokens');
    const passwords = new Map([
      ['ava', 'ava long password'],
      ['bea', 'bea long password'],
    ]);
    const options = { kdf, passwords, seed, inboxKey, record: join(dir, RECORD_FILE) };
    await publishGalleries(target, listGalleries(dir), options);
    const ava = await indexOf(target, 'ava', 'ava long password');
    const bea = await indexOf(target, 'bea', 'bea long password');
    expect(ava.inbox?.key).toBe(inboxKey);
    expect(ava.inbox?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(bea.inbox).toBeUndefined();
    const list = parseInboxTokens(text(target, INBOX_TOKENS));
    expect(list).toEqual({
      v: 1,
      tokens: {
        [await inboxTokenHash(ava.inbox!.token)]: {
          gallery: inboxTag(seed, galleryRef(seed, 'ava')),
          closes: closesAt('2099-12-31').getTime(),
        },
      },
    });
    // Named in the publish record as the bucket's own, so pruning keeps it.
    const record = JSON.parse(readFileSync(join(dir, RECORD_FILE), 'utf8'));
    expect(Object.values(record.targets as Record<string, { objects: string[] }>)[0]!.objects).toContain(INBOX_TOKENS);

    // The same ways in: the same token. A new password: a new token, and the old one no longer listed.
    await publishGalleries(target, listGalleries(dir), options);
    expect((await indexOf(target, 'ava', 'ava long password')).inbox!.token).toBe(ava.inbox!.token);
    passwords.set('ava', 'ava another long password');
    await publishGalleries(target, listGalleries(dir), options);
    const rotated = (await indexOf(target, 'ava', 'ava another long password')).inbox!.token;
    expect(rotated).not.toBe(ava.inbox!.token);
    expect(Object.keys(parseInboxTokens(text(target, INBOX_TOKENS)).tokens)).toEqual([await inboxTokenHash(rotated)]);

    // Closed: its line is gone, and its closed index carries no token.
    await closeGallery(target, listGalleries(dir), 'ava', options);
    expect(parseInboxTokens(text(target, INBOX_TOKENS)).tokens).toEqual({});
    expect((await indexOf(target, 'ava', 'ava another long password')).inbox).toBeUndefined();
  });

  it("keeps a carried-over gallery's line, drops a removed one's", async () => {
    const dir = await folder('carry');
    const target = memoryTarget('carry');
    const passwords = new Map([
      ['ava', 'ava long password'],
      ['bea', 'bea long password'],
    ]);
    const options = { kdf, passwords, seed, inboxKey, record: join(dir, RECORD_FILE) };
    await publishGalleries(target, listGalleries(dir), options);
    const before = text(target, INBOX_TOKENS);
    expect(Object.keys(parseInboxTokens(before).tokens)).toHaveLength(1);
    // Her folder taken away: carried over as it is in the bucket, her token still accepted.
    rmSync(join(dir, 'ava'), { recursive: true });
    await publishGalleries(target, listGalleries(dir), options);
    expect(text(target, INBOX_TOKENS)).toBe(before);
    await publishGalleries(target, listGalleries(dir), { ...options, remove: ['ava'] });
    expect(parseInboxTokens(text(target, INBOX_TOKENS)).tokens).toEqual({});
  });

  it('never deletes a message under inbox/, with a record or without, whatever is removed', async () => {
    const dir = await folder('prune');
    const passwords = new Map([
      ['ava', 'ava long password'],
      ['bea', 'bea long password'],
    ]);
    for (const record of [join(dir, RECORD_FILE), null]) {
      const target = memoryTarget(`prune-${record ? 'record' : 'none'}`);
      const options = { kdf, passwords, seed, inboxKey, record };
      await publishGalleries(target, listGalleries(dir), options);
      const tag = inboxTag(seed, galleryRef(seed, 'ava'));
      const messages = [`inbox/${tag}/2026-11-27/${'a'.repeat(32)}.json`, `inbox/${'0'.repeat(32)}/x.json`];
      for (const name of messages) await target.put(name, '{"v":1}');
      const result = await publishGalleries(target, listGalleries(dir), {
        ...options,
        remove: ['ava'],
      });
      for (const name of messages) expect(target.objects.has(name), name).toBe(true);
      expect(result.unrecorded).toBe(0);
      rmSync(join(dir, RECORD_FILE), { force: true });
    }
  });

  it('gives no gallery an inbox, and writes no token list, without a studio key', async () => {
    const dir = await folder('nokey');
    const target = memoryTarget('nokey');
    const passwords = new Map([
      ['ava', 'ava long password'],
      ['bea', 'bea long password'],
    ]);
    await publishGalleries(target, listGalleries(dir), { kdf, passwords, seed });
    expect((await indexOf(target, 'ava', 'ava long password')).inbox).toBeUndefined();
    expect(target.objects.has(INBOX_TOKENS)).toBe(false);
  });
});
