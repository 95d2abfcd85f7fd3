// Helpers that need Astro (astro:assets, astro:content) live in src/utils/; src/lib/ stays framework-free.
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import type { ResponsiveImage } from '@/lib/slides';

/** Widths generated for full-bleed photos. */
export const FULL_BLEED_WIDTHS = [480, 768, 1024, 1440, 1920, 2400];

/** Computes a responsive WebP image for an island (which cannot use <Image> itself). */
export async function responsiveImage(
  src: ImageMetadata,
  alt: string,
  {
    widths = FULL_BLEED_WIDTHS,
    sizes = '100vw',
    quality = 72,
  }: { widths?: number[]; sizes?: string; quality?: number } = {},
): Promise<ResponsiveImage> {
  const usable = widths.filter((w) => w <= src.width);
  const image = await getImage({ src, widths: usable.length ? usable : [src.width], sizes, format: 'webp', quality });
  return {
    src: image.src,
    srcset: image.srcSet.attribute,
    sizes,
    width: src.width,
    height: src.height,
    alt,
  };
}
