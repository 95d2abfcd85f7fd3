import { crc32, deflateSync, inflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { sha256, type VaultCache } from './cache.ts';
import { neutralProfile } from './icc.ts';

/**
 * The thumbnail and the large copy of a photo, each with its encoding. Part of the cache key:
 * changing them makes both again. The large copy is what a client downloads with "downloads: web"
 * (and the viewer on a screen that shows more than the screen copy): a JPEG in sRGB, with the sRGB
 * profile, as print labs and older photo apps take no WebP. libjpeg-turbo at quality 82 makes it
 * about as many bytes as WebP at 82 did (a 24 MP camera-like photo's: 983 KB against 975 KB) in a
 * fraction of the time (about 50 ms against 560, measured on this shared host).
 * The thumbnail is the whole photo, as wide as the grid shows it on a 390 px phone at 3x (two
 * columns of 171 CSS px: 513 device pixels), an AVIF at quality 50 and libaom's fastest effort: a
 * camera-like photo's is 40 KB where the 640 px WebP at 72 was 88 KB, as close to the photo as a
 * WebP at 72 of its size (23.5 dB PSNR on grain), so the first screenful comes sooner.
 */
export const SIZES = {
  thumb: { width: 540, quality: 50, format: 'avif' },
  full: { width: 2400, quality: 82, format: 'jpeg' },
} as const;
/**
 * The screen copy, the one the viewer shows: 1600 px on its long side. A 390 px phone at 3x shows
 * a photo at most 1,074 device pixels across (the viewer's 16 px margins), a portrait one 1,611
 * tall: 1600 is all of it. A laptop (1440×900 at 1x) shows a landscape photo 1,350 px wide. Wider
 * or denser screens (a tablet in portrait, a laptop at 2x) take the large copy (client/viewer.ts).
 * Cached apart from SIZES, so adding it made only it. Quality 80 (82 before): a grainy 2400 px
 * photo's copy is 538 KiB instead of 591, sealed in the 576 KiB bucket instead of the 640 KiB one
 * (the viewer's goal: at most 600 KB a photo), at 0.4 dB less PSNR; a camera photo's 447 KiB.
 */
export const SCREEN_SIZE = { width: 1600, quality: 80, format: 'webp' } as const;
/**
 * libwebp's effort (0-6; its default 4) for every size: 0, its fastest. 2 took half the CPU time of
 * 4; 0 takes a quarter less again (a camera photo's large copy about 70 ms of 280, its screen copy
 * about 30), at the same quality setting, and its copies are as close to the photo (measured
 * 2026-11-27 on the benchmark's grainy photos and camera-like ones: PSNR -0.2 to +0.2 dB against
 * effort 2, for -7% to +7% bytes; +1.7 dB for +16% on fine stripes; the grainy 2400 px photo's
 * screen copy 498 KiB instead of 534).
 * Not in the cache key, as the one-decode pipeline is not: they make the same sizes at the same
 * quality, faster, so the copies cached before stay and publishing again uploads none of them.
 */
const WEBP_EFFORT = 0;
/** libaom's effort (0-9; sharp's default 4) for the thumbnail: 0. On this shared host (load 16) 4 took 5 s a thumbnail, 2 half a second, 0 about 0.1 s, for 2-4% more bytes. */
const AVIF_EFFORT = 0;
/** Bump when renderVariants changes what a size looks like, so cached sizes are made again. */
export const VARIANTS_VERSION = 1;

export type Size = keyof typeof SIZES | 'screen';

type Format = 'webp' | 'jpeg' | 'avif';
type Box = { width: number; quality: number; format: Format };
/** Each encoding's media type, as the index lists it, and its file's extension in the cache. */
export const MEDIA_TYPE: Record<Format, string> = { webp: 'image/webp', jpeg: 'image/jpeg', avif: 'image/avif' };
/** The resize to a size: `square` fits the photo inside width×width, else only its width is set. */
const fit = ({ width }: Box, square: boolean) => ({
  width,
  ...(square ? { height: width, fit: 'inside' as const } : {}),
  withoutEnlargement: true,
});

/**
 * The sRGB profile's APP2 segment as libvips writes it into a JPEG (`withIccProfile('srgb')`, right
 * after the start-of-image marker), read once from a JPEG of one of the first photo's pixels.
 */
let srgbSegment: Promise<Buffer> | undefined;
const srgbProfileSegment = (pixels: () => Sharp) =>
  (srgbSegment ??= pixels()
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .jpeg()
    .withIccProfile('srgb')
    .toBuffer()
    .then((jpeg) => {
      const end = 4 + jpeg.readUInt16BE(4);
      const id = jpeg.subarray(6, 6 + ICC_ID.length);
      if (jpeg[2] !== 0xff || jpeg[3] !== 0xe2 || !id.equals(ICC_ID)) {
        throw new Error('libvips no longer writes the sRGB profile first in a JPEG');
      }
      return Buffer.from(jpeg.subarray(2, end));
    }));

/**
 * A size's encoding of sRGB pixels (sharp brings a photo to sRGB as it decodes it): WebP at
 * libwebp's fastest effort, an AVIF at libaom's, or a JPEG carrying the sRGB profile, so a lab
 * reads it as sRGB. The JPEG is the pixels encoded as they are, with the profile's segment put
 * after the start-of-image marker: the same bytes as `withIccProfile('srgb')`, which also converts
 * every pixel from sRGB to sRGB (a transform that changes none of the 16.7 million 8-bit colours),
 * about 100 ms of CPU for a 2400 px copy, two thirds of its encoding.
 */
async function encodeAs(pixels: () => Sharp, { quality, format }: Box) {
  if (format === 'avif') return pixels().avif({ quality, effort: AVIF_EFFORT }).toBuffer({ resolveWithObject: true });
  if (format === 'webp') return pixels().webp({ quality, effort: WEBP_EFFORT }).toBuffer({ resolveWithObject: true });
  const [{ data, info }, profile] = await Promise.all([
    pixels().jpeg({ quality }).toBuffer({ resolveWithObject: true }),
    srgbProfileSegment(pixels),
  ]);
  const tagged = Buffer.concat([data.subarray(0, 2), profile, data.subarray(2)]);
  return { data: tagged, info: { ...info, size: tagged.length } };
}

const render = (path: string | Buffer, size: Box, square: boolean) =>
  encodeAs(() => sharp(path).rotate().resize(fit(size, square)), size);

/** A photo's screen copy (a path or its bytes): at most SCREEN_SIZE on its long side. */
export const renderScreen = (path: string | Buffer) => render(path, SCREEN_SIZE, true);

/**
 * The three published sizes of a photo (a path or its bytes), from one decode: the photo is read
 * once, turned upright and brought to the large copy's size (a JPEG shrinks while it decodes), and
 * kept as pixels; the large copy is encoded from them, the screen copy and the thumbnail resized
 * from them. Only a photo so tall and narrow that its large copy is narrower than a thumbnail is
 * read again, for its thumbnail. Deterministic, so a scan can recompute them.
 */
export async function renderVariants(path: string | Buffer) {
  const { data, info } = await sharp(path)
    .rotate()
    .resize(fit(SIZES.full, true))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const full = await encodeAs(pixels, SIZES.full);
  const screen = await encodeAs(() => pixels().resize(fit(SCREEN_SIZE, true)), SCREEN_SIZE);
  const narrow = info.width < SIZES.thumb.width && info.height >= SIZES.full.width;
  const thumb = narrow
    ? await render(path, SIZES.thumb, false)
    : await encodeAs(() => pixels().resize(fit(SIZES.thumb, false)), SIZES.thumb);
  return { thumb, screen, full };
}

/** A published size of a photo; its bytes are read (or made) only when they must be sealed. */
export interface LazyVariant {
  /** Its media type (MEDIA_TYPE), as the index lists it. */
  type: string;
  width: number;
  height: number;
  bytes: number;
  data: () => Promise<Buffer>;
}

type Rendered = Awaited<ReturnType<typeof renderScreen>>;
type Meta = [number, number, number?];

const made = (variant: Rendered, { format }: Box): LazyVariant => ({
  type: MEDIA_TYPE[format],
  width: variant.info.width,
  height: variant.info.height,
  bytes: variant.data.length,
  data: () => Promise.resolve(variant.data),
});

/** A cached size, read only when it must be sealed. */
const lazy = (cache: VaultCache, file: string, [width, height, bytes]: Meta, { format }: Box): LazyVariant => ({
  type: MEDIA_TYPE[format],
  width,
  height,
  bytes: bytes!,
  data: async () => {
    const data = cache.read(file);
    if (!data) throw new Error(`the publishing cache lost ${file}: publish again`);
    return data;
  },
});

/**
 * renderVariants through the cache: publishing again only resizes new or changed photos, and reads
 * a cached size only if it must be sealed again. `source` gives the photo (its path, or its bytes). The screen copy has an
 * entry of its own: a photo whose other sizes were cached before it existed is read once more, for
 * it alone.
 */
export async function cachedVariants(
  photoHash: string,
  source: () => string | Buffer,
  cache: VaultCache,
): Promise<Record<Size, LazyVariant>> {
  const base = `sizes/${sha256(photoHash, JSON.stringify(SIZES), String(VARIANTS_VERSION))}`;
  const screenBase = `sizes/${sha256(photoHash, SCREEN_KEY, String(VARIANTS_VERSION))}`;
  const read = (name: string) => {
    const meta = cache.read(name);
    return meta && (JSON.parse(meta.toString('utf8')) as Partial<Record<Size, Meta>>);
  };
  const [thumbFile, fullFile] = [`${base}.thumb.${SIZES.thumb.format}`, `${base}.full.${SIZES.full.format}`];
  const cached = read(`${base}.json`);
  const cachedScreen = read(`${screenBase}.json`)?.screen;
  const screenKnown = !!cachedScreen?.[2] && cache.has(`${screenBase}.screen.webp`);
  if (cached?.thumb?.[2] && cached.full?.[2] && cache.has(thumbFile) && cache.has(fullFile)) {
    let screen: LazyVariant;
    if (screenKnown) screen = lazy(cache, `${screenBase}.screen.webp`, cachedScreen, SCREEN_SIZE);
    else {
      const rendered = await renderScreen(source());
      cache.stats.resized++;
      writeScreen(cache, screenBase, rendered);
      screen = made(rendered, SCREEN_SIZE);
    }
    return {
      thumb: lazy(cache, thumbFile, cached.thumb, SIZES.thumb),
      screen,
      full: lazy(cache, fullFile, cached.full, SIZES.full),
    };
  }
  const { thumb, screen, full } = await renderVariants(source());
  cache.stats.resized++;
  cache.write(thumbFile, thumb.data);
  cache.write(fullFile, full.data);
  const meta = (variant: Rendered): Meta => [variant.info.width, variant.info.height, variant.data.length];
  cache.write(`${base}.json`, JSON.stringify({ thumb: meta(thumb), full: meta(full) }));
  writeScreen(cache, screenBase, screen);
  return { thumb: made(thumb, SIZES.thumb), screen: made(screen, SCREEN_SIZE), full: made(full, SIZES.full) };
}

/** The screen copy's part of its cache key: its size and quality, as before it had a format. */
export const SCREEN_KEY = JSON.stringify({ width: SCREEN_SIZE.width, quality: SCREEN_SIZE.quality });

function writeScreen(cache: VaultCache, screenBase: string, screen: Rendered) {
  cache.write(`${screenBase}.screen.webp`, screen.data);
  cache.write(
    `${screenBase}.json`,
    JSON.stringify({ screen: [screen.info.width, screen.info.height, screen.data.length] }),
  );
}

/** A TIFF block (big-endian) holding one tag, the orientation: all the Exif an original keeps. */
function orientationTiff(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM\0*', 0, 'latin1');
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  return tiff;
}

/** Whether an orientation is one to keep: turned or mirrored (2-8); 1 is upright, the default. */
const turned = (orientation: number) => orientation > 1 && orientation <= 8;

/** A JPEG marker segment: the marker, its length, its body. */
function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * The markers a decoder needs besides the scans: frame headers (SOF0-15 but DHT, JPG and DAC,
 * kept apart), Huffman and quantization tables, arithmetic conditioning, restart interval, number
 * of lines, expand reference.
 */
const JPEG_TABLES = new Set([0xc4, 0xcc, 0xdb, 0xdc, 0xdd, 0xdf]);
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** A colour profile rewritten by neutralProfile, or the owner's message naming the photo. */
function neutral(profile: Buffer, name: string, export_: string): Buffer {
  const kept = neutralProfile(profile);
  if (!kept) {
    throw new Error(
      `${name} has a colour profile publishing cannot read, so its metadata cannot be taken out: ${export_}, or set "downloads: web" for its gallery.`,
    );
  }
  return kept;
}

const ICC_ID = Buffer.from('ICC_PROFILE\0', 'latin1');
/** The most profile bytes one APP2 segment holds: 65,535 less its length, the id, its number and count. */
const ICC_CHUNK = 65535 - 2 - ICC_ID.length - 2;

/**
 * The ICC profile a JPEG's APP2 chunks hold (in their numbered order), made neutral and written
 * again in as many APP2 segments as it needs; none if it had none.
 */
function jpegProfile(chunks: Buffer[], name: string): Buffer[] {
  if (chunks.length === 0) return [];
  const ordered = [...chunks].sort((a, b) => a[ICC_ID.length + 4]! - b[ICC_ID.length + 4]!);
  const profile = neutral(
    Buffer.concat(ordered.map((segment) => segment.subarray(4 + ICC_ID.length + 2))),
    name,
    'export it again as a JPEG',
  );
  const count = Math.ceil(profile.length / ICC_CHUNK);
  return Array.from({ length: count }, (_, i) =>
    jpegSegment(
      0xe2,
      Buffer.concat([ICC_ID, Buffer.from([i + 1, count]), profile.subarray(i * ICC_CHUNK, (i + 1) * ICC_CHUNK)]),
    ),
  );
}

type JpegApps = { jfif: Buffer | null; icc: Buffer[]; parts: Buffer[] };

/**
 * An APPn segment kept, rebuilt to hold only what it is kept for: JFIF without its thumbnail (the
 * first one); each chunk of the ICC colour profile, set apart (jpegProfile); Adobe's colour
 * transform (how a decoder reads CMYK and YCCK), in place. Exif, XMP, MPF, IPTC, FlashPix, makers'
 * segments and comments all go.
 */
function keepApp(marker: number, segment: Buffer, apps: JpegApps) {
  const body = segment.subarray(4);
  const id = (name: string) => body.subarray(0, name.length).toString('latin1') === name;
  if (marker === 0xe0 && id('JFIF\0') && body.length >= 14) {
    // Version, units, densities; a thumbnail of 0×0.
    apps.jfif ??= jpegSegment(marker, Buffer.concat([body.subarray(0, 12), Buffer.from([0, 0])]));
  } else if (marker === 0xe2 && id('ICC_PROFILE\0') && body.length > 14) apps.icc.push(segment);
  else if (marker === 0xee && id('Adobe') && body.length >= 12)
    apps.parts.push(jpegSegment(marker, body.subarray(0, 12)));
}

/**
 * Where a scan's entropy-coded data that starts at `at` ends: at the first 0xFF that starts a
 * marker (not a stuffed 0xFF00, not a restart 0xFFD0-D7, not a fill byte before the marker); -1
 * when the file ends first.
 */
function scanEnd(source: Buffer, at: number): number {
  let data = at;
  for (;;) {
    data = source.indexOf(0xff, data);
    if (data < 0 || data + 1 >= source.length) return -1;
    const next = source[data + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) data += 2;
    else if (next === 0xff) data += 1;
    else return data;
  }
}

/**
 * A JPEG's image and nothing else: SOI; JFIF, the orientation in an Exif segment of its own, the
 * ICC profile made neutral (its colour tags only: icc.ts) and Adobe's segment; the tables, frame and every scan byte for byte; EOI, the first
 * image's real end, found by walking the segments by their lengths and the entropy-coded data to
 * the first marker that is not a stuffed 0xFF00 or a restart: a JPEG inside an Exif thumbnail or an
 * APP2 preview is skipped with its segment, and an MPF image, a motion photo's video or any other
 * bytes after the end are left out. `name` is the photo's file, for the owner's messages.
 */
export function stripJpeg(source: Buffer, orientation: number, name: string): Buffer {
  const refuse = (why: string) =>
    new Error(
      `${name} ${why}, so its metadata cannot be taken out: export it again as a JPEG, or set "downloads: web" for its gallery.`,
    );
  if (source[0] !== 0xff || source[1] !== 0xd8) throw refuse('does not start as a JPEG');
  const apps: JpegApps = { jfif: null, icc: [], parts: [] };
  const { parts } = apps;
  let frame = false;
  let at = 2;
  for (;;) {
    if (at + 2 > source.length) throw refuse('ends before its end-of-image marker');
    if (source[at] !== 0xff) throw refuse('is not a well-formed JPEG');
    const marker = source[at + 1]!;
    if (marker === 0xff) {
      at++; // a fill byte before a marker
      continue;
    }
    if (marker === 0xd9) break;
    if (at + 4 > source.length) throw refuse('ends before its end-of-image marker');
    const end = at + 2 + source.readUInt16BE(at + 2);
    if (end > source.length) throw refuse('ends inside one of its segments');
    const segment = source.subarray(at, end);
    at = end;
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      keepApp(marker, segment, apps);
      continue;
    }
    if (isFrame(marker)) frame = true;
    else if (marker !== 0xda && !JPEG_TABLES.has(marker)) {
      throw refuse(`holds a JPEG marker publishing does not know (0xFF${marker.toString(16).toUpperCase()})`);
    }
    parts.push(segment);
    if (marker !== 0xda) continue;
    if (!frame) throw refuse('has a scan before its frame header');
    const data = scanEnd(source, at);
    if (data < 0) throw refuse('ends before its end-of-image marker');
    parts.push(source.subarray(at, data));
    at = data;
  }
  if (!frame) throw refuse('has no image in it');
  const orient = turned(orientation)
    ? [jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), orientationTiff(orientation)]))]
    : [];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...(apps.jfif ? [apps.jfif] : []),
    ...orient,
    ...jpegProfile(apps.icc, name),
    ...parts,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * PNG chunks kept: the image (IHDR, PLTE, IDAT, IEND; APNG's acTL, fcTL, fdAT), its transparency
 * (tRNS) and how its colours and pixels read (cHRM, gAMA, iCCP made neutral, sRGB, cICP, sBIT, pHYs: the pixel
 * density, as JFIF's is kept). Everything else goes, known or not: eXIf, tEXt, zTXt, iTXt, tIME,
 * bKGD, hIST, sPLT, makers' private chunks.
 */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'acTL',
  'fcTL',
  'fdAT',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sRGB',
  'cICP',
  'sBIT',
  'pHYs',
]);

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/**
 * A PNG's iCCP chunk made neutral: its profile (zlib-compressed after the profile's name, a null
 * and the compression method) through neutralProfile, under the name "ICC profile", as the name
 * may be a person's or a device's.
 */
function pngProfile(data: Buffer, name: string): Buffer {
  const nameEnd = data.indexOf(0);
  let profile: Buffer | null = null;
  try {
    if (nameEnd > 0 && data[nameEnd + 1] === 0) profile = inflateSync(data.subarray(nameEnd + 2));
  } catch {
    profile = null;
  }
  const kept = neutral(profile ?? Buffer.alloc(0), name, 'export it again');
  return pngChunk('iCCP', Buffer.concat([Buffer.from('ICC profile\0\0', 'latin1'), deflateSync(kept)]));
}

/** A PNG's kept chunks up to IEND (nothing after it), with the orientation in an eXIf of its own. */
function stripPng(source: Buffer, orientation: number, name: string): Buffer {
  const parts: Buffer[] = [source.subarray(0, 8)];
  for (let at = 8; ;) {
    if (at + 12 > source.length) {
      throw new Error(
        `${name} ends before its IEND chunk, so its metadata cannot be taken out: export it again, or set "downloads: web" for its gallery.`,
      );
    }
    const length = source.readUInt32BE(at);
    const type = source.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > source.length) {
      throw new Error(
        `${name} ends inside its ${type} chunk, so its metadata cannot be taken out: export it again, or set "downloads: web" for its gallery.`,
      );
    }
    if (type === 'iCCP') parts.push(pngProfile(source.subarray(at + 8, end - 4), name));
    else if (PNG_KEPT.has(type)) parts.push(source.subarray(at, end));
    if (type === 'IHDR' && turned(orientation)) parts.push(pngChunk('eXIf', orientationTiff(orientation)));
    if (type === 'IEND') break;
    at = end;
  }
  return Buffer.concat(parts);
}

/**
 * WebP chunks kept: the image (VP8, VP8L, its alpha ALPH, an animation's ANIM and ANMF frames,
 * each with only its image and alpha), the extended header VP8X (its Exif and XMP flags cleared)
 * and the ICC profile (ICCP) made neutral (icc.ts). EXIF, XMP
 * and anything else go, and so does whatever follows the RIFF container.
 */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

/** The sub-chunks an animation frame keeps after its 16-byte header: its image and its alpha. */
const FRAME_KEPT = new Set(['VP8 ', 'VP8L', 'ALPH']);

/** An ANMF frame with only its header, image and alpha: any other chunk in it goes. */
function animationFrame(frame: Buffer, refuse: (why: string) => Error): Buffer {
  if (frame.length < 16) throw refuse('has an animation frame too short to hold an image');
  const kept: Buffer[] = [frame.subarray(0, 16)];
  for (let at = 16; at < frame.length;) {
    if (at + 8 > frame.length) throw refuse('ends inside one of its animation frames');
    const type = frame.subarray(at, at + 4).toString('latin1');
    const length = frame.readUInt32LE(at + 4);
    if (at + 8 + length > frame.length) throw refuse(`ends inside its frame's ${type} chunk`);
    if (FRAME_KEPT.has(type)) kept.push(riffChunk(type, frame.subarray(at + 8, at + 8 + length)));
    at += 8 + length + (length % 2);
  }
  return Buffer.concat(kept);
}

function stripWebp(source: Buffer, orientation: number, name: string): Buffer {
  const refuse = (why: string) =>
    new Error(
      `${name} ${why}, so its metadata cannot be taken out: export it again, or set "downloads: web" for its gallery.`,
    );
  if (source.subarray(0, 4).toString('latin1') !== 'RIFF' || source.subarray(8, 12).toString('latin1') !== 'WEBP') {
    throw refuse('is not a WebP file');
  }
  const riffEnd = 8 + source.readUInt32LE(4);
  if (riffEnd > source.length) throw refuse('ends before its RIFF container does');
  const chunks: Buffer[] = [];
  let extended = false;
  for (let at = 12; at < riffEnd;) {
    if (at + 8 > riffEnd) throw refuse('ends inside one of its chunks');
    const type = source.subarray(at, at + 4).toString('latin1');
    const length = source.readUInt32LE(at + 4);
    if (at + 8 + length > riffEnd) throw refuse(`ends inside its ${type} chunk`);
    const data = source.subarray(at + 8, at + 8 + length);
    if (type === 'VP8X') {
      const header = Buffer.from(data);
      header[0] = header[0]! & ~(VP8X_EXIF | VP8X_XMP) & 0xff;
      if (turned(orientation)) header[0] |= VP8X_EXIF;
      extended = true;
      chunks.push(riffChunk(type, header));
    } else if (type === 'ICCP') chunks.push(riffChunk(type, neutral(data, name, 'export it again')));
    else if (type === 'ANMF') chunks.push(riffChunk(type, animationFrame(data, refuse)));
    else if (WEBP_KEPT.has(type)) chunks.push(riffChunk(type, data));
    at += 8 + length + (length % 2);
  }
  // Exif goes after the image data; only an extended WebP (VP8X) can have one.
  if (extended && turned(orientation)) chunks.push(riffChunk('EXIF', orientationTiff(orientation)));
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/**
 * An AVIF encoded again, losslessly, turned upright, its profile kept: libheif writes the profile
 * byte for byte into its 'colr' box, where it is overwritten by the neutral one, padded to the same
 * length (so no box and no offset moves).
 */
async function strippedAvif(source: Buffer, profile: Buffer | undefined, name: string): Promise<Buffer> {
  const encoded = await sharp(source).rotate().keepIccProfile().avif({ lossless: true }).toBuffer();
  if (!profile) return encoded;
  const at = encoded.indexOf(profile);
  const kept = neutralProfile(profile, profile.length);
  if (at < 0 || !kept) {
    throw new Error(
      `${name} has a colour profile publishing cannot rewrite, so its metadata cannot be taken out: export it again as a JPEG, or set "downloads: web" for its gallery.`,
    );
  }
  kept.copy(encoded, at);
  return encoded;
}

/**
 * The original as a client downloads it: the image and nothing else (no GPS, camera serial, owner,
 * file name, XMP, MPF or appended image or video), only its orientation and colour profile (made
 * neutral: its colour tags byte for byte, no name of a person or a device, icc.ts). JPEG,
 * PNG and WebP keep their image data byte for byte (stripJpeg, stripPng, stripWebp). AVIF keeps
 * Exif and XMP as items its boxes point at by offset: it is encoded again, losslessly (the same
 * decoded pixels, turned upright, the profile kept). `name` is the photo's file, for the messages.
 */
export async function strippedOriginal(source: Buffer, name = 'A photo'): Promise<Buffer> {
  const meta = await sharp(source).metadata();
  const orientation = meta.orientation ?? 1;
  if (meta.format === 'jpeg') return stripJpeg(source, orientation, name);
  if (meta.format === 'png') return stripPng(source, orientation, name);
  if (meta.format === 'webp') return stripWebp(source, orientation, name);
  if (meta.format === 'heif' && meta.compression === 'av1') return strippedAvif(source, meta.icc, name);
  throw new Error(
    `${name} is a ${meta.format} file, which publishing cannot yet strip of its metadata: export it as JPEG, PNG or WebP, or set "downloads: web" for its gallery.`,
  );
}
