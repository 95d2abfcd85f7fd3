import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { VaultError, type VaultManifest } from '../format/types';
import { fromBase64Url, randomBytes, toBase64Url } from '../format/encodings';
import {
  fileData,
  kdfFor,
  newSalt,
  openFile,
  openIndex,
  openWithPassword,
  openWithSecret,
  photoKey,
} from '../format/keys';
import { buildVault } from './build';
import { closeGallery } from './close';
import { readEnv } from './secrets';
import { shareCommand } from './share-command';
import { folderTarget } from './target';
import {
  newShare,
  parseShares,
  formatShares,
  readShares,
  SAMPLE_PARTNER_SECRET,
  shareProblems,
  sharesVariable,
  withShares,
  withoutShare,
  type Share,
} from './share';
import { galleriesFrom, listGalleries, type GallerySource } from './sources';

// Each PBKDF2 derivation (600,000 rounds) takes a noticeable time on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

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
    const { boundTo } = await import('../format/keys');
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
    const share = newShare(
      galleries.find((g) => g.id === 'full')!,
      [2, 4],
      '2027-01-31',
    );
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
    const expired = newShare(
      galleries.find((g) => g.id === 'full')!,
      [1],
      '2026-11-01',
    );
    const kept = newShare(
      galleries.find((g) => g.id === 'full')!,
      [3],
    );
    const vault = await publish([expired, kept]);
    expect(await vault.link(expired.secret)).toBeNull();
    expect((await vault.link(kept.secret))!.index.images).toHaveLength(1);
    const withdrawn = await publish(withoutShare([expired, kept], formatShares([kept]).slice(0, 10)));
    expect(await withdrawn.link(kept.secret)).toBeNull();
    expect((await withdrawn.password('full'))!.index.images).toHaveLength(4);
  });
});

describe('partner links as the passwords file keeps them', () => {
  it('round-trip by identity with their file names, are replaced in place, and refuse photos outside the gallery', () => {
    const gallery = galleries.find((g) => g.id === 'full')!;
    const shares = [newShare(gallery, [4, 2, 3], '2027-01-31'), newShare(gallery, [1])];
    expect(shares[0]!.photos.map((p) => p.name)).toEqual(['IMG_0412.jpg', 'IMG_0413.jpg', 'IMG_0414.jpg']);
    expect(shares[0]!.photos.every((p) => /^[0-9a-f]{16}$/.test(p.id))).toBe(true);
    const variable = sharesVariable('jenna-2026-10');
    expect(variable).toBe('PRIVATE_GALLERY_SHARES_JENNA_2026_10');
    const value = formatShares(shares);
    expect(value.split(',')[0]).toMatch(
      /^[\w-]{43}:[0-9a-f]{16}(\.[0-9a-f]{16}){2}:2027-01-31:IMG_0412\.jpg\/IMG_0413\.jpg\/IMG_0414\.jpg$/,
    );
    expect(parseShares(variable, value)).toEqual(shares);
    // A file name with the line's own separators comes back whole.
    const odd = {
      ...shares[1]!,
      photos: [{ id: shares[1]!.photos[0]!.id, name: 'Jenna, 1: #best/50% "ok"\u00a0é.jpg' }],
    };
    expect(parseShares(variable, formatShares([odd]))).toEqual([odd]);
    const text = withShares('PRIVATE_GALLERY_SEED=x\n', 'jenna-2026-10', shares);
    expect(text).toBe(`PRIVATE_GALLERY_SEED=x\n${variable}=${value}\n`);
    expect(withShares(text, 'jenna-2026-10', [])).toBe(`PRIVATE_GALLERY_SEED=x\n${variable}=\n`);
    expect(() => newShare(gallery, [3, 5])).toThrow('photo 5 is not in this gallery (1 to 4)');
    expect(() => newShare(gallery, [3], '31/01/2027')).toThrow('--expires must be a date');
    // A day not on the calendar is refused, not rolled over into the next month (issue 50).
    expect(() => newShare(gallery, [3], '2027-02-30')).toThrow(
      '--expires must be a date, e.g. 2027-01-31 (got 2027-02-30)',
    );
    expect(() => withoutShare(shares, 'zzzzzzzzzz')).toThrow('no partner link of this gallery starts with zzzzzzzzzz');
  });
});

describe('the sample gallery', () => {
  it('has a public partner link for photos 1 and 3 until its variable is set; no other gallery has one', () => {
    const sample = listGalleries('content/private').filter((g) => g.id === 'preview');
    const [share] = readShares(sample, {}).get('preview')!;
    expect(toBase64Url(share!.secret)).toBe(SAMPLE_PARTNER_SECRET);
    expect(share!.photos.map((p) => p.name)).toEqual(['private-01.jpg', 'private-03.jpg']);
    // Its photos are the sample's first and third, by identity: nothing to migrate, nothing gone.
    expect(shareProblems(sample, readShares(sample, {})).size).toBe(0);
    expect(readShares(sample, { PRIVATE_GALLERY_SHARES_PREVIEW: '' }).get('preview')).toEqual([]);
    expect(readShares(galleries, {}).get('full')).toEqual([]);
  });
});

/**
 * The owner's way, on her own folder: `share` in passwords.env, then publish, then she adds,
 * removes, renames or reorders photos. Each gallery has four photos of its own colours, in
 * file-name order: img_0411.jpg … img_0414.jpg.
 */
async function ownerSite(ids: string[]) {
  const root = mkdtempSync(join(tmpdir(), 'shares-'));
  const dir = join(root, 'galleries');
  let hue = 0;
  for (const id of ids) {
    mkdirSync(join(dir, id), { recursive: true });
    writeFileSync(join(dir, id, 'gallery.yaml'), `title: Gallery ${id}\n`);
    for (let i = 1; i <= 4; i++) await photo(join(dir, id, `img_04${10 + i}.jpg`), (hue += 37));
  }
  writeFileSync(join(dir, 'passwords.env'), `PRIVATE_GALLERY_SEED=${toBase64Url(seed)}\n`);
  writeFileSync(join(root, '.env'), `PRIVATE_GALLERY_DIR=${dir}\n`);
  const env = () => readEnv(root, {});
  const galleries = () => galleriesFrom(env(), root);
  const passwords = new Map(ids.map((id) => [id, `the password of ${id}`]));
  const warnings: string[] = [];
  const logger = { warn: (message: string) => warnings.push(message) };
  const options = () => ({ kdf, passwords, seed, shares: readShares(galleries(), env(), root, logger), now: NOW });
  return {
    root,
    dir,
    warnings,
    galleries,
    options,
    share: (id: string, photos: string) => {
      const out = shareCommand(['share', id, '--photos', photos], 'https://s', root, {});
      return fromBase64Url(out.split('#access=')[1]!.split('\n')[0]!.trim());
    },
    passwordsFile: () => readFileSync(join(dir, 'passwords.env'), 'utf8'),
    /** Publishes into a new folder; what each partner link opens there (the sub-index's photo ids). */
    publish: async (out = join(root, `vault-${Math.random().toString(36).slice(2)}`)) => {
      const result = await buildVault(out, galleries(), options());
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
      return {
        out,
        result,
        partner: async (secret: Uint8Array<ArrayBuffer>) => {
          const opened = await openWithSecret(manifest, secret);
          if (!opened) return null;
          const index = await openIndex(opened.pointer, new Uint8Array(readFileSync(join(out, opened.pointer.file))));
          return index.images.map((image) => image.id);
        },
      };
    },
  };
}

const NOW = new Date('2026-11-25T12:00:00Z');

const photo = (path: string, hue: number) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: `hsl(${hue % 360}, 60%, 45%)` } })
    .jpeg()
    .toFile(path);

describe('a partner link names its photos by identity, not by place', () => {
  it('adding a photo that sorts first leaves the partner the same photo', async () => {
    const site = await ownerSite(['anna']);
    const link = site.share('anna', '2');
    const before = await (await site.publish()).partner(link);
    expect(before).toHaveLength(1);
    await photo(join(site.dir, 'anna', 'a.jpg'), 200);
    expect(site.galleries()[0]!.photos.map((p) => basename(p.path))[0]).toBe('a.jpg');
    const after = await (await site.publish()).partner(link);
    expect(after).toEqual(before);
  });

  it('renaming and reordering the photos keep the share', async () => {
    const site = await ownerSite(['anna']);
    const link = site.share('anna', '2,3');
    const before = await (await site.publish()).partner(link);
    renameSync(join(site.dir, 'anna', 'img_0412.jpg'), join(site.dir, 'anna', 'zz-retouched.jpg'));
    writeFileSync(
      join(site.dir, 'anna', 'gallery.yaml'),
      'title: Gallery anna\nphotos:\n  - file: img_0414.jpg\n  - file: img_0413.jpg\n  - file: img_0411.jpg\n',
    );
    const after = await (await site.publish()).partner(link);
    // The same two photos, in the gallery's new order: img_0413.jpg, then the renamed one (last).
    expect(after).toEqual([before![1], before![0]]);
  });

  it('a shared photo removed holds that gallery alone, naming the link and the file; closing works', async () => {
    const site = await ownerSite(['anna', 'bella']);
    const broken = site.share('anna', '2,4');
    const kept = site.share('bella', '1');
    const first = await site.publish();
    const bellaBefore = await first.partner(kept);
    rmSync(join(site.dir, 'anna', 'img_0414.jpg'));

    // Publishing does not throw: bella's link still opens her photo; anna's broken link shows no
    // wrong photo (what it shows until she decides is the carried-over gallery's, with `hold`).
    const again = await site.publish();
    expect(await again.partner(kept)).toEqual(bellaBefore);
    expect(await again.partner(broken)).toBeNull();
    // Closing the other gallery, and the one with the broken link, both work.
    await closeGallery(folderTarget(again.out), site.galleries(), 'bella', site.options());
    const code = toBase64Url(broken).slice(0, 8);
    const problems = shareProblems(site.galleries(), site.options().shares, undefined, NOW);
    expect([...problems.keys()]).toEqual(['anna']);
    expect(problems.get('anna')).toBe(
      `Gallery anna (anna): its partner link ${code}… shows img_0414.jpg, which is no longer in its folder ` +
        `(or was edited since). Withdraw that link with "npm run galleries -- unshare anna ${code}", or put ` +
        'the photo back, then publish again.',
    );
    await closeGallery(folderTarget(again.out), site.galleries(), 'anna', site.options());
    // A closed gallery has no partner links: nothing of it is checked.
    expect(shareProblems(site.galleries(), site.options().shares, undefined, NOW).size).toBe(0);
  });

  it('an old entry of photo numbers is read once in today’s order and rewritten by identity, with a warning', async () => {
    const site = await ownerSite(['anna']);
    const secret = toBase64Url(randomBytes(32));
    writeFileSync(
      join(site.dir, 'passwords.env'),
      `${site.passwordsFile()}${sharesVariable('anna')}=${secret}:2.3:2027-01-31\n`,
    );
    const link = fromBase64Url(secret);
    const before = await (await site.publish()).partner(link);
    expect(before).toHaveLength(2);
    const line = site
      .passwordsFile()
      .split('\n')
      .find((l) => l.startsWith(sharesVariable('anna')))!;
    expect(line).toMatch(
      new RegExp(
        `^PRIVATE_GALLERY_SHARES_ANNA=${secret}:[0-9a-f]{16}\\.[0-9a-f]{16}:2027-01-31:img_0412\\.jpg/img_0413\\.jpg$`,
      ),
    );
    expect(site.warnings).toContain(
      'PRIVATE_GALLERY_SHARES_ANNA named its photos by number: read one last time in today’s order ' +
        '(2 = img_0412.jpg, 3 = img_0413.jpg) and rewritten in passwords.env by the photos themselves, so adding, ' +
        'removing or renaming photos no longer changes what a partner link shows. If you added or removed photos ' +
        'since you made that link, check that these are the photos you meant.',
    );
    // From now on it holds: a photo that sorts first changes nothing, and no second warning.
    await photo(join(site.dir, 'anna', 'a.jpg'), 200);
    site.warnings.length = 0;
    expect(await (await site.publish()).partner(link)).toEqual(before);
    expect(site.warnings).toEqual([]);
  });

  it('an old number past the last photo stays a photo that is gone, never one added later', async () => {
    const site = await ownerSite(['anna']);
    const secret = toBase64Url(randomBytes(32));
    writeFileSync(join(site.dir, 'passwords.env'), `${site.passwordsFile()}${sharesVariable('anna')}=${secret}:2.5:\n`);
    const { shares } = site.options();
    expect(site.warnings[0]).toContain('read one last time in today’s order (2 = img_0412.jpg, 5 = no photo today)');
    expect(site.passwordsFile()).toMatch(new RegExp(`:[0-9a-f]{16}\\.0{16}::img_0412\\.jpg/photo%205\n`));
    const code = secret.slice(0, 8);
    const gone = `Gallery anna (anna): its partner link ${code}… shows photo 5, which is no longer in its folder`;
    expect(shareProblems(site.galleries(), shares, undefined, NOW).get('anna')).toContain(gone);
    await photo(join(site.dir, 'anna', 'img_0415.jpg'), 300);
    expect(shareProblems(site.galleries(), site.options().shares, undefined, NOW).get('anna')).toContain(gone);
  });
});
