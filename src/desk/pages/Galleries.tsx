// Her galleries at a glance: her first run's folder offer, those closing this week, Publish, a card
// a gallery, and those whose folder is gone.
import type { ClosingSoon, DeskSetup, GalleryCard as Card, GalleryState, Removable } from '../server/actions.ts';
import { Island } from './Island.tsx';
import { ChangeForm, ConfirmDialog } from './changes.tsx';
import { Thumb } from './parts.tsx';

/** One gallery's card: cover, title, folder id, photos, package, downloads, last day, state. */
export function GalleryCard({ card }: { card: Card }) {
  if (card.problem !== undefined) {
    return (
      <li className="rounded-md border border-linen bg-white px-5 py-4">
        <h2>{card.id}</h2>
        <p className="state state-held">{card.problem}</p>
      </li>
    );
  }
  return (
    <li className="flex flex-col overflow-hidden rounded-md border border-linen bg-white" data-gallery={card.id}>
      {card.cover ? (
        <Thumb id={card.cover} className="block aspect-[3/2] h-auto w-full bg-linen object-cover" large />
      ) : (
        <div className="block aspect-[3/2] h-auto w-full bg-linen object-cover" aria-hidden="true"></div>
      )}
      <div className="px-5 pt-4 pb-5">
        <h2>
          <a href={`/gallery/${card.page}`}>{card.title}</a>
        </h2>
        {card.sample ? <p className="sample">The sample gallery</p> : null}
        <dl className="my-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-[0.2rem] text-[0.9rem] [&_dd]:m-0 [&_dt]:text-muted">
          <dt>Folder</dt>
          <dd>
            <code>{card.id}</code>
          </dd>
          <dt>Photos</dt>
          <dd>{card.photos}</dd>
          <dt>Package</dt>
          <dd>{card.package.text}</dd>
          <dt>Downloads</dt>
          <dd>{card.downloads}</dd>
          <dt>Last day</dt>
          <dd>{card.lastDay ?? 'No last day'}</dd>
        </dl>
        <StateOf state={card.state} />
      </div>
    </li>
  );
}

/** Where a gallery stands on her website now, and what a publish would send (actions.ts stateOf). */
export function StateOf({ state }: { state: GalleryState }) {
  return (
    <>
      <p className={`state state-${state.kind}`}>{state.text}</p>
      {state.waiting?.length ? (
        <div className="waits text-[0.9rem] [&_p]:mt-1 [&_p]:mb-0 [&_ul]:mt-1 [&_ul]:mb-0">
          <p>Waits for a publish:</p>
          <ul>
            {state.waiting.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

const when = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

/** The galleries whose last day is this week, each with a reminder to copy (never her password). */
export function ClosingSoonSection({ closing }: { closing: ClosingSoon[] }) {
  if (!closing.length) return null;
  return (
    <section aria-labelledby="closing-title">
      <h2 id="closing-title">Closing this week</h2>
      <ul className="grid list-none gap-4 p-0">
        {closing.map((gallery, index) => (
          <li key={gallery.title + index}>
            <p>
              <strong>{gallery.title}</strong> closes at the end of {gallery.lastDayText} ({when(gallery.daysLeft)}).
            </p>
            {gallery.reminder ? (
              <>
                <pre className="invitation" id={`reminder-${index}`}>
                  {gallery.reminder}
                </pre>
                <Island
                  name="CopyButton"
                  props={{ target: `reminder-${index}`, label: 'Copy reminder', hidden: ` for ${gallery.title}` }}
                />
              </>
            ) : (
              <p className="hint">Its private link is made at its next publish; the reminder comes with it.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Publish: every gallery to her website (or the preview), its progress and its outcome (an island,
 * src/desk/islands/PublishPanel.tsx). `locked` null: a publish's lock not known yet (her website's
 * connection not open): Unlock hidden, and asked for once the page is read.
 */
export function PublishPanel({ setup, locked = false }: { setup: DeskSetup; locked?: boolean | null }) {
  return <Island name="PublishPanel" props={{ local: setup.local, locked }} />;
}

/** Galleries published to her website whose folder is gone: Remove, behind a confirmation. */
export function RemoveSection({ gone }: { gone: Removable[] }) {
  if (!gone.length) return null;
  return (
    <section aria-labelledby="remove-title">
      <h2 id="remove-title">Galleries whose folder is gone</h2>
      <p>
        These are still published, as they were, though their folder is no longer in your galleries folder. Put a folder
        back to keep it; remove it to take it off your website.
      </p>
      <ul className="pl-5 [&_li]:my-2">
        {gone.map(({ id, published }) => (
          <li key={id}>
            <code>{id}</code>, published {published}{' '}
            <ConfirmDialog
              id={`remove-${id}`}
              label="Remove"
              hidden={` ${id}`}
              title={`Remove ${id} from your website?`}
              action="/api/remove"
              after="refresh"
              gallery={id}
              confirm="Remove it now"
              keep="Keep it"
            >
              <p>
                Her password, her link and her partner links will open nothing: she sees "wrong password" as if it had
                never been, and a device that remembered her forgets it.
              </p>
              <p>
                This cannot be taken back: every file of it is deleted from your website now. To show it again you would
                need its folder and a new publish.
              </p>
            </ConfirmDialog>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Her first run: no galleries folder yet (`offer`, the folder it would make). One press makes it, and
 * one sentence says where and why outside the project. Until then the desk shows the sample and
 * writes nothing.
 */
export function FolderOffer({ offer }: { offer: string | null }) {
  if (!offer) return null;
  return (
    <section aria-labelledby="folder-title">
      <h2 id="folder-title">Your galleries folder</h2>
      <p>
        Your clients' photos and passwords live in a folder of their own on this computer, <code>{offer}</code>, outside
        your website's files, so they never travel with the website.
      </p>
      <ChangeForm action="/api/galleries/make-folder" after="refresh">
        <button type="submit" className="btn">
          Make my galleries folder
        </button>
      </ChangeForm>
    </section>
  );
}

export function GalleriesPage({
  cards,
  setup,
  offer,
  locked = false,
  gone = [],
  closing = [],
}: {
  cards: Card[];
  setup: DeskSetup;
  offer: string | null;
  locked?: boolean | null;
  gone?: Removable[];
  closing?: ClosingSoon[];
}) {
  const count = cards.length;
  if (setup.refusal) {
    return (
      <>
        <h1>Your galleries</h1>
        <FolderOffer offer={offer} />
        <p className="note">{setup.refusal}</p>
      </>
    );
  }
  return (
    <>
      <h1>Your galleries</h1>
      <FolderOffer offer={offer} />
      <ClosingSoonSection closing={closing} />
      <PublishPanel setup={setup} locked={locked} />
      <p className="lead">
        {count} {count === 1 ? 'gallery' : 'galleries'} in <code>{setup.dir}</code>
      </p>
      {count ? (
        <ul className="cards mt-6 grid list-none grid-cols-[repeat(auto-fill,minmax(min(100%,17rem),1fr))] gap-6 p-0">
          {cards.map((card) => (
            <GalleryCard key={card.id} card={card} />
          ))}
        </ul>
      ) : (
        <p>No galleries yet: New gallery makes one from her photos.</p>
      )}
      <RemoveSection gone={gone} />
    </>
  );
}
