import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildVault } from './build';
import { iccTags, NEUTRAL_NAME, neutralProfile, profileDescription } from './icc';
import { strippedOriginal } from './sizes';
import { listGalleries } from './sources';
import { type VaultManifest } from '../format/types';
import { downloadFile, fileName } from '../client/downloads';
import { randomBytes } from '../format/encodings';
import { fileData, kdfFor, newSalt, openFile, openIndex, openWithPassword, photoKey } from '../format/keys';

// A publish derives a password (PBKDF2) and exiftool starts Perl for each file: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/** Small photos carrying GPS, owner and serial every way a camera or phone writes them (fixtures/originals/make.ts). */
const FIXTURES = join(import.meta.dirname, 'fixtures', 'originals');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const OWNER = 'Jenna Owner';
const SERIAL = 'SN998877';

/** What exiftool reads in a file, every group and embedded document included: `exiftool -a -ee -G1 -j`. */
function exiftool(bytes: Buffer): Record<string, unknown> {
  const json = execFileSync('exiftool', ['-a', '-ee', '-G1', '-j', '-'], { input: bytes, encoding: 'utf8' });
  return (JSON.parse(json) as Record<string, unknown>[])[0]!;
}

/**
 * Every tag that tells where, by whom or with what a photo was taken, or that carries another image
 * or metadata block: none may reach a client's download.
 */
const FORBIDDEN =
  /GPS|Artist|Owner|Serial|Creator|By-line|Author|Comment|City|ModifyDate|Thumbnail|Preview|^XMP|^MPF|^MPImage|^IPTC|^IFD1|^ExifIFD|^Photoshop|^FlashPix|Trailer|Video|Embedded/i;
/** What a stripped file may hold: the file's own structure, the colour profile, orientation. */
const ALLOWED_GROUPS =
  /^(SourceFile|ExifTool|System|File|JFIF|Adobe|IFD0|ICC-header|ICC_Profile|ICC-view|ICC-meas|Composite|PNG|PNG-pHYs|RIFF|QuickTime|Meta|ItemList)$/;

function forbiddenTags(tags: Record<string, unknown>) {
  return Object.entries(tags)
    .filter(
      ([name, value]) =>
        // The file system's dates and the colour profile's own header are not the photo's metadata.
        (!/^(System|ICC)/.test(name) && FORBIDDEN.test(name)) ||
        // IFD0 holds nothing but the orientation.
        (name.startsWith('IFD0:') && name !== 'IFD0:Orientation') ||
        !ALLOWED_GROUPS.test(name.split(':')[0]!) ||
        (typeof value === 'string' && (value.includes(OWNER) || value.includes(SERIAL) || /trailer/i.test(value))),
    )
    .map(([name, value]) => `${name}: ${String(value)}`);
}

/** The person every fixture's colour profile names, in its description, copyright and device tags. */
const PERSON = 'Jane Doe';
/** Her name as a profile writes it: ASCII in a version 2 profile, UTF-16 (big-endian) in a version 4 one. */
const personIn = (bytes: Buffer) =>
  bytes.includes(PERSON, 0, 'latin1') || bytes.includes(Buffer.from(PERSON, 'utf16le').swap16());
/** The tags that say how a profile's colours read (icc.ts keeps these, byte for byte). */
const COLOUR =
  /^(rXYZ|gXYZ|bXYZ|rTRC|gTRC|bTRC|kTRC|wtpt|bkpt|chad|chrm|lumi|meas|[AB]2[ABDM]\d|D2B\d|gamt|cicp|ciis)$/;
const tagData = (profile: Buffer) =>
  Object.fromEntries(
    iccTags(profile)!.map((tag) => [tag.signature, profile.subarray(tag.offset, tag.offset + tag.size)]),
  );

/**
 * A stripped file's profile against its source's: every colour tag byte for byte, a neutral
 * description and nothing else; no device, creator or date in its header; the person's name
 * nowhere in it or in the file.
 */
function expectNeutralProfile(source: Buffer, stripped: Buffer, file: Buffer) {
  const [before, after] = [tagData(source), tagData(stripped)];
  expect(personIn(source), 'the fixture names the person in its profile').toBe(true);
  const colour = Object.keys(before).filter((name) => COLOUR.test(name));
  expect(colour.length).toBeGreaterThanOrEqual(7);
  expect(Object.keys(after).sort()).toEqual([...colour, 'desc'].sort());
  for (const name of colour) expect(after[name]!.equals(before[name]!), `${name} byte for byte`).toBe(true);
  expect(profileDescription(stripped)).toBe(NEUTRAL_NAME);
  expect([...stripped.subarray(48, 56), ...stripped.subarray(80, 84), ...stripped.subarray(24, 36)]).toEqual(
    Array<number>(24).fill(0),
  );
  expect(personIn(stripped), 'the profile names no one').toBe(false);
  expect(personIn(file), 'the file names no one').toBe(false);
}

/** The decoded pixels, as a viewer shows them (orientation applied). */
const pixels = (bytes: Buffer) => sharp(bytes).rotate().raw().toBuffer({ resolveWithObject: true });

/** A JPEG's bytes from its first start of scan to its first image's end: the image data. */
function scanData(jpeg: Buffer, end: number) {
  return jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])), end);
}

const CASES = [
  {
    name: 'camera.jpg',
    orientation: 6,
    icc: true,
    what: 'EXIF, XMP, IPTC, a comment, an MPF image, a motion-photo trailer',
  },
  {
    name: 'progressive.jpg',
    orientation: undefined,
    icc: true,
    what: 'a progressive JPEG with EXIF, XMP and a trailer',
  },
  { name: 'photo.png', orientation: 6, icc: true, what: 'eXIf, tEXt, zTXt, iTXt, tIME, a private chunk and a trailer' },
  { name: 'photo.webp', orientation: 6, icc: true, what: 'EXIF and XMP chunks, and a trailer' },
  { name: 'photo.avif', orientation: undefined, icc: true, what: 'EXIF and XMP items' },
] as const;

describe('an original as a client downloads it', () => {
  for (const { name, orientation, icc, what } of CASES) {
    it(`${name} (${what}): exiftool finds no GPS, owner, serial, XMP, MPF or trailer; same pixels, orientation and colour profile`, async () => {
      const source = fixture(name);
      // The fixture does carry them, where exiftool and a byte search can see them.
      expect(forbiddenTags(exiftool(source)).join('\n')).toMatch(/GPS/);
      expect(source.includes(OWNER) && source.includes(SERIAL)).toBe(true);

      const stripped = await strippedOriginal(source, name);
      expect(forbiddenTags(exiftool(stripped))).toEqual([]);
      expect(stripped.includes(OWNER)).toBe(false);
      expect(stripped.includes(SERIAL)).toBe(false);

      const [before, after] = await Promise.all([sharp(source).metadata(), sharp(stripped).metadata()]);
      expect(after.format).toBe(before.format);
      expect([after.width, after.height]).toEqual([before.width, before.height]);
      expect(after.orientation).toBe(orientation);
      if (icc) expectNeutralProfile(before.icc!, after.icc!, stripped);
      const [a, b] = await Promise.all([pixels(source), pixels(stripped)]);
      expect(b.info).toEqual(a.info);
      expect(b.data.equals(a.data)).toBe(true);
    });
  }

  it('a colour profile from a camera, a phone or an editing program keeps its colour tags byte for byte and names no person or device', async () => {
    // camera.jpg, photo.avif and animated.webp: a camera's (version 2); photo.png and photo.webp a
    // phone's (version 4); progressive.jpg an editing program's, over 64 KB, in two APP2 segments.
    const segments = (bytes: Buffer) => bytes.toString('latin1').split('ICC_PROFILE\0').length - 1;
    expect(segments(fixture('progressive.jpg'))).toBe(2);
    for (const name of ['camera.jpg', 'progressive.jpg', 'photo.png', 'photo.webp', 'photo.avif', 'animated.webp']) {
      const source = fixture(name);
      const stripped = await strippedOriginal(source, name);
      const [before, after] = await Promise.all([sharp(source).metadata(), sharp(stripped).metadata()]);
      expectNeutralProfile(before.icc!, after.icc!, stripped);
      expect(exiftool(stripped)['ICC_Profile:ProfileDescription'], name).toBe(NEUTRAL_NAME);
    }
    expect(segments(await strippedOriginal(fixture('progressive.jpg'), 'progressive.jpg'))).toBe(1);
  });

  it('an animation frame keeps only its image and alpha', async () => {
    const source = fixture('animated.webp');
    expect(source.includes('NOTE')).toBe(true);
    const stripped = await strippedOriginal(source, 'animated.webp');
    expect(stripped.includes('NOTE') || stripped.includes(SERIAL)).toBe(false);
    const [a, b] = await Promise.all([
      sharp(source, { pages: -1 }).raw().toBuffer({ resolveWithObject: true }),
      sharp(stripped, { pages: -1 }).raw().toBuffer({ resolveWithObject: true }),
    ]);
    expect(b.info.pages).toBe(2);
    expect(b.data.equals(a.data)).toBe(true);
  });

  it("a standard profile keeps its standard's name, and a version 4 profile its ID computed again", async () => {
    const srgb = (
      await sharp(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#777' } })
          .jpeg()
          .withIccProfile('srgb')
          .toBuffer(),
      ).metadata()
    ).icc!;
    const kept = neutralProfile(srgb)!;
    expect(profileDescription(srgb)).toBe('sRGB');
    expect(profileDescription(kept)).toBe('sRGB');
    const zeroed = Buffer.from(kept);
    zeroed.fill(0, 44, 48);
    zeroed.fill(0, 64, 68);
    zeroed.fill(0, 84, 100);
    expect(kept.subarray(84, 100).toString('hex')).toBe(createHash('md5').update(zeroed).digest('hex'));
    expect(kept.readUInt32BE(0)).toBe(kept.length);
    expect(neutralProfile(Buffer.from('not a profile'))).toBeNull();
  });

  it('a JPEG keeps its image data byte for byte, every scan of it, and ends at its end of image', async () => {
    for (const name of ['camera.jpg', 'progressive.jpg']) {
      const source = fixture(name);
      const stripped = await strippedOriginal(source, name);
      expect(stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
      // Its image data, from its first start of scan to its end, is the source's byte for byte; in
      // the source, what follows is the MPF image and the trailer, with the owner's name.
      const scans = scanData(stripped, stripped.length);
      const at = source.indexOf(scans);
      expect(at).toBeGreaterThan(0);
      expect(source.subarray(at + scans.length).includes(OWNER)).toBe(true);
    }
    // A progressive JPEG has several scans, each with its own start of scan, all kept.
    const progressive = await strippedOriginal(fixture('progressive.jpg'), 'progressive.jpg');
    const starts = (bytes: Buffer) => {
      let count = 0;
      for (
        let at = bytes.indexOf(Buffer.from([0xff, 0xda]));
        at >= 0;
        at = bytes.indexOf(Buffer.from([0xff, 0xda]), at + 2)
      )
        count++;
      return count;
    };
    expect(starts(progressive)).toBeGreaterThan(3);
  });

  it('a JPEG whose entropy-coded data holds stuffed bytes, restart markers and fill bytes ends at its real end of image', async () => {
    // Hand-made: SOI, APP1 with a whole JPEG inside, DQT, SOF0, DHT, DRI, SOS, data with 0xFF00,
    // RST3 and fill bytes, APP13 between two scans, a second SOS, EOI, then a trailer with an EOI.
    const seg = (marker: number, body: number[]) => [0xff, marker, 0, body.length + 2, ...body];
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      ...seg(0xe1, [0x45, 0x78, 0x69, 0x66, 0, 0, 0xff, 0xd8, 0xff, 0xd9]),
      ...seg(0xdb, [0, ...Array<number>(64).fill(1)]),
      ...seg(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
      ...seg(0xc4, [0, ...Array<number>(16).fill(0)]),
      ...seg(0xdd, [0, 1]),
      ...seg(0xda, [1, 1, 0, 0, 63, 0]),
      0x12,
      0xff,
      0x00,
      0x34,
      0xff,
      0xd3,
      0x56,
      0xff,
      0x00,
      ...seg(0xed, [0x50, 0x68, 0x6f, 0x74, 0x6f]),
      ...seg(0xda, [1, 1, 0, 0, 63, 0]),
      0x78,
      0xff,
      0x00,
      0xff,
      0xff,
      0xff,
      0xd9,
      0x4a,
      0x65,
      0xff,
      0xd8,
      0xff,
      0xd9,
    ]);
    const { stripJpeg } = await import('./sizes');
    const stripped = stripJpeg(jpeg, 1, 'hand-made.jpg');
    const expected = Buffer.from([
      0xff,
      0xd8,
      ...seg(0xdb, [0, ...Array<number>(64).fill(1)]),
      ...seg(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
      ...seg(0xc4, [0, ...Array<number>(16).fill(0)]),
      ...seg(0xdd, [0, 1]),
      ...seg(0xda, [1, 1, 0, 0, 63, 0]),
      0x12,
      0xff,
      0x00,
      0x34,
      0xff,
      0xd3,
      0x56,
      0xff,
      0x00,
      ...seg(0xda, [1, 1, 0, 0, 63, 0]),
      0x78,
      0xff,
      0x00,
      0xff,
      0xff,
      0xff,
      0xd9,
    ]);
    expect([...stripped]).toEqual([...expected]);
    // One that never ends is refused, naming the file.
    expect(() => stripJpeg(jpeg.subarray(0, jpeg.length - 8), 1, 'cut.jpg')).toThrow(/cut\.jpg/);
  });
});

describe('the original in a published gallery', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'originals-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('decrypted as a client downloads it, a phone JPEG and a PNG carry no GPS, owner, serial, XMP, MPF or trailer', async () => {
    const dir = join(root, 'private', 'jenna');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(FIXTURES, 'camera.jpg'), join(dir, 'a.jpg'));
    copyFileSync(join(FIXTURES, 'photo.png'), join(dir, 'b.png'));
    writeFileSync(join(dir, 'gallery.yaml'), 'title: Jenna\ndownloads: full\n');
    const out = join(root, 'vault');
    const password = 'jenna long password for originals';
    await buildVault(out, listGalleries(join(root, 'private')), {
      kdf: kdfFor(newSalt()),
      passwords: new Map([['jenna', password]]),
      seed: randomBytes(32),
    });
    const file = (name: string) => new Uint8Array(readFileSync(join(out, name)));
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const opened = (await openWithPassword(manifest, { gallery: 'jenna', password }))!;
    const index = await openIndex(opened.pointer, file(opened.pointer.file));
    expect(index.images.map((image) => image.original?.type)).toEqual(['image/jpeg', 'image/png']);
    for (const image of index.images) {
      const key = await photoKey(opened.galleryKey, index, image, 'original');
      const original = Buffer.from(
        await openFile(
          key,
          file(image.original!.file),
          fileData(index.id, image.id, 'original'),
          image.original!.bytes,
        ),
      );
      expect(forbiddenTags(exiftool(original))).toEqual([]);
      expect(original.includes(OWNER) || original.includes(SERIAL)).toBe(false);
      expect(personIn(original) || personIn((await sharp(original).metadata()).icc!)).toBe(false);
      expect((await sharp(original).metadata()).orientation).toBe(6);
    }
  });

  it('with downloads: web, a client downloads each photo as a JPEG in sRGB named after the gallery and the photo', async () => {
    const dir = join(root, 'private-web', 'lea');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(FIXTURES, 'photo.png'), join(dir, 'a.png'));
    copyFileSync(join(FIXTURES, 'photo.webp'), join(dir, 'b.webp'));
    writeFileSync(join(dir, 'gallery.yaml'), 'title: Léa, Séance d’octobre\ndownloads: web\n');
    const out = join(root, 'vault-web');
    const password = 'lea long password for her downloads';
    await buildVault(out, listGalleries(join(root, 'private-web')), {
      kdf: kdfFor(newSalt()),
      passwords: new Map([['lea', password]]),
      seed: randomBytes(32),
    });
    const file = (name: string) => new Uint8Array(readFileSync(join(out, name)));
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    const opened = (await openWithPassword(manifest, { gallery: 'lea', password }))!;
    const index = await openIndex(opened.pointer, file(opened.pointer.file));
    const names = index.images.map((image) => fileName(index.title, image, downloadFile(image, index.downloads)!));
    expect(names).toEqual(['lea-seance-d-octobre-01.jpg', 'lea-seance-d-octobre-02.jpg']);
    for (const image of index.images) {
      const key = await photoKey(opened.galleryKey, index, image, 'full');
      const bytes = await openFile(key, file(image.full.file), fileData(index.id, image.id, 'full'), image.full.bytes);
      const meta = await sharp(Buffer.from(bytes)).metadata();
      expect([meta.format, meta.space, image.full.type]).toEqual(['jpeg', 'srgb', 'image/jpeg']);
      expect(profileDescription(meta.icc!)).toBe('sRGB');
    }
  });
});
