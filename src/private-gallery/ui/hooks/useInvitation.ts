import { useEffect, useState } from 'react';
import { invitedGalleryIn } from '@/private-gallery/client/stages';
import { takeArrival } from '@/private-gallery/client/arrival';
import { readStorage, writeStorage } from '@/lib/browser/storage';

/** This tab's note of the gallery her invitation named, so a reload (a phone's, while she copies her password) still knows it. */
export const INVITED_GALLERY_KEY = 'privateGalleryInvited';

/**
 * The gallery her invitation link names (`#gallery=…`), or null: read once in the browser (from the
 * fragment the page's script took out of the address bar and this history entry, takeArrival), and
 * kept for this tab only.
 */
export function useInvitation(): string | null {
  const [invited, setInvited] = useState<string | null>(null);
  useEffect(() => {
    const named = invitedGalleryIn(takeArrival());
    if (named) writeStorage('session', INVITED_GALLERY_KEY, named);
    setInvited(named ?? readStorage('session', INVITED_GALLERY_KEY));
  }, []);
  return invited;
}
