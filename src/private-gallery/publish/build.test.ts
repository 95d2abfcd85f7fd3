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
import {
  DEVELOPMENT_PASSWORD,
  galleryPasswords,
  gallerySecrets,
  linksVariable,
  PASSWORDS_FILE,
  passwordVariable,
  privateLink,
  readEnv,
  SALT_FILE,
  SEED_VARIABLE,
  siteSalt,
} from './secrets';
import { renderVariants } from './sizes';
import { listGalleries, type GallerySource } from './sources';
import {
  ENTRY_BLOCK,
  fileData,
  INDEX_BUCKETS,
  IV_BYTES,
  kdfFor,
  openFile,
  openIndex,
  openWithPassword,
  openWithSecret,
  photoKey,
  randomBytes,
  TAG_BYTES,
  type VaultManifest,
} from '../format/crypto';

// Each PBKDF2 derivation (600,000 rounds) takes a noticeable time on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let root: string;
const seed = randomBytes(32);

/** A camera's JPEG: orientation 6, a P3 colour profile, and what must not reach a client's download. */
async function cameraPhoto(path: string) {
  await sharp({ create: { width: 900, height: 600, channels: 3, background: '#aa3355' } })
    .jpeg()
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'StudioCam', Model: 'X100', ImageDescription: 'IMG_4321.jpg' },
      IFD2: { BodySerialNumber: 'SN998877' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 43/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmpMM:PreservedFileName="IMG_4321.jpg"/></rdf:RDF></x:xmpmeta>',
    )
    .toFile(path);
}

/** The bytes of a JPEG from its start of scan: the image data itself. */
const scanData = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));

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
  await cameraPhoto(join(dir, 'jenna-2026-10', 'b.jpg'));
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

  it('publishes each open gallery behind its password and its links, decoys beside them, closed ones left out', async () => {
    const out = join(root, 'vault');
    const kdf = kdfFor(siteSalt({}, root));
    const passwords = new Map([
      ['jenna-2026-10', 'jenna long password'],
      ['maria-2026-11', 'maria long password'],
      ['closed-2020', 'closed long password'],
    ]);
    const links = new Map([['jenna-2026-10', [randomBytes(32)]]]);
    const galleries = listGalleries(join(root, 'private'));
    const result = await buildVault(out, galleries, { kdf, passwords, seed, links });
    expect(result.galleries.map((g) => g.id)).toEqual(['jenna-2026-10', 'maria-2026-11']);
    expect(result.skipped).toEqual(['closed-2020']);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    expect(manifest.version).toBe(3);
    expect(Object.keys(manifest.grants)).toHaveLength(ENTRY_BLOCK);
    expect(await openWithPassword(manifest, 'closed long password')).toBeNull();

    const file = (name: string) => new Uint8Array(readFileSync(join(out, name)));
    const open = async (opened: Awaited<ReturnType<typeof openWithPassword>>) => ({
      opened: opened!,
      index: await openIndex(opened!.pointer, file(opened!.pointer.file)),
    });
    const jenna = await open(await openWithPassword(manifest, 'jenna long password'));
    expect(jenna.index.title).toBe('Jenna, October 2026');
    expect(jenna.index.images).toHaveLength(2);
    expect(jenna.index.images[0]!.original?.type).toBe('image/jpeg');
    // The private link is a grant of its own, to the same gallery.
    const byLink = await open(await openWithSecret(manifest, links.get('jenna-2026-10')![0]!));
    expect(byLink.index).toEqual(jenna.index);
    expect(result.galleries[0]!.links).toEqual(links.get('jenna-2026-10'));
    const maria = await open(await openWithPassword(manifest, 'maria long password'));
    expect(maria.index.title).toBe('Maria');
    expect(maria.index.images).toHaveLength(1);
    expect(maria.index.images[0]!.original).toBeUndefined();
    // The gallery's id (favorites are kept under it) is opaque, and stable.
    expect(jenna.index.id).toMatch(/^[0-9a-f]{32}$/);
    // Every published file name is random: none of the owner's names or titles.
    const names = readdirSync(out).join(' ');
    expect(names).not.toMatch(/jenna|maria|closed|\.jpg/i);

    // The original: no GPS, serial number or file name; orientation and colour profile kept, image data untouched.
    const image = jenna.index.images[0]!;
    const key = await photoKey(jenna.opened.galleryKey, jenna.index, image, 'original');
    const original = Buffer.from(
      await openFile(
        key,
        file(image.original!.file),
        fileData(jenna.index.id, image.id, 'original'),
        image.original!.bytes,
      ),
    );
    const source = readFileSync(join(root, 'private', 'jenna-2026-10', 'b.jpg'));
    for (const secret of ['SN998877', 'IMG_4321', 'StudioCam', 'xmpmeta']) {
      expect(source.includes(secret)).toBe(true);
      expect(original.includes(secret)).toBe(false);
    }
    const meta = await sharp(original).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.icc).toEqual((await sharp(source).metadata()).icc);
    expect(meta.xmp).toBeUndefined();
    expect(scanData(original).equals(scanData(source))).toBe(true);

    const link = privateLink('https://studio.example.com/', links.get('jenna-2026-10')![0]!);
    expect(link).toMatch(/^https:\/\/studio\.example\.com\/private-gallery#access=[A-Za-z0-9_-]{43}$/);
  });

  it('publishes the same galleries again byte for byte: manifest, grants, decoys, indexes and file names', async () => {
    const kdf = kdfFor(siteSalt({}, root));
    const passwords = new Map([
      ['jenna-2026-10', 'jenna long password'],
      ['maria-2026-11', 'maria long password'],
    ]);
    const galleries = listGalleries(join(root, 'private')).filter((g) => g.id !== 'closed-2020');
    const build = async (name: string) => {
      const out = join(root, name);
      await buildVault(out, galleries, { kdf, passwords, seed, cacheDir: join(root, 'cache-again') });
      return Object.fromEntries(
        readdirSync(out).map((file) => [file, readFileSync(join(out, file)).toString('base64')]),
      );
    };
    const first = await build('vault-first');
    const second = await build('vault-second');
    expect(second).toEqual(first);
    // Decoy indexes are there in every size bucket, like real ones.
    const sizes = Object.values(first).map((data) => Buffer.from(data, 'base64').length);
    for (const size of INDEX_BUCKETS) expect(sizes).toContain(IV_BYTES + size + TAG_BYTES);
    // Another seed: other names, other decoys.
    const other = await buildVault(join(root, 'vault-other'), galleries, { kdf, passwords, seed: randomBytes(32) });
    expect(other.galleries).toHaveLength(2);
    const names = new Set(Object.keys(first));
    expect(
      readdirSync(join(root, 'vault-other')).filter((name) => name !== 'manifest.json' && names.has(name)),
    ).toEqual([]);
  });

  it('refuses two galleries with one password', async () => {
    const kdf = kdfFor(siteSalt({}, root));
    const same = new Map([
      ['jenna-2026-10', 'shared password'],
      ['maria-2026-11', 'shared password'],
    ]);
    const galleries = listGalleries(join(root, 'private')).filter((g) => g.id !== 'closed-2020');
    await expect(buildVault(join(root, 'vault2'), galleries, { kdf, passwords: same, seed })).rejects.toThrow(
      /share one password/,
    );
  });
});

describe('publishing fails closed', () => {
  const gallery = (id: string, folder: string): GallerySource => ({
    id,
    title: id,
    expires: null,
    downloads: 'web',
    photos: [{ path: join(folder, 'a.jpg'), alt: 'a' }],
  });

  it('refuses a gallery without its own password, offering a generated passphrase; only the sample uses the README one', () => {
    const client = gallery('jenna-2026-10', join(root, 'private', 'jenna-2026-10'));
    expect(() => galleryPasswords([client], {})).toThrow(
      /"jenna-2026-10" has no password: set PRIVATE_GALLERY_PASSWORD_JENNA_2026_10 in passwords\.env, for example PRIVATE_GALLERY_PASSWORD_JENNA_2026_10=[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/m,
    );
    // A client gallery named like the sample, outside the repository's sample folder: refused too.
    expect(() => galleryPasswords([gallery('preview', join(root, 'private', 'preview'))], {})).toThrow(/no password/);
    const sample = gallery('preview', join(process.cwd(), 'content', 'private', 'preview'));
    expect(galleryPasswords([sample], {}).get('preview')).toBe(DEVELOPMENT_PASSWORD);
  });

  it('refuses a password under 12 characters', () => {
    const client = gallery('maria-2026-11', join(root, 'private', 'maria-2026-11'));
    expect(() => galleryPasswords([client], { [passwordVariable('maria-2026-11')]: 'short pass!' })).toThrow(
      /PRIVATE_GALLERY_PASSWORD_MARIA_2026_11 is shorter than 12 characters/,
    );
    const ok = galleryPasswords([client], { [passwordVariable('maria-2026-11')]: 'twelve chars' });
    expect(ok.get('maria-2026-11')).toBe('twelve chars');
  });

  it('makes the seed and a private link once, beside the passwords, and reads them back', () => {
    const dir = join(root, 'secrets');
    mkdirSync(dir, { recursive: true });
    const galleries = [gallery('ava', join(dir, 'ava')), gallery('bea', join(dir, 'bea'))];
    const env = { PRIVATE_GALLERY_DIR: dir, [linksVariable('bea')]: '' };
    const first = gallerySecrets(galleries, env);
    const written = readFileSync(join(dir, PASSWORDS_FILE), 'utf8');
    expect(written).toMatch(new RegExp(`^${SEED_VARIABLE}=[A-Za-z0-9_-]{43}$`, 'm'));
    expect(written).toMatch(/^PRIVATE_GALLERY_LINKS_AVA=[A-Za-z0-9_-]{43}$/m);
    // An empty list means no link: none is made.
    expect(written).not.toMatch(/LINKS_BEA/);
    expect(first.links.get('bea')).toEqual([]);
    const again = gallerySecrets(galleries, {
      ...readEnv(root, { PRIVATE_GALLERY_DIR: dir }),
      [linksVariable('bea')]: '',
    });
    expect(again.seed).toEqual(first.seed);
    expect(again.links.get('ava')).toEqual(first.links.get('ava'));
    expect(readFileSync(join(dir, PASSWORDS_FILE), 'utf8')).toBe(written);
  });
});

describe('the galleries build cache', () => {
  const files = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
  /** The published photo files, by content: what a visitor downloads, whatever their random names. */
  const published = (out: string) =>
    new Set(
      readdirSync(out)
        .filter((name) => name !== 'manifest.json')
        .map((name) => readFileSync(join(out, name)).toString('base64')),
    );

  it('reuses every size and ciphertext when nothing changed; a changed photo or password is made again', async () => {
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
    const build = () => buildVault(out, listGalleries(dir), { kdf, passwords, seed, cacheDir });

    // Cold: every photo resized, every file encrypted (Ava: thumbnail, full size, original; Bea: two).
    const cold = await build();
    expect(cold.cache).toEqual({ resized: 3, encrypted: 8, reused: 0, pruned: 0 });
    const coldFiles = published(out);

    // Warm: nothing resized or encrypted, the very same ciphertexts (indexes and decoys too).
    const warm = await build();
    expect(warm.cache).toEqual({ resized: 0, encrypted: 0, reused: 8, pruned: 0 });
    expect(published(out)).toEqual(coldFiles);
    // They still open with the password, and hold the photo's published sizes.
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const opened = (await openWithPassword(manifest, 'ava long password'))!;
    const index = await openIndex(opened.pointer, new Uint8Array(readFileSync(join(out, opened.pointer.file))));
    const image = index.images[0]!;
    const thumb = await openFile(
      await photoKey(opened.galleryKey, index, image, 'thumb'),
      new Uint8Array(readFileSync(join(out, image.thumb.file))),
      fileData(index.id, image.id, 'thumb'),
      image.thumb.bytes,
    );
    expect(Buffer.from(thumb)).toEqual((await renderVariants(join(dir, 'ava', 'one.jpg'))).thumb.data);
    // The cache holds no key at all (keys come from the seed and the password); its names are
    // hashes, and no file in it holds a password.
    expect(files(join(cacheDir, 'keys'))).toHaveLength(0);
    for (const name of readdirSync(cacheDir, { recursive: true, encoding: 'utf8' })) {
      const path = join(cacheDir, name);
      if (statSync(path).isDirectory()) continue;
      expect(name).toMatch(/^(sizes\/[0-9a-f]{64}\.(thumb\.webp|full\.webp|json)|sealed\/[0-9a-f]{64}\.bin)$/);
      expect(readFileSync(path).includes('long password')).toBe(false);
    }

    // A changed photo: only it is resized and encrypted again (a new IV: new ciphertexts), with its
    // gallery's index; the cache entries of its old version are deleted.
    await photo(join(dir, 'ava', 'two.jpg'), '#ddcc22');
    const changed = await build();
    expect(changed.cache).toEqual({ resized: 1, encrypted: 3, reused: 5, pruned: 3 + 3 });
    const changedFiles = published(out);
    expect([...changedFiles].filter((file) => !coldFiles.has(file))).toHaveLength(3 + 1);

    // A changed password: new keys, so every file of that gallery is encrypted again (from the
    // cached sizes); the other gallery is untouched, the old ciphertexts pruned.
    passwords.set('ava', 'ava new long password');
    const rekeyed = await build();
    expect(rekeyed.cache).toEqual({ resized: 0, encrypted: 6, reused: 2, pruned: 6 });
    expect([...published(out)].filter((file) => !changedFiles.has(file))).toHaveLength(6 + 1);
    expect(files(join(cacheDir, 'sealed'))).toHaveLength(8);
    const reopened = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    expect(await openWithPassword(reopened, 'ava long password')).toBeNull();
    expect(await openWithPassword(reopened, 'ava new long password')).not.toBeNull();
  });
});
