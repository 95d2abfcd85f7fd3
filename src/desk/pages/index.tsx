// The desk's pages as the server sends them: React components rendered to HTML on her computer
// (renderToStaticMarkup), every value of hers escaped by React. routes.ts asks for a page by these
// functions; the tests read the same HTML with markup().
import { existsSync } from 'node:fs';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type {
  ClosingSoon,
  DeskSetup,
  GalleryCard as Card,
  GalleryDetail,
  InboxMessage,
  Removable,
  Waiting,
} from '../server/actions.ts';
import { NO_DEFAULTS, type GalleryDefaults } from '../server/defaults.ts';
import { GalleriesPage, GalleryCard } from './Galleries.tsx';
import { GalleryPage } from './Gallery.tsx';
import { InboxPage } from './Inbox.tsx';
import { Layout } from './Layout.tsx';
import { NewGalleryPage } from './NewGallery.tsx';
import { PreviewFrame, PreviewPage } from './Preview.tsx';

export { NOT_A_SELECTION } from './Inbox.tsx';

/** A view's HTML, as a test reads it. */
export const markup = (element: ReactElement): string => renderToStaticMarkup(element);

/** The whole document around a view (Layout). */
export function layout({
  title,
  current,
  token,
  setup,
  waiting = { selections: 0, unreadable: 0 },
  body,
}: {
  title: string;
  current: string | null;
  token: string;
  setup: DeskSetup;
  waiting?: Waiting | null;
  body: ReactElement;
}): string {
  return `<!doctype html>\n${renderToStaticMarkup(
    <Layout title={title} current={current} token={token} setup={setup} waiting={waiting}>
      {body}
    </Layout>,
  )}`;
}

export const galleryCard = (card: Card): ReactElement => <GalleryCard card={card} />;

export function galleriesPage(
  cards: Card[],
  setup: DeskSetup,
  {
    locked = false,
    gone = [],
    closing = [],
  }: { locked?: boolean | null; gone?: Removable[]; closing?: ClosingSoon[] } = {},
): ReactElement {
  // Her first run: the folder the desk would make, offered until it exists.
  const offer = setup.own && !existsSync(setup.own) ? setup.own : null;
  return <GalleriesPage cards={cards} setup={setup} offer={offer} locked={locked} gone={gone} closing={closing} />;
}

export const galleryPage = (
  detail: GalleryDetail,
  setup: DeskSetup | null,
  today = new Date().toLocaleDateString('en-CA'),
  /** Its page id on the desk, for its preview's address (none: no preview offered). */
  page: string | null = null,
): ReactElement => <GalleryPage detail={detail} setup={setup} today={today} page={page} />;

export const newGalleryPage = (
  today = new Date().toLocaleDateString('en-CA'),
  defaults: GalleryDefaults = NO_DEFAULTS,
): ReactElement => <NewGalleryPage today={today} defaults={defaults} />;

export const inboxPage = ({
  messages,
  problem,
}: {
  messages: InboxMessage[];
  problem: string | null;
}): ReactElement => <InboxPage messages={messages} problem={problem} />;

export const previewPage = (page: string, title: string): ReactElement => <PreviewPage page={page} title={title} />;

/** A preview frame's whole document (no desk header: it is her gallery's page). */
export const previewFrame = (props: Parameters<typeof PreviewFrame>[0]): string =>
  `<!doctype html>\n${renderToStaticMarkup(<PreviewFrame {...props} />)}`;
