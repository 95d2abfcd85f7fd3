import { useCallback, useEffect, useRef, useState } from 'react';
import { demandQueue } from '@/private-gallery/client/demand-queue';
import type { ThumbState } from '@/private-gallery/client/viewer';
import { decryptToBlob, firstScreenCount, GoneError, type Unlocked } from '@/private-gallery/client/unlock';
import { useMountedRef } from '@/private-gallery/ui/hooks/useMountedRef';

/** How many photos are downloaded and decrypted at once. */
const PARALLEL = 4;

/** The object URLs of a gallery's thumbnails, by photo, released when the gallery closes. */
function useObjectUrls() {
  const urls = useRef(new Map<number, string>());
  useEffect(() => {
    const owned = urls.current;
    return () => {
      owned.forEach((url) => URL.revokeObjectURL(url));
      owned.clear();
    };
  }, []);
  return urls;
}

/**
 * A gallery's thumbnails, decrypted on demand (`need`, by 0-based index), a few at a time, each
 * once; a failed one keeps its message until `retry` asks for it again.
 */
export function useThumbnails({ index, keys }: Unlocked, onGone?: () => void) {
  const images = index.images;
  const [thumbs, setThumbs] = useState<Record<number, ThumbState>>({});
  const [queue] = useState(() => demandQueue(PARALLEL));
  const urls = useObjectUrls();
  const alive = useMountedRef();

  const need = useCallback(
    (i: number) =>
      queue.request(i, () => {
        const image = images[i];
        if (!image) return undefined;
        return decryptToBlob(keys, index, image, 'thumb').then(
          (blob) => {
            if (!alive.current) return;
            const url = URL.createObjectURL(blob);
            urls.current.set(i, url);
            setThumbs((current) => ({ ...current, [i]: { url } }));
          },
          (error: unknown) => {
            if (!alive.current) return;
            if (error instanceof GoneError) onGone?.();
            queue.forget(i);
            setThumbs((current) => ({ ...current, [i]: { error: (error as Error).message } }));
          },
        );
      }),
    [queue, images, keys, index, alive, onGone, urls],
  );

  // The first screen's thumbnails first, in the grid's order, as the gallery opens: their downloads
  // started with the index (prefetchFirstScreen). Left to the tiles' observers, which report in no
  // set order, the next rows' thumbnails took the places first and held the first screen back by
  // most of a second on slow 4G.
  useEffect(() => {
    for (let i = 0; i < Math.min(firstScreenCount(), images.length); i++) need(i);
    // Once, as the gallery opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const retry = useCallback(
    (i: number) => {
      setThumbs((current) => {
        const next = { ...current };
        delete next[i];
        return next;
      });
      need(i);
    },
    [need],
  );

  return { thumbs, need, retry };
}
