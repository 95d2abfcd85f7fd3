import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fileData,
  kdfFor,
  newSalt,
  openFile,
  openIndex,
  openWithPassword,
  openWithSecret,
  photoKey,
  randomBytes,
  toBase64Url,
  VaultError,
  type VaultManifest,
} from '../format/crypto';
import { buildVault } from './build';
import {
  newShare,
  parseShares,
  formatShares,
  readShares,
  SAMPLE_PARTNER_SECRET,
  sharesVariable,
  withShares,
  withoutShare,
  type Share,
} from './share';
import { listGalleries, type GallerySource } from './sources';

// Each PBKDF2 derivation (600,000 rounds) takes a noticeable time on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const seed = randomBytes(32);
const kdf = kdfFor(newSalt());
const PASSWORDS = { full: 'proofing full password', web: 'proofing web password', none: 'proofing none password' };
let galleries: GallerySource[];
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'proofing-'));
  let color = 0;
  for (const downloads of ['full', 'web', 'none'] as const) {
    const folder = join(root, 'private', downloads);
    mkdirSync(folder, { recursive: true });
    for (let i = 1; i <= 4; i++) {
      await sharp({ create: { width: 60, height: 40, channels: 3, background: `hsl(${color++ * 29}, 50%, 50%)` } })
        .jpeg()
        .toFile(join(folder, `IMG_04${10 + i}.jpg`));
    }
    const extra = downloads === 'full' ? 'included: 2\nextraPhotoPrice: 35\nlimit: strict\n' : '';
    writeFileSync(join(folder, 'gallery.yaml'), `title: Proofing ${downloads}\ndownloads: ${downloads}\n${extra}`);
  }
  galleries = listGalleries(join(root, 'private'));
});

async function publish(shares: Share[]) {
  const out = join(root, `vault-${Math.random().toString(36).slice(2)}`);
  await buildVault(out, galleries, {
    kdf,
    passwords: new Map(Object.entries(PASSWORDS)),
    seed,
    shares: new Map([['full', shares]]),
    now: new Date('2026-11-25T12:00:00Z'),
  });
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
  const read = (name: string) => new Uint8Array(readFileSync(join(out, name)));
  const open = async (opened: Awaited<ReturnType<typeof openWithSecret>>) => {
    if (!opened) return null;
    const file = read(opened.pointer.file);
    return {
      opened,
      index: await openIndex(opened.pointer, file),
      json: new TextDecoder().decode(await rawIndex(opened, file)),
    };
  };
  const rawIndex = async (
    opened: NonNullable<Awaited<ReturnType<typeof openWithSecret>>>,
    file: Uint8Array<ArrayBuffer>,
  ) => {
    const key = await crypto.subtle.importKey('raw', Buffer.from(opened.pointer.key, 'base64'), 'AES-GCM', false, [
      'decrypt',
    ]);
    const { boundTo } = await import('../format/crypto');
    return openFile(key, file, boundTo('index', opened.pointer.gallery));
  };
  return {
    read,
    password: async (id: keyof typeof PASSWORDS) =>
      open(await openWithPassword(manifest, { gallery: id, password: PASSWORDS[id] })),
    link: async (secret: Uint8Array<ArrayBuffer>) => open(await openWithSecret(manifest, secret)),
  };
}

describe('the selection rules reach the encrypted index', () => {
  it('with the owner’s file names; a gallery without included has neither rules nor limit', async () => {
    const vault = await publish([]);
    const full = (await vault.password('full'))!;
    expect(full.index.selection).toEqual({ included: 2, extraPhotoPrice: '$35', strict: true });
    expect(full.index.images.map((image) => image.source)).toEqual([
      'IMG_0411.jpg',
      'IMG_0412.jpg',
      'IMG_0413.jpg',
      'IMG_0414.jpg',
    ]);
    expect((await vault.password('web'))!.index.selection).toBeUndefined();
  });
});

describe('downloads stay real', () => {
  it('with web or none, what the password opens holds no original and no original key', async () => {
    const vault = await publish([]);
    for (const id of ['web', 'none'] as const) {
      const opened = (await vault.password(id))!;
      expect(opened.json).not.toContain('original');
      await expect(
        photoKey(opened.opened.galleryKey, opened.index, opened.index.images[0]!, 'original'),
      ).rejects.toBeInstanceOf(VaultError);
    }
    const full = (await vault.password('full'))!;
    expect(full.index.images.every((image) => image.original?.key)).toBe(true);
  });
});

describe('a partner link', () => {
  it('opens only its photos, view-only, and its key opens no other photo', async () => {
    const share = newShare([2, 4], 4, '2027-01-31');
    const vault = await publish([share]);
    const client = (await vault.password('full'))!;
    const partner = (await vault.link(share.secret))!;
    expect(partner.index.view).toBe('partner');
    expect(partner.index.downloads).toBe('none');
    expect(partner.index.expires).toBe('2027-01-31');
    expect(partner.index.selection).toBeUndefined();
    expect(partner.index.images.map((image) => image.id)).toEqual([
      client.index.images[1]!.id,
      client.index.images[3]!.id,
    ]);
    // No owner's file names, no originals, no other photo's file in what the partner link opens.
    expect(partner.json).not.toMatch(/IMG_|original/);
    for (const other of [client.index.images[0]!, client.index.images[2]!])
      expect(partner.json).not.toContain(other.thumb.file);

    // Its own photos open.
    const own = partner.index.images[0]!;
    const key = await photoKey(partner.opened.galleryKey, partner.index, own, 'thumb');
    const thumb = await openFile(
      key,
      vault.read(own.thumb.file),
      fileData(partner.index.id, own.id, 'thumb'),
      own.thumb.bytes,
    );
    expect(thumb.length).toBe(own.thumb.bytes);
    // Its viewer shows the screen copy, the client's own file, under the same key.
    expect(own.screen).toEqual(client.index.images[1]!.screen);
    const screen = await openFile(
      await photoKey(partner.opened.galleryKey, partner.index, own, 'screen'),
      vault.read(own.screen!.file),
      fileData(partner.index.id, own.id, 'screen'),
      own.screen!.bytes,
    );
    expect(screen.length).toBe(own.screen!.bytes);

    // Even with the client's index in hand (the page's code, every file name): no other photo's key unwraps,
    // and its photo keys decrypt no other photo's file.
    for (const other of [client.index.images[0]!, client.index.images[2]!]) {
      await expect(photoKey(partner.opened.galleryKey, client.index, other, 'thumb')).rejects.toBeInstanceOf(
        VaultError,
      );
      await expect(photoKey(partner.opened.galleryKey, client.index, other, 'original')).rejects.toBeInstanceOf(
        VaultError,
      );
      await expect(
        openFile(key, vault.read(other.thumb.file), fileData(client.index.id, other.id, 'thumb')),
      ).rejects.toBeInstanceOf(VaultError);
    }
  });

  it('past its last day, or withdrawn, opens nothing; the client’s password is untouched', async () => {
    const expired = newShare([1], 4, '2026-11-01');
    const kept = newShare([3], 4);
    const vault = await publish([expired, kept]);
    expect(await vault.link(expired.secret)).toBeNull();
    expect((await vault.link(kept.secret))!.index.images).toHaveLength(1);
    const withdrawn = await publish(withoutShare([expired, kept], formatShares([kept]).slice(0, 10)));
    expect(await withdrawn.link(kept.secret)).toBeNull();
    expect((await withdrawn.password('full'))!.index.images).toHaveLength(4);
  });
});

describe('partner links as the passwords file keeps them', () => {
  it('round-trip, are replaced in place, and refuse photos outside the gallery', () => {
    const shares = [newShare([12, 3, 7], 20, '2027-01-31'), newShare([1], 20)];
    const variable = sharesVariable('jenna-2026-10');
    expect(variable).toBe('PRIVATE_GALLERY_SHARES_JENNA_2026_10');
    expect(parseShares(variable, formatShares(shares))).toEqual(
      shares.map((s) => ({ ...s, photos: [...s.photos].sort((a, b) => a - b) })),
    );
    const text = withShares('PRIVATE_GALLERY_SEED=x\n', 'jenna-2026-10', shares);
    expect(text).toBe(`PRIVATE_GALLERY_SEED=x\n${variable}=${formatShares(shares)}\n`);
    expect(withShares(text, 'jenna-2026-10', [])).toBe(`PRIVATE_GALLERY_SEED=x\n${variable}=\n`);
    expect(() => newShare([3, 21], 20)).toThrow('photo 21 is not in this gallery (1 to 20)');
    expect(() => newShare([3], 20, '31/01/2027')).toThrow('--expires must be a date');
    expect(() => withoutShare(shares, 'zzzzzzzzzz')).toThrow('no partner link of this gallery starts with zzzzzzzzzz');
  });
});

describe('the sample gallery', () => {
  it('has a public partner link for photos 1 and 3 until its variable is set; no other gallery has one', () => {
    const sample = listGalleries('content/private').filter((g) => g.id === 'preview');
    const [share] = readShares(sample, {}).get('preview')!;
    expect(toBase64Url(share!.secret)).toBe(SAMPLE_PARTNER_SECRET);
    expect(share!.photos).toEqual([1, 3]);
    expect(readShares(sample, { PRIVATE_GALLERY_SHARES_PREVIEW: '' }).get('preview')).toEqual([]);
    expect(readShares(galleries, {}).get('full')).toEqual([]);
  });
});
