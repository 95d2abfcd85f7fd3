/**
 * The small words of the owner's messages: "1 photo" (never "1 photos"), each galleries folder
 * named once, and the nearest gallery name to one she mistyped ("did you mean …").
 */
import { relative, resolve } from 'node:path';
import { IN_REPOSITORY_DIR } from './sources.ts';

/** "1 photo", "3 photos": `many` when the plural is not the word and an s. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The folders a command reads galleries from, each named once: her galleries folder and the
 * project's content/private/, or content/private/ alone when it is the galleries folder (a fresh
 * copy of the project publishing locally).
 */
export function foldersPhrase(dir: string, root = process.cwd()): string {
  const inRepository = `${IN_REPOSITORY_DIR}/`;
  return relative(resolve(root, IN_REPOSITORY_DIR), resolve(dir)) === '' ? inRepository : `${dir} and ${inRepository}`;
}

/** The edit distance of two names: letters inserted, deleted, changed or two neighbours swapped, one each. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The name in `names` nearest to `name`, when it is near enough to be what she meant: at most a
 * third of its letters off (two for a short name). Capitals do not count. Null when none is.
 */
export function nearestName(name: string, names: Iterable<string>): string | null {
  const typed = name.toLowerCase();
  let best: { name: string; distance: number } | null = null;
  for (const candidate of names) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(best.name.length / 3)) ? best.name : null;
}

/** ` (did you mean "jenna-2026-10"?)` for a mistyped gallery name, or nothing when no name is near. */
export function didYouMean(name: string, names: Iterable<string>): string {
  const nearest = nearestName(name, names);
  return nearest ? ` (did you mean "${nearest}"?)` : '';
}
