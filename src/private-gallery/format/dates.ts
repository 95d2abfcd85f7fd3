/**
 * When a gallery, or a partner link, closes. A last day ends at midnight in the studio's time zone
 * (content/settings.yaml `business.timeZone`, STUDIO_TIME_ZONE by default), daylight saving time
 * included, whatever the time zone of the computer or browser that asks. Intl only: no dependency.
 */
import { VaultError } from './types.ts';

/** The studio's time zone when the settings name none (the studio is in Florida). */
export const STUDIO_TIME_ZONE = 'America/New_York';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date-time with no offset: read in the studio's time zone, never the machine's. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Whether Intl knows this IANA time zone (e.g. America/New_York). */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `zone` at an instant, as if it were UTC (ms). */
function wallClock(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/**
 * The instant a wall-clock time (written as UTC ms) happens in `zone`: its offset is read at a
 * first guess, then again at the instant found, which settles it across a DST change. A time a
 * change skips (none at midnight in the studio's zone) falls after the gap.
 */
function zonedInstant(wall: number, zone: string): number {
  const first = wall - (wallClock(wall, zone) - wall);
  return wall - (wallClock(first, zone) - first);
}

/** The zone, checked: a wrong one is the owner's to fix in her settings. */
function checked(zone: string): string {
  if (!isTimeZone(zone)) throw new VaultError(`not a time zone: ${zone} (content/settings.yaml business.timeZone)`);
  return zone;
}

/**
 * When a gallery closes: `expires` is its last open day, so it closes at the midnight that ends
 * that day in `zone`; a date-time with an offset (or Z) closes at that instant, one without at that
 * time in `zone`.
 */
export function closesAt(expires: string, zone: string = STUDIO_TIME_ZONE): Date {
  const day = DAY.exec(expires);
  const local = LOCAL.exec(expires);
  let date: Date;
  if (day) date = new Date(zonedInstant(Date.UTC(+day[1]!, +day[2]! - 1, +day[3]! + 1), checked(zone)));
  else if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number) as number[];
    date = new Date(zonedInstant(Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0), checked(zone)));
  } else date = new Date(expires);
  if (Number.isNaN(date.getTime())) throw new VaultError(`not a date: ${expires}`);
  return date;
}

export function isExpired(
  expires: string | null | undefined,
  now: Date = new Date(),
  zone: string = STUDIO_TIME_ZONE,
): boolean {
  return !!expires && now.getTime() >= closesAt(expires, zone).getTime();
}

/** The day before `now`'s day in `zone` (YYYY-MM-DD): a last day that has ended, so closing now closes at once. */
export function dayBefore(now: Date = new Date(), zone: string = STUDIO_TIME_ZONE): string {
  const today = new Date(wallClock(now.getTime(), checked(zone)));
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1))
    .toISOString()
    .slice(0, 10);
}
