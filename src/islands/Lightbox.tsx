import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { stepIndex, type GalleryImage } from '@/lib/portfolio';

/** How far a finger must travel sideways for a swipe to change the photo. */
const SWIPE_PX = 50;

/** What the viewer needs of a photo (the portfolio's images, or a private gallery's decrypted ones). */
export type LightboxImage = Pick<GalleryImage, 'id' | 'alt' | 'overlay'> & {
  large: Pick<GalleryImage['large'], 'src' | 'width' | 'height'> &
    Partial<Pick<GalleryImage['large'], 'srcset' | 'sizes'>>;
};

interface Props<T extends LightboxImage> {
  /** Every photo of the current filter, in the order the arrows step through. */
  images: T[];
  /** The photo shown, or null when closed. */
  index: number | null;
  /** The label of the photo's collection, for the caption. */
  labelOf: (image: T) => string;
  /** The dialog's accessible name; the portfolio's by default. */
  label?: string;
  /** Extra controls under the caption (e.g. favorite, download), for the photo shown. */
  actions?: (image: T, index: number) => ReactNode;
  onIndexChange: (index: number) => void;
  /** Called when the dialog closes (button, backdrop, Escape); may come twice. The parent restores focus. */
  onClose: () => void;
}

/**
 * Full-screen viewer on a native <dialog> opened with showModal(): focus is trapped and the page
 * behind is inert for free. The large image is only rendered, and so only requested, while open.
 */
export function Lightbox<T extends LightboxImage>({
  images,
  index,
  labelOf,
  label = 'Portfolio photo viewer',
  actions,
  onIndexChange,
  onClose,
}: Props<T>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const image = index === null ? undefined : images[index];
  const open = image !== undefined;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      return lockPageScroll();
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open]);

  // State follows at once, not on the queued 'close' event, so a quick reopen is never lost.
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };
  const step = (by: -1 | 1) => {
    if (index !== null && images.length > 1) onIndexChange(stepIndex(index, by, images.length));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      step(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  // A horizontal swipe on a touch screen steps like the arrows: leftwards for the next photo.
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    swipeStart.current = event.pointerType === 'touch' ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent<HTMLDialogElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
  };

  // The dark area around the photo is the backdrop: a click there closes, like on the ::backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target as HTMLElement;
    if (target === event.currentTarget || target.dataset['backdrop'] !== undefined) close();
  };

  return (
    <dialog
      ref={dialogRef}
      aria-label={label}
      className="m-0 h-dvh max-h-none w-screen max-w-none touch-pan-y touch-pinch-zoom overflow-hidden bg-ink/95 p-0 text-ivory backdrop:bg-ink/80"
      onCancel={onClose}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeStart.current = null)}
      onClick={onClick}
    >
      {image && index !== null && (
        <div data-backdrop className="flex h-full flex-col items-center justify-center gap-4 px-4 pt-16 pb-6 md:px-24">
          <button
            type="button"
            onClick={close}
            className="absolute top-3 right-3 flex size-12 items-center justify-center rounded-full bg-ivory/10 text-ivory ring-1 ring-ivory/30 transition-colors hover:bg-ivory/20 md:top-5 md:right-5"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
              <path d="M6 6l12 12M18 6L6 18" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
            <span className="sr-only">Close</span>
          </button>

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
                {labelOf(image)} · <span data-lightbox-position>{index + 1}</span> of {images.length}
              </span>
            </figcaption>
            {actions?.(image, index)}
          </figure>

          {images.length > 1 && (
            <>
              <button
                type="button"
                onClick={() => step(-1)}
                className="absolute top-1/2 left-2 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-ink/60 text-ivory ring-1 ring-ivory/30 transition-colors hover:bg-ink/80 md:left-6"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
                  <path d="M15 5l-7 7 7 7" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span className="sr-only">Previous photo</span>
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                className="absolute top-1/2 right-2 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-ink/60 text-ivory ring-1 ring-ivory/30 transition-colors hover:bg-ink/80 md:right-6"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
                  <path d="M9 5l7 7-7 7" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span className="sr-only">Next photo</span>
              </button>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}

/** Stops the page behind the dialog from scrolling; returns the undo. Keeps the width steady where scrollbars take space. */
function lockPageScroll(): () => void {
  const root = document.documentElement;
  const { overflow, paddingRight } = root.style;
  const scrollbar = window.innerWidth - root.clientWidth;
  root.style.overflow = 'hidden';
  if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
  return () => {
    root.style.overflow = overflow;
    root.style.paddingRight = paddingRight;
  };
}
