/**
 * The /blog list and its search, as plain functions for the BlogList island, the /blog page and the
 * search index's build: its pages and their addresses, what a search matches, what the list shows
 * for an address (the posts, the page asked for, the status line and the pager's links), and the
 * search index it loads. The rules of a post itself are in ./posts.
 */
import { ROUTES } from '../site/routes.ts';
import type { DescribedImage } from '../images/responsive-image';

/** Posts per page on /blog (the nine shipped posts make 3 pages). */
export const PAGE_SIZE = 4;

/** How many pages `total` posts fill (at least 1, so an empty list still has a page). */
export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The page asked for in the URL, or 1 for anything missing, junk ("2x", "-1", "1.5") or out of range. */
export function parsePage(raw: string | null | undefined, pages: number): number {
  if (!raw || !/^\d+$/.test(raw.trim())) return 1;
  const page = Number(raw.trim());
  return page >= 1 && page <= pages ? page : 1;
}

/** The posts shown on `page` (1-based). */
export function pageItems<T>(items: readonly T[], page: number, size = PAGE_SIZE): T[] {
  return items.slice((page - 1) * size, page * size);
}

/** The list's address for a page and search: page 1 and an empty search stay out of the URL. */
export function blogListHref(page: number, search = ''): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${ROUTES.blog}?${query}` : ROUTES.blog;
}

/** The longest search kept from the address; anything longer is cut (no title is near this long). */
export const MAX_SEARCH_LENGTH = 100;

// Bidirectional embedding, override and isolate controls: invisible, never part of a real search,
// and able to reverse the text around them.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** A search as the page uses and echoes it: bidi controls removed, trimmed, at most MAX_SEARCH_LENGTH characters. */
export function cleanSearch(raw: string): string {
  const chars = [...raw.replace(BIDI_CONTROLS, '').trim()];
  return chars.slice(0, MAX_SEARCH_LENGTH).join('').trim();
}

/** What the list's URL asks for: the raw page value and the search text (cleaned, may be empty). */
export function readListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  return { rawPage: params.get('page'), search: cleanSearch(params.get('search') ?? '') };
}

/**
 * Plain text of a post body for searching: drops Markdown markers (#, **, list dashes), keeps words.
 * %tokens% must already be filled.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/^\s*#{1,6}\s+/gm, '')
    .replace(/^\s*[-*]\s+/gm, '')
    .replace(/\*\*|__|\*|`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The fields a search looks through. */
export interface Searchable {
  title: string;
  excerpt: string;
  categories: readonly string[];
  tags: readonly string[];
  /** Plain body text (see markdownToPlainText). */
  body: string;
}

/**
 * Everything a search may match, lowercased, each distinct whitespace-separated word once.
 * Matching a query word as a substring of this is the same as matching it in the full text
 * (a word without spaces can only sit inside one run of non-space characters), at a fraction of the size.
 */
export function searchText(post: Searchable): string {
  const text = [post.title, post.excerpt, ...post.categories, ...post.tags, post.body].join(' ').toLowerCase();
  return [...new Set(text.split(/\s+/).filter(Boolean))].join(' ');
}

/** The words of a search, lowercased; empty when there is nothing to search for. */
export function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** True when every word of the query appears in the text (case-insensitive). An empty query matches all. */
export function matchesSearch(text: string, query: string): boolean {
  const haystack = text.toLowerCase();
  return searchWords(query).every((word) => haystack.includes(word));
}

/** "3 posts match" / "1 post matches". */
export function matchCountText(count: number): string {
  return count === 1 ? '1 post matches' : `${count} posts match`;
}

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
