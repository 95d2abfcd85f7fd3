import { useCallback, useEffect, useState } from 'react';
import { currentScreen, viewerRole, type FullState } from '@/private-gallery/client/viewer';
import { fullPhoto, GoneError, type Unlocked } from '@/private-gallery/client/unlock';

/**
 * The full-size photo of the one the viewer shows (`viewer`, 0-based, or null when closed): its
 * screen copy, or its large copy on a screen that would show more (viewerRole). It is decrypted
 * only while it is shown, and released when the viewer moves on; its thumbnail is asked for too
 * (`need`), to show meanwhile. A dated partner link re-checks its index first (fullPhoto).
 */
export function useFullPhoto(
  unlocked: Unlocked,
  viewer: number | null,
  need: (i: number) => void,
  /** The host answered 410 Gone: the gallery has closed. */
  onGone?: () => void,
) {
  const images = unlocked.index.images;
  const [full, setFull] = useState<FullState | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (viewer === null) return;
    const image = images[viewer];
    if (!image) return;
    need(viewer);
    let cancelled = false;
    let url: string | undefined;
    setFull({ index: viewer });
    fullPhoto(unlocked, image, viewerRole(image, currentScreen()))
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setFull({ index: viewer, url });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof GoneError) onGone?.();
        setFull({ index: viewer, error: (error as Error).message });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [viewer, images, unlocked, need, attempt, onGone]);

  /** Decrypts the shown photo again after a failure. */
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** Forgets the photo when the viewer closes. */
  const clear = useCallback(() => setFull(null), []);

  return { full, retry, clear };
}
