// A change of hers from a plain form, an island: its fields (rendered on her computer, `html`) sent
// as JSON to the desk with the page's token, never by the browser as a new address; what happened
// said beside it (the status line `status`, or the page's), the page then drawn anew where the
// change shows (`after`), and the Selections badge told what waits. Done on a selection offers Undo
// beside what it said. A confirmation sends its change the same way (Confirm.tsx, sendChange).
import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { Waiting } from '../server/actions.ts';
import { change, deskRoot, renderAnew, say, type DeskReply } from './desk-client.ts';

export interface ChangeFormProps {
  /** The desk's route, from its root: /api/… */
  action: string;
  /** After it is done: the page drawn anew (refresh), her galleries (home), or the list drawn anew with Undo (remove). */
  after?: 'refresh' | 'home' | 'remove';
  /** The fields sent as lists (the photos tapped for a partner link), space-separated. */
  list?: string;
  /** The status line beside it, by id; the page's own when none. */
  status?: string;
  className?: string;
  /** Its fields and buttons, as the page rendered them. */
  html: string;
}

type Fields = Record<string, FormDataEntryValue | FormDataEntryValue[] | null>;

/** A form's fields as JSON: the names in `list` as lists (none tapped: an empty list). */
export function fieldsOf(form: HTMLFormElement, list = ''): Fields {
  const lists = list.split(' ').filter(Boolean);
  const data = new FormData(form);
  const body: Fields = {};
  for (const name of new Set(data.keys())) body[name] = lists.includes(name) ? data.getAll(name) : data.get(name);
  for (const name of lists) body[name] ??= [];
  return body;
}

/** Tells the Selections badge (SelectionsBadge.tsx) what waits now. */
export const tellWaiting = (waiting: Waiting | undefined) => {
  if (typeof waiting?.selections === 'number' && typeof waiting.unreadable === 'number')
    document.dispatchEvent(new CustomEvent('desk:waiting', { detail: waiting }));
};

/** What Done said, with Undo beside it: Undo puts the selection back among those waiting. */
function UndoOffer({ message, id }: { message: string; id: string }) {
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    const { ok, reply } = await change('api/inbox/undo', { id });
    if (!ok) setBusy(false);
    await answered(ok, reply, { after: 'refresh' });
  };
  return (
    <>
      {message}{' '}
      <button type="button" className="btn btn-quiet" disabled={busy} onClick={() => void undo()}>
        Undo
      </button>
    </>
  );
}

/** Where a change goes, and what follows it (ChangeFormProps without its fields). */
export type ChangeTarget = Pick<ChangeFormProps, 'action' | 'after' | 'list' | 'status'>;

/**
 * What follows the desk's answer to a change: the page drawn anew where it shows (`after`), the
 * Selections badge told what waits, and what happened said beside it (`status`, with Undo after
 * Done) and focused.
 */
async function answered(ok: boolean, reply: DeskReply, { after, status }: Pick<ChangeTarget, 'after' | 'status'>) {
  if (ok && after === 'home') return location.assign(deskRoot());
  if (ok && after) await renderAnew(['main']);
  tellWaiting(reply.waiting);
  const line = say(reply.message ?? '', status);
  if (ok && typeof reply.undo === 'string' && line)
    createRoot(line).render(<UndoOffer message={reply.message ?? ''} id={reply.undo} />);
  line?.focus();
}

/**
 * The desk's one way to send a change of hers from a form (every plain form and confirmation): its
 * fields as JSON to the desk, its submit button off meanwhile; `sent` runs as soon as the desk
 * answers (a confirmation closes), then what follows the answer (answered).
 */
export async function sendChange(form: HTMLFormElement, target: ChangeTarget, sent?: () => void): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  const { ok, reply } = await change(target.action.replace(/^\//, ''), fieldsOf(form, target.list));
  if (button) button.disabled = false;
  sent?.();
  await answered(ok, reply, target);
}

export function ChangeForm({ className, html, ...target }: ChangeFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void sendChange(event.currentTarget, target);
  };
  // Its action and status line named on the form, as the page's tests find it.
  return (
    <form
      className={className}
      data-action={target.action}
      data-status={target.status}
      onSubmit={submit}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
