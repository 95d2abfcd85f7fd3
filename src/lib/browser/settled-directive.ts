import type { ClientDirective } from 'astro';
import { armHydration } from './held-hydration.ts';

/** How long after the load event an island marked `client:settled` waits before it hydrates. */
export const SETTLE_AFTER_LOAD_MS = 2000;

/**
 * `client:settled`: for an island whose server HTML is its whole first view (the home page's
 * slideshow). Its script (React and the island, 100-200 ms of a low-tier phone's main thread)
 * runs once the page has loaded and then SETTLE_AFTER_LOAD_MS have passed, at the browser's next
 * idle moment, so loading the page never waits for it; or at once when the visitor reaches for the
 * island (a touch anywhere on it, a key, the focus). A press on one of its buttons before it is
 * ready is held and given to the same button once it is (held-hydration.ts).
 */
const settled: ClientDirective = (load, _options, island) => {
  const start = armHydration(island, load, { reach: 'anywhere' });
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => void start(), { timeout: 1000 }) : void start();
  const afterLoad = () => window.setTimeout(whenIdle, SETTLE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
};

export default settled;
