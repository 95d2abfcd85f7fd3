/**
 * What the /blog list shows for an address: the posts a search matches, the page asked for, the
 * status line and the pager's links, and the search index it loads. Plain functions over the rules
 * in ./posts, for the BlogList island.
 */
import { blogListHref, matchesSearch, pageCount, pageItems, parsePage } from './posts';
import type { DescribedImage } from '../images/responsive-image';

/** One card, computed on the server: plain serializable data only. */
export interface BlogCard {
  slug: string;
  href: string;
  title: string;
  excerpt: string;
  dateText: string;
  dateIso: string;
  categories: string[];
  /** The featured photo; the card sets its own `sizes`. */
  image: Omit<DescribedImage, 'sizes' | 'avifSrcset'>;
}

/** What the address asks for: the raw ?page= value and the cleaned ?search= text (may be empty). */
export interface ListQuery {
  rawPage: string | null;
  search: string;
}

/** Where the search index stands: not there yet, there, or failed to load. */
export interface IndexState {
  index: SearchIndex | null;
  failed: boolean;
}

export interface ListView<T> {
  searching: boolean;
  /** A search is waiting for the index to arrive. */
  loading: boolean;
  /** Every post the search matches (all of them without a search; none while the index loads or after it failed). */
  matches: T[];
  pages: number;
  /** The page shown: the one asked for, or 1 when that one does not exist. */
  page: number;
  /** The posts of that page. */
  shown: T[];
}

/** The posts, page and page count the list shows for a query, once the search index (if needed) is known. */
export function blogListView<T extends { slug: string }>(
  posts: readonly T[],
  query: ListQuery,
  { index, failed }: IndexState,
  pageSize: number,
): ListView<T> {
  const searching = query.search !== '';
  const loading = searching && !index && !failed;
  const matches = searching
    ? index
      ? posts.filter((post) => matchesSearch(index[post.slug] ?? '', query.search))
      : []
    : [...posts];
  const pages = pageCount(matches.length, pageSize);
  const page = parsePage(query.rawPage, pages);
  return { searching, loading, matches, pages, page, shown: pageItems(matches, page, pageSize) };
}

/**
 * What the status line says: the page (no search), "searching" while the index loads, "unavailable"
 * when it failed, the matches found, or nothing found (the list then offers every post instead).
 */
export type ListStatus = 'page' | 'loading' | 'unavailable' | 'found' | 'nothing-found';

export function listStatus(
  view: Pick<ListView<unknown>, 'searching' | 'loading' | 'matches'>,
  failed: boolean,
): ListStatus {
  if (!view.searching) return 'page';
  if (view.loading) return 'loading';
  if (failed) return 'unavailable';
  return view.matches.length > 0 ? 'found' : 'nothing-found';
}

/** One pager link: Previous or Next (`href` null where it leads nowhere), or a page number. */
export type PagerLink =
  | { kind: 'step'; direction: 'previous' | 'next'; href: string | null }
  | { kind: 'number'; page: number; href: string; current: boolean };

/** The pager's links in order: Previous, every page number, Next. The search stays in every address. */
export function pagerLinks(page: number, pages: number, search: string): PagerLink[] {
  const numbers = Array.from({ length: pages }, (_, i): PagerLink => {
    const number = i + 1;
    return { kind: 'number', page: number, href: blogListHref(number, search), current: number === page };
  });
  return [
    { kind: 'step', direction: 'previous', href: page > 1 ? blogListHref(page - 1, search) : null },
    ...numbers,
    { kind: 'step', direction: 'next', href: page < pages ? blogListHref(page + 1, search) : null },
  ];
}

/** The blog's search index: post slug → every word a search may match (built by /blog/search.json). */
export type SearchIndex = Record<string, string>;

type Fetch = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/**
 * A loader that downloads the index once and shares that one request with every later caller; after
 * a failure the next call tries again.
 */
export function searchIndexLoader(get: Fetch = (url) => fetch(url)): (url: string) => Promise<SearchIndex> {
  let request: Promise<SearchIndex> | undefined;
  return (url) => {
    request ??= get(url).then((response) => {
      if (!response.ok) throw new Error(`The search index could not be loaded (${response.status}).`);
      return response.json() as Promise<SearchIndex>;
    });
    request.catch(() => (request = undefined));
    return request;
  };
}
