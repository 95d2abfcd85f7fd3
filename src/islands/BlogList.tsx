import { useEffect, useRef } from 'react';
import { withErrorBoundary } from '@/ui/ErrorBoundary';
import { BlogPager } from './blog/BlogPager';
import { BlogStatus } from './blog/BlogStatus';
import type { NavigateHandler } from './blog/navigate';
import { NoResults } from './blog/NoResults';
import { PostCard } from './blog/PostCard';
import { useFocusAfterRender } from '@/ui/hooks/useFocusAfterRender';
import { useSearchIndex } from './blog/useSearchIndex';
import { useUrlQuery } from './blog/useUrlQuery';
import { blogListView, listStatus, readListQuery, type BlogCard } from '@/lib/blog/blog-list';
import { isModifiedClick } from '@/lib/browser/clicks';
import { prefersReducedMotion } from '@/lib/browser/scroll';

export type { BlogCard };

interface Props {
  /** Every published post, newest first. */
  posts: BlogCard[];
  pageSize: number;
  /** Where the search index lives (downloaded only when a visitor searches). */
  searchIndexUrl: string;
}

/**
 * The journal's list: four posts a page with a pager, or the posts a ?search= matches. The server
 * renders page 1; the page and search in the address are applied once hydrated, which a page or
 * search in the address starts at once, and a press on the pager otherwise (client:reached).
 */
function BlogList({ posts, pageSize, searchIndexUrl }: Props) {
  const { hydrated, query, navigate } = useUrlQuery(readListQuery);
  const { index, error } = useSearchIndex(searchIndexUrl, query.search !== '');
  const failed = error !== null;
  const view = blogListView(posts, query, { index, failed }, pageSize);
  const { searching, loading, page, pages } = view;
  const listRef = useRef<HTMLElement>(null);

  // Reveal the list once it shows what the address asks for (the page hides it meanwhile, see blog/index.astro).
  useEffect(() => {
    if (hydrated && !loading) document.documentElement.removeAttribute('data-blog-pending');
  }, [hydrated, loading]);

  const focusAfterRender = useFocusAfterRender();

  const go: NavigateHandler = (event, href) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    navigate(href);
    // Keyboard and screen-reader users continue from the top of the new page of posts.
    focusAfterRender(() => listRef.current, { preventScroll: true });
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  };

  const status = listStatus(view, failed);
  return (
    <div data-blog-list>
      <BlogStatus
        status={status}
        search={query.search}
        count={view.matches.length}
        page={page}
        pages={pages}
        hydrated={hydrated}
        onNavigate={go}
      />

      {status === 'nothing-found' && <NoResults search={query.search} onNavigate={go} />}

      <section
        ref={listRef}
        tabIndex={-1}
        aria-label={searching ? 'Search results' : `Posts, page ${page} of ${pages}`}
        className="focus:outline-none"
      >
        <ul className="grid gap-x-10 gap-y-16 lg:grid-cols-3">
          {view.shown.map((post, position) => (
            <PostCard key={post.slug} post={post} feature={position === 0} eager={position === 0 && page === 1} />
          ))}
        </ul>
      </section>

      {pages > 1 && <BlogPager page={page} pages={pages} search={query.search} onNavigate={go} />}
    </div>
  );
}

export default withErrorBoundary(BlogList);
