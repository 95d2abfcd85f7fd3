// Her clients' selections, newest first, as the studio's records have them
// (publish/selection-check.ts): never a client's words but as text.
import type { InboxMessage } from '../server/actions.ts';
import { Island } from './Island.tsx';
import { ChangeForm } from './changes.tsx';
import { Hidden, Status, Thumb } from './parts.tsx';

/** What the desk says of a message that is not a selection, in the command's words (inbox-command.ts formatMessages). */
export const NOT_A_SELECTION: Record<Exclude<InboxMessage['kind'], 'selection'>, string> = {
  unreadable:
    'Unreadable, kept. It is not a selection as the gallery page sends one, so nothing of it is shown. Done deletes it.',
  'other-key':
    'This message does not open with the studio key in your passwords.env: it was sealed to another studio key, and it was kept. Done deletes it.',
};

/** Done for one message: files it away from the list. */
function DoneForm({ message, label }: { message: InboxMessage; label: string }) {
  return (
    <ChangeForm action="/api/inbox/done" after="remove">
      <input type="hidden" name="id" value={message.id} />
      <button type="submit" className="btn">
        Done<Hidden> with {label}</Hidden>
      </button>
    </ChangeForm>
  );
}

/**
 * One selection: her picks as thumbnails of her gallery's photos with her notes, the Lightroom
 * line, her link on the site, Done. A pick her gallery does not have is said so, with no thumbnail.
 */
export function SelectionCard({ message }: { message: InboxMessage }) {
  if (message.kind !== 'selection') {
    return (
      <li className="message rounded-md border border-linen bg-white p-5" data-message={message.id}>
        <h2>
          {message.gallery}, {message.day}
        </h2>
        <p className="state state-held">{NOT_A_SELECTION[message.kind]}</p>
        <div className="mt-4 flex flex-wrap gap-3 [&_form]:m-0">
          <DoneForm message={message} label={`the message of ${message.day}`} />
        </div>
      </li>
    );
  }
  const line = `lightroom-${message.short}`;
  const count =
    message.included === null ? `${message.counted} chosen` : `${message.counted} of ${message.included} included`;
  return (
    <li className="message rounded-md border border-linen bg-white p-5" data-message={message.id}>
      <h2>{message.title}</h2>
      <p className="mt-0 mb-4 text-muted">
        <code>{message.gallery}</code>, sent {message.sent}: {count}
      </p>
      <ul className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-4 p-0">
        {message.picks.map((pick) => (
          <li key={pick.number}>
            {pick.thumb ? (
              <Thumb
                id={pick.thumb}
                className="block aspect-[3/2] h-auto w-full rounded-[3px] bg-linen object-cover"
                // Her gallery's own name for it ("Photo 3", as her client chose it): read with her note.
                alt={`Photo ${pick.number}`}
              />
            ) : (
              <div
                className="block aspect-[3/2] h-auto w-full rounded-[3px] bg-linen object-cover"
                aria-hidden="true"
              ></div>
            )}
            <p className="mt-[0.4rem] mb-0 text-[0.85rem] [&_span]:text-muted">
              Photo {pick.number} <span>({pick.file ?? 'a photo this gallery does not have'})</span>
            </p>
            {pick.note ? <p className="pick-note">{pick.note}</p> : null}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 [&_p]:m-0">
        <p>
          <span className="text-[0.85rem] tracking-[0.1em] text-muted uppercase">Lightroom</span>{' '}
          <code id={line}>{message.lightroom}</code>
        </p>
        <Island name="CopyButton" props={{ target: line, label: 'Copy', hidden: ' the Lightroom line' }} />
      </div>
      <div className="mt-4 flex flex-wrap gap-3 [&_form]:m-0">
        {message.link ? (
          <a className="btn btn-quiet" href={message.link} target="_blank" rel="noreferrer noopener">
            Open as she chose it
          </a>
        ) : null}
        <DoneForm message={message} label={message.title} />
      </div>
    </li>
  );
}

export function InboxPage({ messages, problem }: { messages: InboxMessage[]; problem: string | null }) {
  const count = messages.filter((message) => message.kind === 'selection').length;
  const unreadable = messages.length - count;
  const waiting = count
    ? `${count} ${count === 1 ? 'selection is' : 'selections are'} waiting`
    : 'No selections are waiting';
  const lead = `${waiting}${unreadable ? `, and ${unreadable} ${unreadable === 1 ? 'message is' : 'messages are'} unreadable` : ''}, newest first.`;
  return (
    <>
      <h1>Selections</h1>
      <Status />
      {problem ? (
        <p className="note">{problem}</p>
      ) : messages.length ? (
        <>
          <p className="lead">{lead}</p>
          <ul className="mt-6 grid list-none gap-6 p-0">
            {messages.map((message) => (
              <SelectionCard key={message.id} message={message} />
            ))}
          </ul>
        </>
      ) : (
        <p className="lead">No selections are waiting.</p>
      )}
    </>
  );
}
