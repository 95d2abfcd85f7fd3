import type { ClientDirective } from 'astro';
import { armHydration } from './held-hydration.ts';

/** Set on an island once its directive listens: from then on, a press on it is never lost. */
export const ARMED_ATTRIBUTE = 'data-armed';

/**
 * `client:reached="page,search"`: for a list whose server HTML is its first view, which most
 * visitors only read and scroll, and whose controls would otherwise load a page (the journal's
 * pager). Its script (React and the island: 73 KB, and 40 ms of script at load here, 0.4 s at 10x)
 * runs only when she reaches for one of its controls (a finger or pointer down, a key, the focus on
 * a button or on a link to another view of this page), and a press before it is ready is held and
 * given back once it is (held-hydration.ts). It runs at once when the address names one of the
 * listed parameters (?page=2), a view only the island can draw.
 * Not for a list whose first press must answer at once: on a low-tier phone over slow 4G the first
 * press waits about 1.1 s more for the code (docs/performance.md), about what loading a page takes.
 */
const reached: ClientDirective = (load, options, island) => {
  const start = armHydration(island, load, { reach: 'controls' });
  island.setAttribute(ARMED_ATTRIBUTE, '');
  const names = typeof options.value === 'string' ? options.value.split(',').map((name) => name.trim()) : [];
  const query = new URLSearchParams(location.search);
  if (names.some((name) => name !== '' && query.has(name))) void start();
};

export default reached;
