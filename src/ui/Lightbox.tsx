import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { CloseButton, StepButtons } from './lightbox/LightboxControls';
import { LightboxPhoto } from './lightbox/LightboxPhoto';
import type { LightboxImage } from './lightbox/lightbox-image';
import { useModalDialog } from './hooks/useModalDialog';
import { useSwipe } from './hooks/useSwipe';
import { stepIndex } from '@/lib/portfolio/portfolio';
import { lockPageScroll } from '@/lib/browser/scroll-lock';

export type { LightboxImage };

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
  const image = index === null ? undefined : images[index];
  const modal = useModalDialog(image !== undefined, { onOpen: () => lockPageScroll(), onDismiss: onClose });

  // State follows at once, not on the queued 'close' event, so a quick reopen is never lost.
  const close = () => {
    modal.close();
    onClose();
  };
  const step = (by: -1 | 1) => {
    if (index !== null && images.length > 1) onIndexChange(stepIndex(index, by, images.length));
  };
  // A horizontal swipe on a touch screen steps like the arrows: leftwards for the next photo.
  const swipe = useSwipe<HTMLDialogElement>(step);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      step(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  // The dark area around the photo is the backdrop: a click there closes, like on the ::backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target as HTMLElement;
    if (target === event.currentTarget || target.dataset['backdrop'] !== undefined) close();
  };

  return (
    // The dialog itself takes the arrow keys and the backdrop click, as it takes Escape natively.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      {...modal.props}
      aria-label={label}
      className="m-0 h-dvh max-h-none w-screen max-w-none touch-pan-y touch-pinch-zoom overflow-hidden bg-ink/95 p-0 text-ivory backdrop:bg-ink/80"
      onKeyDown={onKeyDown}
      {...swipe}
      onClick={onClick}
    >
      {image && index !== null && (
        <div data-backdrop className="flex h-full flex-col items-center justify-center gap-4 px-4 pt-16 pb-6 md:px-24">
          <CloseButton onClick={close} />
          <LightboxPhoto
            image={image}
            index={index}
            count={images.length}
            label={labelOf(image)}
            actions={actions?.(image, index)}
          />
          {images.length > 1 && <StepButtons onStep={step} />}
        </div>
      )}
    </dialog>
  );
}
