import type { ReactNode } from 'react';
import type { LightboxImage } from './lightbox-image';

interface Props {
  image: LightboxImage;
  /** The photo's place in the viewer, from 0. */
  index: number;
  count: number;
  /** The label of the photo's collection. */
  label: string;
  /** Extra controls under the caption (e.g. favorite, download). */
  actions?: ReactNode;
}

/** The large photo with its caption: overlay word, collection, and "3 of 12". */
export function LightboxPhoto({ image, index, count, label, actions }: Props) {
  return (
    <figure data-backdrop className="flex min-h-0 flex-1 flex-col items-center justify-center gap-4">
      <img
        key={image.id}
        src={image.large.src}
        srcSet={image.large.srcset}
        sizes={image.large.sizes}
        width={image.large.width}
        height={image.large.height}
        alt={image.alt}
        decoding="async"
        data-lightbox-image
        className="max-h-full min-h-0 w-auto max-w-full rounded-sm bg-ivory/5 object-contain shadow-2xl"
      />
      <figcaption className="flex items-baseline gap-4 text-center text-ivory">
        <span className="font-display text-2xl italic">{image.overlay}</span>
        <span className="text-xs tracking-[0.25em] text-champagne uppercase">
          {label} · <span data-lightbox-position>{index + 1}</span> of {count}
        </span>
      </figcaption>
      {actions}
    </figure>
  );
}
