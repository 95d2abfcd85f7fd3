import { useCallback, useState } from 'react';

/**
 * Which slides' photos are in the page. Only the first one to begin with; `want(index)` adds one
 * (and keeps it), so a phone's first view downloads one photo, not every slide's.
 */
export function useWantedSlides(count: number): { wanted: boolean[]; want: (index: number) => void } {
  const [wanted, setWanted] = useState<boolean[]>(() => Array.from({ length: count }, (_, index) => index === 0));
  const want = useCallback(
    (index: number) => setWanted((current) => (current[index] ? current : current.map((w, i) => w || i === index))),
    [],
  );
  return { wanted, want };
}
