/**
 * "Your privacy choices": the visitor's opt-out of the ad pixel, remembered in this browser, and the
 * Global Privacy Control signal. Kept apart from ./pixel so the footer control ships only this.
 */
import { readStorage, removeStorage, writeStorage } from '../browser/storage';

declare global {
  interface Navigator {
    /** Global Privacy Control (https://privacycg.github.io/gpc-spec/): true means "do not sell or share". */
    globalPrivacyControl?: boolean;
  }
}

/** localStorage key set to 'yes' when the visitor opts out with "Your privacy choices". */
export const PIXEL_OPT_OUT_KEY = 'adPixelOptOut';
export const OPTED_OUT = 'yes';

/** True when the visitor's browser sends the Global Privacy Control signal. */
export function hasGlobalPrivacyControl(nav: Pick<Navigator, 'globalPrivacyControl'> | undefined): boolean {
  return nav?.globalPrivacyControl === true;
}

export function isOptedOut(): boolean {
  return readStorage('local', PIXEL_OPT_OUT_KEY) === OPTED_OUT;
}

/** Records the visitor's choice in this browser and, if a pixel already runs, revokes its consent. */
export function setOptedOut(optedOut: boolean, win: Window = window): void {
  if (optedOut) {
    writeStorage('local', PIXEL_OPT_OUT_KEY, OPTED_OUT);
    try {
      (win as Window & { fbq?: (...args: unknown[]) => void }).fbq?.('consent', 'revoke');
    } catch {
      // A failing third-party script must never break the page.
    }
  } else {
    removeStorage('local', PIXEL_OPT_OUT_KEY);
  }
}
