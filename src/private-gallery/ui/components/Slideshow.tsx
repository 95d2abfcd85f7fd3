import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useModalDialog } from '@/ui/hooks/useModalDialog';
import { useSwipe } from '@/ui/hooks/useSwipe';
import { FADE_MS, SLIDE_INTERVAL_MS } from '@/lib/browser/slides';
import type { Unlocked } from '@/private-gallery/client/unlock';
import { BLANK, type ThumbState } from '@/private-gallery/client/viewer';
import { useFullPhoto } from '@/private-gallery/ui/hooks/useFullPhoto';

interface Props {
  unlocked: Unlocked;
  thumbs: Record<number, ThumbState>;
  need: (index: number) => void;
  /** The photos it plays (0-based), in order: the gallery, or her selection. */
  order: number[];
  onClose: () => void;
  /** The host answered 410 Gone for a photo or a partner link's index: the page shows it closed. */
  onGone?: (() => void) | undefined;
}

const control = 'rounded-full px-4 py-2 text-sm text-ivory ring-1 ring-ivory/40';

/**
 * The reveal: her photos one after another, full window, every five seconds with a cross-fade (a
 * plain cut under reduced motion). Any touch, click, swipe or key pauses it; Space plays again.
 */
export function Slideshow({ unlocked, thumbs, need, order, onClose, onGone }: Props) {
  const { at, playing, setPlaying, pauseAnd, onKeyDown } = useSlides(order.length);
  // Opened by her, after hydration: the preference can be read at once.
  const [reduced] = useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const current = order[at] ?? 0;
  const { full } = useFullPhoto(unlocked, current, need, onGone);
  const image = unlocked.index.images[current];
  const thumb = thumbs[current];
  const src = full?.index === current && full.url ? full.url : thumb && 'url' in thumb ? thumb.url : BLANK;
  const img = useRef<HTMLImageElement>(null);
  // Focus starts on Pause, so Space pauses and plays.
  const { props } = useModalDialog(true, {
    onDismiss: onClose,
    onOpen: (dialog) => dialog.querySelector<HTMLButtonElement>('[data-play]')?.focus(),
  });

  const swipe = useSwipe<HTMLDivElement>(pauseAnd);
  useFadeIn(img, current, reduced);

  return (
    // The dialog takes the arrow keys and Space, as it takes Escape natively.
    <dialog
      {...props}
      aria-label="Slideshow"
      onKeyDown={onKeyDown}
      className="fixed inset-0 m-0 h-dvh max-h-none w-dvw max-w-none bg-plum-deep p-0 text-ivory"
      data-slideshow={playing ? 'playing' : 'paused'}
      data-transition={reduced ? 'cut' : 'fade'}
    >
      <div className="flex h-full flex-col">
        <div
          className="flex min-h-0 flex-1 touch-pan-y items-center justify-center p-2"
          onPointerDownCapture={() => setPlaying(false)}
          {...swipe}
        >
          <img
            ref={img}
            src={src}
            alt={image?.alt ?? ''}
            className="max-h-full max-w-full object-contain"
            data-slide={current + 1}
          />
        </div>
        <SlideshowControls
          at={at}
          count={order.length}
          playing={playing}
          onStep={pauseAnd}
          onToggle={() => setPlaying((p) => !p)}
          onClose={onClose}
        />
      </div>
    </dialog>
  );
}

/** Each new photo fades in over the last; under reduced motion it simply replaces it. */
function useFadeIn(img: RefObject<HTMLImageElement | null>, current: number, reduced: boolean) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!reduced) img.current?.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS, easing: 'ease-out' });
  }, [img, current, reduced]);
}

/** Previous, Play or Pause, Next, Close, and where she is. */
function SlideshowControls({
  at,
  count,
  playing,
  onStep,
  onToggle,
  onClose,
}: {
  at: number;
  count: number;
  playing: boolean;
  onStep: (by: number) => void;
  onToggle: () => void;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 p-4">
      <button type="button" className={control} onClick={() => onStep(-1)}>
        Previous
      </button>
      <button type="button" className={control} data-play onClick={onToggle}>
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" className={control} onClick={() => onStep(1)}>
        Next
      </button>
      <button type="button" className={control} onClick={onClose}>
        Close
      </button>
      <p className="w-full text-center text-sm" aria-live={playing ? 'off' : 'polite'}>
        Photo {at + 1} of {count}
        {playing ? '' : ' · paused'}
      </p>
    </div>
  );
}

/**
 * Which photo shows, and whether it plays: a new photo every SLIDE_INTERVAL_MS while playing; the
 * arrow keys (and a swipe, through pauseAnd) pause and step, Space plays or pauses.
 */
function useSlides(count: number) {
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(true);
  const step = (by: number) => setAt((n) => (n + by + count) % count);
  const pauseAnd = (by: number) => {
    setPlaying(false);
    step(by);
  };

  useEffect(() => {
    if (!playing || count < 2) return undefined;
    const timer = setTimeout(() => step(1), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts with each photo shown
  }, [playing, at, count]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      pauseAnd(event.key === 'ArrowLeft' ? -1 : 1);
    } else if (event.key === ' ' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      setPlaying((p) => !p);
    }
  };
  return { at, playing, setPlaying, pauseAnd, onKeyDown };
}
