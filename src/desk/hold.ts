// The desk page's one classic script (served as /<path>/assets/desk.js, in the head, run before the
// body is read): it holds a press made inside an island before the island answers. Every form and
// button she presses is an island's (src/desk/islands/); islands.js, a module, takes them over once
// the page is read, and each island marks itself data-hydrated with its first effect. Until then a
// form sent or a button pressed is held here (a form is never sent by the browser as a new address,
// which would put her fields in it), and pressed again once its island has taken over (its
// "desk:hydrated" event). Found as a lost "Copy invitation" on a loaded host.
// Written in TypeScript without imports, it is served as the JavaScript Node's stripTypeScriptTypes
// makes of it (src/desk/server.ts), so it stays a classic script.
'use strict';

let held: HTMLFormElement | HTMLButtonElement | null = null;
// The button that sent a held form, pressed again with it (a form may have more than one).
let heldBy: HTMLElement | null = null;
const waiting = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-island]:not([data-hydrated])') !== null;
document.addEventListener('submit', (event) => {
  if (!(event.target instanceof HTMLFormElement) || !waiting(event.target)) return;
  event.preventDefault();
  held = event.target;
  heldBy = event.submitter;
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
  if (press instanceof HTMLFormElement) {
    if (heldBy?.isConnected) press.requestSubmit(heldBy);
    else press.requestSubmit();
  } else press.click();
});
