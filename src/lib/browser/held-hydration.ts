import { isModifiedClick } from './clicks.ts';

/** What says the visitor is reaching for an island: it hydrates at once. */
const REACHING = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

type Load = () => Promise<() => Promise<void>>;

/**
 * Marks a control whose press is held while its island's code arrives (global.css shows it pressed):
 * on a slow phone that takes a second or more, and a press with no answer gets pressed again (Next
 * twice is page 3).
 */
const HELD_ATTRIBUTE = 'data-held';

interface Options {
  /**
   * Which reaches start the island: 'anywhere' in it (a slideshow swiped before it is ready), or only
   * on one of its 'controls' (a press on a post's link, which leaves the page, starts nothing).
   */
  reach: 'anywhere' | 'controls';
}

/**
 * The control a press on `target` is for, when the island must handle it: a button, or a link to
 * another view of this same page (the island's own pager, which changes the query without a
 * reload). Other links, a jump to an anchor included, work without the island and are left be.
 */
function heldControl(target: EventTarget | null, island: Element): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>('button, a[href]');
  if (!control || !island.contains(control)) return null;
  if (control instanceof HTMLAnchorElement) {
    const url = new URL(control.href, location.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname || url.hash !== '' || control.target)
      return null;
  }
  return control;
}

/**
 * Arms an island whose server HTML is its first view: it hydrates when the visitor reaches for it
 * (a touch, a key, the focus), or when the returned `start` is called. A press on one of its
 * controls before it is ready is held, shown pressed, and given to the same control once it is, so no
 * press is lost; several are given in the order she made them, each to its control if it is still on
 * the page.
 * Should its code fail to load (Astro has then tried twice and reported it), a held link is followed
 * as a plain link, which works without the island.
 */
export function armHydration(island: HTMLElement, load: Load, { reach }: Options): () => Promise<void> {
  let started = false;
  const held: HTMLElement[] = [];
  const reached = (event: Event) => {
    if (reach === 'anywhere' || heldControl(event.target, island)) void start();
  };
  const hold = (event: MouseEvent) => {
    const control = heldControl(event.target, island);
    // A link pressed with a modifier key (a new tab, a download) is the browser's, as the island
    // leaves it too; a button's press is held whatever keys are down.
    if (!control || (control instanceof HTMLAnchorElement && isModifiedClick(event))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(control);
    control.setAttribute(HELD_ATTRIBUTE, '');
    void start();
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of REACHING) island.removeEventListener(type, reached, true);
    const hydrate = await load();
    await hydrate();
    island.removeEventListener('click', hold, true);
    const presses = held.splice(0);
    for (const control of presses) control.removeAttribute(HELD_ATTRIBUTE);
    // Astro removes `ssr` once the island has hydrated; a failed load leaves it.
    if (island.hasAttribute('ssr')) {
      const link = presses.findLast((control) => control instanceof HTMLAnchorElement);
      if (link instanceof HTMLAnchorElement) location.assign(link.href);
      return;
    }
    for (const [index, control] of presses.entries()) {
      // Each press after the first waits a task, so the island has drawn what the one before changed
      // (React commits a press's update in a microtask): Next twice is page 3.
      if (index > 0) await new Promise((resolve) => setTimeout(resolve));
      if (control.isConnected) control.click();
    }
  };
  for (const type of REACHING) island.addEventListener(type, reached, { capture: true, passive: true });
  island.addEventListener('click', hold, true);
  return start;
}
