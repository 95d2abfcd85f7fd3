import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_HIGHLIGHT_MS, HIGHLIGHT_CLASS, highlightFor } from './highlight';

function element() {
  const classes = new Set<string>();
  return {
    classes,
    classList: { add: (c: string) => void classes.add(c), remove: (c: string) => void classes.delete(c) },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('highlightFor', () => {
  it('lasts 4000 ms', () => {
    expect(FORM_HIGHLIGHT_MS).toBe(4000);
    const el = element();
    highlightFor(el);
    expect(el.classes.has(HIGHLIGHT_CLASS)).toBe(true);
    vi.advanceTimersByTime(3999);
    expect(el.classes.has(HIGHLIGHT_CLASS)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(el.classes.has(HIGHLIGHT_CLASS)).toBe(false);
  });

  it('restarts the full duration when called again', () => {
    const el = element();
    highlightFor(el);
    vi.advanceTimersByTime(3000);
    highlightFor(el);
    vi.advanceTimersByTime(3000);
    expect(el.classes.has(HIGHLIGHT_CLASS)).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(el.classes.has(HIGHLIGHT_CLASS)).toBe(false);
  });

  it('can be ended early', () => {
    const el = element();
    const stop = highlightFor(el, 500, 'glow');
    expect(el.classes.has('glow')).toBe(true);
    stop();
    expect(el.classes.has('glow')).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(el.classes.size).toBe(0);
  });
});
