/**
 * The host's closing schedule: which objects of the vault close, and when. Publishing writes it
 * (publish/build.ts), the Function reads it (serve.ts) and answers 410 Gone for those objects from
 * their instant on. It names objects and instants, never a gallery. Used on both sides: no imports.
 */

/** The closing schedule's name in the bucket: not a VAULT_NAME, so never served (404). */
export const SCHEDULE = 'schedule.json';

/**
 * The schedule as stored: each closing instant (ISO 8601, UTC) with the object names that close
 * then. It names objects and instants, never a gallery: a gallery's photo files, a partner link's
 * sub-index (publish/build.ts writeSchedule says which).
 */
export interface VaultSchedule {
  version: 1;
  closes: Record<string, string[]>;
}

/** The schedule for these closings: one entry per instant, names sorted, so equal inputs give equal bytes. */
export function makeSchedule(closings: { at: Date; keys: readonly string[] }[]): VaultSchedule {
  const byInstant = new Map<string, Set<string>>();
  for (const { at, keys } of closings) {
    if (!keys.length) continue;
    const instant = at.toISOString();
    const set = byInstant.get(instant) ?? new Set<string>();
    keys.forEach((key) => set.add(key));
    byInstant.set(instant, set);
  }
  const closes: Record<string, string[]> = {};
  for (const instant of [...byInstant.keys()].sort()) closes[instant] = [...byInstant.get(instant)!].sort();
  return { version: 1, closes };
}

/** Each scheduled name with the earliest instant it closes (ms); throws on anything malformed. */
export function parseSchedule(text: string): Map<string, number> {
  const schedule = JSON.parse(text) as VaultSchedule;
  if (schedule?.version !== 1 || typeof schedule.closes !== 'object' || !schedule.closes) {
    throw new Error('not a version 1 schedule');
  }
  const closing = new Map<string, number>();
  for (const [instant, keys] of Object.entries(schedule.closes)) {
    const at = Date.parse(instant);
    if (Number.isNaN(at) || !Array.isArray(keys)) throw new Error(`bad schedule entry ${instant}`);
    for (const key of keys) closing.set(String(key), Math.min(at, closing.get(String(key)) ?? Infinity));
  }
  return closing;
}
