/**
 * The rules of a post as plain functions (no Astro imports), shared by the pages, the feed and the
 * collection's schema: its address from its file name, whether it is published, the order, its
 * dates and the posts either side of it. The /blog list and its search are in ./blog-list.
 */
import { postHref } from '../site/routes.ts';

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
      `${dir}/${entry}: file name: the file name becomes the post's address (${postHref('<file-name>')}), ` +
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
