// The page around a view: the header with the desk's three places and where it publishes to.
import type { ReactNode } from 'react';
import type { DeskSetup, Waiting } from '../server/actions.ts';
import { Island } from './Island.tsx';

const PLACES = [
  ['/', 'Galleries'],
  ['/new', 'New gallery'],
  ['/inbox', 'Selections'],
] as const;

/**
 * `waiting` null: not known yet (her website's connection not opened): no badge, and the link
 * marked data-late; its badge (an island) asks for it (routes.ts /api/status).
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
        {/* Holds a press made before its island answers (src/desk/hold.ts): a classic script, run before the body is read. */}
        <script src="/assets/desk.js"></script>
        <script type="module" src="/assets/islands.js"></script>
      </head>
      <body>
        <a
          className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-10 focus:bg-ivory focus:px-4 focus:py-2"
          href="#main"
        >
          Skip to the content
        </a>
        <header className="flex flex-wrap items-center gap-x-8 gap-y-2 bg-plum-deep px-[clamp(1rem,4vw,3rem)] py-4 text-ivory [&_:focus-visible]:outline-champagne [&_a]:text-ivory">
          <p className="m-0 font-display text-2xl">Coastlight studio desk</p>
          <nav aria-label="Desk">
            <ul className="m-0 flex list-none gap-6 p-0">
              {PLACES.map(([href, label]) => (
                <li key={href}>
                  <a
                    className="inline-flex min-h-11 items-center gap-[0.4rem] text-[0.85rem] tracking-[0.14em] uppercase no-underline aria-[current=page]:underline aria-[current=page]:underline-offset-[0.4em]"
                    href={href}
                    aria-current={href === current ? 'page' : undefined}
                    data-late={href === '/inbox' && !waiting ? 'waiting' : undefined}
                  >
                    {label}
                    {href === '/inbox' ? <Island name="SelectionsBadge" props={{ waiting }} inline /> : null}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="m-0 basis-full text-[0.85rem] text-blush sm:ml-auto sm:basis-auto">
            {setup.local ? 'Publishing to the preview on this computer' : 'Publishing to your website'}
          </p>
        </header>
        <main id="main" className="mx-auto max-w-6xl px-[clamp(1rem,4vw,3rem)] pt-8 pb-16">
          {children}
        </main>
      </body>
    </html>
  );
}
