import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../browser/fake-storage';
import { loadPixel, PIXEL_OPT_OUT_KEY, PIXEL_SCRIPT_URL, pixelAllowed, setOptedOut, trackCustom } from './pixel';

afterEach(() => vi.unstubAllGlobals());

/** A window with just what the pixel touches; `attributes` are the ones on <html>. */
function fakeWindow({
  gpc,
  attributes = [],
  stored = {},
}: { gpc?: boolean; attributes?: string[]; stored?: Record<string, string> } = {}) {
  const appended: { src: string }[] = [];
  let idle: (() => void) | undefined;
  const localStorage = fakeStorage(stored);
  const win = {
    navigator: gpc === undefined ? {} : { globalPrivacyControl: gpc },
    localStorage,
    document: {
      documentElement: { hasAttribute: (name: string) => attributes.includes(name) },
      createElement: () => ({ async: false, src: '' }),
      head: { append: (s: { src: string }) => appended.push(s) },
    },
    requestIdleCallback: (cb: () => void) => {
      idle = cb;
    },
  } as unknown as Window;
  // The storage helpers read the global window.
  vi.stubGlobal('window', win);
  return { win, appended, localStorage, runIdle: () => idle?.() };
}

describe('ad pixel', () => {
  it('is a safe no-op without a pixel', () => {
    const { win } = fakeWindow();
    expect(() => trackCustom('CTAtoForm', { location: 'Hero' }, win)).not.toThrow();
  });

  it('forwards custom events to fbq while allowed', () => {
    const { win } = fakeWindow();
    const fbq = vi.fn();
    win.fbq = fbq;
    trackCustom('CTAtoForm', { location: 'Hero' }, win);
    expect(fbq).toHaveBeenCalledWith('trackCustom', 'CTAtoForm', { location: 'Hero' });
  });

  it('sends no custom event once the visitor opted out', () => {
    const { win } = fakeWindow({ stored: { [PIXEL_OPT_OUT_KEY]: 'yes' } });
    const fbq = vi.fn();
    win.fbq = fbq;
    trackCustom('CTAtoForm', { location: 'Hero' }, win);
    expect(fbq).not.toHaveBeenCalled();
  });

  it('swallows errors thrown by a broken pixel', () => {
    const { win } = fakeWindow();
    win.fbq = () => {
      throw new Error('third party failed');
    };
    expect(() => trackCustom('CTAtoForm', { location: 'Hero' }, win)).not.toThrow();
  });

  it('queues autoConfig off, init without matching data and one PageView; injects the script only when idle', () => {
    const { win, appended, runIdle } = fakeWindow({ gpc: false });
    loadPixel('123', win);
    expect(win.fbq?.queue).toEqual([
      ['set', 'autoConfig', false, '123'],
      ['init', '123'],
      ['track', 'PageView'],
    ]);
    expect(appended).toEqual([]);
    runIdle();
    expect(appended.map((s) => s.src)).toEqual([PIXEL_SCRIPT_URL]);
  });

  it('does nothing without an id', () => {
    const { win } = fakeWindow();
    loadPixel('', win);
    expect(win.fbq).toBeUndefined();
  });

  it.each([
    ['Global Privacy Control is on', { gpc: true }],
    ['the visitor opted out', { stored: { [PIXEL_OPT_OUT_KEY]: 'yes' } }],
    ['the page is marked as sensitive', { attributes: ['data-no-pixel'] }],
    ['the page is age-gated', { attributes: ['data-age-gate'] }],
  ])('never loads when %s', (_, options) => {
    const { win, appended, runIdle } = fakeWindow(options);
    expect(pixelAllowed(win)).toBe(false);
    loadPixel('123', win);
    runIdle();
    expect(win.fbq).toBeUndefined();
    expect(appended).toEqual([]);
  });

  it('opting out after the queue started stops the script and revokes consent', () => {
    const { win, appended, runIdle, localStorage } = fakeWindow();
    loadPixel('123', win);
    setOptedOut(true, win);
    expect(localStorage.getItem(PIXEL_OPT_OUT_KEY)).toBe('yes');
    expect(win.fbq?.queue?.at(-1)).toEqual(['consent', 'revoke']);
    runIdle();
    expect(appended).toEqual([]);
    setOptedOut(false, win);
    expect(localStorage.getItem(PIXEL_OPT_OUT_KEY)).toBeNull();
  });
});
