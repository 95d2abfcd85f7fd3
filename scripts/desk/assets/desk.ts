// The desk page's plain script, for what is not an island yet (src/desk/islands/ are the rest): its
// forms' changes are POSTs with the desk's token in a header (never in the address), its dialogs
// open and close, the Selections badge comes late, and what happened is said in the page's status
// line; and it holds a press made inside an island before the island answers.
// It is a classic script in the head, run before the body is read: every listener is on `document`,
// so a press the moment a button shows is answered (a deferred module left such a press to the
// browser, which sent a form as a new address). It reads only the head's token meanwhile.
// The desk is served under a secret path (server.ts): the script's own address, /<path>/assets/,
// names it, and the addresses it makes itself (its changes, the Selections link) are under it.
// Written in TypeScript, it is served as the JavaScript Node's stripTypeScriptTypes makes of it
// (server.ts): its imports are of types only, erased with them, so it stays a classic script.
'use strict';
import type { Waiting } from '../actions.ts';

/** What the desk answers a change (routes.ts): its sentence, and what the change made, by route. */
interface Answer {
  message?: string;
  waiting?: Waiting;
  undo?: string;
  warnings?: string[];
}

const token = document.querySelector('meta[name="desk-token"]')?.getAttribute('content') ?? '';
const script = document.currentScript;
const root = new URL('..', script instanceof HTMLScriptElement ? script.src : location.href).pathname;

/**
 * Says `text` in a live status line: the one beside the control that asked (its id in the control's
 * data-status), or the page's own.
 */
function say(text: string, near?: string): void {
  const status = statusLine(near);
  if (status) status.textContent = text;
}

/** The status line with id `near`, or the page's own when there is none. */
const statusLine = (near?: string) =>
  (near ? document.getElementById(near) : null) ?? document.querySelector<HTMLElement>('.status');

/** Moves focus to the status line a message was said in, so a screen reader and the eye find it. */
function focusStatus(near?: string): void {
  statusLine(near)?.focus();
}

/** Sends one change to the desk; resolves to its answer's JSON and whether it was done. */
async function post(path: string, body: unknown): Promise<{ ok: boolean; json: Answer }> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Desk-Token': token },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json: Answer = await response
    .json()
    .catch(() => ({ message: 'The desk could not do that: see the terminal it runs in.' }));
  return { ok: response.ok, json };
}

/** The badges beside Selections: the selections waiting and, apart, the unreadable messages; none for 0. */
function setBadge(waiting: Waiting | undefined): void {
  const link = document.querySelector(`a[href="${root}inbox"]`);
  if (!link || typeof waiting?.selections !== 'number' || typeof waiting?.unreadable !== 'number') return;
  for (const old of link.querySelectorAll('.badge, .badge ~ .visually-hidden')) old.remove();
  if (waiting.selections) {
    const badge = Object.assign(document.createElement('span'), { className: 'badge' });
    badge.textContent = String(waiting.selections);
    const hidden = Object.assign(document.createElement('span'), { className: 'visually-hidden' });
    hidden.textContent = ' waiting';
    link.append(' ', badge, hidden);
  }
  if (waiting.unreadable) {
    const badge = Object.assign(document.createElement('span'), { className: 'badge badge-quiet' });
    const hidden = Object.assign(document.createElement('span'), { className: 'visually-hidden' });
    hidden.textContent = ' unreadable';
    badge.append(String(waiting.unreadable), hidden);
    link.append(' ', badge);
  }
}

/** The status line's Undo for a selection just filed away: it puts it back among those waiting. */
function offerUndo(message: string, id: string): void {
  const status = document.querySelector('.status');
  if (!status) return;
  const form = Object.assign(document.createElement('form'), { className: 'undo' });
  form.dataset.action = `${root}api/inbox/undo`;
  form.dataset.after = 'refresh';
  const field = Object.assign(document.createElement('input'), { type: 'hidden', name: 'id', value: id });
  const button = Object.assign(document.createElement('button'), { type: 'submit', className: 'btn btn-quiet' });
  button.textContent = 'Undo';
  form.append(field, button);
  status.replaceChildren(`${message} `, form);
}

/** A form's fields as JSON: the names in its data-list (e.g. the photos tapped) as lists. */
function fieldsOf(form: HTMLFormElement): Record<string, FormDataEntryValue | FormDataEntryValue[] | null> {
  const lists = (form.dataset.list ?? '').split(' ').filter(Boolean);
  const data = new FormData(form);
  const body: Record<string, FormDataEntryValue | FormDataEntryValue[] | null> = {};
  for (const name of new Set(data.keys())) body[name] = lists.includes(name) ? data.getAll(name) : data.get(name);
  for (const name of lists) body[name] ??= [];
  return body;
}

/** Renders this page again from the desk, in place (what a change changed), keeping focus sensible. */
async function refreshMain(): Promise<void> {
  const response = await fetch(location.pathname, { credentials: 'same-origin' });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('main');
  const main = document.querySelector('main');
  if (fresh && main) main.replaceChildren(...fresh.childNodes);
  // Its islands, rendered anew, are hydrated by islands.js (src/desk/islands/islands.ts).
  document.dispatchEvent(new Event('desk:rendered'));
}

document.addEventListener('submit', async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.action) return;
  event.preventDefault();
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  const { ok, json } = await post(form.dataset.action, fieldsOf(form));
  if (button) button.disabled = false;
  form.closest('dialog')?.close();
  if (ok && form.dataset.after === 'home') return location.assign(root);
  if (ok && form.dataset.after === 'refresh') await refreshMain();
  const near = form.dataset.status;
  say(json.message ?? '', near);
  if (!ok) return focusStatus(near);
  setBadge(json.waiting);
  // Done files a selection away: the list is drawn again (so its counts agree), with Undo beside what was said.
  if (form.dataset.after === 'remove') await refreshMain();
  if (typeof json.undo === 'string') offerUndo(json.message ?? '', json.undo);
  focusStatus(near);
});

// Her photos' order (moved up, down or dragged, numbered live) is an island: src/desk/islands/PhotoOrder.tsx.

// A press inside an island before the island answers (islands.js, a module, runs once the page is
// read; an island is marked data-hydrated by its first effect): a form sent or a button pressed is
// held here (a form never sent by the browser as a new address), and pressed again once its island
// has taken over (its "desk:hydrated" event). Found as a lost "Copy invitation" on a loaded host.
let held: HTMLFormElement | HTMLButtonElement | null = null;
const waiting = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-island]:not([data-hydrated])') !== null;
document.addEventListener('submit', (event) => {
  if (!(event.target instanceof HTMLFormElement) || !waiting(event.target)) return;
  event.preventDefault();
  held = event.target;
});
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (!(button instanceof HTMLButtonElement) || !waiting(button)) return;
  held = button;
});
document.addEventListener('desk:hydrated', () => {
  const press = held;
  if (!press?.isConnected || waiting(press)) return;
  held = null;
  if (press instanceof HTMLFormElement) press.requestSubmit();
  else press.click();
});

// Add photos is an island: src/desk/islands/AddPhotos.tsx.

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const opener = target?.closest('[data-dialog]');
  // data-dialog names a <dialog> of the page (src/desk/pages/).
  if (opener)
    (document.getElementById(opener.getAttribute('data-dialog') ?? '') as HTMLDialogElement | null)?.showModal();
  if (target?.closest('[data-dialog-close]')) target.closest('dialog')?.close();
});

// Publish (its progress, its outcome, Unlock and a lock not known yet) is an island: src/desk/islands/PublishPanel.tsx.

// A new gallery (its fields checked, her photos copied in, dropped or chosen) is an island: src/desk/islands/NewGalleryForm.tsx.

/**
 * What the page was sent without (routes.ts: her website's connection was not open yet): the
 * Selections badge, marked data-late. Asked of the desk once the page is read (opening it takes
 * seconds), and put in place when known; until then, and if it cannot be known, the page says
 * nothing of it. (A publish's lock, the same way, is the Publish island's: PublishPanel.tsx.)
 */
async function lateValues(tries = 3): Promise<void> {
  if (!document.querySelector('a[data-late]')) return;
  const response = await fetch(`${root}api/status`, {
    headers: { 'X-Desk-Token': token },
    credentials: 'same-origin',
  }).catch(() => null);
  const json: { waiting?: Waiting | null } | null = response?.ok ? await response.json().catch(() => null) : null;
  if (!json) {
    if (tries > 1) setTimeout(() => void lateValues(tries - 1), 3000);
    return;
  }
  const link = document.querySelector(`a[href="${root}inbox"][data-late]`);
  if (link && json.waiting) {
    setBadge(json.waiting);
    link.removeAttribute('data-late');
  }
}

document.addEventListener('DOMContentLoaded', () => void lateValues());
