// A partner link's name ("for her partner") is the studio's own: kept in her passwords file's line,
// never sealed, so neither the partner nor her client ever receives it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { VaultManifest } from '../format/types';
import { randomBytes } from '../format/encodings';
import { boundTo, kdfFor, newSalt, openFile, openWithPassword, openWithSecret } from '../format/keys';
import { buildVault } from './build';
import { formatShares, newShare } from './share';
import { listGalleries } from './sources';

// Each PBKDF2 derivation takes a noticeable moment on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

const root = mkdtempSync(join(tmpdir(), 'share-name-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const NAME = 'for her partner, Sam';

/** The decrypted index a way in opens, as its page reads it (the JSON text). */
async function indexText(out: string, opened: Awaited<ReturnType<typeof openWithSecret>>): Promise<string> {
  if (!opened) throw new Error('it opened nothing');
  const key = await crypto.subtle.importKey('raw', Buffer.from(opened.pointer.key, 'base64'), 'AES-GCM', false, [
    'decrypt',
  ]);
  const file = new Uint8Array(readFileSync(join(out, opened.pointer.file)));
  return new TextDecoder().decode(await openFile(key, file, boundTo('index', opened.pointer.gallery)));
}

describe("a partner link's name", () => {
  it('is kept in her passwords line only: the index the partner opens, her client’s and every published file hold none of it', async () => {
    const folder = join(root, 'private', 'ivy');
    mkdirSync(folder, { recursive: true });
    for (const [i, background] of ['#aa5533', '#3355aa'].entries()) {
      await sharp({ create: { width: 60, height: 40, channels: 3, background } })
        .jpeg()
        .toFile(join(folder, `IMG_000${i + 1}.jpg`));
    }
    writeFileSync(join(folder, 'gallery.yaml'), 'title: Ivy, October 2026\n');
    const galleries = listGalleries(join(root, 'private'));
    const share = newShare(galleries[0]!, [1, 2], null, undefined, `  ${NAME} `);
    // Given and kept: her line holds it (escaped), so this test is about a real name.
    expect(share.name).toBe(NAME);
    expect(formatShares([share])).toMatch(/:for%20her%20partner%2C%20Sam$/);

    const out = join(root, 'vault');
    await buildVault(out, galleries, {
      kdf: kdfFor(newSalt()),
      passwords: new Map([['ivy', 'ivy long enough password']]),
      seed: randomBytes(32),
      shares: new Map([['ivy', [share]]]),
      now: new Date('2026-11-25T12:00:00Z'),
    });
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const partner = await indexText(out, await openWithSecret(manifest, share.secret));
    const client = await indexText(
      out,
      await openWithPassword(manifest, { gallery: 'ivy', password: 'ivy long enough password' }),
    );
    expect(JSON.parse(partner)).toMatchObject({ view: 'partner', title: 'Ivy, October 2026' });
    for (const text of [partner, client]) {
      // Whole words, never a few letters a random key could hold by chance.
      expect(text).not.toMatch(/for her partner|for%20her%20partner|partner, Sam/);
    }
    // Nor in the clear in any file published.
    const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(3);
    for (const entry of files) {
      expect(readFileSync(join(entry.parentPath, entry.name)).includes('for her partner'), entry.name).toBe(false);
    }
  });
});
