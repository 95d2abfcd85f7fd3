import type { GalleryImage } from '@/lib/portfolio/portfolio';

/** What the viewer needs of a photo (the portfolio's images, or a private gallery's decrypted ones). */
export type LightboxImage = Pick<GalleryImage, 'id' | 'alt' | 'overlay'> & {
  large: Pick<GalleryImage['large'], 'src' | 'width' | 'height'> &
    Partial<Pick<GalleryImage['large'], 'srcset' | 'sizes'>>;
};
