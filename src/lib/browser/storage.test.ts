import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from './fake-storage';
import { readStorage, removeStorage, writeStorage } from './storage';

afterEach(() => vi.unstubAllGlobals());

describe('storage', () => {
  it('reads and writes when storage works', () => {
    vi.stubGlobal('window', { localStorage: fakeStorage(), sessionStorage: fakeStorage() });
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
