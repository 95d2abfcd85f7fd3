import { useMemo, useState } from 'react';

/**
 * Elements by id, for moving focus to one of many rendered items: `register(id)` is the item's ref
 * callback, `get(id)` the element while it is in the page.
 */
export function useElementMap<E extends HTMLElement>(): {
  register: (id: string) => (element: E | null) => void;
  get: (id: string) => E | undefined;
} {
  const [elements] = useState(() => new Map<string, E>());
  return useMemo(
    () => ({
      register: (id: string) => (element: E | null) => {
        if (element) elements.set(id, element);
        else elements.delete(id);
      },
      get: (id: string) => elements.get(id),
    }),
    [elements],
  );
}
