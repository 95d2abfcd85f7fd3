import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { withErrorBoundary } from './ErrorBoundary';
import {
  blogListHref,
  matchCountText,
  matchesSearch,
  pageCount,
  pageItems,
  parsePage,
  readListQuery,
} from '@/lib/posts';
import { prefersReducedMotion } from '@/lib/scroll';

/** One card, computed on the server: plain serializable data only. */
export interface BlogCard {
  slug: string;
  href: string;
  title: string;
  excerpt: string;
  dateText: string;
  dateIso: string;
  categories: string[];
  image: { src: string; srcset: string; width: number; height: number; alt: string };
}

interface Props {
  /** Every published post, newest first. */
  posts: BlogCard[];
  pageSize: number;
  /** Where the search index lives (downloaded only when a visitor searches). */
  searchIndexUrl: string;
}

type SearchIndex = Record<string, string>;

let indexRequest: Promise<SearchIndex> | undefined;
function loadSearchIndex(url: string): Promise<SearchIndex> {
  indexRequest ??= fetch(url).then((response) => {
    if (!response.ok) throw new Error(`The search index could not be loaded (${response.status}).`);
    return response.json() as Promise<SearchIndex>;
  });
  indexRequest.catch(() => (indexRequest = undefined));
  return indexRequest;
}

/** What the address bar asks for. Before hydration (and on the server) that is page 1, no search. */
function readLocation(): { rawPage: string | null; search: string } {
  const { page, search } = readListQuery(window.location.search);
  return { rawPage: page, search };
}

const FEATURE_SIZES = '(min-width: 1024px) 680px, (min-width: 768px) 672px, calc(100vw - 48px)';
const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 768px) 672px, calc(100vw - 48px)';

function Card({ post, feature, eager }: { post: BlogCard; feature: boolean; eager: boolean }) {
  const { image } = post;
  return (
    <li className={feature ? 'lg:col-span-3' : ''}>
      <article
        className={
          feature
            ? 'group grid items-center gap-8 md:gap-12 lg:grid-cols-12'
            : 'group flex h-full flex-col border-t border-plum/15 pt-8'
        }
      >
        {/* The title link below is the one keyboard and screen-reader users meet; the photo repeats it for pointers. */}
        <a
          href={post.href}
          tabIndex={-1}
          aria-hidden="true"
          className={`block overflow-hidden bg-linen ${feature ? 'lg:col-span-7' : 'mb-7'}`}
        >
          <img
            src={image.src}
            srcSet={image.srcset}
            sizes={feature ? FEATURE_SIZES : CARD_SIZES}
            width={image.width}
            height={image.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className="aspect-[3/2] h-auto w-full object-cover transition-transform duration-700 ease-out motion-safe:group-hover:scale-[1.03]"
          />
        </a>
        <div className={feature ? 'lg:col-span-5' : 'flex flex-1 flex-col'}>
          <p className="eyebrow">
            <time dateTime={post.dateIso}>{post.dateText}</time>
            <span aria-hidden="true" className="mx-2">
              ·
            </span>
            <span>{post.categories[0]}</span>
          </p>
          <h2 className={`mt-4 ${feature ? 'text-4xl md:text-5xl' : 'text-3xl'}`}>
            <a href={post.href} className="hover:text-plum focus-visible:underline">
              {post.title}
            </a>
          </h2>
          <p className={`mt-4 leading-relaxed text-muted ${feature ? 'text-lg' : 'flex-1'}`}>{post.excerpt}</p>
          <a
            href={post.href}
            className="mt-6 inline-flex items-center gap-2 self-start border-b border-champagne pb-1 text-sm font-medium tracking-[0.18em] text-plum uppercase hover:border-plum"
          >
            Read More<span className="sr-only">: {post.title}</span>
            <span aria-hidden="true">→</span>
          </a>
        </div>
      </article>
    </li>
  );
}

const previousLabel = (
  <>
    <span aria-hidden="true">←</span> Previous
  </>
);
const nextLabel = (
  <>
    Next <span aria-hidden="true">→</span>
  </>
);

const pagerBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-medium uppercase transition-colors';
// Compact on phones so Previous, three numbers and Next share one row at 390 px.
const pagerStep = `${pagerBase} px-2.5 text-xs tracking-[0.1em] sm:px-4 sm:text-sm sm:tracking-[0.14em]`;
const pagerNumber = `${pagerBase} w-11 text-sm`;

function BlogList({ posts, pageSize, searchIndexUrl }: Props) {
  // The first render matches the server's HTML (page 1, no search); the address bar is read after hydration.
  const [hydrated, setHydrated] = useState(false);
  const [rawPage, setRawPage] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [index, setIndex] = useState<SearchIndex | null>(null);
  const [indexError, setIndexError] = useState<string | null>(null);
  const listRef = useRef<HTMLElement>(null);
  const focusAfterRender = useRef(false);

  const applyLocation = useCallback(() => {
    const next = readLocation();
    setRawPage(next.rawPage);
    setSearch(next.search);
  }, []);

  useEffect(() => {
    applyLocation();
    setHydrated(true);
    window.addEventListener('popstate', applyLocation);
    return () => window.removeEventListener('popstate', applyLocation);
  }, [applyLocation]);

  const searching = search !== '';
  useEffect(() => {
    if (!searching || index) return;
    let live = true;
    loadSearchIndex(searchIndexUrl).then(
      (data) => live && setIndex(data),
      (error: unknown) => live && setIndexError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [searching, index, searchIndexUrl]);

  const loading = searching && !index && !indexError;
  const matches = searching
    ? index
      ? posts.filter((post) => matchesSearch(index[post.slug] ?? '', search))
      : []
    : posts;
  const pages = pageCount(matches.length, pageSize);
  const page = parsePage(rawPage, pages);
  const shown = pageItems(matches, page, pageSize);

  // Reveal the list once it shows what the address asks for (the page hides it meanwhile, see blog/index.astro).
  useEffect(() => {
    if (hydrated && !loading) document.documentElement.removeAttribute('data-blog-pending');
  }, [hydrated, loading]);

  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    // Keyboard and screen-reader users continue from the top of the new page of posts.
    listRef.current?.focus({ preventScroll: true });
  });

  const go = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState(null, '', href);
    applyLocation();
    focusAfterRender.current = true;
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  };

  const pageLink = (target: number, label: ReactNode, className: string, ariaLabel?: string) => {
    const href = blogListHref(target, search);
    return (
      <a href={href} onClick={(event) => go(event, href)} className={className} aria-label={ariaLabel}>
        {label}
      </a>
    );
  };

  const allPostsLink = (
    <a
      href="/blog"
      onClick={(event) => go(event, '/blog')}
      className="font-medium text-plum underline decoration-champagne underline-offset-4 hover:decoration-plum"
    >
      Show all posts
    </a>
  );

  return (
    <div data-blog-list>
      <div role="status" className={searching ? 'mb-12 text-center' : 'sr-only'}>
        {searching ? (
          loading ? (
            <p className="text-lg text-muted">Searching the journal…</p>
          ) : indexError ? (
            <p className="text-lg">Search is unavailable right now. {allPostsLink}</p>
          ) : matches.length > 0 ? (
            <p className="text-lg">
              <span data-search-count>{matchCountText(matches.length)}</span>{' '}
              <q className="font-medium wrap-anywhere">
                <bdi data-search-echo>{search}</bdi>
              </q>
              <span aria-hidden="true" className="mx-3 text-champagne">
                |
              </span>
              {allPostsLink}
            </p>
          ) : null
        ) : (
          hydrated && `Page ${page} of ${pages}`
        )}
      </div>

      {searching && !loading && !indexError && matches.length === 0 && (
        <div data-no-results className="mx-auto max-w-xl border border-plum/15 bg-linen px-8 py-14 text-center">
          <h2 className="text-3xl md:text-4xl">
            No posts match{' '}
            <q className="wrap-anywhere">
              <bdi data-search-echo>{search}</bdi>
            </q>
          </h2>
          <p className="mt-4 text-muted">Try a different word, or browse every post in the journal.</p>
          <p className="mt-8">
            <a href="/blog" onClick={(event) => go(event, '/blog')} className="btn btn-primary">
              Show all posts
            </a>
          </p>
        </div>
      )}

      <section
        ref={listRef}
        tabIndex={-1}
        aria-label={searching ? 'Search results' : `Posts, page ${page} of ${pages}`}
        className="focus:outline-none"
      >
        <ul className="grid gap-x-10 gap-y-16 lg:grid-cols-3">
          {shown.map((post, position) => (
            <Card key={post.slug} post={post} feature={position === 0} eager={position === 0 && page === 1} />
          ))}
        </ul>
      </section>

      {pages > 1 && (
        // Hidden until hydrated: before that (or without JavaScript) its links could not change the page.
        <nav aria-label="Blog pages" className={`mt-20 ${hydrated ? '' : 'invisible'}`}>
          <ul className="flex flex-wrap items-center justify-center gap-1.5 sm:gap-2">
            <li>
              {page > 1 ? (
                pageLink(page - 1, previousLabel, `${pagerStep} text-plum ring-1 ring-plum/25 hover:bg-blush`)
              ) : (
                <a role="link" aria-disabled="true" className={`${pagerStep} cursor-not-allowed text-muted`}>
                  {previousLabel}
                </a>
              )}
            </li>
            {Array.from({ length: pages }, (_, i) => i + 1).map((number) => (
              <li key={number}>
                {number === page ? (
                  <a
                    href={blogListHref(number, search)}
                    aria-current="page"
                    aria-label={`Page ${number}`}
                    onClick={(event) => go(event, blogListHref(number, search))}
                    className={`${pagerNumber} bg-plum text-ivory`}
                  >
                    {number}
                  </a>
                ) : (
                  pageLink(
                    number,
                    String(number),
                    `${pagerNumber} text-plum ring-1 ring-plum/20 hover:bg-blush`,
                    `Page ${number}`,
                  )
                )}
              </li>
            ))}
            <li>
              {page < pages ? (
                pageLink(page + 1, nextLabel, `${pagerStep} text-plum ring-1 ring-plum/25 hover:bg-blush`)
              ) : (
                <a role="link" aria-disabled="true" className={`${pagerStep} cursor-not-allowed text-muted`}>
                  {nextLabel}
                </a>
              )}
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}

export default withErrorBoundary(BlogList);
