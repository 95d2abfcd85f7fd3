/** How long the erotica form stays highlighted after a call to action leads to it. */
export const FORM_HIGHLIGHT_MS = 4000;
/** The class CSS styles as the highlight (a pulse, or a still ring under reduced motion). */
export const HIGHLIGHT_CLASS = 'is-highlighted';

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: never) => void;
}

const pending = new WeakMap<object, unknown>();

/**
 * Adds `className` to `el` for `ms`, then removes it. Calling again while it shows restarts the
 * full duration. Returns a function that ends the highlight early.
 */
export function highlightFor(
  el: { classList: Pick<DOMTokenList, 'add' | 'remove'> },
  ms = FORM_HIGHLIGHT_MS,
  className = HIGHLIGHT_CLASS,
  timers: Timers = globalThis,
): () => void {
  const previous = pending.get(el);
  if (previous !== undefined) timers.clearTimeout(previous as never);
  el.classList.add(className);
  const end = () => {
    pending.delete(el);
    el.classList.remove(className);
  };
  const id = timers.setTimeout(end, ms);
  pending.set(el, id);
  return () => {
    timers.clearTimeout(id as never);
    end();
  };
}
