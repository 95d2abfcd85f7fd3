import { useCallback, useEffect, useRef, useState } from 'react';
import { withErrorBoundary } from './ErrorBoundary';
import { Lightbox } from './Lightbox';
import {
  ALL_FILTER,
  filterFromSearch,
  galleryView,
  hrefForFilter,
  PREVIEW_COUNT,
  viewMoreLabel,
  type FilterId,
  type FilterOption,
  type GalleryImage,
  type GalleryRow,
  type PortfolioCategory,
} from '@/lib/portfolio';
import { Picture } from './Picture';

interface Props {
  images: GalleryImage[];
  filters: FilterOption[];
  /** Where the erotica filter's note points. */
  eroticaHref: string;
}

const NO_EXPANSIONS: ReadonlySet<PortfolioCategory> = new Set();

/**
 * The portfolio: filter buttons, rows of tiles and the lightbox. The server renders the 'All' view,
 * so the photos are there before (and without) JavaScript; ?category= is applied once hydrated.
 */
function PortfolioGallery({ images, filters, eroticaHref }: Props) {
  const [filter, setFilter] = useState<FilterId>(ALL_FILTER);
  const [expanded, setExpanded] = useState<ReadonlySet<PortfolioCategory>>(NO_EXPANSIONS);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const openerId = useRef<string | null>(null);
  const tiles = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<(() => HTMLElement | null | undefined) | null>(null);

  const view = galleryView(images, filters, filter, expanded);
  const labelOf = useCallback((id: string) => filters.find((option) => option.id === id)?.label ?? id, [filters]);

  // Every filter change starts fresh: no row expanded, no lightbox.
  const applyFilter = useCallback(
    (next: FilterId) => {
      setFilter(next);
      setExpanded(NO_EXPANSIONS);
      setLightboxIndex(null);
      const shown = galleryView(images, filters, next, NO_EXPANSIONS);
      setAnnouncement(
        next === 'erotica'
          ? `${labelOf(next)}: shown on its own adults-only page.`
          : `${labelOf(next)}: showing ${shown.rows.reduce((n, row) => n + row.shown.length, 0)} photos.`,
      );
    },
    [images, filters, labelOf],
  );

  // The URL is the source of truth for the filter: shared links, reload, back and forward.
  useEffect(() => {
    const sync = () => {
      setFilter(filterFromSearch(window.location.search, filters));
      setExpanded(NO_EXPANSIONS);
      setLightboxIndex(null);
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [filters]);

  const choose = (next: FilterId) => {
    if (next === filter) return;
    history.pushState(null, '', hrefForFilter(window.location.href, next));
    applyFilter(next);
  };

  // Moves focus once React has rendered what it points to (after View More or View Gallery).
  useEffect(() => {
    const target = pendingFocus.current?.();
    if (target) {
      pendingFocus.current = null;
      target.focus();
    }
  });

  const viewGallery = (category: PortfolioCategory) => {
    choose(category);
    pendingFocus.current = () => document.getElementById(rowHeadingId(category));
  };

  const viewMore = (row: GalleryRow) => {
    const firstHidden = images.filter((image) => image.category === row.category)[PREVIEW_COUNT];
    setExpanded((current) => new Set(current).add(row.category));
    setAnnouncement(`${row.label}: showing all ${row.shown.length + row.hidden} photos.`);
    pendingFocus.current = () => (firstHidden ? tiles.current.get(firstHidden.id) : null);
  };

  const openLightbox = (image: GalleryImage) => {
    openerId.current = image.id;
    setLightboxIndex(view.images.findIndex((candidate) => candidate.id === image.id));
  };

  const onLightboxClose = () => {
    setLightboxIndex(null);
    const opener = openerId.current ? tiles.current.get(openerId.current) : undefined;
    opener?.focus();
  };

  return (
    <div className="mx-auto max-w-7xl px-5 md:px-8">
      <div
        role="group"
        aria-label="Filter the portfolio"
        // Phones: one row that scrolls sideways, so the first photos stay in view; wider screens wrap.
        className="-mx-5 flex [scrollbar-width:none] gap-2 overflow-x-auto px-5 pb-2 md:mx-0 md:flex-wrap md:justify-center md:gap-3 md:overflow-visible md:px-0"
      >
        {filters.map((option) => (
          <button
            key={option.id}
            type="button"
            aria-pressed={option.id === filter}
            aria-controls="portfolio-gallery"
            onClick={() => choose(option.id)}
            className="min-h-11 shrink-0 rounded-full border border-plum/25 px-4 py-2 text-xs font-medium tracking-[0.14em] whitespace-nowrap text-plum-deep uppercase transition-colors duration-300 hover:border-plum hover:bg-blush/40 aria-pressed:border-plum-deep aria-pressed:bg-plum-deep aria-pressed:text-ivory md:px-6 md:text-[0.8rem]"
          >
            {option.label}
          </button>
        ))}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <div id="portfolio-gallery" className="mt-10 md:mt-16">
        {view.kind === 'erotica' ? (
          <EroticaNote label={labelOf('erotica')} href={eroticaHref} />
        ) : (
          view.rows.map((row, rowIndex) => (
            <section
              key={row.category}
              aria-labelledby={rowHeadingId(row.category)}
              className="mb-16 last:mb-0 md:mb-24"
            >
              <header className="mb-6 flex items-end justify-between gap-4 border-b border-plum/15 pb-4 md:mb-8">
                <h2 id={rowHeadingId(row.category)} tabIndex={-1} className="text-3xl md:text-4xl">
                  {row.label}
                </h2>
                <p className="shrink-0 text-xs tracking-[0.25em] text-muted uppercase">
                  {images.filter((image) => image.category === row.category).length} portraits
                </p>
              </header>
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-6">
                {row.shown.map((image, index) => (
                  <li
                    key={image.id}
                    className={`group/item relative ${index % 3 === 0 ? 'col-span-2 md:col-span-1' : ''}`}
                  >
                    <Tile
                      image={image}
                      priority={rowIndex === 0 && index < PREVIEW_COUNT ? (index === 0 ? 'high' : 'eager') : 'lazy'}
                      onOpen={openLightbox}
                      register={(element) => {
                        if (element) tiles.current.set(image.id, element);
                        else tiles.current.delete(image.id);
                      }}
                    />
                    {filter === ALL_FILTER && index === PREVIEW_COUNT - 1 && (
                      <button
                        type="button"
                        onClick={() => viewGallery(row.category)}
                        className="absolute right-2 bottom-2 inline-flex min-h-10 items-center gap-1.5 rounded-full bg-ivory/95 px-3 py-2 text-[0.7rem] font-medium tracking-[0.12em] text-plum-deep uppercase shadow-md transition-colors hover:bg-blush md:right-4 md:bottom-4 md:px-5 md:text-xs"
                      >
                        View Gallery<span className="sr-only"> of {row.label}</span> <span aria-hidden="true">→</span>
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              {row.hidden > 0 && (
                <div className="mt-10 text-center">
                  <button type="button" className="btn btn-outline text-plum-deep" onClick={() => viewMore(row)}>
                    {viewMoreLabel(row.label, row.hidden)}
                  </button>
                </div>
              )}
            </section>
          ))
        )}
      </div>

      <Lightbox
        images={view.images}
        index={lightboxIndex}
        labelOf={(image) => labelOf(image.category)}
        onIndexChange={setLightboxIndex}
        onClose={onLightboxClose}
      />
    </div>
  );
}

function rowHeadingId(category: PortfolioCategory): string {
  return `portfolio-${category}`;
}

interface TileProps {
  image: GalleryImage;
  priority: 'high' | 'eager' | 'lazy';
  onOpen: (image: GalleryImage) => void;
  register: (element: HTMLButtonElement | null) => void;
}

/** A photo tile: a button that opens the lightbox; its overlay word shows on hover and keyboard focus. */
function Tile({ image, priority, onOpen, register }: TileProps) {
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

function EroticaNote({ label, href }: { label: string; href: string }) {
  return (
    <div className="mx-auto max-w-2xl rounded-sm bg-linen px-6 py-14 text-center md:px-16 md:py-20">
      <p className="eyebrow">Adults only · 18+</p>
      <h2 className="mt-4 text-3xl md:text-4xl">{label}</h2>
      <p className="mt-6 text-lg leading-relaxed text-ink">
        Erotica sessions are created privately and stay that way, so you won't find them in this public portfolio. If
        you're 18 or older and curious what an erotica session involves, everything is on its own discreet page.
      </p>
      <a href={href} className="btn btn-primary mt-8">
        Visit the Erotica page (18+) <span aria-hidden="true">→</span>
      </a>
    </div>
  );
}

export default withErrorBoundary(PortfolioGallery);
