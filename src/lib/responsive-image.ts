/** A responsive image as the browser needs it, computed on the server by astro:assets. */
export interface ResponsiveImage {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
}

/** A responsive image with its description. */
export interface DescribedImage extends ResponsiveImage {
  alt: string;
}
