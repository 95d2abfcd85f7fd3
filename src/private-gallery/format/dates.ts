/** When a gallery, or a partner link, closes. */
import { VaultError } from './types.ts';

/**
 * When a gallery closes: `expires` is its last open day, so it closes when that day has ended
 * (UTC); an ISO date-time closes at that instant.
 */
export function closesAt(expires: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? new Date(`${expires}T00:00:00Z`) : new Date(expires);
  if (Number.isNaN(date.getTime())) throw new VaultError(`not a date: ${expires}`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(expires)) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export function isExpired(expires: string | null | undefined, now: Date = new Date()): boolean {
  return !!expires && now.getTime() >= closesAt(expires).getTime();
}
