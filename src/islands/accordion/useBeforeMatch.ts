import { useCallback, useEffect, useRef } from 'react';

/**
 * Find-in-page opens a closed panel (hidden="until-found") that holds a match: the browser fires
 * `beforematch` on it first, and `onMatch(index)` opens it. `panelRef(index)` is each panel's ref
 * callback; the listeners follow the panels whenever `count` or `rendered` changes. `onMatch` must be stable.
 */
export function useBeforeMatch(
  count: number,
  rendered: boolean,
  onMatch: (index: number) => void,
): (index: number) => (element: HTMLElement | null) => void {
  const panels = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    const cleanups = panels.current.map((panel, index) => {
      if (!panel) return () => {};
      const open = () => onMatch(index);
      panel.addEventListener('beforematch', open);
      return () => panel.removeEventListener('beforematch', open);
    });
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [count, rendered, onMatch]);

  return useCallback(
    (index: number) => (element: HTMLElement | null) => {
      panels.current[index] = element;
    },
    [],
  );
}
