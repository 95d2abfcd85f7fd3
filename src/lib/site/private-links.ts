/**
 * Links into the private gallery, on its address in ROUTES. A module of their own so that only the
 * gallery's bundle carries them: the pages' shared routes chunk stays as it was.
 */
import { ROUTES } from './routes.ts';

/**
 * The fragment parameter of a private link (/private-gallery#access=…), which browsers never send:
 * publishing writes it, the gallery reads it and its head script looks for it.
 */
export const LINK_PARAM = 'access';

/**
 * The fragment parameter of her invitation link (/private-gallery#gallery=jenna-2026-10): her
 * gallery's name, so she types only her password. Never sent to the host, and read once.
 */
export const GALLERY_PARAM = 'gallery';

/**
 * A link into the private gallery carrying `param=value` in its fragment: a gallery's private link,
 * a partner link (LINK_PARAM), her invitation (GALLERY_PARAM), a client's selection (picks).
 */
export const privateGalleryLink = (siteUrl: string, param: string, value: string): string =>
  `${siteUrl.replace(/\/$/, '')}${ROUTES.privateGallery}#${param}=${value}`;
