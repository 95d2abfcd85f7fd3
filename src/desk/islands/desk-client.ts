// What the desk's islands share in her browser: the page's token (a change's header), the desk's
// secret path (islands.js is served under it, /<path>/assets/), a change sent, what happened said,
// and the page rendered anew.
import type { Waiting } from '../server/actions.ts';

/**
 * The desk's own path, /<path>/, from this module's address (always with its last slash: a bundler
 * that reads `new URL('../', import.meta.url)` as a folder's address, as Vite's tests do, drops it).
 */
export const deskRoot = (): string => new URL('../', import.meta.url).pathname.replace(/\/?$/, '/');

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

/** What the desk answers a change: its sentence, and what it made (routes.ts). */
export interface DeskReply {
  message?: string;
  /** What waits in her Selections now (a change of the inbox). */
  waiting?: Waiting;
  /** Done: the selection filed away, which Undo puts back. */
  undo?: string;
  warnings?: string[];
  field?: string;
  suggestion?: string;
  made?: { id: string; password: string; generated: boolean };
  copied?: string[];
  left?: string[];
}

/** Sends one change to the desk; resolves to its answer and whether it was done. */
export async function change(path: string, body: unknown): Promise<{ ok: boolean; reply: DeskReply }> {
  const response = await fetch(`${deskRoot()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Desk-Token': deskToken() },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  }).catch(() => null);
  const reply = ((await response?.json().catch(() => null)) ?? { message: FAILED }) as DeskReply;
  return { ok: !!response?.ok, reply };
}

/** Says `text` in the status line with id `near`, or the page's own (the first in <main>). */
export function say(text: string, near?: string): HTMLElement | null {
  const line = (near ? document.getElementById(near) : null) ?? document.querySelector<HTMLElement>('main .status');
  if (line) line.textContent = text;
  return line;
}

/** What a page sent without them asks the desk for (routes.ts /api/status): null fields for what it cannot tell yet. */
export interface DeskStatus {
  waiting?: Waiting | null;
  locked?: boolean | null;
}

/** One ask of the desk's status; null when it did not answer. */
export async function askStatus(): Promise<DeskStatus | null> {
  const response = await fetch(`${deskRoot()}api/status`, {
    headers: { 'X-Desk-Token': deskToken() },
    credentials: 'same-origin',
  }).catch(() => null);
  return response?.ok ? ((await response.json().catch(() => null)) as DeskStatus | null) : null;
}
