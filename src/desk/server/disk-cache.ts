// What a command makes from the project's own files and can make again (the desk's JSX turned into
// JavaScript, its stylesheet, its islands' bundle), kept between runs in node_modules/.cache/ under
// a hash of everything it was made from: a later start reads it instead of making it (a changed
// file, or a new version of the tool that made it, is another hash, made anew).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/coastlight/', import.meta.url));

/** A hash of these texts and of every file under these folders (their paths and contents). */
export function hashOf(texts: string[], folders: string[] = []): string {
  const hash = createHash('sha256');
  for (const text of texts) hash.update(text).update('\0');
  for (const folder of folders) {
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }).sort((a, b) =>
      join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)),
    )) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      hash.update(path).update('\0').update(readFileSync(path)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 32);
}

/** The text kept under `kind`/`key`, or null when there is none (or it cannot be read). */
export function cached(kind: string, key: string): string | null {
  try {
    return readFileSync(join(CACHE, kind, key), 'utf8');
  } catch {
    return null;
  }
}

/** Keeps `text` under `kind`/`key` (written whole, then renamed: a reader never meets half of it); a failure to write is no failure. */
export function keep(kind: string, key: string, text: string): string {
  try {
    mkdirSync(join(CACHE, kind), { recursive: true });
    const part = join(CACHE, kind, `${key}.${process.pid}.part`);
    writeFileSync(part, text);
    renameSync(part, join(CACHE, kind, key));
  } catch {
    // A read-only or full disk: made again next time.
  }
  return text;
}

/** Made once a run (the first call), then the same; a failure is forgotten, so the next call tries again. */
export function once(make: () => Promise<string>): () => Promise<string> {
  let made: Promise<string> | undefined;
  return () => {
    made ??= make();
    made.catch(() => (made = undefined));
    return made;
  };
}
