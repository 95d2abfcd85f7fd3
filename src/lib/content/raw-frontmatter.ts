/**
 * YAML turns an unquoted 2025-02-30 into March 2 and 2025-13-45 into a day of 2026 before any
 * schema sees it. These helpers read what the owner actually wrote, so a date check can judge the text.
 */

/** The raw text of a top-level `field:` in the frontmatter of `source`, quotes and comment removed. */
export function rawFrontmatterValue(source: string, field: string): string | undefined {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
  if (frontmatter === undefined) return undefined;
  const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`^${escaped}:[ \\t]*(.*)$`, 'm').exec(frontmatter)?.[1];
  if (line === undefined) return undefined;
  const value = line.replace(/\s+#.*$/, '').trim();
  const quoted = /^(['"])(.*)\1$/.exec(value);
  return quoted ? quoted[2] : value;
}

/**
 * `data` with each Date-valued field in `fields` replaced by the text written in `source`, so
 * validation sees "2025-02-30" rather than the Date YAML made of it.
 */
export function withRawDates<T extends Record<string, unknown>>(data: T, source: string, fields: readonly string[]): T {
  const copy: Record<string, unknown> = { ...data };
  for (const field of fields) {
    if (!(copy[field] instanceof Date)) continue;
    const raw = rawFrontmatterValue(source, field);
    if (raw !== undefined) copy[field] = raw;
  }
  return copy as T;
}
