import { useCallback, useEffect, useState } from 'react';
import { currentScreen, viewerRole, type FullState } from '@/private-gallery/client/viewer';
import {
  decryptToBlob,
  GoneError,
  LARGE_FILE_TIMEOUT_MS,
  VAULT_BASE,
  type Unlocked,
} from '@/private-gallery/client/unlock';

/**
 * The full-size photo of the one the viewer shows (`viewer`, 0-based, or null when closed): its
 * screen copy, or its large copy on a screen that would show more (viewerRole). It is decrypted
 * only while it is shown, and released when the viewer moves on; its thumbnail is asked for too
 * (`need`), to show meanwhile.
 */
export function useFullPhoto(
  { index, keys }: Unlocked,
  viewer: number | null,
  need: (i: number) => void,
  /** The host answered 410 Gone: the gallery has closed. */
  onGone?: () => void,
) {
  const images = index.images;
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
    decryptToBlob(keys, index, image, viewerRole(image, currentScreen()), VAULT_BASE, LARGE_FILE_TIMEOUT_MS)
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
  }, [viewer, images, index, keys, need, attempt, onGone]);

  /** Decrypts the shown photo again after a failure. */
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** Forgets the photo when the viewer closes. */
  const clear = useCallback(() => setFull(null), []);

  return { full, retry, clear };
}
