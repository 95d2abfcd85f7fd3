/**
 * The blog's rules as plain functions (no Astro imports), shared by the pages, the feed, the search
 * index and the BlogList island: which posts are published, their order, pages, search and dates.
 */
import { ROUTES } from '../site/routes.ts';

/** Posts per page on /blog (the nine shipped posts make 3 pages). */
export const PAGE_SIZE = 4;

/** The smallest shape every query needs; pages pass their richer post objects through untouched. */
export interface Dated {
  /** The post's unique number from its frontmatter (breaks ties between posts of the same day). */
  id: number;
  publishDate: Date;
}

/** A file name that works as an address: lowercase letters, digits and single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The post's address is its file name: "content/blog/my-post.mdx" → "my-post". Rejects names that
 * would make odd addresses, so two files can never end up at the same /blog/<slug>.
 */
export function slugFromFileName(entry: string, dir = 'content/blog'): string {
  const name = entry.replace(/\.mdx?$/, '');
  if (!SLUG.test(name)) {
    throw new Error(
      `${dir}/${entry}: file name: the file name becomes the post's address (/blog/<file-name>), ` +
        `so use only lowercase letters, digits and hyphens, e.g. my-new-post.mdx`,
    );
  }
  return name;
}

/** Published means not a draft; drafts show only while previewing with `npm run dev`. */
export function isPublished(post: { draft: boolean }, includeDrafts = false): boolean {
  return includeDrafts || !post.draft;
}

/** Newest first by publish date; posts of the same day by their number, higher first. */
export function sortNewestFirst<T extends Dated>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.publishDate.getTime() - a.publishDate.getTime() || b.id - a.id);
}

/** Fails when two posts share a number, naming both files, so the owner can fix one of them. */
export function assertUniqueIds(posts: readonly { id: number; file: string }[]): void {
  const seen = new Map<number, string>();
  for (const post of posts) {
    const other = seen.get(post.id);
    if (other !== undefined) {
      throw new Error(`${post.file}: id: ${post.id} is already used by ${other}; give each post its own number`);
    }
    seen.set(post.id, post.file);
  }
}

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
export function readListQuery(search: string): { page: string | null; search: string } {
  const params = new URLSearchParams(search);
  return { page: params.get('page'), search: cleanSearch(params.get('search') ?? '') };
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

/** "October 7, 2025": the frontmatter's calendar date, the same in every time zone (dates are UTC midnight). */
export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** "2025-10-07": the machine-readable form for <time datetime>, JSON-LD and Open Graph. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The posts either side of `slug` in a newest-first list: `previous` was published before, `next` after. */
export function adjacentPosts<T extends { slug: string }>(
  newestFirst: readonly T[],
  slug: string,
): { previous: T | undefined; next: T | undefined } {
  const index = newestFirst.findIndex((post) => post.slug === slug);
  if (index === -1) return { previous: undefined, next: undefined };
  return { previous: newestFirst[index + 1], next: index > 0 ? newestFirst[index - 1] : undefined };
}

/** "3 posts match" / "1 post matches". */
export function matchCountText(count: number): string {
  return count === 1 ? '1 post matches' : `${count} posts match`;
}

/**
 * A frontmatter date as the calendar day it names, at UTC midnight; null if it is not a real
 * YYYY-MM-DD date. YAML already turns an unquoted 2025-10-07 into a Date at UTC midnight.
 */
export function toCalendarDate(value: unknown): Date | null {
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) || time % 86_400_000 !== 0 ? null : value;
  }
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects days that do not exist, such as 2025-02-30.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}
