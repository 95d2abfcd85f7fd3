import { useCallback, useState } from 'react';
import { loadFavorites, saveFavorites, toggleFavorite } from '@/private-gallery/client/favorites';

/** A gallery's favorites (1-based photo numbers, sorted), kept in this browser's storage as they change. */
export function useFavorites(galleryId: string, count: number) {
  const [favorites, setFavorites] = useState<number[]>(() => loadFavorites(galleryId, count));

  const toggle = useCallback(
    (number: number) => {
      setFavorites((current) => {
        const next = toggleFavorite(current, number);
        saveFavorites(galleryId, next);
        return next;
      });
    },
    [galleryId],
  );

  return { favorites, toggle };
}
