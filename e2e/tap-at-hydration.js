// Test hook (a classic script, loaded before the page's own): taps an element the very moment the
// island holding it hydrates. Astro removes an island's `ssr` attribute once React has been asked
// to hydrate it, and a visitor's tap can come right then, before the island's first effect. The
// selector is read from sessionStorage `__tapAtHydration` (set by the test before it opens the
// page; used once); when the `astro-island` around its first match loses `ssr`, the element is
// focused and clicked, as a tap does, in the same microtask. `window.__tappedAtHydration` then
// says it happened, and whether the element took the focus. Playwright adds it as an init script
// (e2e/fixtures.ts), the HTTPS front serves it with the recorder to WebKit and Firefox.
(() => {
  if (window !== window.top) return;
  const KEY = '__tapAtHydration';
  let selector = null;
  try {
    selector = sessionStorage.getItem(KEY);
    if (selector) sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!selector) return;
  const observer = new MutationObserver((records) => {
    for (const { target: island } of records) {
      if (island.localName !== 'astro-island' || island.hasAttribute('ssr')) continue;
      const target = island.querySelector(selector);
      if (!target || target.closest('astro-island') !== island) continue;
      observer.disconnect();
      target.focus();
      target.click();
      window.__tappedAtHydration = { selector, focused: document.activeElement === target };
      return;
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
})();
