import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** The hex SHA-256 of its parts, each ended by a NUL so no two lists of parts hash alike. */
export const sha256 = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/** A reused buffer files are hashed through: a camera photo's 11 MB is never allocated to hash it. */
const CHUNK = Buffer.alloc(1 << 20);

/** sha256 of a file's bytes, read a megabyte at a time: the same as sha256(readFileSync(path)). */
export function hashFile(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const hash = createHash('sha256');
    for (let read; (read = readSync(fd, CHUNK, 0, CHUNK.length, null)) > 0;) hash.update(CHUNK.subarray(0, read));
    return hash.update('\0').digest('hex');
  } finally {
    closeSync(fd);
  }
}

/**
 * The galleries' publishing cache, in the galleries folder (`.cache`, readable by the owner's
 * account alone; never published, never committed), so
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

  private made = false;

  write(name: string, data: string | Uint8Array) {
    if (!this.dir) return;
    if (!this.made) {
      // Resized copies of her photos: readable by the owner's account alone.
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      chmodSync(this.dir, 0o700);
      this.made = true;
    }
    mkdirSync(dirname(join(this.dir, name)), { recursive: true, mode: 0o700 });
    writeFileSync(join(this.dir, name), data, { mode: 0o600 });
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

/**
 * Moves the cache from where it was (node_modules/.cache/private-gallery) into the galleries
 * folder, once, so the first publish after the move resizes nothing again. Only into a galleries
 * folder that is there: a missing one is never made for it.
 */
export function moveOldCache(from: string, to: string, logger?: { warn(message: string): void }) {
  if (!existsSync(from) || existsSync(to) || !existsSync(dirname(to))) return;
  try {
    renameSync(from, to);
  } catch {
    // Another disk (an external drive): copied, then deleted.
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
  chmodSync(to, 0o700);
  for (const name of readdirSync(to, { recursive: true, encoding: 'utf8' })) {
    const path = join(to, name);
    chmodSync(path, statSync(path).isDirectory() ? 0o700 : 0o600);
  }
  logger?.warn(`moved the publishing cache from ${from} to ${to}, readable by your account alone.`);
}
