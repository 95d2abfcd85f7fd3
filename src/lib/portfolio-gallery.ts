/**
 * What the portfolio island says and names beyond the view itself (./portfolio): filter labels,
 * row ids, which photos load first and what a screen reader hears after a change. No React here.
 */
import {
  EROTICA_FILTER,
  PREVIEW_COUNT,
  type FilterId,
  type FilterOption,
  type GalleryImage,
  type GalleryView,
  type PortfolioCategory,
} from './portfolio';

/** A filter's label as the filter bar shows it ("Classic Boudoir"), or the id itself if unknown. */
export function filterLabel(filters: readonly FilterOption[], id: string): string {
  return filters.find((option) => option.id === id)?.label ?? id;
}

/** The id of a row's heading (the row's accessible name, and where View Gallery moves focus). */
export function rowHeadingId(category: PortfolioCategory): string {
  return `portfolio-${category}`;
}

/** Every photo of a category, in the owner's order. */
export function categoryImages(images: readonly GalleryImage[], category: PortfolioCategory): GalleryImage[] {
  return images.filter((image) => image.category === category);
}

/** The first photo View More reveals in a category (undefined when it has no more than the preview). */
export function firstHiddenImage(
  images: readonly GalleryImage[],
  category: PortfolioCategory,
): GalleryImage | undefined {
  return categoryImages(images, category)[PREVIEW_COUNT];
}

/**
 * How a tile's photo loads: the first row's preview is in the first view, so it loads at once (its
 * first photo with high priority); every other photo waits until it is scrolled near.
 */
export function tilePriority(rowIndex: number, index: number): 'high' | 'eager' | 'lazy' {
  if (rowIndex !== 0 || index >= PREVIEW_COUNT) return 'lazy';
  return index === 0 ? 'high' : 'eager';
}

/** What a screen reader hears after a filter is chosen: how many photos now show, or where erotica lives. */
export function filterAnnouncement(filter: FilterId, label: string, view: GalleryView): string {
  if (filter === EROTICA_FILTER) return `${label}: shown on its own adults-only page.`;
  const count = view.rows.reduce((n, row) => n + row.shown.length, 0);
  return `${label}: showing ${count} photos.`;
}

/** What a screen reader hears after View More: the row now shows all of its photos. */
export function expandedAnnouncement(label: string, total: number): string {
  return `${label}: showing all ${total} photos.`;
}
