import type { DescribedImage } from '@/lib/images/responsive-image';
import { usePreloadNextSlide } from '@/hooks/usePreloadNextSlide';
import { useReducedMotion } from '@/hooks/useReducedMotion';
import { useSlideshow } from '@/hooks/useSlideshow';
import { useWantedSlides } from '@/hooks/useWantedSlides';
import { withErrorBoundary } from './ErrorBoundary';
import { SlideControls } from './hero/SlideControls';
import { Picture } from './Picture';

interface Props {
  slides: DescribedImage[];
}

function HeroSlideshow({ slides }: Props) {
  // The first client render must equal the server HTML (so hydration keeps the LCP image);
  // reduced motion is read right after and re-initialises the carousel without autoplay.
  const reduced = useReducedMotion();
  // Only the first slide is in the first view; each later one is fetched a little before it shows
  // (or at once when its indicator is pressed), so a phone's first view downloads one photo, not three.
  const { wanted, want } = useWantedSlides(slides.length);
  const { emblaRef, selected, playing, goTo, togglePlay } = useSlideshow(reduced, want);
  usePreloadNextSlide(playing, selected, slides.length, want);

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
                  // <img> exists only once it is wanted, and then it is needed soon. Decoded off the
                  // main thread: a sync decode held the page's first paint (headline, menu) until the
                  // photo was decoded (camera photos, slow 4G: first paint 1.55 s -> 0.92 s).
                  loading="eager"
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  decoding="async"
                />
              )}
            </div>
          ))}
        </div>
      </div>
      <SlideControls
        count={slides.length}
        selected={selected}
        playing={playing}
        onSelect={goTo}
        onTogglePlay={togglePlay}
      />
    </div>
  );
}

export default withErrorBoundary(HeroSlideshow);
