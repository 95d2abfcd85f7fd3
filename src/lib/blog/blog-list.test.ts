import { describe, expect, it, vi } from 'vitest';
import { blogListView, listStatus, pagerLinks, searchIndexLoader, type IndexState, type ListQuery } from './blog-list';

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
