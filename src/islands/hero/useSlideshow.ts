import { useCallback, useEffect, useRef, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import Fade from 'embla-carousel-fade';
import { EMBLA_FADE_DURATION, FADE_MS, firstSlideRemaining, SLIDE_INTERVAL_MS } from '@/lib/browser/slides';

/**
 * The hero's cross-fading carousel (embla with fade and autoplay): the slide shown, whether the show
 * plays, and the controls' actions. `want(index)` is told of every slide about to show. Under reduced
 * motion slides switch without a fade and nothing plays until asked.
 */
export function useSlideshow(reduced: boolean, want: (index: number) => void) {
  // Each slide's wait, which autoplay keeps and reads whenever it sets its timer: the first slide
  // has shown since the page's first paint, so its first wait is what is left of its 5 s; it is a
  // full 5 s from the first change on. One function for the component's life: a new one would make
  // embla start again.
  const [delays] = useState(() => {
    let changed = false;
    const waits: number[] = [];
    /** How long slide `index` shows when it is reached now. */
    const wait = (index: number) => (index === 0 && !changed ? firstSlideRemaining() : SLIDE_INTERVAL_MS);
    const delay = (snaps: number[]) => {
      waits.splice(0, waits.length, ...snaps.map((_, index) => wait(index)));
      return waits;
    };
    const settle = () => {
      changed = true;
      waits.fill(SLIDE_INTERVAL_MS);
    };
    return { delay, settle, wait };
  });
  const [setViewport, emblaApi] = useEmblaCarousel({ loop: true, duration: reduced ? 0 : EMBLA_FADE_DURATION }, [
    Fade(),
    Autoplay({ delay: delays.delay, playOnInit: !reduced, stopOnInteraction: false }),
  ]);
  // Embla measures and styles every slide as it starts. Given the viewport by the ref itself, it
  // started inside the commit that follows hydration, one long task with it (58 ms of script at
  // Lighthouse's 4x CPU on the test host); handed over in the next task, it is a task of its own
  // (13-29 ms). A press in between is kept (`pending`).
  const emblaRef = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node) return;
      const timer = window.setTimeout(() => setViewport(node));
      return () => {
        window.clearTimeout(timer);
        setViewport(null);
      };
    },
    [setViewport],
  );
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);
  // Embla starts a task after hydration (emblaRef): an indicator pressed before that is kept, not lost.
  const pending = useRef<number | null>(null);

  useEffect(() => {
    if (!emblaApi) return;
    // data-active is set in the same tick as embla's select, before its next frame moves the
    // slides: the incoming slide takes its place at once, the outgoing one fades where it is.
    const markActive = () => {
      const active = emblaApi.selectedScrollSnap();
      emblaApi.slideNodes().forEach((node, index) => node.toggleAttribute('data-active', index === active));
    };
    markActive();
    // Through the CSSOM: the content security policy blocks style attributes in the HTML.
    emblaApi.rootNode().style.setProperty('--fade-ms', `${FADE_MS}ms`);
    const onSelect = () => {
      delays.settle();
      markActive();
      setSelected(emblaApi.selectedScrollSnap());
      want(emblaApi.selectedScrollSnap());
    };
    emblaApi.on('select', onSelect);
    const autoplay = emblaApi.plugins().autoplay;
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    emblaApi.on('autoplay:play', onPlay);
    emblaApi.on('autoplay:stop', onStop);
    setPlaying(autoplay?.isPlaying() ?? false);
    if (pending.current !== null) {
      emblaApi.scrollTo(pending.current);
      autoplay?.reset();
      pending.current = null;
    }
    return () => {
      emblaApi.off('select', onSelect);
      emblaApi.off('autoplay:play', onPlay);
      emblaApi.off('autoplay:stop', onStop);
    };
  }, [emblaApi, want, delays]);

  const goTo = useCallback(
    (index: number) => {
      // From a visitor's press on, every slide shows its full 5 s.
      delays.settle();
      want(index);
      if (!emblaApi) {
        pending.current = index;
        return;
      }
      emblaApi.scrollTo(index);
      // Restart the 5 s wait from this slide when the show is running.
      const autoplay = emblaApi.plugins().autoplay;
      if (autoplay?.isPlaying()) autoplay.reset();
    },
    [emblaApi, want, delays],
  );

  const togglePlay = useCallback(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    delays.settle();
    if (autoplay.isPlaying()) autoplay.stop();
    else autoplay.play();
  }, [emblaApi, delays]);

  return { emblaRef, selected, playing, goTo, togglePlay, wait: delays.wait };
}
