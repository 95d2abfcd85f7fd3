// What the desk's islands share in her browser: the page's token (a change's header) and the
// desk's secret path (islands.js is served under it, /<path>/assets/), and the page rendered anew.

/** The desk's own path, /<path>/, from this module's address. */
export const deskRoot = (): string => new URL('../', import.meta.url).pathname;

/** The page's token, for a change's header (never in the address). */
export const deskToken = (): string => document.querySelector('meta[name="desk-token"]')?.getAttribute('content') ?? '';

/** What the desk answers when it could not say more. */
export const FAILED = 'The desk could not do that: see the terminal it runs in.';

/** Replaces these parts of the page (by selector) with what the desk renders now. */
export async function renderAnew(parts: string[]): Promise<void> {
  const response = await fetch(location.pathname, { credentials: 'same-origin' });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  for (const part of parts) {
    const fresh = page.querySelector(part);
    const old = document.querySelector(part);
    if (fresh && old) old.replaceWith(fresh);
  }
  document.dispatchEvent(new Event('desk:rendered'));
}
