// Test hook (a classic script, loaded before the page's own): taps an element the very moment the
// island holding it hydrates. Astro removes an island's `ssr` attribute once React has been asked
// to hydrate it, and a visitor's tap can come right then, before the island's first effect. The
// selector is read from sessionStorage `__tapAtHydration` (set by the test before it opens the
// page; used once); when the `astro-island` around its first match loses `ssr`, the element is
// focused and clicked, as a tap does, in the same microtask. `window.__tappedAtHydration` then
// says it happened, and whether the element took the focus. Playwright adds it as an init script
// (e2e/fixtures.ts), the HTTPS front serves it with the recorder to WebKit and Firefox.

declare global {
  interface Window {
    /** Set once the hook has tapped: the selector, and whether its element took the focus. */
    __tappedAtHydration?: { selector: string; focused: boolean };
  }
}

/** The hook. It runs in the page, from its source text (TAP_AT_HYDRATION), so it is self-contained. */
function tapAtHydrationHook(): void {
  if (window !== window.top) return;
  const KEY = '__tapAtHydration';
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(KEY);
    if (stored) sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!stored) return;
  const selector = stored;
  const observer = new MutationObserver((records) => {
    for (const { target: island } of records) {
      // Attribute records: each target is an element.
      if (!(island instanceof Element) || island.localName !== 'astro-island' || island.hasAttribute('ssr')) continue;
      const target = island.querySelector<HTMLElement>(selector);
      if (!target || target.closest('astro-island') !== island) continue;
      observer.disconnect();
      target.focus();
      target.click();
      window.__tappedAtHydration = { selector, focused: document.activeElement === target };
      return;
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
}

/**
 * The hook as a classic script's text. Node and Playwright load this file with its types stripped
 * (blanked out, in Node's case), so the function's own source is plain JavaScript.
 */
export const TAP_AT_HYDRATION = `(${tapAtHydrationHook.toString()})();\n`;
