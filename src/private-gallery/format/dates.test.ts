import { describe, expect, it } from 'vitest';
import { closesAt, isExpired } from './dates';
import { VaultError } from './types';

describe('links and expiry', () => {
  it('keeps a gallery open through its last day (UTC) and closes it after', () => {
    expect(closesAt('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(isExpired('2026-12-31', new Date('2026-12-31T23:59:59Z'))).toBe(false);
    expect(isExpired('2026-12-31', new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect(isExpired(null, new Date('2100-01-01'))).toBe(false);
    expect(isExpired('2026-06-01T12:00:00Z', new Date('2026-06-01T12:00:01Z'))).toBe(true);
    expect(() => closesAt('someday')).toThrow(VaultError);
  });
});
