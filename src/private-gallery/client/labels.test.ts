import { describe, expect, it } from 'vitest';
import { formatBytes, formatDay, openUntil } from './labels';

describe('formatBytes', () => {
  it('writes whole kilobytes under a megabyte, never 0 KB', () => {
    expect(formatBytes(0)).toBe('1 KB');
    expect(formatBytes(300)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1024 KB');
  });

  it('writes megabytes with one decimal from a megabyte up', () => {
    expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatBytes(5.25 * 1024 * 1024)).toBe('5.3 MB');
    expect(formatBytes(812 * 1024 * 1024)).toBe('812.0 MB');
  });
});

describe('formatDay', () => {
  it('writes a bare day as that same day, whatever the time zone', () => {
    expect(formatDay('2026-10-31')).toBe('October 31, 2026');
    expect(formatDay('2027-01-01')).toBe('January 1, 2027');
  });

  it('writes a date-time as its day in UTC', () => {
    expect(formatDay('2026-10-31T23:30:00Z')).toBe('October 31, 2026');
    expect(formatDay('2026-11-01T01:00:00+03:00')).toBe('October 31, 2026');
  });
});

describe('openUntil', () => {
  it("says until when a gallery is open, its last day ending at midnight in the studio's time zone from the settings, not New York's", () => {
    // 10 pm on December 31 in Los Angeles, 1 am on January 1 in New York.
    const lateEvening = new Date('2027-01-01T06:00:00Z');
    expect(openUntil('2026-12-31', lateEvening, 'America/Los_Angeles')).toBe('open until December 31, 2026');
    expect(openUntil('2026-12-31', lateEvening, 'America/New_York')).toBeNull();
    expect(openUntil('2026-12-31', new Date('2027-01-01T08:00:00Z'), 'America/Los_Angeles')).toBeNull();
    expect(openUntil(null, lateEvening, 'America/Los_Angeles')).toBeNull();
  });
});
