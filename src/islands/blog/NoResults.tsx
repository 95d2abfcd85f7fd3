import { AllPostsLink } from './AllPostsLink';
import type { NavigateHandler } from './navigate';

/** Shown instead of an empty list when a search matches no post. */
export function NoResults({ search, onNavigate }: { search: string; onNavigate: NavigateHandler }) {
  return (
    <div data-no-results className="mx-auto max-w-xl border border-plum/15 bg-linen px-8 py-14 text-center">
      <h2 className="text-3xl md:text-4xl">
        No posts match{' '}
        <q className="wrap-anywhere">
          <bdi data-search-echo>{search}</bdi>
        </q>
      </h2>
      <p className="mt-4 text-muted">Try a different word, or browse every post in the journal.</p>
      <p className="mt-8">
        <AllPostsLink className="btn btn-primary" onNavigate={onNavigate} />
      </p>
    </div>
  );
}
