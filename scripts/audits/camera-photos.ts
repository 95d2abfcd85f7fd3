// Camera-like test photos: what the owner's camera writes, so the image pipeline is measured on
// realistic input instead of the small abstract placeholders. Each photo is a soft studio scene with
// fine texture and sensor grain (so it compresses like a photograph, not like a gradient), a JPEG at
// camera quality, and camera EXIF planted with exiftool: GPS position, make, model, serial number,
// capture date and an Orientation tag (portraits are stored landscape with Orientation 6, as cameras
// held upright write them). Deterministic: the same seed gives the same pixels.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp, { type Blend, type OverlayOptions } from 'sharp';
import { fileHeader, readOptions } from '../shared/options.ts';

export const EXIFTOOL = process.env.EXIFTOOL ?? '/usr/bin/exiftool';

/** Fails with the Debian package to install when exiftool is missing. */
export function requireExiftool() {
  if (!existsSync(EXIFTOOL)) {
    throw new Error(
      `exiftool not found at ${EXIFTOOL}: install the Debian package "exiftool" (apt-get install -y exiftool; ` +
        'on older releases "libimage-exiftool-perl"), or set EXIFTOOL to its path.',
    );
  }
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Tones = [string, string, string, string];
const TONES: [Tones, ...Tones[]] = [
  ['#2d1a27', '#7a4a5e', '#d9bf94', '#ead5cd'],
  ['#1f1720', '#6b4a5a', '#c9a7b0', '#faf6f0'],
  ['#e8e2d4', '#b9b49a', '#6f6a55', '#4a2b3f'],
  ['#1c2230', '#5a6477', '#c8ccd6', '#d9bf94'],
];

/** The scene at 1/8 scale: background light, a few soft figures and drapes. */
function sceneSvg(width: number, height: number, rand: () => number): Buffer {
  // rand() is below 1, so the index is always one of TONES' (the first is only for the type).
  const tones = TONES[Math.floor(rand() * TONES.length)] ?? TONES[0];
  const shapes = Array.from({ length: 14 }, () => {
    const cx = Math.round(rand() * width);
    const cy = Math.round(rand() * height);
    const rx = Math.round((0.08 + rand() * 0.3) * width);
    const ry = Math.round((0.08 + rand() * 0.3) * height);
    const fill = tones[Math.floor(rand() * tones.length)];
    const rotate = Math.round(rand() * 180);
    return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" opacity="${(0.25 + rand() * 0.5).toFixed(2)}" transform="rotate(${rotate} ${cx} ${cy})"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tones[0]}"/><stop offset="1" stop-color="${tones[1]}"/></linearGradient>` +
      `<filter id="b"><feGaussianBlur stdDeviation="${Math.round(width / 60)}"/></filter></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><g filter="url(#b)">${shapes}</g></svg>`,
  );
}

/** Fine strands and folds at half scale (hair, lace, fabric edges): the detail a lens resolves. */
function detailSvg(width: number, height: number, rand: () => number): Buffer {
  const strands = Array.from({ length: 250 }, () => {
    const x = rand() * width;
    const y = rand() * height;
    const len = (0.02 + rand() * 0.12) * width;
    const a = rand() * Math.PI * 2;
    const bend = (rand() - 0.5) * len;
    const x2 = x + Math.cos(a) * len;
    const y2 = y + Math.sin(a) * len;
    const shade = rand() < 0.5 ? '#1f1720' : '#faf6f0';
    return `<path d="M${x.toFixed(1)} ${y.toFixed(1)} Q${(x + bend).toFixed(1)} ${(y - bend).toFixed(1)} ${x2.toFixed(1)} ${y2.toFixed(1)}" stroke="${shade}" stroke-opacity="${(0.05 + rand() * 0.15).toFixed(2)}" stroke-width="${(0.5 + rand() * 2).toFixed(1)}" fill="none"/>`;
  }).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${strands}</svg>`);
}

/**
 * Grey noise at `scale` of the full size, enlarged, as a 1024 px tile repeated over the photo:
 * fabric, skin and hair texture at that scale. A tile costs a fraction of full-size noise to make,
 * and encoders work on small blocks, so the repeat does not make the photo compress any better.
 */
async function texture(scale: number, sigma: number, blend: Blend): Promise<OverlayOptions> {
  const tile = 1024;
  const small = Math.max(8, Math.round(tile * scale));
  const noise = sharp({
    // sharp's type asks for a background; beside noise it is not used.
    create: {
      width: small,
      height: small,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  });
  const input = await (scale === 1 ? noise : noise.resize(tile, tile, { kernel: 'cubic' })).raw().toBuffer();
  return { input, raw: { width: tile, height: tile, channels: 3 }, tile: true, blend };
}

/**
 * Writes one camera-like JPEG. `width`×`height` is how the photo is seen; a portrait is stored
 * rotated with Orientation 6, as a camera writes it.
 */
export async function writeCameraPhoto(
  path: string,
  {
    width,
    height,
    seed,
    serial = 'CL4500123',
    exif = true,
  }: { width: number; height: number; seed: number; serial?: string; exif?: boolean },
): Promise<{ path: string; width: number; height: number }> {
  const rand = random(seed);
  const portrait = height > width;
  const [sw, sh] = portrait ? [height, width] : [width, height];
  const scene = await sharp(sceneSvg(Math.round(width / 8), Math.round(height / 8), rand))
    .resize(width, height, { kernel: 'cubic' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const detail = await sharp(detailSvg(Math.round(width / 2), Math.round(height / 2), rand))
    .resize(width, height, { kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  // Strands and folds, then coarse and mid-scale texture (skin, fabric), then fine sensor grain.
  const layers: OverlayOptions[] = [
    { input: detail, blend: 'over' },
    await texture(1 / 16, 30, 'hard-light'),
    await texture(1 / 4, 18, 'overlay'),
    await texture(1, 10, 'soft-light'),
  ];
  let image = sharp(scene, { raw: { width, height, channels: 3 } }).composite(layers);
  // Stored as the sensor recorded it: a portrait lies on its side (undone by Orientation 6).
  if (portrait) {
    const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).rotate(-90);
  }
  await mkdir(dirname(path), { recursive: true });
  await image.jpeg({ quality: 94, chromaSubsampling: '4:2:0' }).toFile(path);
  if (exif) {
    requireExiftool();
    const day = String(1 + (seed % 28)).padStart(2, '0');
    execFileSync(EXIFTOOL, [
      '-q',
      '-overwrite_original',
      '-Make=Coastlight Test Camera Co.',
      '-Model=CTC R45',
      `-SerialNumber=${serial}`,
      '-LensModel=85mm F1.4',
      `-DateTimeOriginal=2025:06:${day} 14:32:10`,
      '-GPSLatitude=28.6122',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=80.8076',
      '-GPSLongitudeRef=W',
      '-Artist=Studio Owner',
      '-XMP-dc:Creator=Studio Owner',
      '-IPTC:City=Titusville',
      `-Orientation#=${portrait ? 6 : 1}`,
      path,
    ]);
  }
  return { path, width: sw, height: sh };
}

// `node scripts/audits/camera-photos.ts out.jpg 6000 4000 [seed]` writes one photo (handy for trying things).
if (import.meta.url === `file://${process.argv[1]}`) {
  const usage = 'node scripts/audits/camera-photos.ts <out.jpg> [width] [height] [seed]';
  const { positionals } = readOptions({
    name: 'camera-photos',
    usage,
    help: fileHeader(import.meta.url),
    allowPositionals: true,
  });
  const [path, w = '6000', h = '4000', seed = '1'] = positionals;
  if (!path) {
    console.error(`usage: ${usage}`);
    process.exit(1);
  }
  await writeCameraPhoto(path, { width: Number(w), height: Number(h), seed: Number(seed) });
  console.log(`wrote ${path}`);
}
