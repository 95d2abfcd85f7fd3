/** How a private gallery writes sizes and dates to the client. */
import { isExpired } from '../format/dates';

/** A file size as a visitor reads it: whole kilobytes under a megabyte (never 0 KB), else megabytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A gallery's last day, e.g. "October 31, 2026". A bare day is read at noon UTC so no time zone moves it. */
export function formatDay(expires: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? new Date(`${expires}T12:00:00Z`) : new Date(expires);
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * "open until October 31, 2026" while a gallery is open; null when it has no last day or has
 * closed. Its last day ends at midnight in `zone`, the studio's time zone the page was built with
 * (the settings' `business.timeZone`), as the host's schedule closes it.
 */
export function openUntil(expires: string | null, now: Date, zone: string): string | null {
  if (!expires || isExpired(expires, now, zone)) return null;
  return `open until ${formatDay(expires)}`;
}
