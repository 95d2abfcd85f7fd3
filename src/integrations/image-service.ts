import type { ImageOutputFormat, LocalImageService } from 'astro';
import sharpService, { resolveSharpEncoderOptions, type SharpImageServiceConfig } from 'astro/assets/services/sharp';
import sharp, { type FormatEnum } from 'sharp';
import { IMAGE_PRESETS, type ImagePreset } from '../lib/images/image-presets.ts';

/**
 * astro:assets' sharp service (`image.service.entrypoint` in astro.config.ts), with one change:
 * a camera JPEG is decoded once, not once per file made from it.
 *
 * The build hands the service one original at a time per core, with the same buffer for every
 * transform of that original (a portfolio photo makes 12 files). Astro's service decodes the JPEG
 * again for each: shrink-on-load keeps the small sizes cheap, but the large ones decode most of the
 * 24 megapixels every time. Here the first transform decodes the original once, turned upright and
 * scaled to the "master": just large enough for the largest image any preset could cut from it
 * (`masterSize`), kept as raw pixels while the build works on that original (a WeakMap keyed by
 * the buffer: freed with it). Every file is then resized and encoded from the master, with the
 * sizes, crops, formats and qualities Astro would use; the output dimensions are Astro's own.
 *
 * Anything else goes to Astro's service unchanged: not a JPEG, an animated or unusual image, a fit
 * that is not a plain resize or cover crop, or a size larger than the master holds.
 */

type Config = SharpImageServiceConfig;
/** What a transform asks for that decides its size (Astro passes them loosely typed). */
interface Size {
  width?: number | undefined;
  height?: number | undefined;
  fit?: string | undefined;
}

export interface Master {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The size every preset's largest image fits in: the original scaled by the largest factor any preset needs. */
export function masterSize(
  width: number,
  height: number,
  presets: readonly ImagePreset[] = Object.values(IMAGE_PRESETS),
): { width: number; height: number } {
  const scale = Math.min(1, Math.max(...presets.map((preset) => neededScale(width, height, preset))));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The scale a transform needs from a `width`×`height` original: a cover crop fills both sides. */
function neededScale(width: number, height: number, size: { width?: number; height?: number }): number {
  return Math.max(size.width ? size.width / width : 0, size.height ? size.height / height : 0);
}

/**
 * The exact output size Astro's service would make for `transform` from a `width`×`height`
 * original, or `undefined` when it is not a plain resize or cover crop (sharp's own arithmetic:
 * a missing side follows the aspect ratio, rounded; never enlarged).
 */
export function outputSize(
  width: number,
  height: number,
  transform: Size,
): { width: number; height: number } | undefined {
  const w = transform.width ? Math.round(transform.width) : undefined;
  const h = transform.height ? Math.round(transform.height) : undefined;
  if (w && h) {
    if (transform.fit && transform.fit !== 'cover' && transform.fit !== 'fill') return undefined;
    if (w > width || h > height) return undefined;
    return { width: w, height: h };
  }
  if (w) return w > width ? undefined : { width: w, height: Math.max(1, Math.round(height / (width / w))) };
  if (h) return h > height ? undefined : { width: Math.max(1, Math.round(width / (height / h))), height: h };
  return undefined;
}

/** Whether `transform` can be made from `master` (cut from a `width`×`height` original) without losing pixels. */
export function fitsMaster(
  master: Pick<Master, 'width' | 'height'>,
  width: number,
  height: number,
  out: { width: number; height: number },
): boolean {
  const scale = Math.min(master.width / width, master.height / height);
  return neededScale(width, height, out) <= scale + 1e-9;
}

const masters = new WeakMap<Uint8Array, Promise<{ master: Master; width: number; height: number } | null>>();
/** How many masters were decoded: the unit test's window on "once per original". */
export const decodes = { count: 0 };

async function decodeMaster(input: Uint8Array, config: Config) {
  const image = sharp(input, { failOn: 'none', limitInputPixels: config.limitInputPixels });
  const meta = await image.metadata();
  if (meta.format !== 'jpeg' || (meta.pages ?? 1) > 1) return null;
  const { width, height } = meta.autoOrient;
  const size = masterSize(width, height);
  decodes.count++;
  const { data, info } = await image
    .rotate()
    .resize({ ...size, fit: 'fill', kernel: config.kernel })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const master: Master = { data, width: info.width, height: info.height, channels: info.channels };
  return { master, width, height };
}

const service: LocalImageService<Config> = {
  ...sharpService,
  async transform(inputBuffer, transform, imageConfig, logger) {
    const config = imageConfig.service.config ?? {};
    const wanted: string | undefined = transform.format;
    const plain = wanted && wanted !== 'svg' && !transform.background && (transform.width || transform.height);
    if (!plain) return sharpService.transform(inputBuffer, transform, imageConfig, logger);
    let pending = masters.get(inputBuffer);
    if (!pending) {
      pending = decodeMaster(inputBuffer, config).catch(() => null);
      masters.set(inputBuffer, pending);
    }
    const decoded = await pending;
    const size: Size = { width: transform.width, height: transform.height, fit: transform.fit };
    const out = decoded && outputSize(decoded.width, decoded.height, size);
    if (!decoded || !out || !fitsMaster(decoded.master, decoded.width, decoded.height, out)) {
      return sharpService.transform(inputBuffer, transform, imageConfig, logger);
    }
    const { master } = decoded;
    const image = sharp(master.data, {
      raw: { width: master.width, height: master.height, channels: master.channels },
    }).resize({
      ...out,
      fit: transform.fit === 'fill' ? 'fill' : 'cover',
      position: transform.position,
      kernel: config.kernel,
      withoutEnlargement: true,
    });
    const encoder = resolveSharpEncoderOptions({ format: wanted, quality: transform.quality }, 'jpeg', config);
    const { data, info } = await image
      .toFormat(wanted === 'jpg' ? 'jpeg' : (wanted as keyof FormatEnum), encoder)
      .toBuffer({ resolveWithObject: true });
    return { data, format: info.format as ImageOutputFormat };
  },
};

export default service;
