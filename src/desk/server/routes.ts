// What the desk answers, over actions.ts: its pages (GET), its thumbnails and its changes (POST).
import {
  closeOne,
  galleriesAtAGlance,
  galleriesClosingSoon,
  galleryDetail,
  inboxDone,
  inboxUndo,
  shareAction,
  inboxMessages,
  PhotoIds,
  publishAll,
  removeOne,
  removable,
  lockLeft,
  deskWords,
  inDeskWords,
  makeGalleriesFolder,
  waitingCount,
  type DeskSetup,
  type LiveDeskSetup,
} from './actions.ts';
import {
  addPhoto,
  changePassword,
  chooseCover,
  copyFolder,
  deleteGallery,
  DeskError,
  newGallery,
  removePhoto,
  saveDefaults,
  savePhotos,
  saveSettings,
} from './galleries.ts';
import {
  galleriesPage,
  galleryPage,
  inboxPage,
  layout,
  newGalleryPage,
  previewFrame,
  previewPage,
} from '../pages/index.tsx';
import { sealPreview, type PreviewVault } from './preview.ts';
import type { DeskRoutes, JsonPost, PostAnswer, RawPost } from './server.ts';
import { settings } from '../../lib/content/settings.ts';
import type { IncomingHttpHeaders } from 'node:http';
import type { ReactElement } from 'react';

/** A photo's file name as the page sent it (percent-encoded), or the sentence refusing one that does not decode. */
function fileNameOf(header: string | string[] | undefined): string {
  try {
    return decodeURIComponent(String(header ?? ''));
  } catch {
    throw new DeskError('This photo’s file name could not be read: rename it and add it again.');
  }
}

/** A change's answer: 200 with what it made, or 400 with the sentence that refused it. */
function refusing(change: () => unknown): PostAnswer {
  try {
    return { status: 200, json: change() };
  } catch (error) {
    if (!(error instanceof DeskError)) throw error;
    const { message, field, suggestion } = error;
    return { status: 400, json: { message, ...(field ? { field } : {}), ...(suggestion ? { suggestion } : {}) } };
  }
}

/**
 * The desk's routes for server.ts's startDesk, for one setup (actions.ts deskSetup, or
 * liveDeskSetup's function, asked again at each request) and token.
 */
export function deskRoutes({
  setup: given,
  token,
  now = () => new Date(),
  siteUrl = settings.siteUrl,
}: {
  setup: DeskSetup | LiveDeskSetup;
  token: string;
  now?: () => Date;
  siteUrl?: string;
}): DeskRoutes {
  const current = typeof given === 'function' ? given : async () => given;
  const photos = new PhotoIds();
  // Galleries' pages by opaque ids too: her folder names stay out of the address bar and history.
  const pages = new PhotoIds();
  const galleryIds = new Map<string, string>();
  // One publish at a time: a second press waits for none, it is told.
  let publishing = false;
  // The setups whose bucket is known open (or refused, with nothing to open). Opening it starts
  // wrangler's proxy (seconds), so no page waits for it: a page of a setup not in here is sent at
  // once without what needs the bucket (the Selections badge, a publish's lock), marked data-late,
  // and the page's script asks /api/status for them, which opens it. Never a guess in their place:
  // no badge is not "none waiting", a hidden Unlock is not "no lock".
  const open = new WeakSet<DeskSetup>();
  const known = (setup: DeskSetup) => setup.refusal !== null || open.has(setup);
  const opened = async (setup: DeskSetup) => {
    if (known(setup)) return true;
    const ready = await setup.bucket().then(
      () => true,
      () => false,
    );
    if (ready) open.add(setup);
    return ready;
  };
  const page = async (here: string | null, title: string, body: ReactElement) => {
    const setup = await current();
    const waiting = known(setup) ? await waitingCount(setup, siteUrl) : null;
    // The command's sentences in its pages (a refusal, a held gallery's reason) in the desk's words too.
    return deskWords(layout({ title, current: here, token, setup, waiting, body }), setup);
  };
  // The preview being made or shown (preview.ts), one at a time: its page id, and the gallery sealed
  // in memory for it, or why it could not be. A new preview's page forgets the one before.
  let preview: { page: string; made: Promise<PreviewVault | { refusal: string }> } | null = null;
  let shown: { page: string; vault: PreviewVault } | null = null;
  const routes: DeskRoutes = {
    pages: {
      '/': async () => {
        const setup = await current();
        const cards = galleriesAtAGlance(setup, photos, now(), pages);
        for (const card of cards) if (card.page) galleryIds.set(card.page, card.id);
        const locked = publishing ? false : known(setup) ? await lockLeft(setup) : null;
        const closing = setup.refusal ? [] : galleriesClosingSoon(setup, siteUrl, now());
        return page('/', 'Your galleries', galleriesPage(cards, setup, { locked, gone: removable(setup), closing }));
      },
      '/gallery/': async (_request, rest) => {
        const setup = await current();
        const id = galleryIds.get(rest);
        const detail = id === undefined ? null : galleryDetail(setup, id, photos, siteUrl);
        return detail
          ? page(null, detail.title, galleryPage(detail, setup, now().toLocaleDateString('en-CA'), rest))
          : null;
      },
      // Her gallery as her client will see it: sealed in memory now, shown in two frames.
      '/preview/': async (_request, rest) => {
        const setup = await current();
        const id = galleryIds.get(rest);
        const detail = id === undefined ? null : galleryDetail(setup, id, photos, siteUrl);
        if (!id || !detail) return null;
        shown = null;
        const made = sealPreview(setup, id).catch((error: unknown) => ({
          refusal: `The preview could not be made: ${error instanceof Error ? error.message : String(error)}`,
        }));
        preview = { page: rest, made };
        return page(null, `${detail.title}, as she will see it`, previewPage(rest, detail.title));
      },
      '/preview-frame/': async (_request, rest) => {
        if (!preview || preview.page !== rest) return null;
        const made = await preview.made;
        if ('refusal' in made) {
          return previewFrame({
            page: rest,
            title: 'Preview',
            open: null,
            problem: deskWords(made.refusal, await current()),
          });
        }
        shown = { page: rest, vault: made };
        const { gallery, password, zone, title } = made;
        return previewFrame({ page: rest, title, open: { gallery, password, zone }, problem: null });
      },
      '/new': async () => {
        const setup = await current();
        const today = now().toLocaleDateString('en-CA');
        return page('/new', 'A new gallery', newGalleryPage(today, setup.defaults));
      },
      '/inbox': async () => {
        // Selections are read from the bucket: this page waits for it, and its badge with it.
        const setup = await current();
        const messages = await inboxMessages(setup, photos, siteUrl);
        await opened(setup);
        return page('/inbox', 'Selections', inboxPage(messages));
      },
    },
    previewFile: (page, name) => (shown?.page === page ? (shown.vault.files.get(name) ?? null) : null),
    reads: {
      // What a page sent without them asks for after it is shown: the badge and the lock, or null
      // for one the bucket could not be opened to tell (the page then says nothing of it).
      '/api/status': async () => {
        const setup = await current();
        if (!(await opened(setup))) return { waiting: null, locked: null };
        const [waiting, locked] = await Promise.all([waitingCount(setup, siteUrl), lockLeft(setup)]);
        return { waiting, locked: !publishing && locked };
      },
    },
    photo: (id: string) => photos.thumbnail(id),
    posts: {
      '/api/share': async (body) => {
        const done = shareAction(await current(), siteUrl, body);
        return { status: done.ok ? 200 : 400, json: done };
      },
      '/api/close': async ({ id }) => {
        const done = await closeOne(await current(), String(id));
        return { status: done.ok ? 200 : 400, json: done };
      },
      '/api/remove': async ({ id }) => {
        const done = await removeOne(await current(), String(id));
        return { status: done.ok ? 200 : 400, json: done };
      },
      '/api/photos': async ({ id, files, alts }) => {
        const setup = await current();
        return refusing(() => {
          savePhotos(setup, id, files, alts);
          return { message: 'Saved in its gallery.yaml: publish for her to see the new order and descriptions.' };
        });
      },
      '/api/galleries/folder': async ({ id, from }) => {
        const setup = await current();
        return refusing(() => copyFolder(setup, id, from));
      },
      '/api/galleries/new': async (fields) => {
        const setup = await current();
        return refusing(() => ({ made: newGallery(setup, fields, now) }));
      },
      '/api/galleries/settings': async ({ id, ...fields }) => {
        const setup = await current();
        return refusing(() => saveSettings(setup, id, fields, now));
      },
      '/api/galleries/password': async ({ id, password }) => {
        const setup = await current();
        return refusing(() => changePassword(setup, id, password));
      },
      '/api/galleries/remove-photo': async ({ id, file }) => {
        const setup = await current();
        return refusing(() => removePhoto(setup, id, file));
      },
      '/api/galleries/cover': async ({ id, file }) => {
        const setup = await current();
        return refusing(() => chooseCover(setup, id, file));
      },
      '/api/galleries/defaults': async (fields) => {
        const setup = await current();
        return refusing(() => saveDefaults(setup, fields));
      },
      '/api/galleries/delete': async ({ id }) => {
        const setup = await current();
        return refusing(() => deleteGallery(setup, id));
      },
      '/api/galleries/make-folder': async () => {
        const done = makeGalleriesFolder(await current());
        return { status: done.ok ? 200 : 400, json: done };
      },
      '/api/galleries/photo': {
        raw: async (bytes: Buffer, headers: IncomingHttpHeaders) => {
          const setup = await current();
          return refusing(() => ({
            file: addPhoto(setup, headers['x-gallery'], fileNameOf(headers['x-file-name']), bytes),
          }));
        },
      },
      '/api/publish': async ({ unlock }) => {
        if (publishing) return { status: 409, json: { message: 'A publish is already running: wait for it to end.' } };
        publishing = true;
        const setup = await current();
        return {
          stream: async (write: (line: unknown) => void) => {
            try {
              write({ done: await publishAll(setup, (progress) => write({ progress }), { unlock: unlock === true }) });
            } finally {
              publishing = false;
            }
          },
        };
      },
      '/api/inbox/undo': async ({ id }) => {
        const setup = await current();
        const done = await inboxUndo(setup, id);
        return {
          status: done.ok ? 200 : 400,
          json: { message: done.message, waiting: await waitingCount(setup, siteUrl) },
        };
      },
      '/api/inbox/done': async ({ id }) => {
        const setup = await current();
        const done = await inboxDone(setup, id, siteUrl);
        return {
          status: done.ok ? 200 : 400,
          json: {
            message: done.message,
            waiting: await waitingCount(setup, siteUrl),
            ...(done.undo ? { undo: done.undo } : {}),
          },
        };
      },
    },
  };
  // Every answer's sentences in the desk's words (actions.ts deskWords), a publish's lines too.
  for (const [path, post] of Object.entries(routes.posts)) {
    const speak = async (result: PostAnswer): Promise<PostAnswer> => {
      const setup = await current();
      if (result.stream) {
        const stream = result.stream;
        return { stream: (write) => stream((line) => write(inDeskWords(line, setup))) };
      }
      return { ...result, json: inDeskWords(result.json, setup) };
    };
    routes.posts[path] =
      typeof post !== 'function'
        ? ({ raw: async (bytes, headers) => speak(await post.raw(bytes, headers)) } satisfies RawPost)
        : ((async (body) => speak(await post(body))) satisfies JsonPost);
  }
  return routes;
}
