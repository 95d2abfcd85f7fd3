import { describe, expect, it } from 'vitest';
import {
  adjacentPosts,
  assertUniqueIds,
  blogListHref,
  formatLongDate,
  isoDate,
  isPublished,
  markdownToPlainText,
  matchCountText,
  matchesSearch,
  PAGE_SIZE,
  pageCount,
  pageItems,
  parsePage,
  readListQuery,
  cleanSearch,
  MAX_SEARCH_LENGTH,
  searchText,
  slugFromFileName,
  sortNewestFirst,
  toCalendarDate,
} from './posts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The nine shipped posts in a scrambled order, each with a searchable body. */
const NINE = [
  ['capturing-curves-self-love-and-boudoir', '2025-02-12', 1],
  ['the-difference-between-boudoir-and-erotica', '2025-10-07', 9],
  ['why-every-woman-deserves-erotica-session', '2025-02-25', 2],
  ['ultimate-rain-room-boudoir-experience', '2025-05-27', 7],
  ['how-to-choose-perfect-florida-boudoir-photographer', '2025-03-18', 3],
  ['what-to-wear-for-your-boudoir-session', '2025-05-21', 6],
  ['how-to-prepare-for-your-first-boudoir-shoot', '2025-09-16', 8],
  ['overcoming-excuses-why-you-deserve-boudoir-experience', '2025-04-10', 4],
  ['embracing-your-sensuality-through-erotic-photography', '2025-05-15', 5],
] as const;

const posts = NINE.map(([slug, date, id]) => ({
  slug,
  id,
  publishDate: day(date),
  draft: false,
  title: slug.replace(/-/g, ' '),
  excerpt: `Excerpt of ${slug}`,
  categories: id % 2 ? ['Preparation'] : ['Self-Love'],
  tags: id === 7 ? ['Rain Room', 'water'] : ['boudoir'],
  body: id === 6 ? 'Bring 3-5 looks; the fee is $495 and includes **hair and makeup**.' : 'Plain words.',
}));

describe('published posts, newest first', () => {
  it('orders the nine shipped posts by publish date, newest first', () => {
    expect(sortNewestFirst(posts).map((post) => post.slug)).toEqual([
      'the-difference-between-boudoir-and-erotica',
      'how-to-prepare-for-your-first-boudoir-shoot',
      'ultimate-rain-room-boudoir-experience',
      'what-to-wear-for-your-boudoir-session',
      'embracing-your-sensuality-through-erotic-photography',
      'overcoming-excuses-why-you-deserve-boudoir-experience',
      'how-to-choose-perfect-florida-boudoir-photographer',
      'why-every-woman-deserves-erotica-session',
      'capturing-curves-self-love-and-boudoir',
    ]);
  });

  it('breaks a tie between posts of the same day by their number, higher first, without mutating', () => {
    const same = [
      { id: 1, publishDate: day('2025-01-01') },
      { id: 3, publishDate: day('2025-01-01') },
      { id: 2, publishDate: day('2025-02-01') },
    ];
    expect(sortNewestFirst(same).map((post) => post.id)).toEqual([2, 3, 1]);
    expect(same.map((post) => post.id)).toEqual([1, 3, 2]);
  });

  it('leaves drafts out unless previewing', () => {
    expect(isPublished({ draft: false })).toBe(true);
    expect(isPublished({ draft: true })).toBe(false);
    expect(isPublished({ draft: true }, true)).toBe(true);
  });

  it('names both files when two posts share an id', () => {
    expect(() =>
      assertUniqueIds([
        { id: 1, file: 'content/blog/a.mdx' },
        { id: 2, file: 'content/blog/b.mdx' },
        { id: 1, file: 'content/blog/c.mdx' },
      ]),
    ).toThrow('content/blog/c.mdx: id: 1 is already used by content/blog/a.mdx');
    expect(() => assertUniqueIds(posts.map((post) => ({ id: post.id, file: post.slug })))).not.toThrow();
  });
});

describe('file names as addresses', () => {
  it('uses the file name as the slug', () => {
    expect(slugFromFileName('what-to-wear-for-your-boudoir-session.mdx')).toBe('what-to-wear-for-your-boudoir-session');
    expect(slugFromFileName('top-10-tips.mdx')).toBe('top-10-tips');
  });

  it('rejects names that would make odd or colliding addresses, naming the file', () => {
    for (const bad of ['My Post.mdx', 'What-To-Wear.mdx', 'double--hyphen.mdx', '-leading.mdx', 'café.mdx']) {
      expect(() => slugFromFileName(bad)).toThrow(`content/blog/${bad}: file name:`);
    }
  });
});

describe('calendar dates', () => {
  it('accepts YAML dates (UTC midnight) and YYYY-MM-DD text', () => {
    expect(toCalendarDate(day('2025-10-07'))?.toISOString()).toBe('2025-10-07T00:00:00.000Z');
    expect(toCalendarDate('2025-10-07')?.toISOString()).toBe('2025-10-07T00:00:00.000Z');
  });

  it('rejects times, impossible days and other formats', () => {
    expect(toCalendarDate(new Date('2025-10-07T15:30:00Z'))).toBeNull();
    expect(toCalendarDate('2025-02-30')).toBeNull();
    expect(toCalendarDate('10/07/2025')).toBeNull();
    expect(toCalendarDate('October 7, 2025')).toBeNull();
    expect(toCalendarDate(20251007)).toBeNull();
    expect(toCalendarDate(undefined)).toBeNull();
  });

  it('formats the long US date of the calendar day, whatever the machine time zone', () => {
    expect(formatLongDate(day('2025-10-07'))).toBe('October 7, 2025');
    expect(formatLongDate(day('2025-02-12'))).toBe('February 12, 2025');
    // UTC midnight is still the evening before in the Americas: the day must not slip.
    expect(day('2025-10-07').toLocaleDateString('en-US', { timeZone: 'America/Los_Angeles' })).toBe('10/6/2025');
    expect(formatLongDate(day('2025-10-07'))).not.toContain('6');
    expect(isoDate(day('2025-10-07'))).toBe('2025-10-07');
  });
});

describe('pagination', () => {
  it('fits 9 posts on 3 pages of 4, 4 and 1', () => {
    expect(PAGE_SIZE).toBe(4);
    expect(pageCount(9)).toBe(3);
    expect(pageCount(8)).toBe(2);
    expect(pageCount(0)).toBe(1);
    const sorted = sortNewestFirst(posts);
    expect(pageItems(sorted, 1)).toHaveLength(4);
    expect(pageItems(sorted, 2).map((post) => post.slug)).toEqual(sorted.slice(4, 8).map((post) => post.slug));
    expect(pageItems(sorted, 3).map((post) => post.slug)).toEqual(['capturing-curves-self-love-and-boudoir']);
  });

  it('reads the page from the URL, falling back to 1 for junk and out-of-range values', () => {
    expect(parsePage('2', 3)).toBe(2);
    expect(parsePage('3', 3)).toBe(3);
    expect(parsePage(' 2 ', 3)).toBe(2);
    for (const junk of [null, undefined, '', '0', '4', '99', '-1', '1.5', '2x', 'abc', '1e1', '0x2']) {
      expect(parsePage(junk, 3), String(junk)).toBe(1);
    }
  });

  it('writes page and search into the address, leaving out the defaults', () => {
    expect(blogListHref(1)).toBe('/blog');
    expect(blogListHref(2)).toBe('/blog?page=2');
    expect(blogListHref(1, ' rain ')).toBe('/blog?search=rain');
    expect(blogListHref(2, 'hair & makeup')).toBe('/blog?search=hair+%26+makeup&page=2');
    expect(readListQuery('?search=hair+%26+makeup&page=2')).toEqual({ page: '2', search: 'hair & makeup' });
    expect(readListQuery('')).toEqual({ page: null, search: '' });
  });

  it('cuts a search to MAX_SEARCH_LENGTH characters and drops bidi controls', () => {
    expect(readListQuery(`?search=${'a'.repeat(5000)}`).search).toBe('a'.repeat(MAX_SEARCH_LENGTH));
    expect(MAX_SEARCH_LENGTH).toBe(100);
    expect(readListQuery('?search=%E2%80%AErain%E2%80%AC').search).toBe('rain');
    expect(cleanSearch('  \u2067hair\u2069 ')).toBe('hair');
  });
});

describe('search', () => {
  /** The posts a search finds: each post's index text (searchText), filtered as the BlogList island does. */
  const search = (query: string) => posts.filter((post) => matchesSearch(searchText(post), query));

  it('turns a Markdown body into plain words', () => {
    expect(
      markdownToPlainText('## Heading\n\n**Bold line.**\n\n- one\n- two with **strong** text\n\nA [link](/x).'),
    ).toBe('Heading Bold line. one two with strong text A link.');
  });

  it('matches title, excerpt, categories, tags and body, ignoring case', () => {
    const slugs = (query: string) => search(query).map((post) => post.slug);
    expect(slugs('RAIN ROOM')).toEqual(['ultimate-rain-room-boudoir-experience']);
    expect(slugs('water')).toEqual(['ultimate-rain-room-boudoir-experience']);
    expect(slugs('excerpt of capturing')).toEqual(['capturing-curves-self-love-and-boudoir']);
    // Four posts by category, one more whose excerpt names it.
    expect(slugs('self-love')).toHaveLength(5);
    expect(slugs('$495')).toEqual(['what-to-wear-for-your-boudoir-session']);
    expect(slugs('Hair And Makeup')).toEqual(['what-to-wear-for-your-boudoir-session']);
    expect(slugs('')).toHaveLength(9);
    expect(slugs('nothing-like-this')).toEqual([]);
  });

  it('needs every word of the search, in any order', () => {
    expect(matchesSearch('soft light and warm water', 'water soft')).toBe(true);
    expect(matchesSearch('soft light and warm water', 'water snow')).toBe(false);
    expect(matchesSearch('anything', '   ')).toBe(true);
  });

  it('treats markup in a search as plain text', () => {
    expect(matchesSearch('a <b>x</b> b', '<b>x</b>')).toBe(true);
    expect(search('<b>x</b>')).toEqual([]);
  });

  it('matches the compact index exactly as it would the full text', () => {
    const post = {
      title: 'Rain Room',
      excerpt: 'Warm water, soft light.',
      categories: ['Experiences'],
      tags: [],
      body: 'Water water WATER falls; light, soft light.',
    };
    const full = [post.title, post.excerpt, ...post.categories, post.body].join(' ');
    const compact = searchText(post);
    expect(compact.split(' ').filter((word) => word === 'water')).toHaveLength(1);
    expect(compact.length).toBeLessThan(full.length);
    for (const query of ['water', 'WATER', 'ater fal', 'light,', 'light soft', 'experiences', 'nope', 'room warm']) {
      expect(matchesSearch(compact, query), query).toBe(matchesSearch(full, query));
    }
  });

  it('counts matches in words', () => {
    expect(matchCountText(1)).toBe('1 post matches');
    expect(matchCountText(3)).toBe('3 posts match');
  });
});

describe('previous and next posts', () => {
  const sorted = sortNewestFirst(posts);
  it('links each post to the one published before and after it', () => {
    expect(adjacentPosts(sorted, 'the-difference-between-boudoir-and-erotica')).toEqual({
      previous: sorted[1],
      next: undefined,
    });
    expect(adjacentPosts(sorted, 'what-to-wear-for-your-boudoir-session')).toEqual({
      previous: sorted[4],
      next: sorted[2],
    });
    expect(adjacentPosts(sorted, 'capturing-curves-self-love-and-boudoir')).toEqual({
      previous: undefined,
      next: sorted[7],
    });
    expect(adjacentPosts(sorted, 'missing')).toEqual({ previous: undefined, next: undefined });
  });
});
