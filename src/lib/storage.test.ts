import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStorage, removeStorage, writeStorage } from './storage';

function fakeStore(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('storage', () => {
  it('reads and writes when storage works', () => {
    vi.stubGlobal('window', { localStorage: fakeStore(), sessionStorage: fakeStore() });
    expect(writeStorage('local', 'k', 'yes')).toBe(true);
    expect(readStorage('local', 'k')).toBe('yes');
    removeStorage('local', 'k');
    expect(readStorage('local', 'k')).toBeNull();
  });

  it('never throws when storage is blocked', () => {
    const blocked = {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
      sessionStorage: {
        getItem: () => {
          throw new Error('boom');
        },
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
        removeItem: () => {
          throw new Error('boom');
        },
      },
    };
    vi.stubGlobal('window', blocked);
    expect(readStorage('local', 'k')).toBeNull();
    expect(writeStorage('local', 'k', 'yes')).toBe(false);
    expect(readStorage('session', 'k')).toBeNull();
    expect(writeStorage('session', 'k', '1')).toBe(false);
    expect(() => removeStorage('session', 'k')).not.toThrow();
  });
});
