import { useEffect, type RefObject } from 'react';

/**
 * Calls `onVisible` once, when the element comes within `rootMargin` of the viewport (at once
 * where IntersectionObserver is missing). A new `onVisible` watches again.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, onVisible: () => void, rootMargin: string): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') return onVisible();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onVisible();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, onVisible, rootMargin]);
}
