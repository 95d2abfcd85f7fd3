import { describe, expect, it, vi } from 'vitest';
import {
  blogListHref,
  blogListView,
  cleanSearch,
  listStatus,
  markdownToPlainText,
  matchCountText,
  matchesSearch,
  MAX_SEARCH_LENGTH,
  PAGE_SIZE,
  pageCount,
  pageItems,
  pagerLinks,
  parsePage,
  readListQuery,
  searchIndexLoader,
  searchText,
  type IndexState,
  type ListQuery,
} from './blog-list';
import { TEST_POSTS as posts } from './blog-fixtures';
import { sortNewestFirst } from './posts';

// Nine posts, newest first, as the list receives them.
const POSTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((slug) => ({ slug }));
const INDEX = Object.fromEntries(
  POSTS.map(({ slug }, n) => [slug, n % 2 === 0 ? `rain room ${slug}` : `lingerie ${slug}`]),
);
const NO_INDEX: IndexState = { index: null, failed: false };
const READY: IndexState = { index: INDEX, failed: false };
const FAILED: IndexState = { index: null, failed: true };
const query = (search = '', rawPage: string | null = null): ListQuery => ({ rawPage, search });
const slugs = (list: { slug: string }[]) => list.map((post) => post.slug);

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
    expect(readListQuery('?search=hair+%26+makeup&page=2')).toEqual({ rawPage: '2', search: 'hair & makeup' });
    expect(readListQuery('')).toEqual({ rawPage: null, search: '' });
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

describe('blogListView', () => {
  it('without a search shows every post, 4 a page across 3 pages, page 1 by default', () => {
    const view = blogListView(POSTS, query(), NO_INDEX, 4);
    expect(view).toMatchObject({ searching: false, loading: false, pages: 3, page: 1 });
    expect(slugs(view.matches)).toEqual(slugs(POSTS));
    expect(slugs(view.shown)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('shows the page the address asks for, and page 1 for a page that does not exist', () => {
    expect(slugs(blogListView(POSTS, query('', '3'), NO_INDEX, 4).shown)).toEqual(['i']);
    expect(blogListView(POSTS, query('', '4'), NO_INDEX, 4).page).toBe(1);
    expect(blogListView(POSTS, query('', 'two'), NO_INDEX, 4).page).toBe(1);
  });

  it('while the index loads, a search shows no posts and a single page', () => {
    const view = blogListView(POSTS, query('rain', '2'), NO_INDEX, 4);
    expect(view).toMatchObject({ searching: true, loading: true, matches: [], shown: [], pages: 1, page: 1 });
  });

  it('filters by the index once it is there, keeping the order, and pages the matches', () => {
    const view = blogListView(POSTS, query('Rain ROOM'), READY, 4);
    expect(view.loading).toBe(false);
    expect(slugs(view.matches)).toEqual(['a', 'c', 'e', 'g', 'i']);
    expect(view.pages).toBe(2);
    expect(slugs(blogListView(POSTS, query('rain', '2'), READY, 4).shown)).toEqual(['i']);
  });

  it('a post missing from the index matches nothing', () => {
    const view = blogListView([...POSTS, { slug: 'new' }], query('new'), READY, 4);
    expect(slugs(view.matches)).toEqual([]);
  });

  it('after the index failed, a search is no longer loading and matches nothing', () => {
    expect(blogListView(POSTS, query('rain'), FAILED, 4)).toMatchObject({ loading: false, matches: [], pages: 1 });
  });
});

describe('listStatus', () => {
  const status = (search: string, state: IndexState) =>
    listStatus(blogListView(POSTS, query(search), state, 4), state.failed);

  it('names the page without a search, even if the index failed', () => {
    expect(status('', NO_INDEX)).toBe('page');
    expect(status('', FAILED)).toBe('page');
  });

  it('follows a search through loading to found or nothing found', () => {
    expect(status('rain', NO_INDEX)).toBe('loading');
    expect(status('rain', READY)).toBe('found');
    expect(status('tuxedo', READY)).toBe('nothing-found');
  });

  it('says the search is unavailable when the index failed', () => {
    expect(status('rain', FAILED)).toBe('unavailable');
  });
});

describe('pagerLinks', () => {
  it('on page 1: Previous leads nowhere, page 1 is current, Next leads to page 2', () => {
    expect(pagerLinks(1, 3, '')).toEqual([
      { kind: 'step', direction: 'previous', href: null },
      { kind: 'number', page: 1, href: '/blog', current: true },
      { kind: 'number', page: 2, href: '/blog?page=2', current: false },
      { kind: 'number', page: 3, href: '/blog?page=3', current: false },
      { kind: 'step', direction: 'next', href: '/blog?page=2' },
    ]);
  });

  it('on the last page Next leads nowhere and Previous to the page before', () => {
    const links = pagerLinks(3, 3, '');
    expect(links[0]).toEqual({ kind: 'step', direction: 'previous', href: '/blog?page=2' });
    expect(links.at(-1)).toEqual({ kind: 'step', direction: 'next', href: null });
    expect(links.flatMap((link) => (link.kind === 'number' && link.current ? [link.page] : []))).toEqual([3]);
  });

  it('keeps the search in every address', () => {
    expect(pagerLinks(2, 2, 'rain room').map((link) => link.href)).toEqual([
      '/blog?search=rain+room',
      '/blog?search=rain+room',
      '/blog?search=rain+room&page=2',
      null,
    ]);
  });

  it('a single page has Previous, 1 and Next, both steps leading nowhere', () => {
    expect(pagerLinks(1, 1, '').map((link) => link.href)).toEqual([null, '/blog', null]);
  });
});

const SEARCH_INDEX = { 'rain-room': 'rain room water' };
const ok = () => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(SEARCH_INDEX) });
const missing = () => Promise.resolve({ ok: false, status: 404, json: () => Promise.reject(new Error('no body')) });

describe('searchIndexLoader', () => {
  it('downloads the index from the url it is given', async () => {
    const get = vi.fn(ok);
    await expect(searchIndexLoader(get)('/blog/search.json')).resolves.toEqual(SEARCH_INDEX);
    expect(get).toHaveBeenCalledWith('/blog/search.json');
  });

  it('shares one request among every caller', async () => {
    const get = vi.fn(ok);
    const load = searchIndexLoader(get);
    const [first, second] = await Promise.all([load('/blog/search.json'), load('/blog/search.json')]);
    await load('/blog/search.json');
    expect(first).toBe(second);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('fails with the status when the server answers with an error, and tries again on the next call', async () => {
    const get = vi.fn(ok).mockImplementationOnce(missing);
    const load = searchIndexLoader(get);
    await expect(load('/blog/search.json')).rejects.toThrow('The search index could not be loaded (404).');
    await expect(load('/blog/search.json')).resolves.toEqual(SEARCH_INDEX);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('tries again after a network failure', async () => {
    const get = vi.fn(ok).mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const load = searchIndexLoader(get);
    await expect(load('/blog/search.json')).rejects.toThrow('Failed to fetch');
    await expect(load('/blog/search.json')).resolves.toEqual(SEARCH_INDEX);
  });
});
