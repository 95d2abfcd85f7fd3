import { useEffect, useRef } from 'react';
import { withErrorBoundary } from '@/ui/ErrorBoundary';
import { Lightbox } from '@/ui/Lightbox';
import { EroticaNote } from './portfolio/EroticaNote';
import { FilterBar } from './portfolio/FilterBar';
import { PortfolioRow } from './portfolio/PortfolioRow';
import { useCategoryPhotos } from './portfolio/useCategoryPhotos';
import { useElementMap } from './portfolio/useElementMap';
import { useFocusAfterRender } from '@/ui/hooks/useFocusAfterRender';
import { usePortfolioFilter } from './portfolio/usePortfolioFilter';
import {
  ALL_FILTER,
  EROTICA_FILTER,
  PREVIEW_COUNT,
  categoryProblem,
  filterLabel,
  rowHeadingId,
  type CategoryTotals,
  type FilterId,
  type FilterOption,
  type GalleryImage,
  type GalleryRow,
} from '@/lib/portfolio/portfolio';

interface Props {
  /** The first photos of every category (firstViewImages); the rest come from each category's file. */
  images: GalleryImage[];
  /** How many photos each category holds in all. */
  totals: CategoryTotals;
  filters: FilterOption[];
  /** Where the erotica filter's note points. */
  eroticaHref: string;
}

/**
 * The portfolio: filter buttons, rows of tiles and the lightbox. The server renders the 'All' view,
 * so the photos are there before (and without) JavaScript; ?category= is applied once hydrated.
 * A category's photos beyond its preview are fetched when it is chosen (or about to be).
 */
function PortfolioGallery({ images: preview, totals, filters, eroticaHref }: Props) {
  const { images, status, load } = useCategoryPhotos(preview, totals);
  const { filter, view, lightboxIndex, setLightboxIndex, open, announcement, choose, expand } = usePortfolioFilter(
    images,
    filters,
    totals,
  );
  const prefetch = (next: FilterId) => {
    if (next !== ALL_FILTER && next !== EROTICA_FILTER) load(next);
  };
  // The chosen category's file, however it was chosen: a button, View Gallery, a shared link, Back.
  useEffect(() => {
    if (filter !== ALL_FILTER && filter !== EROTICA_FILTER) load(filter);
  }, [filter, load]);
  const tiles = useElementMap<HTMLButtonElement>();
  const openerId = useRef<string | null>(null);
  // Focus follows the visitor once React has rendered what it points to (after View More or View Gallery).
  const focusAfterRender = useFocusAfterRender();

  const viewGallery = (row: GalleryRow) => {
    choose(row.category);
    focusAfterRender(() => document.getElementById(rowHeadingId(row.category)));
  };

  // Focus moves to the first photo View More revealed, once it is there (the rest may still be on its way).
  const viewMore = (row: GalleryRow) => {
    expand(row);
    load(row.category);
    focusAfterRender(() => document.querySelectorAll<HTMLElement>('#portfolio-gallery [data-tile]')[PREVIEW_COUNT]);
  };

  const openLightbox = (image: GalleryImage) => {
    openerId.current = image.id;
    open(image.id);
  };

  const onLightboxClose = () => {
    setLightboxIndex(null);
    const opener = openerId.current ? tiles.get(openerId.current) : undefined;
    opener?.focus();
  };

  return (
    <div className="mx-auto max-w-7xl px-5 md:px-8">
      <FilterBar filters={filters} selected={filter} onChoose={choose} onIntent={prefetch} />
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <div id="portfolio-gallery" className="mt-10 md:mt-16">
        {view.kind === 'erotica' ? (
          <EroticaNote label={filterLabel(filters, 'erotica')} href={eroticaHref} />
        ) : (
          view.rows.map((row, rowIndex) => (
            <PortfolioRow
              key={row.category}
              row={row}
              rowIndex={rowIndex}
              total={totals[row.category]}
              offersGallery={filter === ALL_FILTER}
              problem={filter === row.category && status[row.category] === 'failed' ? categoryProblem(row.label) : null}
              onRetry={() => load(row.category)}
              onIntent={prefetch}
              register={tiles.register}
              onOpen={openLightbox}
              onViewGallery={viewGallery}
              onViewMore={viewMore}
            />
          ))
        )}
      </div>

      <Lightbox
        images={view.images}
        index={lightboxIndex}
        labelOf={(image) => filterLabel(filters, image.category)}
        onIndexChange={setLightboxIndex}
        onClose={onLightboxClose}
      />
    </div>
  );
}

export default withErrorBoundary(PortfolioGallery);
