import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Takes over from native <details> items once hydrated, keeping what the visitor already did with
 * them: the item they opened is passed to `onOpened`, and the item they had focused gets focus back
 * through `focusItem` once the hydrated items are in the page. `detailsRef(index)` is each
 * <details>' ref callback. Both callbacks must be stable.
 */
export function useDetailsTakeover(
  onOpened: (index: number) => void,
  focusItem: (index: number) => void,
): { hydrated: boolean; detailsRef: (index: number) => (element: HTMLDetailsElement | null) => void } {
  const [hydrated, setHydrated] = useState(false);
  const disclosures = useRef<(HTMLDetailsElement | null)[]>([]);
  const focused = useRef<number | null>(null);

  useEffect(() => {
    const opened = disclosures.current.findIndex((details) => details?.open);
    const focusedIndex = disclosures.current.findIndex((details) => details?.contains(document.activeElement));
    if (opened >= 0) onOpened(opened);
    if (focusedIndex >= 0) focused.current = focusedIndex;
    setHydrated(true);
  }, [onOpened]);

  useEffect(() => {
    if (!hydrated || focused.current === null) return;
    focusItem(focused.current);
    focused.current = null;
  }, [hydrated, focusItem]);

  const detailsRef = useCallback(
    (index: number) => (element: HTMLDetailsElement | null) => {
      disclosures.current[index] = element;
    },
    [],
  );

  return { hydrated, detailsRef };
}
