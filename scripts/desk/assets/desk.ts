// The desk page's one script: its changes are POSTs with the desk's token in a header (never in the
// address), its Copy buttons copy, and what happened is said in the page's status line.
// It is a classic script in the head, run before the body is read: every listener is on `document`,
// so a press the moment a button shows is answered (a deferred module left such a press to the
// browser, which sent a form as a new address). It reads only the head's token meanwhile.
// The desk is served under a secret path (server.ts): the script's own address, /<path>/assets/,
// names it, and the addresses it makes itself (its changes, the Selections link) are under it.
// Written in TypeScript, it is served as the JavaScript Node's stripTypeScriptTypes makes of it
// (server.ts): its imports are of types only, erased with them, so it stays a classic script.
'use strict';
import type { Waiting } from '../actions.ts';
import type { copyFolder, newGallery } from '../galleries.ts';

/** What the desk answers a change (routes.ts): its sentence, and what the change made, by route. */
interface Answer {
  message?: string;
  waiting?: Waiting;
  undo?: string;
  made?: ReturnType<typeof newGallery>;
  copied?: ReturnType<typeof copyFolder>['copied'];
  left?: ReturnType<typeof copyFolder>['left'];
  warnings?: string[];
  field?: string;
  suggestion?: string;
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

// A form of an island sent before the island answers (islands.js, a module, runs once the page is
// read; an island is marked data-hydrated by its first effect): held here, not sent by the browser as
// a new address, and sent again once an island has taken over (its "desk:hydrated" event).
let held: HTMLFormElement | null = null;
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.closest('[data-island]:not([data-hydrated])')) return;
  event.preventDefault();
  held = form;
});
document.addEventListener('desk:hydrated', () => {
  const form = held;
  held = null;
  if (form?.isConnected && form.closest('[data-island][data-hydrated]')) form.requestSubmit();
  else if (form?.isConnected) held = form;
});

// A change to one photo (the cover, taking it out): its gallery and file on the button itself.
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-post]') : null;
  if (!button) return;
  button.disabled = true;
  const near = button.dataset.status;
  const { ok, json } = await post(`${root}${button.dataset.post ?? ''}`, {
    id: button.dataset.gallery,
    file: button.dataset.file,
  });
  button.disabled = false;
  if (ok) await refreshMain();
  say([json.message ?? '', ...(json.warnings ?? [])].join(' '), near);
  focusStatus(near);
});

/** Photos added to a gallery already made: chosen, or the folder that holds them, copied in. */
async function addPhotos(form: HTMLFormElement): Promise<void> {
  const id = form.dataset.gallery ?? '';
  const near = form.dataset.status;
  const files = [...(form.querySelector<HTMLInputElement>('input[type="file"]')?.files ?? [])];
  const from = String(new FormData(form).get('from') ?? '').trim();
  if (!files.length && !from) return say('Choose her photos, or write the path of the folder that holds them.', near);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  const { copied: added, problems } = await copyPhotos(id, files, from, near);
  if (button) button.disabled = false;
  if (added) await refreshMain();
  say(
    [
      added
        ? `${added} ${added === 1 ? 'photo' : 'photos'} added: publish for her to see them.`
        : 'No photo was added.',
      ...problems,
    ].join(' '),
    near,
  );
  focusStatus(near);
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-add-photos')) return;
  event.preventDefault();
  void addPhotos(form);
});

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const opener = target?.closest('[data-dialog]');
  // data-dialog names a <dialog> of the page (src/desk/pages/).
  if (opener)
    (document.getElementById(opener.getAttribute('data-dialog') ?? '') as HTMLDialogElement | null)?.showModal();
  if (target?.closest('[data-dialog-close]')) target.closest('dialog')?.close();
});

document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const source = document.getElementById(button.getAttribute('data-copy') ?? '');
  if (!source) return;
  try {
    await navigator.clipboard.writeText(source.textContent ?? '');
    say('Copied.');
  } catch {
    say('The browser did not let the desk copy: select the text and copy it.');
  }
});

// Publish (its progress, its outcome, Unlock and a lock not known yet) is an island: src/desk/islands/PublishPanel.tsx.

/** Sends one photo's bytes to the desk, which copies it into the gallery's folder. */
async function sendPhoto(id: string, file: File): Promise<{ ok: boolean; message: string | undefined }> {
  const response = await fetch(`${root}api/galleries/photo`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/octet-stream',
      'X-Desk-Token': token,
      'X-Gallery': id,
      'X-File-Name': encodeURIComponent(file.name),
    },
    body: file,
    credentials: 'same-origin',
  });
  const json: Answer = await response.json().catch(() => ({}));
  return { ok: response.ok, message: json.message };
}

/**
 * Her photos copied into gallery `id`: each file sent, then every photo of the folder at `from` (if
 * any), the progress said in the status line `near` (and on `bar`). Resolves to how many were copied
 * and the sentence for each that was not.
 */
async function copyPhotos(
  id: string,
  files: File[],
  from: string,
  near?: string,
  bar?: HTMLProgressElement,
): Promise<{ copied: number; problems: string[] }> {
  const problems: string[] = [];
  let copied = 0;
  if (bar) {
    bar.max = Math.max(1, files.length);
    bar.value = 0;
  }
  for (const [index, file] of files.entries()) {
    const sent = await sendPhoto(id, file);
    if (sent.ok) copied += 1;
    else problems.push(sent.message ?? '');
    if (bar) bar.value = index + 1;
    say(`Copying her photos: ${index + 1} of ${files.length}`, near);
  }
  if (from) {
    say('Copying the photos of that folder…', near);
    const { ok, json } = await post(`${root}api/galleries/folder`, { id, from });
    if (ok) {
      // The folder's answer, when done, is what it copied and left (galleries.ts copyFolder).
      copied += json.copied?.length ?? 0;
      problems.push(...(json.left ?? []).map((line) => `Left out: ${line}.`));
    } else problems.push(json.message ?? '');
  }
  return { copied, problems };
}

/** A new gallery: its folder and gallery.yaml first, then each photo, then her password to copy. */
async function makeGallery(form: HTMLFormElement): Promise<void> {
  const { from = '', ...fields } = Object.fromEntries(
    [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  // The new gallery's form (src/desk/pages/NewGallery.tsx) has its file input and its submit button.
  const files = [...form.querySelector<HTMLInputElement>('input[type="file"]')!.files!, ...dropped];
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  button.disabled = true;
  // The folder's path goes with the fields: the desk checks it before it makes anything.
  for (const line of form.querySelectorAll('.field-status')) line.replaceChildren();
  for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  const { ok, json } = await post(`${root}api/galleries/new`, { ...fields, from });
  if (!ok) {
    button.disabled = false;
    // A refusal about one field is said beside it; the rest in the page's status line.
    const input = json.field ? form.querySelector<HTMLInputElement>(`[name="${json.field}"]`) : null;
    const line = json.field ? document.getElementById(`new-${json.field}-status`) : null;
    if (!input || !line) return say(json.message ?? '');
    line.textContent = json.message ?? '';
    input.setAttribute('aria-invalid', 'true');
    if (json.suggestion) {
      // A strong password she may take at once, in place of hers.
      const use = Object.assign(document.createElement('button'), { type: 'button', className: 'btn btn-quiet' });
      use.textContent = `Use this one: ${json.suggestion}`;
      use.addEventListener('click', () => {
        input.value = json.suggestion ?? '';
        input.removeAttribute('aria-invalid');
        line.replaceChildren('A strong password made for her is in the field: Make the gallery when you are ready.');
        input.focus();
      });
      line.append(' ', use);
    }
    input.focus();
    return;
  }
  // A new gallery's answer, when done, is what it made (routes.ts /api/galleries/new).
  const { id, password, generated } = json.made!;
  // The new gallery's page has its progress bar and its .made box (src/desk/pages/NewGallery.tsx).
  const bar = document.querySelector('progress')!;
  bar.hidden = false;
  const { copied, problems } = await copyPhotos(id, files, from.trim(), undefined, bar);
  bar.hidden = true;
  say(
    [
      `The gallery ${id} is made with ${copied} ${copied === 1 ? 'photo' : 'photos'}${generated ? ' and a strong password made for her' : ''}: publish it for her to see it.`,
      ...problems,
    ].join(' '),
  );
  form.hidden = true;
  const made = document.querySelector<HTMLElement>('.made')!;
  made.querySelector('#made-password')!.textContent = password;
  made.hidden = false;
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-new-gallery')) return;
  event.preventDefault();
  void makeGallery(form);
});

/** Photos dropped on the new gallery's drop zone, sent with those chosen. */
const dropped: File[] = [];

document.addEventListener('dragover', (event) => {
  if (!(event.target instanceof Element) || !event.target.closest('[data-drop]')) return;
  event.preventDefault();
  event.target.closest('[data-drop]')?.classList.add('drop-over');
});
document.addEventListener('dragleave', (event) => {
  if (event.target instanceof Element) event.target.closest('[data-drop]')?.classList.remove('drop-over');
});
document.addEventListener('drop', (event) => {
  const zone = event.target instanceof Element ? event.target.closest('[data-drop]') : null;
  if (!zone) return;
  event.preventDefault();
  zone.classList.remove('drop-over');
  dropped.push(...[...(event.dataTransfer?.files ?? [])]);
  const count = zone.querySelector('.drop-count');
  if (count)
    count.textContent = `${dropped.length} ${dropped.length === 1 ? 'photo' : 'photos'} dropped: ${dropped.map((file) => file.name).join(', ')}`;
});

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
