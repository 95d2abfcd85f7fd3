import { useEffect, useState } from 'react';
import { invitedGalleryIn, withoutInvitation } from '@/private-gallery/client/stages';
import { readStorage, writeStorage } from '@/lib/browser/storage';

/** This tab's note of the gallery her invitation named, so a reload (a phone's, while she copies her password) still knows it. */
export const INVITED_GALLERY_KEY = 'privateGalleryInvited';

/**
 * The gallery her invitation link names (`#gallery=…`), or null: read once in the browser, taken
 * out of the address bar and this history entry (any private link beside it is left for the stage
 * to read), and kept for this tab only.
 */
export function useInvitation(): string | null {
  const [invited, setInvited] = useState<string | null>(null);
  useEffect(() => {
    const named = invitedGalleryIn(window.location.hash);
    if (named) {
      const { pathname, search, hash } = window.location;
      history.replaceState(history.state, '', pathname + search + withoutInvitation(hash));
      writeStorage('session', INVITED_GALLERY_KEY, named);
    }
    setInvited(named ?? readStorage('session', INVITED_GALLERY_KEY));
  }, []);
  return invited;
}
