// What the desk answers, over actions.mjs: its pages (GET), its thumbnails and its changes (POST).
import { galleriesAtAGlance, inboxDone, inboxMessages, PhotoIds, publishAll, waitingCount } from './actions.mjs';
import { addPhoto, DeskError, newGallery } from './galleries.mjs';
import { galleriesPage, inboxPage, layout, newGalleryPage } from './pages.mjs';

/** A change's answer: 200 with what it made, or 400 with the sentence that refused it. */
function refusing(change) {
  try {
    return { status: 200, json: change() };
  } catch (error) {
    if (!(error instanceof DeskError)) throw error;
    return { status: 400, json: { message: error.message } };
  }
}

/** The desk's routes for server.mjs's startDesk, for one setup (actions.mjs deskSetup) and token. */
export function deskRoutes({ setup, token, now = () => new Date() }) {
  const photos = new PhotoIds();
  // One publish at a time: a second press waits for none, it is told.
  let publishing = false;
  const page = async (current, title, body) =>
    layout({ title, current, token, setup, waiting: await waitingCount(setup), body });
  return {
    pages: {
      '/': () => page('/', 'Your galleries', galleriesPage(galleriesAtAGlance(setup, photos, now()), setup)),
      '/new': () => page('/new', 'A new gallery', newGalleryPage()),
      '/inbox': async () => page('/inbox', 'Selections', inboxPage(await inboxMessages(setup, photos))),
    },
    photo: (id) => photos.thumbnail(id),
    posts: {
      '/api/galleries/new': async (fields) => refusing(() => ({ made: newGallery(setup, fields) })),
      '/api/galleries/photo': {
        raw: async (bytes, headers) =>
          refusing(() => ({
            file: addPhoto(
              setup,
              headers['x-gallery'],
              decodeURIComponent(String(headers['x-file-name'] ?? '')),
              bytes,
            ),
          })),
      },
      '/api/publish': async () => {
        if (publishing) return { status: 409, json: { message: 'A publish is already running: wait for it to end.' } };
        publishing = true;
        return {
          stream: async (write) => {
            try {
              write({ progress: { files: 0, bytes: 0, seconds: 0 } });
              write({ done: await publishAll(setup, (progress) => write({ progress })) });
            } finally {
              publishing = false;
            }
          },
        };
      },
      '/api/inbox/done': async ({ id }) => {
        const done = await inboxDone(setup, id);
        return { status: done.ok ? 200 : 400, json: { message: done.message, waiting: await waitingCount(setup) } };
      },
    },
  };
}
