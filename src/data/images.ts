import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import { avifEncoding, IMAGE_PRESETS, mainEncoding, type ImagePreset } from '@/lib/images/image-presets';
import type { DescribedImage, ResponsiveImage } from '@/lib/images/responsive-image';

/**
 * The files of one preset (src/lib/images/image-presets.ts) for an island, which cannot use <Image>
 * itself: WebP for every browser, and AVIF when the preset has it (the island puts it in a
 * <picture> source). A cropped preset is cut to its shape.
 *
 * Never read `src.width`, `src.height` or `src.src` here: touching any field of an imported image
 * tells Astro the original file is used, and it then publishes it byte for byte (with its EXIF and
 * GPS). The dimensions come from the generated image instead, and `width` is pinned to the largest
 * width so `src` is one of the srcset files rather than a full-resolution copy.
 */
export async function presetImage(src: ImageMetadata, preset: ImagePreset, sizes: string): Promise<ResponsiveImage> {
  const crop = preset.height === undefined ? {} : { height: preset.height, fit: 'cover' as const };
  const options = { src, width: preset.width, ...crop, widths: [...preset.widths], sizes };
  const avif = avifEncoding(preset);
  const [image, modern] = await Promise.all([
    getImage({ ...options, ...mainEncoding(preset) }),
    avif ? getImage({ ...options, ...avif }) : undefined,
  ]);
  // getSrcSet drops widths above the original and adds the original's own width instead.
  const largest = image.srcSet.values.at(-1)?.transform;
  return {
    src: image.srcSet.values.at(-1)?.url ?? image.src,
    srcset: image.srcSet.attribute,
    sizes,
    width: Number(largest?.width ?? image.attributes['width']),
    height: Number(largest?.height ?? image.attributes['height']),
    ...(modern ? { avifSrcset: modern.srcSet.attribute } : {}),
  };
}

/** `presetImage` with the photo's description, for an island that shows it alone. */
export async function describedImage(
  src: ImageMetadata,
  alt: string,
  preset: ImagePreset,
  sizes: string,
): Promise<DescribedImage> {
  return { ...(await presetImage(src, preset, sizes)), alt };
}

/** The link preview card (Open Graph, IMAGE_PRESETS.shareCard) cut from a photo. */
export function shareCard(src: ImageMetadata) {
  const { width, height } = IMAGE_PRESETS.shareCard;
  return getImage({ src, width, height, fit: 'cover', ...mainEncoding(IMAGE_PRESETS.shareCard) });
}
