import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** The hex SHA-256 of its parts, each ended by a NUL so no two lists of parts hash alike. */
export const sha256 = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/**
 * The galleries' publishing cache, on the owner's computer (never published, never committed), so
 * publishing again neither reads nor resizes a photo that did not change:
 * - `hashes/<hash of the path>.json`: a photo's size, modification time and content hash, so an
 *   unchanged file is not read again;
 * - `sizes/<hash>.{thumb,full}.webp` and `.json`, `sizes/<hash>.screen.webp` and `.json`: the
 *   resized copies, by the hash of the photo's bytes and the size options (the json holds their
 *   dimensions and byte counts); the screen copy apart, so adding it resized nothing else;
 * - `names/<tag>.json`: the name (and plaintext size) a photo file was published under, by an
 *   HMAC under that file's key of what it seals: publishing again finds it in the bucket without
 *   reading, resizing or sealing the photo. The key comes from the seed and the password's grant,
 *   so a new password or seed finds no name and seals again.
 * No key, password or ciphertext is kept here: keys come from the seed, and the bucket holds the
 * ciphertexts, under names from their bytes (format/seal.ts).
 * Entries this run did not use are deleted at its end (`prune`), so the cache stays the size of
 * the galleries.
 */
export class VaultCache {
  private readonly used = new Set<string>();
  readonly stats = { resized: 0, encrypted: 0 };

  readonly dir: string | null;

  constructor(dir: string | null) {
    this.dir = dir;
  }

  read(name: string): Buffer | null {
    if (!this.dir || !existsSync(join(this.dir, name))) return null;
    this.used.add(name);
    return readFileSync(join(this.dir, name));
  }

  /** Whether an entry is there; it counts as used, so it is kept. */
  has(name: string): boolean {
    if (!this.dir || !existsSync(join(this.dir, name))) return false;
    this.used.add(name);
    return true;
  }

  write(name: string, data: string | Uint8Array) {
    if (!this.dir) return;
    mkdirSync(dirname(join(this.dir, name)), { recursive: true });
    writeFileSync(join(this.dir, name), data);
    this.used.add(name);
  }

  /** Deletes every entry this run did not read or write; returns how many. */
  prune(): number {
    if (!this.dir || !existsSync(this.dir)) return 0;
    let pruned = 0;
    for (const name of readdirSync(this.dir, { recursive: true, encoding: 'utf8' })) {
      const path = join(this.dir, name);
      // Entries are named with '/', whatever the system's separator.
      if (this.used.has(name.split(sep).join('/')) || statSync(path).isDirectory()) continue;
      rmSync(path);
      pruned++;
    }
    return pruned;
  }
}
