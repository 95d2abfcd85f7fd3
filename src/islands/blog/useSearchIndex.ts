import { useEffect, useState } from 'react';
import { searchIndexLoader, type SearchIndex } from '@/lib/blog/blog-list';

// One download per page view, shared by every render that needs it.
const loadSearchIndex = searchIndexLoader();

/** The search index from `url`, downloaded only once `wanted` (a visitor searches); `error` if that failed. */
export function useSearchIndex(url: string, wanted: boolean): { index: SearchIndex | null; error: string | null } {
  const [index, setIndex] = useState<SearchIndex | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!wanted || index) return;
    let live = true;
    loadSearchIndex(url).then(
      (data) => live && setIndex(data),
      (reason: unknown) => live && setError(reason instanceof Error ? reason.message : String(reason)),
    );
    return () => {
      live = false;
    };
  }, [wanted, index, url]);

  return { index, error };
}
