import type { GalleryImage } from '@/lib/portfolio/portfolio';
import { Picture } from '@/ui/Picture';

interface Props {
  image: GalleryImage;
  priority: 'high' | 'eager' | 'lazy';
  onOpen: (image: GalleryImage) => void;
  register: (element: HTMLButtonElement | null) => void;
}

/** A photo tile: a button that opens the lightbox; its overlay word shows on hover and keyboard focus. */
export function PhotoTile({ image, priority, onOpen, register }: Props) {
  const { thumb } = image;
  return (
    <button
      ref={register}
      type="button"
      aria-haspopup="dialog"
      aria-label={`${image.overlay}: ${image.alt}`}
      data-tile={image.id}
      onClick={() => onOpen(image)}
      className="group relative block aspect-[4/5] w-full cursor-zoom-in overflow-hidden rounded-sm bg-linen"
    >
      <Picture
        image={thumb}
        alt={image.alt}
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        decoding="async"
        className="absolute inset-0 size-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03] motion-reduce:transition-none"
      />
      {/* Touch screens cannot hover: there the word sits in a small label; elsewhere it fades in over a scrim
          (also while the pointer rests on the tile's View Gallery button, hence the item group). */}
      <span
        aria-hidden="true"
        data-overlay
        className="absolute inset-0 flex items-start justify-start p-2 transition-opacity duration-500 group-hover/item:opacity-100 group-focus-visible:opacity-100 motion-reduce:transition-none [@media(hover:hover)]:items-center [@media(hover:hover)]:justify-center [@media(hover:hover)]:bg-plum-deep/60 [@media(hover:hover)]:p-0 [@media(hover:hover)]:opacity-0"
      >
        <span className="rounded-full bg-plum-deep/85 px-3 py-1 font-display text-lg text-ivory italic [@media(hover:hover)]:bg-transparent [@media(hover:hover)]:px-0 [@media(hover:hover)]:text-4xl">
          {image.overlay}
        </span>
      </span>
    </button>
  );
}
