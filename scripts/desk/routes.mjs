// What the desk answers, over actions.mjs: its pages (GET), its thumbnails and its changes (POST).
import { galleriesAtAGlance, inboxDone, inboxMessages, PhotoIds, publishAll, waitingCount } from './actions.mjs';
import { galleriesPage, inboxPage, layout } from './pages.mjs';

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
      '/inbox': async () => page('/inbox', 'Selections', inboxPage(await inboxMessages(setup, photos))),
    },
    photo: (id) => photos.thumbnail(id),
    posts: {
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
