/**
 * Every image the site makes from a photo, by use: the widths, the crop and the formats and
 * qualities astro:assets encodes. The data access code and the pages ask for these by name, the
 * "Photos" table of docs/performance.md is written from them (image-presets.test.ts checks it), and the owner's
 * photo import scales masters to MASTER_LONG_SIDE. Layout (each <img>'s `sizes`) stays with the
 * page that knows it. Loaded by plain Node too (scripts/owner/import-photos.ts): no imports.
 */

/** A photo's long side after `npm run photos`: the largest image the site makes is 2400 px wide. */
export const MASTER_LONG_SIDE = 3200;

export interface ImagePreset {
  /** What the Photos table (docs/performance.md) calls it. */
  use: string;
  /** The largest width, which is also the image's `src` (never a full-size copy of the original). */
  width: number;
  /** Cropped (fit: cover) to width × height; otherwise the photo keeps its own shape. */
  height?: number;
  /** Every width made. */
  widths: readonly number[];
  /** The main format (WebP unless said) and its quality (astro:assets' default when absent). */
  format?: 'jpg';
  quality?: number;
  /** AVIF in front of it, at this quality (astro:assets' default when `true`). */
  avif?: number | true;
  /** Phones' own smaller files (AVIF), where a phone would otherwise fetch a larger one. */
  phone?: PhoneFiles;
}

/** A preset's files for phones: AVIF only, at this quality. */
export interface PhoneFiles {
  width: number;
  height: number;
  widths: readonly number[];
  avif: number;
}

export const IMAGE_PRESETS = {
  /** The home page's full-bleed slides: 1200 is a 390-400 px phone at 3x, 2400 a 1200 px screen at 2x. */
  hero: {
    use: 'Hero slides',
    width: 2400,
    widths: [480, 768, 1024, 1200, 1440, 1920, 2400],
    quality: 72,
    avif: 50,
  },
  /**
   * The portfolio grid, cropped to its 4:5 tiles; 800 covers a 390 px column at 2x. 660 is a
   * 412 px phone's column at 1.75x (651 px; with 600 as the next step down it took the 800 px file,
   * 76 KB instead of about 50 KB with camera photos, the page's largest paint).
   */
  gridTile: { use: 'Portfolio grid (4:5 crop)', width: 800, height: 1000, widths: [300, 450, 660, 800], avif: 40 },
  /** The portfolio's viewer, one photo at a time: WebP 70 keeps a detailed 1600 px photo under 700 KB. */
  lightbox: { use: 'Portfolio lightbox', width: 1600, widths: [640, 960, 1280, 1600], quality: 70 },
  /**
   * Before & After cards at 3:2; phones get at most 800 px, at AVIF 45 (they fetch about seven at
   * once); 660 is a 412 px phone's card at 1.75x (651 px), which took the 800 px file before.
   */
  beforeAfter: {
    use: 'Before & After',
    width: 2400,
    height: 1600,
    widths: [480, 800, 1200, 1600, 2400],
    avif: true,
    phone: { width: 800, height: 533, widths: [480, 660, 800], avif: 45 },
  },
  /** The erotica page's sample photos (2:3 in the page). */
  sample: { use: 'Erotica samples', width: 1080, widths: [360, 540, 720, 1080], avif: true },
  /** A post's featured photo at 3:2, shared by the list's cards and the post page: each size encoded once. */
  post: {
    use: 'Blog featured photos (3:2 crop)',
    width: 1600,
    height: 1067,
    widths: [480, 800, 1200, 1600],
    quality: 70,
  },
  /** The about page's headshot. */
  headshot: { use: 'About headshot', width: 1000, widths: [400, 600, 800, 1000] },
  /** What a shared link shows (Open Graph, 1200×630), from the page's photo or the brand card. */
  shareCard: { use: 'Link preview card', width: 1200, height: 630, widths: [1200], format: 'jpg', quality: 80 },
} as const satisfies Record<string, ImagePreset>;

export type ImagePresetName = keyof typeof IMAGE_PRESETS;

/** A format and its quality as astro:assets takes them; no `quality` means astro:assets' default. */
export interface Encoding<Format extends string> {
  format: Format;
  quality?: number;
}

/** The main files' format when a preset names none. */
const DEFAULT_FORMAT = 'webp';

/** A preset's main files (the <img> itself): its format, WebP unless said, and its quality. */
export function mainEncoding(preset: ImagePreset): Encoding<'webp' | 'jpg'> {
  const format = preset.format ?? DEFAULT_FORMAT;
  return preset.quality === undefined ? { format } : { format, quality: preset.quality };
}

/**
 * A preset's AVIF files (the <picture> source in front of the <img>), or undefined when it makes
 * none; a preset's `phone` files are AVIF too, and read the same way.
 */
export function avifEncoding(preset: { avif: number | true }): Encoding<'avif'>;
export function avifEncoding(preset: ImagePreset | PhoneFiles): Encoding<'avif'> | undefined;
export function avifEncoding(preset: { avif?: number | true }): Encoding<'avif'> | undefined {
  if (!preset.avif) return undefined;
  return preset.avif === true ? { format: 'avif' } : { format: 'avif', quality: preset.avif };
}

/**
 * The "Photos" table of docs/performance.md, one row per preset: use, widths and formats with their qualities
 * (none written: astro:assets' default).
 */
export function presetTableRows(): [string, string, string][] {
  return Object.values(IMAGE_PRESETS).map((preset: ImagePreset) => {
    const widths = preset.widths.length === 1 ? `${preset.width}×${preset.height}` : widthRange(preset.widths);
    const phone = preset.phone ? ` (phones: ${preset.phone.widths.join('/')}, AVIF ${preset.phone.avif})` : '';
    const { format, quality } = mainEncoding(preset);
    const main = `${FORMAT_NAMES[format]}${quality ? ` ${quality}` : ''}`;
    const modern = avifEncoding(preset);
    const avif = modern ? `AVIF${modern.quality === undefined ? '' : ` ${modern.quality}`} + ` : '';
    return [preset.use, `${widths}${phone}`, `${avif}${main}`];
  });
}

const FORMAT_NAMES = { webp: 'WebP', jpg: 'JPEG' } as const;
const widthRange = (widths: readonly number[]) => `${Math.min(...widths)}-${Math.max(...widths)}`;
