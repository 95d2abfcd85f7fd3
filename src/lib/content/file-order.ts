import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/** The `id`s of a YAML list, in the order the owner wrote them. */
export function idsInFileOrder(yamlText: string): string[] {
  const list: unknown = parse(yamlText);
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => (item && typeof item === 'object' && 'id' in item ? [String(item.id)] : []));
}

/**
 * Sorts collection entries into the order of their YAML file. `getCollection` promises no order
 * (in practice it returns ids alphabetically), but the owner's file says "in the order they show".
 */
export function sortByFileOrder<T extends { id: string }>(entries: readonly T[], ids: readonly string[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  const at = (entry: T) => position.get(entry.id) ?? Number.MAX_SAFE_INTEGER;
  return [...entries].sort((a, b) => at(a) - at(b));
}

/** Reads a YAML list file of the owner's (path relative to the project root) and sorts `entries` into its order. */
export function inFileOrder<T extends { id: string }>(entries: readonly T[], file: string, root = process.cwd()): T[] {
  return sortByFileOrder(entries, idsInFileOrder(readFileSync(resolve(root, file), 'utf8')));
}
