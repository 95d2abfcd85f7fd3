import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildVault } from './build';
import { closeGallery, markClosed } from './close';
import { folderTarget } from './target';
import { PASSWORDS_FILE, passwordVariable, privateLink, readEnv, SALT_FILE, siteSalt } from './secrets';
import { renderVariants } from './sizes';
import { galleriesFrom, listGalleries } from './sources';
import { ENTRY_BLOCK, kdfFor, openFile, openWithPassword, parseIndex, type VaultManifest } from '../format/crypto';

// Each PBKDF2 derivation (600,000 rounds) takes a noticeable time on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let root: string;

async function photo(path: string, color: string) {
  await sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toFile(path);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'galleries-'));
  const dir = join(root, 'private');
  mkdirSync(join(dir, 'jenna-2026-10'), { recursive: true });
  mkdirSync(join(dir, 'maria-2026-11'), { recursive: true });
  mkdirSync(join(dir, 'closed-2020'), { recursive: true });
  await photo(join(dir, 'jenna-2026-10', 'b.jpg'), '#aa3355');
  await photo(join(dir, 'jenna-2026-10', 'a.jpg'), '#3355aa');
  await photo(join(dir, 'maria-2026-11', 'one.jpg'), '#55aa33');
  await photo(join(dir, 'closed-2020', 'old.jpg'), '#777777');
  writeFileSync(
    join(dir, 'jenna-2026-10', 'gallery.yaml'),
    'title: Jenna, October 2026\ndownloads: full\nphotos:\n  - file: b.jpg\n    alt: The window portrait\n',
  );
  writeFileSync(join(dir, 'maria-2026-11', 'gallery.yaml'), 'title: Maria\nexpires: 2099-01-31\ndownloads: none\n');
  writeFileSync(join(dir, 'closed-2020', 'gallery.yaml'), 'title: Closed\nexpires: 2020-01-31\n');
  writeFileSync(join(dir, PASSWORDS_FILE), `${passwordVariable('maria-2026-11')}=maria's long password\n`);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('private galleries at build time', () => {
  it('reads each folder with its title, order, expiry and download rule', () => {
    const galleries = listGalleries(join(root, 'private'));
    expect(galleries.map((g) => g.id)).toEqual(['closed-2020', 'jenna-2026-10', 'maria-2026-11']);
    const jenna = galleries[1]!;
    expect(jenna.title).toBe('Jenna, October 2026');
    expect(jenna.downloads).toBe('full');
    // Listed photos first, in the listed order; the rest by file name.
    expect(jenna.photos.map((p) => p.alt)).toEqual(['The window portrait', 'Photograph 2 of your gallery']);
    expect(galleries[2]!.expires).toBe('2099-01-31');
    expect(galleries[2]!.downloads).toBe('none');
  });

  it("reads the owner's folder and the repository's content/private/, refusing one name in both", () => {
    const repo = join(root, 'repo');
    mkdirSync(join(repo, 'content', 'private', 'sample'), { recursive: true });
    writeFileSync(join(repo, 'content', 'private', 'sample', 'gallery.yaml'), 'title: Sample\n');
    const env = { PRIVATE_GALLERY_DIR: join(root, 'private') };
    expect(galleriesFrom(env, repo).map((g) => g.id)).toEqual([
      'closed-2020',
      'jenna-2026-10',
      'maria-2026-11',
      'sample',
    ]);
    mkdirSync(join(repo, 'content', 'private', 'jenna-2026-10'));
    writeFileSync(join(repo, 'content', 'private', 'jenna-2026-10', 'gallery.yaml'), 'title: Twin\n');
    expect(() => galleriesFrom(env, repo)).toThrow(/two gallery folders are named "jenna-2026-10"/);
  });

  it('reads passwords from the private folder file, the environment winning', () => {
    const env = readEnv(root, { PRIVATE_GALLERY_DIR: join(root, 'private') });
    expect(env[passwordVariable('maria-2026-11')]).toBe("maria's long password");
    expect(passwordVariable('jenna-2026-10')).toBe('PRIVATE_GALLERY_PASSWORD_JENNA_2026_10');
    const overridden = readEnv(root, {
      PRIVATE_GALLERY_DIR: join(root, 'private'),
      PRIVATE_GALLERY_PASSWORD_MARIA_2026_11: 'from the environment',
    });
    expect(overridden['PRIVATE_GALLERY_PASSWORD_MARIA_2026_11']).toBe('from the environment');
  });

  it('keeps one site salt across builds: made once, then read back', () => {
    const first = siteSalt({}, root);
    expect(readFileSync(join(root, SALT_FILE), 'utf8').trim()).toBe(first);
    expect(siteSalt({}, root)).toBe(first);
    expect(siteSalt({ PRIVATE_GALLERY_SALT: 'AAAAAAAAAAAAAAAAAAAAAA==' }, root)).toBe('AAAAAAAAAAAAAAAAAAAAAA==');
  });

  it('publishes each open gallery behind its own password, decoys beside them, closed ones without their photos', async () => {
    const out = join(root, 'vault');
    const kdf = kdfFor(siteSalt({}, root));
    const passwords = new Map([
      ['jenna-2026-10', 'jenna long password'],
      ['maria-2026-11', 'maria long password'],
      ['closed-2020', 'closed long password'],
    ]);
    const result = await buildVault(out, listGalleries(join(root, 'private')), { kdf, passwords });
    expect(result.galleries.map((g) => g.id)).toEqual(['jenna-2026-10', 'maria-2026-11']);
    expect(result.closed).toEqual(['closed-2020']);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    expect(Object.keys(manifest.galleries)).toHaveLength(ENTRY_BLOCK);

    const open = async (password: string) => {
      const opened = await openWithPassword(manifest, password);
      return parseIndex(await openFile(opened!.key, new Uint8Array(readFileSync(join(out, opened!.entry.index)))));
    };
    // A closed gallery still opens, to its title and last day and no photo: her page says it closed.
    expect(await open('closed long password')).toEqual({
      id: 'closed-2020',
      title: 'Closed',
      expires: '2020-01-31',
      downloads: 'web',
      images: [],
    });
    const jenna = await open('jenna long password');
    expect(jenna.title).toBe('Jenna, October 2026');
    expect(jenna.images).toHaveLength(2);
    expect(jenna.images[0]!.original?.type).toBe('image/jpeg');
    const maria = await open('maria long password');
    expect(maria.title).toBe('Maria');
    expect(maria.images).toHaveLength(1);
    expect(maria.images[0]!.original).toBeUndefined();
    // Every published file name is random: none of the owner's names or titles.
    const names = readdirSync(out).join(' ');
    expect(names).not.toMatch(/jenna|maria|closed|\.jpg/i);

    const link = privateLink('https://studio.example.com/', result.galleries[0]!.secret);
    expect(link).toMatch(/^https:\/\/studio\.example\.com\/private-gallery#access=[A-Za-z0-9_-]{43}$/);
  });

  it('refuses two galleries with one password', async () => {
    const kdf = kdfFor(siteSalt({}, root));
    const same = new Map([
      ['jenna-2026-10', 'shared password'],
      ['maria-2026-11', 'shared password'],
    ]);
    const galleries = listGalleries(join(root, 'private')).filter((g) => g.id !== 'closed-2020');
    await expect(buildVault(join(root, 'vault2'), galleries, { kdf, passwords: same })).rejects.toThrow(
      /share one password/,
    );
  });
});

describe('publishing again', () => {
  const files = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
  it("uploads only what changed: nothing for an unchanged gallery, a changed photo's files, all of a re-keyed gallery", async () => {
    const dir = join(root, 'cached');
    const cacheDir = join(root, 'cache');
    const out = join(root, 'vault-cached');
    mkdirSync(join(dir, 'ava'), { recursive: true });
    mkdirSync(join(dir, 'bea'), { recursive: true });
    await photo(join(dir, 'ava', 'one.jpg'), '#aa3355');
    await photo(join(dir, 'ava', 'two.jpg'), '#3355aa');
    await photo(join(dir, 'bea', 'three.jpg'), '#55aa33');
    writeFileSync(join(dir, 'ava', 'gallery.yaml'), 'title: Ava\ndownloads: full\n');
    writeFileSync(join(dir, 'bea', 'gallery.yaml'), 'title: Bea\n');
    const kdf = kdfFor(siteSalt({}, root));
    const passwords = new Map([
      ['ava', 'ava long password'],
      ['bea', 'bea long password'],
    ]);
    const publish = () => buildVault(out, listGalleries(dir), { kdf, passwords, cacheDir });
    const photoFiles = () => new Set(readdirSync(out).filter((name) => /^[0-9a-f]{64}\.bin$/.test(name)));

    // First: every photo resized, every file uploaded (Ava: thumbnail, full size, original; Bea: two).
    const first = await publish();
    expect(first.cache.resized).toBe(3);
    expect(first.uploads).toMatchObject({ photoFiles: 8, kept: 0, deleted: 0 });
    const firstFiles = photoFiles();
    expect(firstFiles.size).toBe(8);

    // Again, nothing changed: nothing resized or uploaded but the indexes and the manifest; the old
    // indexes and decoys are deleted, so the bucket holds exactly what the manifest reaches.
    const again = await publish();
    expect(again.cache.resized).toBe(0);
    expect(again.uploads).toMatchObject({ photoFiles: 0, kept: 8, other: 2 + (ENTRY_BLOCK - 2) + 1 });
    expect(photoFiles()).toEqual(firstFiles);
    expect(readdirSync(out)).toHaveLength(again.objects);
    // They still open with the password, and hold the photo's published sizes.
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const opened = (await openWithPassword(manifest, 'ava long password'))!;
    const index = parseIndex(await openFile(opened.key, new Uint8Array(readFileSync(join(out, opened.entry.index)))));
    const thumb = await openFile(opened.key, new Uint8Array(readFileSync(join(out, index.images[0]!.thumb.file))));
    expect(Buffer.from(thumb)).toEqual((await renderVariants(join(dir, 'ava', 'one.jpg'))).thumb.data);
    // The cache holds each content key only sealed, as the manifest publishes it; its names are
    // hashes and lookup ids, and no file in it holds a password or a ciphertext.
    expect(files(join(cacheDir, 'keys'))).toHaveLength(2);
    expect(JSON.parse(readFileSync(join(cacheDir, 'keys', `${opened.access.id}.json`), 'utf8'))).toEqual(
      opened.entry.key,
    );
    for (const name of readdirSync(cacheDir, { recursive: true, encoding: 'utf8' })) {
      if (statSync(join(cacheDir, name)).isDirectory()) continue;
      expect(name).toMatch(
        /^(sizes\/[0-9a-f]{64}\.(thumb\.webp|full\.webp|json)|keys\/[0-9a-f]{32}\.json|hashes\/[0-9a-f]{64}\.json)$/,
      );
      expect(readFileSync(join(cacheDir, name)).includes('long password')).toBe(false);
    }

    // A changed photo: only it is resized and its three files uploaded; its old files are deleted.
    await photo(join(dir, 'ava', 'two.jpg'), '#ddcc22');
    const changed = await publish();
    expect(changed.cache.resized).toBe(1);
    expect(changed.uploads).toMatchObject({ photoFiles: 3, kept: 5 });
    const changedFiles = photoFiles();
    expect([...changedFiles].filter((file) => !firstFiles.has(file))).toHaveLength(3);
    expect(changedFiles.size).toBe(8);

    // A changed password: a new content key, so every file of that gallery is sealed and uploaded
    // again (from the cached sizes); the other gallery is untouched, the old files deleted.
    passwords.set('ava', 'ava new long password');
    const rekeyed = await publish();
    expect(rekeyed.cache.resized).toBe(0);
    expect(rekeyed.uploads).toMatchObject({ photoFiles: 6, kept: 2 });
    expect([...photoFiles()].filter((file) => !changedFiles.has(file))).toHaveLength(6);
    expect(photoFiles().size).toBe(8);
    const reopened = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    expect(await openWithPassword(reopened, 'ava long password')).toBeNull();
    expect(await openWithPassword(reopened, 'ava new long password')).not.toBeNull();
  });
});

describe('closing a gallery', () => {
  it('closes one gallery at once: a closed index, its photo files deleted, the others untouched', async () => {
    const dir = join(root, 'closing');
    const out = join(root, 'vault-closing');
    mkdirSync(join(dir, 'cara'), { recursive: true });
    mkdirSync(join(dir, 'dana'), { recursive: true });
    await photo(join(dir, 'cara', 'one.jpg'), '#123456');
    await photo(join(dir, 'dana', 'two.jpg'), '#654321');
    writeFileSync(join(dir, 'cara', 'gallery.yaml'), 'title: Cara\ndownloads: web\n');
    writeFileSync(join(dir, 'dana', 'gallery.yaml'), 'title: Dana\n');
    const kdf = kdfFor(siteSalt({}, root));
    const passwords = new Map([
      ['cara', 'cara long password'],
      ['dana', 'dana long password'],
    ]);
    await buildVault(out, listGalleries(dir), { kdf, passwords });
    const manifestOf = () => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const before = manifestOf();
    const danaBefore = (await openWithPassword(before, 'dana long password'))!.entry;
    const target = folderTarget(out);

    const now = new Date('2026-11-25T12:00:00Z');
    const closed = await closeGallery(
      target,
      { id: 'cara', title: 'Cara', downloads: 'web' },
      'cara long password',
      kdf,
      now,
    );
    expect(closed).toEqual({ deleted: 3, lastDay: '2026-11-24' });
    const after = manifestOf();
    expect(Object.keys(after.galleries)).toEqual(Object.keys(before.galleries));
    const cara = (await openWithPassword(after, 'cara long password'))!;
    expect(parseIndex(await openFile(cara.key, new Uint8Array(readFileSync(join(out, cara.entry.index)))))).toEqual({
      id: 'cara',
      title: 'Cara',
      expires: '2026-11-24',
      downloads: 'web',
      images: [],
    });
    expect((await openWithPassword(after, 'dana long password'))!.entry).toEqual(danaBefore);
    // Cara's two photo files and old index are gone; nothing else was removed.
    expect(readdirSync(out).filter((name) => /^[0-9a-f]{64}\.bin$/.test(name))).toHaveLength(2);
    // A password that opens nothing closes nothing.
    expect(await closeGallery(target, { id: 'x', title: 'X', downloads: 'web' }, 'no such password', kdf)).toBeNull();

    markClosed(join(dir, 'cara'), '2026-11-24');
    expect(readFileSync(join(dir, 'cara', 'gallery.yaml'), 'utf8')).toMatch(/^expires: 2026-11-24 /m);
    // Publishing again keeps it closed.
    const again = await buildVault(out, listGalleries(dir), { kdf, passwords, now });
    expect(again.closed).toEqual(['cara']);
  });
});
