// What the desk answers, over actions.mjs: its pages (GET), its thumbnails and its changes (POST).
import { galleriesAtAGlance, PhotoIds } from './actions.mjs';
import { galleriesPage, layout } from './pages.mjs';

/** The desk's routes for server.mjs's startDesk, for one setup (actions.mjs deskSetup) and token. */
export function deskRoutes({ setup, token, now = () => new Date() }) {
  const photos = new PhotoIds();
  const page = (current, title, body) => layout({ title, current, token, setup, body });
  return {
    pages: {
      '/': async () => page('/', 'Your galleries', galleriesPage(galleriesAtAGlance(setup, photos, now()), setup)),
    },
    photo: (id) => photos.thumbnail(id),
    posts: {},
  };
}
