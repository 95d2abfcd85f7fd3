import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import type { DescribedImage } from '@/lib/responsive-image';

/**
 * Widths generated for full-bleed photos. 1200 is what a 390-400 px phone at 3x needs (without it,
 * those phones fetched the 1440 file, a third more bytes); 2400 px covers a 1200 px wide viewport at
 * 2x; nothing wider is made.
 */
export const FULL_BLEED_WIDTHS = [480, 768, 1024, 1200, 1440, 1920, 2400];

/**
 * Computes a responsive image for an island (which cannot use <Image> itself): WebP for every browser,
 * and AVIF when `avif` is set (the island puts it in a <picture> source).
 *
 * Never read `src.width`, `src.height` or `src.src` here: touching any field of an imported image
 * tells Astro the original file is used, and it then publishes it byte for byte (with its EXIF and
 * GPS). The dimensions come from the generated image instead, and `width` is pinned to the largest
 * width so `src` is one of the srcset files rather than a full-resolution copy.
 */
export async function responsiveImage(
  src: ImageMetadata,
  alt: string,
  {
    widths = FULL_BLEED_WIDTHS,
    sizes = '100vw',
    quality = 72,
    avif = false,
    avifQuality = 55,
  }: { widths?: number[]; sizes?: string; quality?: number; avif?: boolean; avifQuality?: number } = {},
): Promise<DescribedImage> {
  const width = Math.max(...widths);
  const image = await getImage({ src, width, widths, sizes, format: 'webp', quality });
  // getSrcSet drops widths above the original and adds the original's own width instead.
  const largest = image.srcSet.values.at(-1)?.transform;
  const result: DescribedImage = {
    src: image.srcSet.values.at(-1)?.url ?? image.src,
    srcset: image.srcSet.attribute,
    sizes,
    width: Number(largest?.width ?? image.attributes['width']),
    height: Number(largest?.height ?? image.attributes['height']),
    alt,
  };
  if (avif) {
    const modern = await getImage({ src, width, widths, sizes, format: 'avif', quality: avifQuality });
    result.avifSrcset = modern.srcSet.attribute;
  }
  return result;
}
