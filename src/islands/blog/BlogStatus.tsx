import { matchCountText, type ListStatus } from '@/lib/blog/blog-list';
import { AllPostsLink } from './AllPostsLink';
import type { NavigateHandler } from './navigate';

const ALL_POSTS_CLASS = 'font-medium text-plum underline decoration-champagne underline-offset-4 hover:decoration-plum';

interface Props {
  status: ListStatus;
  search: string;
  /** How many posts the search matches. */
  count: number;
  page: number;
  pages: number;
  hydrated: boolean;
  onNavigate: NavigateHandler;
}

/**
 * The list's live status: a search's progress and result, shown above the list; without a search,
 * the page number for screen readers only (once hydrated, when it is the page the address asks for).
 */
export function BlogStatus({ status, search, count, page, pages, hydrated, onNavigate }: Props) {
  const allPostsLink = <AllPostsLink className={ALL_POSTS_CLASS} onNavigate={onNavigate} />;
  return (
    <div role="status" className={status === 'page' ? 'sr-only' : 'mb-12 text-center'}>
      {status === 'page' && hydrated && `Page ${page} of ${pages}`}
      {status === 'loading' && <p className="text-lg text-muted">Searching the journal…</p>}
      {status === 'unavailable' && <p className="text-lg">Search is unavailable right now. {allPostsLink}</p>}
      {status === 'found' && (
        <p className="text-lg">
          <span data-search-count>{matchCountText(count)}</span>{' '}
          <q className="font-medium wrap-anywhere">
            <bdi data-search-echo>{search}</bdi>
          </q>
          <span aria-hidden="true" className="mx-3 text-champagne">
            |
          </span>
          {allPostsLink}
        </p>
      )}
    </div>
  );
}
