import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashFile, sha256 } from './cache';

describe("a photo's content hash", () => {
  it('read a megabyte at a time is the hash of its whole bytes, as before, so no published photo changes name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hash-file-'));
    try {
      // Over three chunks, the last one short; and an empty file.
      const photo = join(dir, 'IMG_0001.jpg');
      writeFileSync(photo, randomBytes(2 * 1024 * 1024 + 12_345));
      expect(hashFile(photo)).toBe(sha256(readFileSync(photo)));
      const empty = join(dir, 'empty.jpg');
      writeFileSync(empty, '');
      expect(hashFile(empty)).toBe(sha256(Buffer.alloc(0)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
