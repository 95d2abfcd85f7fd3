import { useCallback, useEffect, useRef, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import Fade from 'embla-carousel-fade';
import {
  EMBLA_FADE_DURATION,
  FADE_MS,
  nextSlide,
  PRELOAD_LEAD_MS,
  SLIDE_INTERVAL_MS,
  type ResponsiveImage,
} from '@/lib/slides';
import { withErrorBoundary } from './ErrorBoundary';
import { Picture } from './Picture';

interface Props {
  slides: ResponsiveImage[];
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function HeroSlideshow({ slides }: Props) {
  // The first client render must equal the server HTML (so hydration keeps the LCP image);
  // reduced motion is read right after and re-initialises the carousel without autoplay.
  const [reduced, setReduced] = useState(false);
  useEffect(() => setReduced(prefersReducedMotion()), []);
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, duration: reduced ? 0 : EMBLA_FADE_DURATION }, [
    Fade(),
    Autoplay({ delay: SLIDE_INTERVAL_MS, playOnInit: !reduced, stopOnInteraction: false }),
  ]);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);
  // Only the first slide is in the first view; each later one is fetched a little before it shows
  // (or at once when its indicator is pressed), so a phone's first view downloads one photo, not three.
  const [wanted, setWanted] = useState<boolean[]>(() => slides.map((_, index) => index === 0));
  const want = useCallback(
    (index: number) => setWanted((current) => (current[index] ? current : current.map((w, i) => w || i === index))),
    [],
  );
  // Embla starts one render after hydration: an indicator pressed before that is kept, not lost.
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
  }, [emblaApi, want]);

  // The next slide is fetched PRELOAD_LEAD_MS before autoplay shows it, and never before the page
  // has loaded: it must not compete with the first slide (the LCP image) or count in the first view.
  useEffect(() => {
    if (!playing) return;
    let timer: number | undefined;
    const schedule = () => {
      timer = window.setTimeout(
        () => want(nextSlide(selected, slides.length)),
        Math.max(0, SLIDE_INTERVAL_MS - PRELOAD_LEAD_MS),
      );
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      window.clearTimeout(timer);
    };
  }, [playing, selected, slides.length, want]);

  const goTo = useCallback(
    (index: number) => {
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
    [emblaApi, want],
  );

  const togglePlay = useCallback(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    if (autoplay.isPlaying()) autoplay.stop();
    else autoplay.play();
  }, [emblaApi]);

  return (
    <div className="absolute inset-0" aria-roledescription="carousel" aria-label="Studio photographs" role="region">
      <div className="h-full overflow-hidden" ref={emblaRef}>
        <div className="flex h-full touch-pan-y" data-slides>
          {slides.map((slide, index) => (
            <div
              key={slide.src}
              className="relative h-full min-w-0 flex-[0_0_100%]"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={index !== selected}
              data-slide={index}
            >
              {wanted[index] && (
                <Picture
                  image={slide}
                  alt={slide.alt}
                  className="h-full w-full object-cover"
                  // eager + high priority: the first slide is the LCP element. A later slide's
                  // <img> exists only once it is wanted, and then it is needed soon.
                  loading="eager"
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  decoding={index === 0 ? 'sync' : 'async'}
                />
              )}
            </div>
          ))}
        </div>
      </div>
      {/* Indicators and pause only work with JavaScript (without it the first slide simply stays). */}
      <div className="absolute inset-x-0 bottom-16 z-20 flex items-center justify-center gap-2 noscript:hidden">
        {slides.map((_, index) => (
          <button
            key={index}
            type="button"
            className="group grid h-11 w-11 place-items-center"
            aria-label={`Show slide ${index + 1}`}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => goTo(index)}
            data-indicator={index}
          >
            <span
              aria-hidden="true"
              className="block h-2.5 w-2.5 rounded-full border border-ivory/90 transition-colors group-aria-[current=true]:bg-ivory forced-colors:border-[CanvasText] forced-colors:group-aria-[current=true]:bg-[Highlight]"
            />
          </button>
        ))}
        <button
          type="button"
          className="ml-2 inline-flex h-11 items-center rounded-full px-4 text-xs tracking-[0.15em] text-ivory uppercase ring-1 ring-ivory/50 hover:bg-ivory/10"
          onClick={togglePlay}
          data-play-toggle
        >
          {playing ? 'Pause slideshow' : 'Play slideshow'}
        </button>
      </div>
    </div>
  );
}

export default withErrorBoundary(HeroSlideshow);
