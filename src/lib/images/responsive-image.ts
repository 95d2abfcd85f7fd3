/**
 * The site's one image type: a responsive image as the browser needs it, computed on the server by
 * astro:assets from a preset (src/lib/images/image-presets.ts, through src/data/images.ts) and handed to
 * islands as plain data.
 */
export interface ResponsiveImage {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  /** The same widths as AVIF, for a <picture> source in front of the WebP <img>; absent when WebP is smaller. */
  avifSrcset?: string;
}

/** The same image with its description, for an island that shows it without its item. */
export interface DescribedImage extends ResponsiveImage {
  alt: string;
}
