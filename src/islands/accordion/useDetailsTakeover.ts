import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Takes over from native <details> items once hydrated, keeping what the visitor already did with
 * them: the item open at that moment is passed to `onOpened`, and the item they had focused gets
 * focus back through `focusItem` once the hydrated items are in the page. `detailsRef(index)` is
 * each <details>' ref callback. Both callbacks must be stable.
 *
 * The takeover happens in the task after the first effect, not in the effect itself: a tap on an
 * island that has not hydrated yet makes React hydrate at once and run this effect inside the
 * tap's click, before the browser toggles the <details> that was tapped. Read then, the tapped
 * item would still be closed and the swap would close it for good. One task later the tap has
 * done its work; the state is read and the buttons replace the <details> in one synchronous
 * render, so no tap can fall between the two.
 */
export function useDetailsTakeover(
  onOpened: (index: number) => void,
  focusItem: (index: number) => void,
): { hydrated: boolean; detailsRef: (index: number) => (element: HTMLDetailsElement | null) => void } {
  const [hydrated, setHydrated] = useState(false);
  const disclosures = useRef<(HTMLDetailsElement | null)[]>([]);

  useEffect(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const opened = disclosures.current.findIndex((details) => details?.open);
      const focused = disclosures.current.findIndex((details) => details?.contains(document.activeElement));
      flushSync(() => {
        if (opened >= 0) onOpened(opened);
        setHydrated(true);
      });
      if (focused >= 0) focusItem(focused);
    };
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }, [onOpened, focusItem]);

  const detailsRef = useCallback(
    (index: number) => (element: HTMLDetailsElement | null) => {
      disclosures.current[index] = element;
    },
    [],
  );

  return { hydrated, detailsRef };
}
