// The page around a view: the header with the desk's three places and where it publishes to.
import type { ReactNode } from 'react';
import type { DeskSetup, Waiting } from '../../../scripts/desk/actions.ts';
import { Hidden } from './parts.tsx';

/** Beside Selections: how many selections wait and, apart, how many messages are unreadable. */
export function Badges({ selections, unreadable }: Waiting) {
  return (
    <>
      {selections ? (
        <>
          {' '}
          <span className="badge">{selections}</span>
          <Hidden> waiting</Hidden>
        </>
      ) : null}
      {unreadable ? (
        <>
          {' '}
          <span className="badge badge-quiet">
            {unreadable}
            <Hidden> unreadable</Hidden>
          </span>
        </>
      ) : null}
    </>
  );
}

const PLACES = [
  ['/', 'Galleries'],
  ['/new', 'New gallery'],
  ['/inbox', 'Selections'],
] as const;

/**
 * `waiting` null: not known yet (her website's connection not opened): no badge, and the link
 * marked data-late for the page's script to fetch it (routes.ts /api/status).
 */
export function Layout({
  title,
  current,
  token,
  setup,
  waiting,
  children,
}: {
  title: string;
  current: string | null;
  token: string;
  setup: DeskSetup;
  waiting: Waiting | null;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="desk-token" content={token} />
        <title>{`${title} · Studio desk`}</title>
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/desk.css" />
        <script src="/assets/desk.js"></script>
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to the content
        </a>
        <header className="top">
          <p className="brand">Coastlight studio desk</p>
          <nav aria-label="Desk">
            <ul>
              {PLACES.map(([href, label]) => (
                <li key={href}>
                  <a
                    href={href}
                    aria-current={href === current ? 'page' : undefined}
                    data-late={href === '/inbox' && !waiting ? 'waiting' : undefined}
                  >
                    {label}
                    {href === '/inbox' && waiting ? <Badges {...waiting} /> : null}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="publishing-to">
            {setup.local ? 'Publishing to the preview on this computer' : 'Publishing to your website'}
          </p>
        </header>
        <main id="main">{children}</main>
      </body>
    </html>
  );
}
