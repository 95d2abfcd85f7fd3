import type { ImgHTMLAttributes } from 'react';
import type { ResponsiveImage } from '@/lib/images/responsive-image';

type Props = { image: ResponsiveImage; alt: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'
>;

/**
 * A responsive photo: the AVIF widths first where the server made them (about a quarter smaller
 * than WebP for photos), the WebP <img> otherwise. The <picture> is `display: contents`, so the
 * <img> lays out as if it stood alone.
 */
export function Picture({ image, alt, ...img }: Props) {
  return (
    <picture className="contents">
      {image.avifSrcset && <source type="image/avif" srcSet={image.avifSrcset} sizes={image.sizes} />}
      <img
        src={image.src}
        srcSet={image.srcset}
        sizes={image.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        {...img}
      />
    </picture>
  );
}
