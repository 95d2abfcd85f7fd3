import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPixel, PIXEL_SCRIPT_URL, trackCustom } from './pixel';

afterEach(() => vi.unstubAllGlobals());

describe('ad pixel', () => {
  it('is a safe no-op without a pixel', () => {
    vi.stubGlobal('window', {});
    expect(() => trackCustom('CTAtoForm', { location: 'Hero' })).not.toThrow();
  });

  it('forwards custom events to fbq', () => {
    const fbq = vi.fn();
    vi.stubGlobal('window', { fbq });
    trackCustom('CTAtoForm', { location: 'Hero' });
    expect(fbq).toHaveBeenCalledWith('trackCustom', 'CTAtoForm', { location: 'Hero' });
  });

  it('swallows errors thrown by a broken pixel', () => {
    vi.stubGlobal('window', {
      fbq: () => {
        throw new Error('third party failed');
      },
    });
    expect(() => trackCustom('CTAtoForm', { location: 'Hero' })).not.toThrow();
  });

  it('queues calls and injects the script only when idle', () => {
    const appended: { src: string }[] = [];
    let idle: (() => void) | undefined;
    const win = {
      document: {
        createElement: () => ({ async: false, src: '' }),
        head: { append: (s: { src: string }) => appended.push(s) },
      },
      requestIdleCallback: (cb: () => void) => {
        idle = cb;
      },
    } as unknown as Window;
    loadPixel('123', win);
    expect(win.fbq?.queue).toEqual([
      ['init', '123'],
      ['track', 'PageView'],
    ]);
    expect(appended).toEqual([]);
    idle?.();
    expect(appended.map((s) => s.src)).toEqual([PIXEL_SCRIPT_URL]);
  });

  it('does nothing without an id', () => {
    const win = {} as Window;
    loadPixel('', win);
    expect(win.fbq).toBeUndefined();
  });
});
