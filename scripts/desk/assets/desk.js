// The desk page's one module: its changes are POSTs with the desk's token in a header (never in the
// address), its Copy buttons copy, and what happened is said in the page's status line.
const token = document.querySelector('meta[name="desk-token"]')?.getAttribute('content') ?? '';

/** Says `text` in the page's live status line. */
function say(text) {
  const status = document.querySelector('.status');
  if (status) status.textContent = text;
}

/** Sends one change to the desk; resolves to its answer's JSON and whether it was done. */
export async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Desk-Token': token },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json = await response
    .json()
    .catch(() => ({ message: 'The desk could not do that: see the terminal it runs in.' }));
  return { ok: response.ok, json };
}

/** The badge beside Selections: the count, or none. */
function setBadge(waiting) {
  const link = document.querySelector('a[href="/inbox"]');
  if (!link || typeof waiting !== 'number') return;
  link.querySelector('.badge')?.remove();
  link.querySelector('.visually-hidden')?.remove();
  if (!waiting) return;
  const badge = document.createElement('span');
  badge.className = 'badge';
  badge.textContent = String(waiting);
  const hidden = document.createElement('span');
  hidden.className = 'visually-hidden';
  hidden.textContent = ' waiting';
  link.append(' ', badge, hidden);
}

document.addEventListener('submit', async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.action) return;
  event.preventDefault();
  const button = form.querySelector('button[type="submit"]');
  if (button) button.disabled = true;
  const { ok, json } = await post(form.dataset.action, Object.fromEntries(new FormData(form)));
  if (button) button.disabled = false;
  say(json.message ?? '');
  if (!ok) return;
  setBadge(json.waiting);
  if (form.dataset.after === 'remove') {
    const item = form.closest('li');
    const list = item?.parentElement;
    item?.remove();
    if (list && !list.children.length)
      list.replaceWith(Object.assign(document.createElement('p'), { textContent: 'No selections are waiting.' }));
    document.querySelector('h1')?.focus();
  }
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
