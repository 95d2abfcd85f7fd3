import { neutralProfile } from './icc';
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
import { buildVault, publishGalleries } from './build';
import { PUBLISH_LOCK } from './lock';
import { closeGallery } from './close';
import { SEED_MARK } from './record';
import { MANIFEST } from '../format/seal';
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
import { galleriesFrom, listGalleries, type GallerySource } from './sources';
import { folderTarget } from './target';
import { SCHEDULE } from '../host/schedule';
import { newShare, type Share } from './share';
import { VaultError, type VaultImage, type VaultIndex, type VaultManifest } from '../format/types';
import { fromBase64, fromBase64Url, randomBytes } from '../format/encodings';
import {
  accessFrom,
  boundTo,
  ENTRY_BLOCK,
  fileData,
  IV_BYTES,
  kdfFor,
  openFile,
  openGrant,
  openIndex,
  openWithPassword,
  openWithSecret,
  photoKey,
  TAG_BYTES,
} from '../format/keys';
import { fileBucket, INDEX_BUCKETS } from '../format/buckets';

// Each PBKDF2 derivation (600,000 rounds) takes a noticeable time on a busy machine.
// Publishing runs the 1.8-million-iteration key derivation per way in; generous for a loaded CI host.
vi.setConfig({ testTimeout: 180_000 });

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

  it('publishes each open gallery behind its password and its links, decoys beside them, closed ones without their photos', async () => {
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
    expect(result.closed).toEqual(['closed-2020']);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    expect(manifest.version).toBe(4);
    expect(Object.keys(manifest.grants)).toHaveLength(ENTRY_BLOCK);

    const file = (name: string) => new Uint8Array(readFileSync(join(out, name)));
    const open = async (opened: Awaited<ReturnType<typeof openWithPassword>>) => ({
      opened: opened!,
      index: await openIndex(opened!.pointer, file(opened!.pointer.file)),
    });
    // A closed gallery still opens, to its title and last day and no photo: her page says it closed.
    const closed = await open(
      await openWithPassword(manifest, { gallery: 'closed-2020', password: 'closed long password' }),
    );
    expect(closed.index).toEqual({
      id: closed.index.id,
      title: 'Closed',
      expires: '2020-01-31',
      downloads: 'web',
      images: [],
    });
    const jenna = await open(
      await openWithPassword(manifest, { gallery: 'jenna-2026-10', password: 'jenna long password' }),
    );
    expect(jenna.index.title).toBe('Jenna, October 2026');
    expect(jenna.index.images).toHaveLength(2);
    expect(jenna.index.images[0]!.original?.type).toBe('image/jpeg');
    // The private link is a grant of its own, to the same gallery.
    const byLink = await open(await openWithSecret(manifest, links.get('jenna-2026-10')![0]!));
    expect(byLink.index).toEqual(jenna.index);
    expect(result.galleries[0]!.links).toEqual(links.get('jenna-2026-10'));
    const maria = await open(
      await openWithPassword(manifest, { gallery: 'maria-2026-11', password: 'maria long password' }),
    );
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
    // Its colour profile, made neutral: its colour tags, no name of a person or a device (icc.ts).
    expect(meta.icc).toEqual(neutralProfile((await sharp(source).metadata()).icc!));
    expect(meta.xmp).toBeUndefined();
    expect(scanData(original).equals(scanData(source))).toBe(true);

    const link = privateLink('https://studio.example.com/', links.get('jenna-2026-10')![0]!);
    expect(link).toMatch(/^https:\/\/studio\.example\.com\/private-gallery#access=[A-Za-z0-9_-]{43}$/);
  });

  it('publishes the same galleries again with every grant, index and decoy sealed anew: the same lookup ids, new bytes and names; photo files unchanged', async () => {
    const kdf = kdfFor(siteSalt({}, root));
    const passwords = new Map([
      ['jenna-2026-10', 'jenna long password'],
      ['maria-2026-11', 'maria long password'],
    ]);
    const links = new Map([['jenna-2026-10', [randomBytes(32)]]]);
    const galleries = listGalleries(join(root, 'private')).filter((g) => g.id !== 'closed-2020');
    const out = join(root, 'vault-again');
    const options = { kdf, passwords, seed, links, cacheDir: join(root, 'cache-again') };
    const snapshot = async () => {
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
      const photos: string[] = [];
      for (const [gallery, password] of passwords) {
        const { pointer } = (await openWithPassword(manifest, { gallery, password }))!;
        const index = await openIndex(pointer, new Uint8Array(readFileSync(join(out, pointer.file))));
        photos.push(
          ...index.images.flatMap((i) => [i.thumb.file, i.screen!.file, i.full.file, i.original?.file ?? '']),
        );
      }
      const objects = Object.fromEntries(
        readdirSync(out)
          .filter((name) => ![MANIFEST, SEED_MARK, SCHEDULE].includes(name))
          .map((name) => [name, readFileSync(join(out, name)).toString('base64')]),
      );
      return { manifest, photos: new Set(photos.filter(Boolean)), objects };
    };
    await buildVault(out, galleries, options);
    const first = await snapshot();
    const again = await buildVault(out, galleries, options);
    const second = await snapshot();

    // The same lookup ids (real and decoy), every entry with other bytes in each of its four parts.
    expect(Object.keys(second.manifest.grants)).toEqual(Object.keys(first.manifest.grants));
    for (const [id, grant] of Object.entries(first.manifest.grants)) {
      const next = second.manifest.grants[id]!;
      for (const part of [grant.key.iv, grant.key.data, grant.index.iv, grant.index.data]) {
        expect([next.key.iv, next.key.data, next.index.iv, next.index.data]).not.toContain(part);
      }
    }
    // Photo files: the same names and bytes, none uploaded again. Every other object (the indexes
    // and the decoys, alike) has a new name, and the previous ones are gone.
    expect(second.photos).toEqual(first.photos);
    for (const name of first.photos) expect(second.objects[name]).toBe(first.objects[name]);
    const others = (snap: typeof first) => Object.keys(snap.objects).filter((name) => !snap.photos.has(name));
    expect(others(first)).toHaveLength(Object.keys(first.manifest.grants).length - 1);
    expect(others(second)).toHaveLength(others(first).length);
    expect(others(second).filter((name) => others(first).includes(name))).toEqual([]);
    expect(again.uploads).toMatchObject({ photoFiles: 0, other: others(second).length + 1 });
    // Decoy indexes are there in every size bucket, like real ones.
    const sizes = others(second).map((name) => Buffer.from(second.objects[name]!, 'base64').length);
    for (const size of INDEX_BUCKETS) expect(sizes).toContain(IV_BYTES + size + TAG_BYTES);
    // Another seed: other names, other lookup ids for the decoys.
    const other = await buildVault(join(root, 'vault-other'), galleries, { kdf, passwords, seed: randomBytes(32) });
    expect(other.galleries).toHaveLength(2);
    const names = new Set(Object.keys(first.objects));
    expect(
      readdirSync(join(root, 'vault-other')).filter(
        (name) => name !== 'manifest.json' && name !== SCHEDULE && name !== SEED_MARK && names.has(name),
      ),
    ).toEqual([]);
  });

  it('gives every photo a thumbnail, a screen copy and a large copy, whatever its size, in the size buckets decoys share', async () => {
    const dir = join(root, 'screen');
    mkdirSync(join(dir, 'eve'), { recursive: true });
    await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#884422' } })
      .jpeg()
      .toFile(join(dir, 'eve', 'a-large.jpg'));
    await photo(join(dir, 'eve', 'b-small.jpg'), '#224488');
    writeFileSync(join(dir, 'eve', 'gallery.yaml'), 'title: Eve\ndownloads: web\n');
    const out = join(root, 'vault-screen');
    const passwords = new Map([['eve', 'eve long password']]);
    await buildVault(out, listGalleries(dir), { kdf: kdfFor(siteSalt({}, root)), passwords, seed });
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const opened = (await openWithPassword(manifest, { gallery: 'eve', password: 'eve long password' }))!;
    const index = await openIndex(opened.pointer, new Uint8Array(readFileSync(join(out, opened.pointer.file))));
    const roles = (image: object) => Object.keys(image).filter((key) => ['thumb', 'screen', 'full'].includes(key));
    expect(index.images.map(roles)).toEqual([
      ['thumb', 'screen', 'full'],
      ['thumb', 'screen', 'full'],
    ]);
    const [large, small] = index.images as [Required<(typeof index.images)[0]>, Required<(typeof index.images)[0]>];
    expect([large.screen.width, large.screen.height, large.full.width, large.full.height]).toEqual([
      1600, 1067, 2400, 1600,
    ]);
    // A photo smaller than the screen copy has one all the same: the number of files says nothing of sizes.
    expect([small.screen.width, small.screen.height]).toEqual([900, 600]);

    // The screen copy opens under the photo's key with its own role only.
    const key = await photoKey(opened.galleryKey, index, large, 'screen');
    const data = new Uint8Array(readFileSync(join(out, large.screen.file)));
    const screen = await openFile(key, data, fileData(index.id, large.id, 'screen'), large.screen.bytes);
    expect(await sharp(screen).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    for (const role of ['thumb', 'full'] as const) {
      await expect(openFile(key, data, fileData(index.id, large.id, role))).rejects.toBeInstanceOf(VaultError);
    }

    // The bucket: six photo files, each padded to its size bucket; the index, with decoys of its
    // size beside decoys of every other bucket; the manifest and the seed's mark. Nothing else.
    const files = index.images.flatMap((image) => [image.thumb, image.screen!, image.full]);
    expect(new Set(files.map((file) => file.file)).size).toBe(6);
    for (const file of files) {
      expect(statSync(join(out, file.file)).size).toBe(IV_BYTES + fileBucket(file.bytes) + TAG_BYTES);
    }
    const rest = readdirSync(out).filter(
      (name) => ![MANIFEST, SEED_MARK, opened.pointer.file].includes(name) && !files.some((file) => file.file === name),
    );
    expect(rest).toHaveLength(Object.keys(manifest.grants).length - 1);
    const decoySizes = rest.map((name) => statSync(join(out, name)).size);
    expect(decoySizes).toContain(statSync(join(out, opened.pointer.file)).size);
    expect(new Set(decoySizes)).toEqual(new Set(INDEX_BUCKETS.map((size) => IV_BYTES + size + TAG_BYTES)));
  });

  it("salts each gallery's password with its name: one password in two galleries is two grants, each opening its own", async () => {
    // galleryPasswords refuses this (publish/strength.test.ts); the format holds without it.
    const kdf = kdfFor(siteSalt({}, root));
    const same = new Map([
      ['jenna-2026-10', 'shared password'],
      ['maria-2026-11', 'shared password'],
    ]);
    const galleries = listGalleries(join(root, 'private')).filter((g) => g.id !== 'closed-2020');
    const out = join(root, 'vault2');
    await buildVault(out, galleries, { kdf, passwords: same, seed });
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const opens = async (gallery: string) =>
      (await openWithPassword(manifest, { gallery, password: 'shared password' }))?.pointer.gallery;
    const [jenna, maria] = [await opens('jenna-2026-10'), await opens('maria-2026-11')];
    expect(jenna).toMatch(/^[0-9a-f]{32}$/);
    expect(maria).toMatch(/^[0-9a-f]{32}$/);
    expect(maria).not.toBe(jenna);
  });
});

describe('publishing fails closed', () => {
  const gallery = (id: string, folder: string): GallerySource => ({
    id,
    folder,
    title: id,
    expires: null,
    downloads: 'web',
    photos: [{ path: join(folder, 'a.jpg'), alt: 'a' }],
  });

  it('refuses a gallery without its own password, offering a generated passphrase; only the sample uses the README one', () => {
    const client = gallery('jenna-2026-10', join(root, 'private', 'jenna-2026-10'));
    expect(() => galleryPasswords([client], {})).toThrow(
      /"jenna-2026-10" has no password: set PRIVATE_GALLERY_PASSWORD_JENNA_2026_10 in \/\S+\/passwords\.env, for example PRIVATE_GALLERY_PASSWORD_JENNA_2026_10=[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/m,
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
    const ok = galleryPasswords([client], { [passwordVariable('maria-2026-11')]: 'twelve chars tulip' });
    expect(ok.get('maria-2026-11')).toBe('twelve chars tulip');
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
    expect(statSync(join(dir, PASSWORDS_FILE)).mode & 0o777).toBe(0o600);
    const again = gallerySecrets(galleries, {
      ...readEnv(root, { PRIVATE_GALLERY_DIR: dir }),
      [linksVariable('bea')]: '',
    });
    expect(again.seed).toEqual(first.seed);
    expect(again.links.get('ava')).toEqual(first.links.get('ava'));
    expect(readFileSync(join(dir, PASSWORDS_FILE), 'utf8')).toBe(written);
  });
});

describe('publishing again', () => {
  const files = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
  /** The published photo files, by content: what a visitor downloads, whatever their random names. */
  const published = (out: string) =>
    new Set(
      readdirSync(out)
        .filter((name) => ![MANIFEST, SEED_MARK, SCHEDULE].includes(name))
        .map((name) => readFileSync(join(out, name)).toString('base64')),
    );

  it("uploads only the photo files that changed: none for an unchanged gallery, a changed photo's files, all of a re-keyed gallery; indexes and decoys every time", async () => {
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
    const publish = () => buildVault(out, listGalleries(dir), { kdf, passwords, seed, cacheDir });
    // Every published name looks alike (24 hex digits from the seed): photo files, indexes, decoys.
    const names = () => new Set(readdirSync(out).filter((name) => name !== 'manifest.json'));

    // First: every photo resized and sealed, every file uploaded (Ava: thumbnail, screen copy,
    // large copy, original; Bea: three), beside two indexes, the decoys and the manifest.
    const first = await publish();
    expect(first.cache).toMatchObject({ resized: 3, encrypted: 11 });
    expect(first.uploads).toMatchObject({ photoFiles: 11, kept: 0, deleted: 0, other: ENTRY_BLOCK + 1 });
    const coldFiles = published(out);
    expect(readdirSync(out)).toHaveLength(first.objects);

    // Again, nothing changed: no photo resized, sealed or uploaded. The two indexes and the six
    // decoys are sealed anew under new names, uploaded with the manifest, and the previous eight
    // deleted: every publish, so that real indexes and decoys change alike.
    const indexesAndDecoys = ENTRY_BLOCK;
    const manifestBefore = readFileSync(join(out, 'manifest.json'));
    const again = await publish();
    expect(again.cache).toEqual({ resized: 0, encrypted: 0, pruned: 0 });
    expect(again.uploads).toMatchObject({
      photoFiles: 0,
      kept: 11,
      other: indexesAndDecoys + 1,
      deleted: indexesAndDecoys,
    });
    expect([...published(out)].filter((data) => coldFiles.has(data))).toHaveLength(11);
    expect(readFileSync(join(out, 'manifest.json')).equals(manifestBefore)).toBe(false);
    // They still open with the password, and hold the photo's published sizes.
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const indexOf = async (password: string) => {
      const pointer = (await openWithPassword(manifest, { gallery: password.split(' ')[0]!, password }))!.pointer;
      return [pointer, new Uint8Array(readFileSync(join(out, pointer.file)))] as const;
    };
    const opened = (await openWithPassword(manifest, { gallery: 'ava', password: 'ava long password' }))!;
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
      expect(name).toMatch(
        /^(sizes\/[0-9a-f]{64}\.(thumb\.avif|screen\.webp|full\.jpeg|json)|(names|hashes)\/[0-9a-f]{64}\.json)$/,
      );
      expect(readFileSync(path).includes('long password')).toBe(false);
    }

    // A bucket and cache from before screen copies (their files and cache entries taken out): each
    // photo is read and resized once more, for its screen copy alone, and only those are uploaded.
    const screens = [index, await openIndex(...(await indexOf('bea long password')))].flatMap((i) =>
      i.images.map((img) => img.screen!.file),
    );
    for (const name of screens) rmSync(join(out, name));
    for (const name of readdirSync(join(cacheDir, 'sizes'))) {
      const path = join(cacheDir, 'sizes', name);
      if (name.endsWith('.screen.webp') || readFileSync(path, 'utf8').startsWith('{"screen"')) rmSync(path);
    }
    const upgraded = await publish();
    expect(upgraded.cache).toEqual({ resized: 3, encrypted: 3, pruned: 0 });
    expect(upgraded.uploads).toMatchObject({
      photoFiles: 3,
      kept: 8,
      other: indexesAndDecoys + 1,
      deleted: indexesAndDecoys,
    });
    expect([...published(out)].filter((data) => coldFiles.has(data))).toHaveLength(11);

    // A changed photo: only it is resized, sealed and its four files uploaded (with the indexes and
    // decoys); its old files are deleted, and so are the cache entries of its old version.
    const firstFiles = names();
    await photo(join(dir, 'ava', 'two.jpg'), '#ddcc22');
    const changed = await publish();
    // Pruned: its old sizes (two entries of thumbnail and large copy, a json), screen copy (two) and names (four).
    expect(changed.cache).toEqual({ resized: 1, encrypted: 4, pruned: 3 + 2 + 4 });
    expect(changed.uploads).toMatchObject({
      photoFiles: 4,
      kept: 7,
      other: indexesAndDecoys + 1,
      deleted: 4 + indexesAndDecoys,
    });
    const changedFiles = names();
    expect([...changedFiles].filter((file) => !firstFiles.has(file))).toHaveLength(4 + indexesAndDecoys);
    expect(changedFiles.size).toBe(firstFiles.size);
    const changedContent = published(out);
    expect([...changedContent].filter((file) => !coldFiles.has(file))).toHaveLength(4 + indexesAndDecoys);

    // A changed password: new keys, so every file of that gallery is sealed and uploaded again
    // (from the cached sizes); the other gallery is untouched, the old files deleted.
    passwords.set('ava', 'ava new long password');
    const rekeyed = await publish();
    expect(rekeyed.cache).toEqual({ resized: 0, encrypted: 8, pruned: 8 });
    expect(rekeyed.uploads).toMatchObject({ photoFiles: 8, kept: 3, deleted: 8 + indexesAndDecoys });
    expect([...names()].filter((file) => !changedFiles.has(file))).toHaveLength(8 + indexesAndDecoys);
    expect(names().size).toBe(firstFiles.size);
    expect([...published(out)].filter((file) => !changedContent.has(file))).toHaveLength(8 + indexesAndDecoys);
    const reopened = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    expect(await openWithPassword(reopened, { gallery: 'ava', password: 'ava long password' })).toBeNull();
    expect(await openWithPassword(reopened, { gallery: 'ava', password: 'ava new long password' })).not.toBeNull();
  });
});

/** One-photo galleries in a folder of their own, each with its password ("<id> long password"). */
async function onePhotoGalleries(name: string, galleries: Record<string, { color: string; yaml: string }>) {
  const dir = join(root, name);
  const passwords = new Map<string, string>();
  for (const [id, { color, yaml }] of Object.entries(galleries)) {
    mkdirSync(join(dir, id), { recursive: true });
    await photo(join(dir, id, `${id}.jpg`), color);
    writeFileSync(join(dir, id, 'gallery.yaml'), yaml);
    passwords.set(id, `${id} long password`);
  }
  return { dir, out: join(root, `vault-${name}`), kdf: kdfFor(siteSalt({}, root)), passwords };
}

describe('removing a gallery', () => {
  it('deletes its files and its way in once the new manifest is written, after every other object, and leaves the others as they were', async () => {
    const { dir, out, kdf, passwords } = await onePhotoGalleries('removing', {
      eve: { color: '#224466', yaml: 'title: Eve\n' },
      fay: { color: '#664422', yaml: 'title: Fay\n' },
    });
    const options = { kdf, passwords, seed };
    await buildVault(out, listGalleries(dir), options);
    const manifestOf = () => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const eve = (await openWithPassword(manifestOf(), { gallery: 'eve', password: 'eve long password' }))!.pointer;
    const eveIndex = await openIndex(eve, new Uint8Array(readFileSync(join(out, eve.file))));
    const eveFiles = [
      eve.file,
      ...eveIndex.images.flatMap((image) => [image.thumb.file, image.screen!.file, image.full.file]),
    ];
    const fay = (await openWithPassword(manifestOf(), { gallery: 'fay', password: 'fay long password' }))!.pointer;
    const fayBefore = (await openIndex(fay, new Uint8Array(readFileSync(join(out, fay.file))))).images;

    // Her folder is gone from the owner's computer: publishing again, every step recorded in order.
    rmSync(join(dir, 'eve'), { recursive: true });
    const steps: string[] = [];
    const folder = folderTarget(out);
    const recording = {
      ...folder,
      put: async (name: string, data: Uint8Array | string) => {
        steps.push(`put ${name}`);
        await folder.put(name, data);
      },
      // The manifest is written conditionally (over the one this publish started from), and the lock too.
      putIf: async (name: string, data: string, version: string | null) => {
        steps.push(`put ${name}`);
        return folder.putIf(name, data, version);
      },
      delete: async (names: string[]) => {
        steps.push(...names.map((name) => `delete ${name}`));
        await folder.delete(names);
      },
    };
    const result = await publishGalleries(recording, listGalleries(dir), options);

    expect(result.galleries.map((gallery) => gallery.id)).toEqual(['fay']);
    // Nothing of hers is left, and her password opens nothing; Fay's gallery is the one it was.
    for (const file of eveFiles) expect(existsSync(join(out, file)), `her file ${file}`).toBe(false);
    expect(await openWithPassword(manifestOf(), { gallery: 'eve', password: 'eve long password' })).toBeNull();
    // (Her index is sealed anew under a new name, as at every publish; her photos' files and keys stay.)
    const fayNow = (await openWithPassword(manifestOf(), { gallery: 'fay', password: 'fay long password' }))!.pointer;
    expect(fayNow.gallery).toBe(fay.gallery);
    const fayIndex = async (pointer: typeof fay) =>
      (await openIndex(pointer, new Uint8Array(readFileSync(join(out, pointer.file))))).images;
    expect(await fayIndex(fayNow)).toEqual(fayBefore);
    // The manifest is the last object written, and every deletion comes after it.
    const manifestAt = steps.indexOf('put manifest.json');
    expect(manifestAt, 'the manifest was written').toBeGreaterThanOrEqual(0);
    expect(
      steps.slice(0, manifestAt).filter((step) => !step.startsWith('put ')),
      'before the manifest',
    ).toEqual([]);
    expect(
      steps.slice(manifestAt + 1).filter((step) => !step.startsWith('delete ')),
      'after the manifest',
    ).toEqual([]);
    // The lock, released last, is no stale file.
    const deleted = steps
      .filter((step) => step.startsWith('delete ') && step !== `delete ${PUBLISH_LOCK}`)
      .map((step) => step.slice('delete '.length));
    expect(steps.at(-1)).toBe(`delete ${PUBLISH_LOCK}`);
    expect(deleted).toEqual(expect.arrayContaining(eveFiles));
    expect(result.uploads.deleted).toBe(deleted.length);
  });
});

describe('closing a gallery', () => {
  it('closes one gallery at once: a closed index behind the same ways in, its photo files deleted, the others untouched', async () => {
    const { dir, out, kdf, passwords } = await onePhotoGalleries('closing', {
      cara: { color: '#123456', yaml: 'title: Cara\ndownloads: web\n' },
      dana: { color: '#654321', yaml: 'title: Dana\n' },
    });
    const link = randomBytes(32);
    const options = { kdf, passwords, seed, links: new Map([['cara', [link]]]) };
    await buildVault(out, listGalleries(dir), options);
    const manifestOf = () => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const before = manifestOf();
    const danaBefore = (await openWithPassword(before, { gallery: 'dana', password: 'dana long password' }))!.pointer;
    const imagesOf = async (pointer: typeof danaBefore) =>
      (await openIndex(pointer, new Uint8Array(readFileSync(join(out, pointer.file))))).images;
    const danaImages = await imagesOf(danaBefore);
    // Two indexes and five decoys: sealed anew under new names at every publish.
    const indexesAndDecoys = ENTRY_BLOCK - 1;
    const caraBefore = (await openWithPassword(before, { gallery: 'cara', password: 'cara long password' }))!.pointer;

    const now = new Date('2026-11-25T12:00:00Z');
    const { lastDay, result } = await closeGallery(folderTarget(out), listGalleries(dir), 'cara', { ...options, now });
    expect(lastDay).toBe('2026-11-24');
    expect(result.closed).toEqual(['cara']);
    // Her three photo files (thumbnail, screen and large copies) are gone, with the previous indexes
    // and decoys; no photo file was uploaded again.
    expect(result.uploads).toMatchObject({ photoFiles: 0, kept: 3, deleted: 3 + indexesAndDecoys });
    const after = manifestOf();
    expect(Object.keys(after.grants)).toEqual(Object.keys(before.grants));
    // Her password and her link both open the closed index: the page says it closed.
    for (const opened of [
      await openWithPassword(after, { gallery: 'cara', password: 'cara long password' }),
      await openWithSecret(after, link),
    ]) {
      expect(opened!.pointer.file).not.toBe(caraBefore.file);
      const index = await openIndex(opened!.pointer, new Uint8Array(readFileSync(join(out, opened!.pointer.file))));
      expect(index).toEqual({
        id: caraBefore.gallery,
        title: 'Cara',
        expires: '2026-11-24',
        downloads: 'web',
        images: [],
      });
    }
    expect(existsSync(join(out, caraBefore.file))).toBe(false);
    // Dana's photos: the same files under the same keys.
    expect(
      await imagesOf((await openWithPassword(after, { gallery: 'dana', password: 'dana long password' }))!.pointer),
    ).toEqual(danaImages);
    expect(readFileSync(join(dir, 'cara', 'gallery.yaml'), 'utf8')).toMatch(/^expires: 2026-11-24 /m);
    // Publishing again keeps it closed, uploads no photo file and deletes none; the same ways in.
    const again = await buildVault(out, listGalleries(dir), options);
    expect(again.closed).toEqual(['cara']);
    expect(again.uploads).toMatchObject({ photoFiles: 0, other: indexesAndDecoys + 1, deleted: indexesAndDecoys });
    expect(Object.keys(manifestOf().grants)).toEqual(Object.keys(after.grants));
  });
});

/** What a script in a browser that opened a gallery can read out: its gallery key, as bytes, imported anywhere. */
async function readOutGalleryKey(manifest: VaultManifest, secret: Uint8Array<ArrayBuffer>) {
  const access = await accessFrom(secret);
  const grant = manifest.grants[access.id]!;
  const asHmac = await crypto.subtle.unwrapKey(
    'raw',
    fromBase64(grant.key.data),
    access.unwrap,
    { name: 'AES-GCM', iv: fromBase64(grant.key.iv), additionalData: boundTo('grant key', access.id) },
    { name: 'HMAC', hash: 'SHA-256' },
    true,
    ['sign'],
  );
  const bytes = new Uint8Array(await crypto.subtle.exportKey('raw', asHmac));
  // The key itself (format 3) or its JWK (format 4): either way, its bytes.
  const raw =
    bytes.length === 32 ? bytes : fromBase64Url((JSON.parse(new TextDecoder().decode(bytes)) as { k: string }).k);
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['unwrapKey']);
}

describe('keys that rotate', () => {
  it('withdrawing a private or a partner link gives that gallery new keys and new files, and no other gallery: a key read out before opens nothing after', async () => {
    const { dir, out, kdf, passwords } = await onePhotoGalleries('rotating', {
      ava: { color: '#225588', yaml: 'title: Ava\ndownloads: full\n' },
      bea: { color: '#885522', yaml: 'title: Bea\n' },
    });
    const [kept, withdrawn, added] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const partner = newShare(
      listGalleries(dir).find((gallery) => gallery.id === 'ava')!,
      [1],
    );
    const now = new Date('2026-11-25T12:00:00Z');
    const publish = (links: Uint8Array<ArrayBuffer>[], shares: Share[]) =>
      buildVault(out, listGalleries(dir), {
        kdf,
        passwords,
        seed,
        now,
        links: new Map([['ava', links]]),
        shares: new Map([['ava', shares]]),
      });
    const state = async () => {
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
      const open = async (password: string) => {
        const opened = (await openWithPassword(manifest, { gallery: password.split(' ')[0]!, password }))!;
        const index = await openIndex(opened.pointer, new Uint8Array(readFileSync(join(out, opened.pointer.file))));
        const files = index.images.flatMap((i) => [i.thumb.file, i.screen!.file, i.full.file, i.original?.file ?? '']);
        return { opened, index, files: files.filter(Boolean) };
      };
      return { manifest, ava: await open('ava long password'), bea: await open('bea long password') };
    };
    /** Whether a gallery key unwraps every key of a gallery's index (its photos' and originals'). */
    const opensAll = async (key: CryptoKey, { index }: { index: VaultIndex }) => {
      const roles = (image: VaultImage) => (image.original ? (['thumb', 'original'] as const) : (['thumb'] as const));
      const results = await Promise.allSettled(
        index.images.flatMap((image) => roles(image).map((role) => photoKey(key, index, image, role))),
      );
      return results.every((result) => result.status === 'fulfilled');
    };
    const gone = (files: string[]) => files.filter((file) => existsSync(join(out, file)));

    await publish([kept, withdrawn], [partner]);
    const before = await state();
    const stolen = await readOutGalleryKey(before.manifest, withdrawn);
    expect(await opensAll(stolen, before.ava)).toBe(true);
    expect(before.ava.files).toHaveLength(4);

    // The private link withdrawn: Ava's every file has a new name and a new key, her old files are
    // gone; the key read out of the link's browser opens none of the new keys. Bea is untouched.
    await publish([kept], [partner]);
    const afterLink = await state();
    expect(await openWithSecret(afterLink.manifest, withdrawn)).toBeNull();
    expect(afterLink.ava.files.filter((file) => before.ava.files.includes(file))).toEqual([]);
    expect(gone(before.ava.files)).toEqual([]);
    expect(await opensAll(stolen, afterLink.ava)).toBe(false);
    expect(await opensAll(before.ava.opened.galleryKey, afterLink.ava)).toBe(false);
    expect(afterLink.bea.files).toEqual(before.bea.files);
    expect(await opensAll(before.bea.opened.galleryKey, afterLink.bea)).toBe(true);
    // Her password, the other link and the saved access of either keep working.
    expect(await openGrant(afterLink.manifest, await accessFrom(kept))).not.toBeNull();
    expect(await openGrant(afterLink.manifest, before.ava.opened.access)).not.toBeNull();

    // The partner link withdrawn: the same again.
    await publish([kept], []);
    const afterPartner = await state();
    expect(await openWithSecret(afterPartner.manifest, partner.secret)).toBeNull();
    expect(afterPartner.ava.files.filter((file) => afterLink.ava.files.includes(file))).toEqual([]);
    expect(gone(afterLink.ava.files)).toEqual([]);
    expect(await opensAll(afterLink.ava.opened.galleryKey, afterPartner.ava)).toBe(false);
    expect(afterPartner.bea.files).toEqual(before.bea.files);

    // The cost: adding a link seals and uploads that gallery's photo files again too (from the
    // cached sizes), and only hers.
    const adding = await publish([kept, added], []);
    expect(adding.uploads).toMatchObject({ photoFiles: 4, kept: 3 });
    expect((await state()).bea.files).toEqual(before.bea.files);
  });
});
