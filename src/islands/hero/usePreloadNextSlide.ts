import { useEffect } from 'react';
import { nextSlide, PRELOAD_LEAD_MS } from '@/lib/browser/slides';

/**
 * While the show plays, asks for the next slide's photo PRELOAD_LEAD_MS before autoplay shows it,
 * and never before the page has loaded: it must not compete with the first slide (the LCP image)
 * or count in the first view.
 */
export function usePreloadNextSlide(
  playing: boolean,
  selected: number,
  count: number,
  want: (index: number) => void,
  /** How long slide `index` shows from now (the first slide's first showing is shorter). */
  wait: (index: number) => number,
): void {
  useEffect(() => {
    if (!playing) return;
    let timer: number | undefined;
    const schedule = () => {
      timer = window.setTimeout(() => want(nextSlide(selected, count)), Math.max(0, wait(selected) - PRELOAD_LEAD_MS));
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      window.clearTimeout(timer);
    };
  }, [playing, selected, count, want, wait]);
}
