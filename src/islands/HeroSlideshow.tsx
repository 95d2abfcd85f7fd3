import type { DescribedImage } from '@/lib/images/responsive-image';
import { usePreloadNextSlide } from './hero/usePreloadNextSlide';
import { useReducedMotion } from './hero/useReducedMotion';
import { useSlideshow } from './hero/useSlideshow';
import { useWantedSlides } from './hero/useWantedSlides';
import { HERO_PHOTO_TIMING } from '@/lib/browser/slides';
import { withErrorBoundary } from '@/ui/ErrorBoundary';
import { SlideControls } from './hero/SlideControls';
import { Picture } from '@/ui/Picture';

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
  const { emblaRef, selected, playing, goTo, togglePlay, wait } = useSlideshow(reduced, want);
  usePreloadNextSlide(playing, selected, slides.length, want, wait);

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
                  // The spec: "First image eager, others lazy". The first slide is the photo a
                  // visitor sees behind the headline: fetched as soon as the browser finds it, at high
                  // priority. What the headline needs is still asked for first: the stylesheet and the
                  // core fonts are in the <head>, before this <img>. (It was lazy and low priority
                  // for a while, which kept it out of Lighthouse's estimate of the largest paint, the
                  // headline, by showing the photo later; the audit now times the photo itself:
                  // "hero photo visible", from `elementtiming`.) A later slide's <img> exists only once
                  // it is wanted, a while before it shows: lazy and low priority. Decoded off the main
                  // thread: a sync decode held the page's first paint until the photo was decoded
                  // (camera photos, slow 4G: first paint 1.55 s -> 0.92 s).
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  decoding="async"
                  // When the first photo is painted: the audit's "hero photo visible".
                  elementtiming={index === 0 ? HERO_PHOTO_TIMING : undefined}
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
