/**
 * The ad pixel. With an id in the settings it loads when the browser is idle (never blocking
 * the first render); without one, every call is a safe no-op.
 */
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string };

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** Sends a custom event if a pixel (or a test stub) is present; otherwise does nothing. */
export function trackCustom(event: string, params: Record<string, string>): void {
  try {
    window.fbq?.('trackCustom', event, params);
  } catch {
    // A failing third-party script must never break the page.
  }
}

/** Queues calls at once and loads the pixel script when the browser is idle. */
export function loadPixel(id: string, win: Window = window): void {
  if (!id || win.fbq) return;
  const queue: unknown[] = [];
  const fbq: Fbq = (...args: unknown[]) => {
    queue.push(args);
  };
  fbq.queue = queue;
  fbq.loaded = true;
  fbq.version = '2.0';
  win.fbq = fbq;
  win._fbq = fbq;
  fbq('init', id);
  fbq('track', 'PageView');
  const inject = () => {
    const script = win.document.createElement('script');
    script.async = true;
    script.src = PIXEL_SCRIPT_URL;
    win.document.head.append(script);
  };
  if ('requestIdleCallback' in win) win.requestIdleCallback(inject, { timeout: 4000 });
  else setTimeout(inject, 2000);
}
