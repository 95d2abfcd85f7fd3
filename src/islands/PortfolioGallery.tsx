import { useRef } from 'react';
import { withErrorBoundary } from './ErrorBoundary';
import { Lightbox } from './Lightbox';
import { EroticaNote } from './portfolio/EroticaNote';
import { FilterBar } from './portfolio/FilterBar';
import { PortfolioRow } from './portfolio/PortfolioRow';
import { useElementMap } from '@/hooks/useElementMap';
import { useFocusAfterRender } from '@/hooks/useFocusAfterRender';
import { usePortfolioFilter } from '@/hooks/usePortfolioFilter';
import {
  ALL_FILTER,
  categoryImages,
  filterLabel,
  firstHiddenImage,
  rowHeadingId,
  type FilterOption,
  type GalleryImage,
  type GalleryRow,
} from '@/lib/portfolio/portfolio';

interface Props {
  images: GalleryImage[];
  filters: FilterOption[];
  /** Where the erotica filter's note points. */
  eroticaHref: string;
}

/**
 * The portfolio: filter buttons, rows of tiles and the lightbox. The server renders the 'All' view,
 * so the photos are there before (and without) JavaScript; ?category= is applied once hydrated.
 */
function PortfolioGallery({ images, filters, eroticaHref }: Props) {
  const { filter, view, lightboxIndex, setLightboxIndex, announcement, choose, expand } = usePortfolioFilter(
    images,
    filters,
  );
  const tiles = useElementMap<HTMLButtonElement>();
  const openerId = useRef<string | null>(null);
  // Focus follows the visitor once React has rendered what it points to (after View More or View Gallery).
  const focusAfterRender = useFocusAfterRender();

  const viewGallery = (row: GalleryRow) => {
    choose(row.category);
    focusAfterRender(() => document.getElementById(rowHeadingId(row.category)));
  };

  const viewMore = (row: GalleryRow) => {
    const firstHidden = firstHiddenImage(images, row.category);
    expand(row);
    focusAfterRender(() => (firstHidden ? tiles.get(firstHidden.id) : null));
  };

  const openLightbox = (image: GalleryImage) => {
    openerId.current = image.id;
    setLightboxIndex(view.images.findIndex((candidate) => candidate.id === image.id));
  };

  const onLightboxClose = () => {
    setLightboxIndex(null);
    const opener = openerId.current ? tiles.get(openerId.current) : undefined;
    opener?.focus();
  };

  return (
    <div className="mx-auto max-w-7xl px-5 md:px-8">
      <FilterBar filters={filters} selected={filter} onChoose={choose} />
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
              total={categoryImages(images, row.category).length}
              offersGallery={filter === ALL_FILTER}
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
