import { useCallback, useEffect, useState } from 'react';

/**
 * A query read from the address bar. The first render sees an empty query, like the server's HTML,
 * so hydration matches; the real address is read right after and again on back and forward.
 * `navigate` puts a new address in the history and reads it. `parse` must be a stable function.
 */
export function useUrlQuery<T extends object>(
  parse: (search: string) => T,
): { hydrated: boolean; query: T; navigate: (href: string) => void } {
  const [hydrated, setHydrated] = useState(false);
  const [query, setQuery] = useState(() => parse(''));

  // An address asking for the same thing keeps the current query, so React skips the render.
  const read = useCallback(() => {
    const next = parse(window.location.search);
    setQuery((current) => (sameFields(current, next) ? current : next));
  }, [parse]);

  useEffect(() => {
    read();
    setHydrated(true);
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, [read]);

  const navigate = useCallback(
    (href: string) => {
      window.history.pushState(null, '', href);
      read();
    },
    [read],
  );

  return { hydrated, query, navigate };
}

function sameFields(a: object, b: object): boolean {
  const other: Record<string, unknown> = { ...b };
  const entries = Object.entries(a);
  return entries.length === Object.keys(other).length && entries.every(([key, value]) => Object.is(value, other[key]));
}
