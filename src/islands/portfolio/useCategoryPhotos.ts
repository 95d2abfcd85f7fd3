import { useCallback, useRef, useState } from 'react';
import {
  PREVIEW_COUNT,
  fetchCategory,
  withCategory,
  type CategoryTotals,
  type GalleryImage,
  type PortfolioCategory,
} from '@/lib/portfolio/portfolio';

export type CategoryStatus = 'loading' | 'ready' | 'failed';

/**
 * The portfolio's photos as they arrive: the page's previews first, then each category's full list
 * from its file when `load(category)` asks for it (a filter chosen, or about to be: a pointer over
 * or a finger on its button). Each file is fetched once; a failed one is fetched again on the next
 * `load`, which is what Try again does.
 */
export function useCategoryPhotos(preview: GalleryImage[], totals: CategoryTotals) {
  const [images, setImages] = useState(preview);
  const [status, setStatus] = useState<Partial<Record<PortfolioCategory, CategoryStatus>>>({});
  const current = useRef<Partial<Record<PortfolioCategory, CategoryStatus>>>({});

  const load = useCallback(
    (category: PortfolioCategory) => {
      const now = current.current[category];
      if (now === 'loading' || now === 'ready' || totals[category] <= PREVIEW_COUNT) return;
      const mark = (next: CategoryStatus) => {
        current.current = { ...current.current, [category]: next };
        setStatus(current.current);
      };
      mark('loading');
      fetchCategory(category).then(
        (all) => {
          setImages((known) => withCategory(known, category, all));
          mark('ready');
        },
        () => mark('failed'),
      );
    },
    [totals],
  );

  return { images, status, load };
}
