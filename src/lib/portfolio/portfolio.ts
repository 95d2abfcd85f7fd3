/**
 * The portfolio's rules as plain functions (no React): filters, previews, 'View More' and lightbox
 * steps, and what the island says and names beside the view (filter labels, row ids, which photos
 * load first, what a screen reader hears after a change).
 */
import type { ResponsiveImage } from '../images/responsive-image';
import { categoryDataHref } from '../site/routes.ts';
import { PORTFOLIO_CATEGORIES, type PortfolioCategory } from './categories.ts';

// Handed on, so the gallery, the pages and the scripts find every portfolio rule here.
export { PORTFOLIO_CATEGORIES, type PortfolioCategory };

export const ALL_FILTER = 'all';
export const EROTICA_FILTER = 'erotica';
/** Every filter button id: 'all', each category, and 'erotica' (which shows a note instead of photos). */
export const FILTER_IDS = [ALL_FILTER, ...PORTFOLIO_CATEGORIES, EROTICA_FILTER] as const;
export type FilterId = (typeof FILTER_IDS)[number];

/** The URL query parameter that keeps the chosen filter (?category=outdoor). */
export const CATEGORY_PARAM = 'category';
/** Photos a category shows before 'View More'. */
export const PREVIEW_COUNT = 3;
/** The collections previewed, one row each, in the 'All' view. */
export const ALL_VIEW_CATEGORIES: readonly PortfolioCategory[] = ['classic', 'outdoor', 'fine-art'];

/** One portfolio photo as the gallery island receives it (plain, serializable data). */
export interface GalleryImage {
  id: string;
  category: PortfolioCategory;
  alt: string;
  /** The single word shown over the tile on hover and focus. */
  overlay: string;
  /** The grid thumbnail; the first tile of each group of three is shown larger on phones. */
  thumb: ResponsiveImage;
  /** The lightbox image; only requested when the lightbox opens. */
  large: ResponsiveImage;
}

export interface FilterOption {
  id: FilterId;
  label: string;
}

/** A row of the gallery: a category's photos, the ones shown now, and what its row offers. */
export interface GalleryRow {
  category: PortfolioCategory;
  label: string;
  shown: GalleryImage[];
  /** How many more 'View More' would reveal (0 when expanded or in the 'All' view). */
  hidden: number;
}

/**
 * The view of one filter. `images` is the order the lightbox steps through; `complete` is false while
 * a category's photos beyond its preview have not arrived yet (the page carries only the previews).
 */
export type GalleryView =
  | { kind: 'rows'; rows: GalleryRow[]; images: GalleryImage[]; complete: boolean }
  | { kind: 'erotica'; rows: []; images: []; complete: true };

/** How many photos each category holds: the page knows the counts before it has every photo. */
export type CategoryTotals = Record<PortfolioCategory, number>;

/** Reads ?category= from a query string; anything unknown falls back to 'all'. */
export function filterFromSearch(search: string, filters: readonly FilterOption[]): FilterId {
  const value = new URLSearchParams(search).get(CATEGORY_PARAM);
  return filters.find((filter) => filter.id === value)?.id ?? ALL_FILTER;
}

/** The address for a filter: 'all' is the bare page, every other filter adds ?category=. */
export function hrefForFilter(current: string, filter: FilterId): string {
  const url = new URL(current);
  if (filter === ALL_FILTER) url.searchParams.delete(CATEGORY_PARAM);
  else url.searchParams.set(CATEGORY_PARAM, filter);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * What the gallery shows for a filter.
 * - 'all': the first PREVIEW_COUNT photos of classic, outdoor and fine-art, one row each.
 * - a category: its first PREVIEW_COUNT photos, or all of them once expanded.
 * - 'erotica': nothing (the island shows a note pointing to /erotica).
 * `images` is the order the lightbox steps through: every photo of the current filter.
 * `images` may hold only some of a category's photos (its preview) and `totals` the full counts: the
 * row then counts what View More will show, and shows it once the rest has arrived.
 */
export function galleryView(
  images: readonly GalleryImage[],
  filters: readonly FilterOption[],
  filter: FilterId,
  expanded: ReadonlySet<PortfolioCategory>,
  totals: Partial<CategoryTotals> = {},
): GalleryView {
  if (filter === EROTICA_FILTER) return { kind: 'erotica', rows: [], images: [], complete: true };
  const label = (category: PortfolioCategory) => filters.find((f) => f.id === category)?.label ?? category;
  const inCategory = (category: PortfolioCategory) => images.filter((image) => image.category === category);

  if (filter === ALL_FILTER) {
    const rows = ALL_VIEW_CATEGORIES.map((category) => ({
      category,
      label: label(category),
      shown: inCategory(category).slice(0, PREVIEW_COUNT),
      hidden: 0,
    })).filter((row) => row.shown.length > 0);
    return { kind: 'rows', rows, images: rows.flatMap((row) => row.shown), complete: true };
  }

  const all = inCategory(filter);
  const total = Math.max(totals[filter] ?? 0, all.length);
  const complete = all.length === total;
  const shown = expanded.has(filter) && complete ? all : all.slice(0, PREVIEW_COUNT);
  return {
    kind: 'rows',
    rows: [{ category: filter, label: label(filter), shown, hidden: total - shown.length }],
    images: all,
    complete,
  };
}

/** How many photos each category holds. */
export function categoryTotals(images: readonly GalleryImage[]): CategoryTotals {
  const totals = Object.fromEntries(PORTFOLIO_CATEGORIES.map((category) => [category, 0])) as CategoryTotals;
  for (const image of images) totals[image.category] += 1;
  return totals;
}

/**
 * The photos the page itself carries: the first PREVIEW_COUNT of every category, in the owner's
 * order. That is the 'All' view and the first row of every filter; the rest of a category comes from
 * its file (categoryDataHref) when a visitor asks for it, so the page weighs the same at 36 photos or 500.
 */
export function firstViewImages(images: readonly GalleryImage[]): GalleryImage[] {
  const seen = new Map<PortfolioCategory, number>();
  return images.filter((image) => {
    const count = seen.get(image.category) ?? 0;
    seen.set(image.category, count + 1);
    return count < PREVIEW_COUNT;
  });
}

/** Photos on each page of a category's own page (the portfolio's path to every photo without JavaScript). */
export const CATEGORY_PAGE_SIZE = 24;

/** The photos known so far with a category's full list in place of its preview. */
export function withCategory(
  images: readonly GalleryImage[],
  category: PortfolioCategory,
  all: readonly GalleryImage[],
): GalleryImage[] {
  return [...images.filter((image) => image.category !== category), ...all];
}

/** How long a category's file may take before the gallery says so and offers to try again. */
export const CATEGORY_TIMEOUT_MS = 8000;

/** What the gallery says when a category's photos beyond its preview did not arrive. */
export function categoryProblem(label: string): string {
  return `The rest of ${label} could not be loaded. Check your connection, then try again.`;
}

type Fetch = (url: string, init: { signal: AbortSignal }) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/**
 * A category's photos from its file, or an error if it fails or takes longer than `timeoutMs`
 * (a stalled request must not leave the visitor waiting without a word).
 */
export async function fetchCategory(
  category: PortfolioCategory,
  get: Fetch = (url, init) => fetch(url, init),
  timeoutMs = CATEGORY_TIMEOUT_MS,
): Promise<GalleryImage[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await get(categoryDataHref(category), { signal: controller.signal });
    if (!response.ok) throw new Error(`${categoryDataHref(category)} answered ${response.status}`);
    const photos: unknown = await response.json();
    if (!Array.isArray(photos) || photos.some((photo) => (photo as GalleryImage)?.category !== category))
      throw new Error(`${categoryDataHref(category)} is not a list of ${category} photos`);
    return photos as GalleryImage[];
  } finally {
    clearTimeout(timer);
  }
}

/** The label of the 'View More' button, e.g. "View More Classic Boudoir (6 more)". */
export function viewMoreLabel(label: string, hidden: number): string {
  return `View More ${label} (${hidden} more)`;
}

/** The lightbox position after a step of -1 or +1, wrapping at both ends. */
export function stepIndex(index: number, step: -1 | 1, count: number): number {
  return (index + step + count) % count;
}

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
