/** A responsive image as the browser needs it, computed on the server by astro:assets. */
export interface ResponsiveImage {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  /** The same widths as AVIF, for a <picture> source in front of the WebP <img>; absent when WebP is smaller. */
  avifSrcset?: string;
}

/** A responsive image with its description. */
export interface DescribedImage extends ResponsiveImage {
  alt: string;
}
