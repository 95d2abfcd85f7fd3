import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildVault } from './build';
import { pastButPublished } from './expired';
import { listGalleries } from './sources';
import { folderTarget } from './target';
import { randomBytes } from '../format/encodings';
import { kdfFor, newSalt } from '../format/keys';

// Each PBKDF2 derivation (600,000 rounds) takes a noticeable time on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const root = mkdtempSync(join(tmpdir(), 'expired-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('galleries past their last day that are still published', () => {
  it('finds a gallery published while open whose day has passed, until a publish closes it', async () => {
    const dir = join(root, 'private');
    for (const [id, yaml, background] of [
      ['lea', 'title: Lea\nexpires: 2030-03-31\n', '#aa3355'],
      ['mia', 'title: Mia\n', '#3355aa'],
      ['old', 'title: Old\nexpires: 2020-01-31\n', '#55aa33'],
    ]) {
      mkdirSync(join(dir, id!), { recursive: true });
      await sharp({ create: { width: 300, height: 200, channels: 3, background: background! } })
        .jpeg()
        .toFile(join(dir, id!, 'one.jpg'));
      writeFileSync(join(dir, id!, 'gallery.yaml'), yaml!);
    }
    const passwords = new Map(['lea', 'mia', 'old'].map((id) => [id, `${id} long password`]));
    const out = join(root, 'vault');
    const options = { kdf: kdfFor(newSalt()), passwords, seed: randomBytes(32) };
    const galleries = listGalleries(dir);
    await buildVault(out, galleries, { ...options, now: new Date('2030-03-01T00:00:00Z') });
    const after = new Date('2030-04-02T00:00:00Z');
    // Lea's photos are still in the bucket after her day; Old was published closed, Mia has no day.
    expect((await pastButPublished(folderTarget(out), galleries, passwords, after)).map((g) => g.id)).toEqual(['lea']);
    expect(await pastButPublished(folderTarget(out), galleries, passwords, new Date('2030-03-31T12:00:00Z'))).toEqual(
      [],
    );
    await buildVault(out, galleries, { ...options, now: after });
    expect(await pastButPublished(folderTarget(out), galleries, passwords, after)).toEqual([]);
  });
});
