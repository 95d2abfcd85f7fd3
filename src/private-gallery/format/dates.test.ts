import { describe, expect, it } from 'vitest';
import { closesAt, dayBefore, isExpired, isTimeZone, STUDIO_TIME_ZONE } from './dates';
import { VaultError } from './types';

describe('links and expiry', () => {
  it("keeps a gallery open through its last day in the studio's time zone and closes it after", () => {
    // 2026-12-31 ends at midnight in Florida (EST, UTC-5): 05:00 UTC on January 1st, not 7 pm on the 31st.
    expect(STUDIO_TIME_ZONE).toBe('America/New_York');
    expect(closesAt('2026-12-31').toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(isExpired('2026-12-31', new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(isExpired('2026-12-31', new Date('2027-01-01T04:59:59Z'))).toBe(false);
    expect(isExpired('2026-12-31', new Date('2027-01-01T05:00:00Z'))).toBe(true);
    expect(isExpired(null, new Date('2100-01-01'))).toBe(false);
    expect(isExpired('2026-06-01T12:00:00Z', new Date('2026-06-01T12:00:01Z'))).toBe(true);
    expect(() => closesAt('someday')).toThrow(VaultError);
  });

  it('ends the last day at midnight around both DST changes, whatever the time zone of the machine', () => {
    // March 8th 2026, 2 am: clocks go forward (EST to EDT). November 1st 2026, 2 am: back.
    expect(closesAt('2026-03-07').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(closesAt('2026-03-08').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(closesAt('2026-10-31').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(closesAt('2026-11-01').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(closesAt('2026-07-04').toISOString()).toBe('2026-07-05T04:00:00.000Z');
    // Another studio time zone, as the owner may set it in content/settings.yaml.
    expect(closesAt('2026-12-31', 'Europe/Paris').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(closesAt('2026-03-28', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(closesAt('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(closesAt('2026-12-31', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // A date-time without an offset is read in the studio's time zone, never the machine's.
    expect(closesAt('2026-11-01T18:00').toISOString()).toBe('2026-11-01T23:00:00.000Z');
    expect(closesAt('2026-03-08T18:00:00').toISOString()).toBe('2026-03-08T22:00:00.000Z');
  });

  it("gives yesterday in the studio's time zone, so a gallery closed now is closed at once, whatever the time zone", () => {
    // 01:00 UTC on June 2nd is still 9 pm on June 1st in Florida: yesterday there is May 31st.
    const now = new Date('2026-06-02T01:00:00Z');
    expect(dayBefore(now)).toBe('2026-05-31');
    expect(isExpired(dayBefore(now), now)).toBe(true);
    expect(dayBefore(new Date('2026-03-08T12:00:00Z'))).toBe('2026-03-07');
    expect(dayBefore(new Date('2027-01-01T04:00:00Z'))).toBe('2026-12-30');
    expect(dayBefore(now, 'Asia/Tokyo')).toBe('2026-06-01');
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Florida/Titusville')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
