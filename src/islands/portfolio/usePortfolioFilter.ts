import { useEffect, useState } from 'react';
import {
  ALL_FILTER,
  expandedAnnouncement,
  filterAnnouncement,
  filterFromSearch,
  filterLabel,
  galleryView,
  hrefForFilter,
  type CategoryTotals,
  type FilterId,
  type FilterOption,
  type GalleryImage,
  type GalleryRow,
  type PortfolioCategory,
} from '@/lib/portfolio/portfolio';

const NO_EXPANSIONS: ReadonlySet<PortfolioCategory> = new Set();

/**
 * The portfolio's state: the filter, the rows opened with View More, the photo open in the lightbox
 * and what a screen reader was last told. The first render is the 'All' view, like the server's HTML;
 * ?category= is applied once hydrated. Every filter change starts fresh: no row expanded, no lightbox.
 * `images` may hold only the previews of a category (`totals` counts them all): a photo opened before
 * the rest has arrived opens once it has, at its place in the whole category.
 */
export function usePortfolioFilter(images: GalleryImage[], filters: FilterOption[], totals: CategoryTotals) {
  const [filter, setFilter] = useState<FilterId>(ALL_FILTER);
  const [expanded, setExpanded] = useState<ReadonlySet<PortfolioCategory>>(NO_EXPANSIONS);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const [waitingToOpen, setWaitingToOpen] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // The URL is the source of truth for the filter: shared links, reload, back and forward.
  useEffect(() => {
    const sync = () => {
      setFilter(filterFromSearch(window.location.search, filters));
      setExpanded(NO_EXPANSIONS);
      setLightboxIndex(null);
      setWaitingToOpen(null);
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [filters]);

  /** A visitor's choice: a new address in the history, and the number of photos now shown announced. */
  const choose = (next: FilterId) => {
    if (next === filter) return;
    history.pushState(null, '', hrefForFilter(window.location.href, next));
    setFilter(next);
    setExpanded(NO_EXPANSIONS);
    setLightboxIndex(null);
    setWaitingToOpen(null);
    const shown = galleryView(images, filters, next, NO_EXPANSIONS, totals);
    setAnnouncement(filterAnnouncement(next, filterLabel(filters, next), shown));
  };

  /** View More: the row shows every photo of its category. */
  const expand = (row: GalleryRow) => {
    setExpanded((current) => new Set(current).add(row.category));
    setAnnouncement(expandedAnnouncement(row.label, row.shown.length + row.hidden));
  };

  const view = galleryView(images, filters, filter, expanded, totals);

  /** Opens the viewer on a photo, at once or as soon as the rest of its category has arrived. */
  const open = (id: string) => {
    if (view.complete) setLightboxIndex(view.images.findIndex((image) => image.id === id));
    else setWaitingToOpen(id);
  };
  useEffect(() => {
    if (waitingToOpen === null || !view.complete) return;
    setWaitingToOpen(null);
    setLightboxIndex(view.images.findIndex((image) => image.id === waitingToOpen));
  }, [waitingToOpen, view]);

  return { filter, view, lightboxIndex, setLightboxIndex, open, announcement, choose, expand };
}
