/**
 * Sending her selection to the studio's inbox (issue 34): the message (the same text as the email),
 * sealed in this browser to the studio's public key, posted to the host with the gallery's token,
 * and the host's answer as what she is told. The email stays as the fallback.
 */
import type { SelectionRules, VaultIndex } from '../format/types';
import { INBOX_PATH, INBOX_VERSION, MAX_INBOX_BYTES, sealInboxMessage, type InboxMessage } from '../format/inbox';
import { fileOf, lightroomNames, selectionText, type Notes, type Sent } from './selection';

/** How long she waits for the host before she is told it did not answer. */
export const INBOX_TIMEOUT_MS = 10_000;

/** What became of a send: the states her panel shows. */
export type SendOutcome =
  | { state: 'sent'; at: string }
  /** The host refused the token: the gallery was updated (new key) or closed since she opened it. */
  | { state: 'refused' }
  | { state: 'too-large' }
  | { state: 'unreadable' }
  | { state: 'too-many' }
  /** Worth a retry: offline, no answer within the timeout, or the host failing. */
  | { state: 'failed'; reason: 'offline' | 'timeout' | 'server' | 'seal'; status?: number };

/** Where sending to the studio's inbox stands: nothing pressed yet, on its way, or how it ended. */
export type InboxSendState = { state: 'idle' } | { state: 'sending' } | SendOutcome;

interface Selection {
  index: VaultIndex;
  picks: number[];
  notes: Notes;
  /** Her selection's #picks= link. */
  link: string;
}

/** The message the studio reads: what the email holds, word for word, and the same as fields. */
export function inboxMessage({ index, picks, notes, link, now }: Selection & { now: Date }): InboxMessage {
  return {
    v: INBOX_VERSION,
    title: index.title,
    gallery: index.id,
    sentAt: now.toISOString(),
    included: index.selection?.included ?? 0,
    picks: picks.map((number) => ({ number, file: fileOf(index.images, number), note: notes[number] ?? '' })),
    lightroom: lightroomNames(index.images, picks),
    link,
    text: selectionText(index.title, index.images, picks, notes, link),
  };
}

/** The host's answer as a state (the contract's statuses); the time of a 201 from its body, else hers. */
async function outcomeOf(response: Response, now: Date): Promise<SendOutcome> {
  if (response.status === 201) {
    let at = now.toISOString();
    try {
      const sent = ((await response.json()) as { sent?: unknown }).sent;
      if (typeof sent === 'string' && !Number.isNaN(Date.parse(sent))) at = new Date(sent).toISOString();
    } catch {
      // A 201 is stored whatever its body says; her clock gives the time.
    }
    return { state: 'sent', at };
  }
  if (response.status === 403) return { state: 'refused' };
  if (response.status === 413) return { state: 'too-large' };
  if (response.status === 400) return { state: 'unreadable' };
  if (response.status === 429) return { state: 'too-many' };
  return { state: 'failed', reason: 'server', status: response.status };
}

/**
 * Seals her selection and posts it to the inbox on this page's origin, waiting at most
 * INBOX_TIMEOUT_MS for the answer. Never throws: every way it can end is a SendOutcome.
 */
export async function sendSelection({
  fetch = globalThis.fetch,
  now = () => new Date(),
  ...selection
}: Selection & { fetch?: typeof globalThis.fetch; now?: () => Date }): Promise<SendOutcome> {
  const inbox = selection.index.inbox;
  if (!inbox) return { state: 'failed', reason: 'seal' };
  let body: string;
  try {
    const message = await sealInboxMessage(inboxMessage({ ...selection, now: now() }), inbox.key);
    body = JSON.stringify({ token: inbox.token, message });
  } catch {
    return { state: 'failed', reason: 'seal' };
  }
  // The host would refuse it (413): say so without sending.
  if (new TextEncoder().encode(body).length > MAX_INBOX_BYTES) return { state: 'too-large' };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), INBOX_TIMEOUT_MS);
  try {
    const response = await fetch(INBOX_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: abort.signal,
      credentials: 'omit',
      cache: 'no-store',
    });
    return await outcomeOf(response, now());
  } catch {
    return { state: 'failed', reason: abort.signal.aborted ? 'timeout' : 'offline' };
  } finally {
    clearTimeout(timer);
  }
}

/** Whether pressing Send again may help (the host or the network failed, not a refusal). */
export const retryable = (outcome: InboxSendState) => outcome.state === 'failed';

/**
 * What her send button says and whether a press does anything: done (the studio's inbox has this
 * very selection, so a second tap sends nothing) until she changes a photo or a note, then Send again.
 */
export function sendButtonView(status: InboxSendState, sent: Sent | null, changed: boolean) {
  if (status.state === 'sending') return { label: 'Sending…', done: false };
  if (retryable(status)) return { label: 'Retry', done: false };
  if (sent?.to === 'studio' && !changed) return { label: 'Sent to the studio', done: true };
  return { label: sent && changed ? 'Send again' : 'Send my selection', done: false };
}

/** Whether a press asks first: fewer photos than her package includes, until she has once said to send fewer. */
export const asksFirst = (chosen: number, rules: SelectionRules | undefined, confirmed: boolean): boolean =>
  !confirmed && !!rules && chosen < rules.included;

/** The question before sending fewer photos than her package includes, and its two answers. */
export function shortSendQuestion(chosen: number, included: number) {
  return {
    title: 'Send fewer photos than your package includes?',
    text: `You have chosen ${chosen} of the ${included} photos your package includes. Send your selection now, or keep choosing?`,
    send: `Send ${chosen} ${chosen === 1 ? 'photo' : 'photos'}`,
    stay: 'Keep choosing',
  };
}

/** What she is told when it did not arrive: one sentence of what happened and what to do. */
export function failureText(outcome: Exclude<SendOutcome, { state: 'sent' }>): string {
  switch (outcome.state) {
    case 'refused':
      return 'The studio’s inbox did not accept your selection because this gallery has been updated or closed since you opened it: please reload the page, or send your selection by email below.';
    case 'too-large':
      return 'Your selection is too long to send through the gallery, so please send it by email below.';
    case 'unreadable':
      return 'The studio’s inbox could not read your selection, so please send it by email below.';
    case 'too-many':
      return 'The studio’s inbox has taken as many selections from this gallery as it can today, so please send this one by email below.';
    case 'failed':
      if (outcome.reason === 'offline')
        return 'Your selection could not reach the studio because this device seems to be offline: please try again when you are connected, or send it by email below.';
      if (outcome.reason === 'timeout')
        return 'The studio’s inbox did not answer within 10 seconds, so your selection may not have arrived: please try again, or send it by email below.';
      if (outcome.reason === 'seal')
        return 'This browser could not seal your selection for the studio, so please send it by email below.';
      return 'The studio’s inbox is not answering just now, so your selection has not arrived: please try again in a moment, or send it by email below.';
  }
}

/** "November 27 at 6:40 PM", in her time zone. */
export function when(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-US', { month: 'long', day: 'numeric' });
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${day} at ${time}`;
}

/** What she reads about what she sent: to the studio (once, or again), or by email, and whether she has changed it since. */
export function sentLine(sent: Sent, changed: boolean): string {
  if (sent.to !== 'studio') {
    const photos = `${sent.picks.length} ${sent.picks.length === 1 ? 'photo' : 'photos'}`;
    return changed
      ? `You sent your selection on ${when(sent.at)} and have changed it since. Please send it again so the studio has your latest choices.`
      : `You sent your selection of ${photos} on ${when(sent.at)}.`;
  }
  const dates =
    sent.first && sent.first !== sent.at
      ? `Sent to the studio on ${when(sent.first)} and sent again on ${when(sent.at)}`
      : `Sent to the studio on ${when(sent.at)}`;
  return changed
    ? `${dates}, and you have changed your selection since. Please send it again so the studio has your latest choices.`
    : `${dates}.`;
}

/**
 * What is kept once the studio's inbox took it: the latest send and, once she sends again, the
 * first one's date too (an email or a copy before it does not count as a first send to the studio).
 */
export function sentToStudio(previous: Sent | null, at: string, picks: number[], notes: Notes): Sent {
  const first = previous?.to === 'studio' ? (previous.first ?? previous.at) : undefined;
  return first ? { at, picks, notes, to: 'studio', first } : { at, picks, notes, to: 'studio' };
}
