import type { ClientDirective } from 'astro';

/** How long after the load event an island marked `client:settled` waits before it hydrates. */
export const SETTLE_AFTER_LOAD_MS = 2000;

/** What says the visitor is reaching for the island: it hydrates at once. */
const REACHING = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * `client:settled`: for an island whose server HTML is its whole first view (the home page's
 * slideshow). Its script (React and the island, 100-200 ms of a low-tier phone's main thread)
 * runs once the page has loaded and then SETTLE_AFTER_LOAD_MS have passed, at the browser's next
 * idle moment, so loading the page never waits for it; or at once when the visitor reaches for the
 * island (a touch, a key, the focus). A press on one of its buttons before it is ready is held and
 * given to the same button once it is, so no press is lost; links work without it and are left be.
 */
const settled: ClientDirective = (load, _options, island) => {
  let started = false;
  let held: HTMLElement | null = null;
  const hold = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('button') : null;
    if (!control || !island.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = control;
    void start();
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of REACHING) island.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
    island.removeEventListener('click', hold, true);
    const control = held;
    held = null;
    if (control?.isConnected) control.click();
  };
  for (const type of REACHING) island.addEventListener(type, start, { capture: true, passive: true });
  island.addEventListener('click', hold, true);
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => void start(), { timeout: 1000 }) : void start();
  const afterLoad = () => window.setTimeout(whenIdle, SETTLE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
};

export default settled;
