/**
 * The ad pixel, private by default. With an id in the settings it loads when the browser is idle
 * (never blocking the first render), and only when every privacy rule allows it (see pixelAllowed).
 * Without an id, or when any rule says no, the script is never requested and fbq never called.
 */
import { hasGlobalPrivacyControl, isOptedOut } from './privacy-choice';

export { hasGlobalPrivacyControl, isOptedOut, OPTED_OUT, PIXEL_OPT_OUT_KEY, setOptedOut } from './privacy-choice';

/** Posts about erotica (by category or tag): the ad pixel never runs on them. */
export function isAboutErotica(post: { categories: readonly string[]; tags: readonly string[] }): boolean {
  return [...post.categories, ...post.tags].some((label) => /erotica|nude/i.test(label));
}

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string };

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** Attribute on <html> of pages that must never load the pixel (erotica, galleries, erotica posts). */
export const NO_PIXEL_ATTRIBUTE = 'data-no-pixel';
/** Set on <html> by the age gate's head script on every age-gated page. */
const AGE_GATE_ATTRIBUTE = 'data-age-gate';

/**
 * Every rule that keeps the pixel off: GPC, the visitor's opt-out, a page marked as sensitive,
 * and any age-gated page (whatever its state).
 */
export function pixelAllowed(win: Window = window): boolean {
  if (hasGlobalPrivacyControl(win.navigator)) return false;
  if (isOptedOut()) return false;
  const root = win.document.documentElement;
  return !root.hasAttribute(NO_PIXEL_ATTRIBUTE) && !root.hasAttribute(AGE_GATE_ATTRIBUTE);
}

/** Sends a custom event if a pixel (or a test stub) is present and still allowed; otherwise nothing. */
export function trackCustom(event: string, params: Record<string, string>, win: Window = window): void {
  try {
    if (win.fbq && pixelAllowed(win)) win.fbq('trackCustom', event, params);
  } catch {
    // A failing third-party script must never break the page.
  }
}

/**
 * Queues calls at once and loads the pixel script when the browser is idle, if allowed.
 * Automatic event collection is off (autoConfig false) and no advanced matching data is passed:
 * only a standard PageView (and CTAtoForm when a call to action leads to the erotica form, see trackCustom)
 * is ever sent.
 */
export function loadPixel(id: string, win: Window = window): void {
  if (!id || win.fbq || !pixelAllowed(win)) return;
  const queue: unknown[] = [];
  const fbq: Fbq = (...args: unknown[]) => {
    queue.push(args);
  };
  fbq.queue = queue;
  fbq.loaded = true;
  fbq.version = '2.0';
  win.fbq = fbq;
  win._fbq = fbq;
  fbq('set', 'autoConfig', false, id);
  fbq('init', id);
  fbq('track', 'PageView');
  const inject = () => {
    // The visitor may have opted out in the meantime.
    if (!pixelAllowed(win)) return;
    const script = win.document.createElement('script');
    script.async = true;
    script.src = PIXEL_SCRIPT_URL;
    win.document.head.append(script);
  };
  if ('requestIdleCallback' in win) win.requestIdleCallback(inject, { timeout: 4000 });
  else setTimeout(inject, 2000);
}
