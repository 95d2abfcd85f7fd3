import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/** The `id` of each item of a YAML list, in the order the owner wrote them. */
export function idsInYamlOrder(text: string): string[] {
  const items: unknown = parse(text);
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) =>
    item && typeof item === 'object' && 'id' in item ? [String((item as { id: unknown }).id)] : [],
  );
}

/**
 * Sorts collection entries into `ids` order. The content store sorts entries by id, so without
 * this a list file's order (the order the owner chose) would be lost. Unknown ids go last, by id.
 */
export function sortByIdOrder<T extends { id: string }>(entries: T[], ids: string[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  const rank = (entry: T) => position.get(entry.id) ?? Number.POSITIVE_INFINITY;
  return [...entries].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
}

/** Reads a YAML list file of the owner's (relative to the project root) and returns its ids in order. */
export function readYamlOrder(file: string, root = process.cwd()): string[] {
  return idsInYamlOrder(readFileSync(resolve(root, file), 'utf8'));
}

/** Entries of a collection loaded from `file`, in the order they appear in that file. */
export function inFileOrder<T extends { id: string }>(entries: T[], file: string): T[] {
  return sortByIdOrder(entries, readYamlOrder(file));
}
