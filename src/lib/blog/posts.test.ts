import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  adjacentPosts,
  assertUniqueIds,
  formatLongDate,
  isoDate,
  isPublished,
  slugFromFileName,
  sortNewestFirst,
  toCalendarDate,
} from './posts';
import { day, SAMPLE_POSTS, TEST_POSTS as posts } from './blog-fixtures';

describe('published posts, newest first', () => {
  it('knows the sample posts as they ship: each file, its publish date and its number', () => {
    const shipped = readdirSync('content/blog')
      .filter((name) => name.endsWith('.mdx'))
      .map((name) => {
        const text = readFileSync(`content/blog/${name}`, 'utf8');
        return {
          slug: name.replace(/\.mdx$/, ''),
          date: /^publishDate: (\S+)$/m.exec(text)?.[1],
          id: Number(/^id: (\d+)$/m.exec(text)?.[1]),
        };
      });
    expect(shipped.sort((a, b) => b.id - a.id)).toEqual(SAMPLE_POSTS);
  });

  it('orders the nine shipped posts by publish date, newest first', () => {
    expect(sortNewestFirst(posts).map((post) => post.slug)).toEqual(SAMPLE_POSTS.map((post) => post.slug));
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
