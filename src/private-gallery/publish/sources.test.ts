import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { galleriesFolder, IN_REPOSITORY_DIR } from './sources.ts';

describe('the galleries folder of a run', () => {
  const home = mkdtempSync(join(tmpdir(), 'home-'));
  const missing = join(home, 'coastlight-galleries');

  it("is the sample's folder for the local bucket when a fresh copy has no galleries folder yet (npm start), and says so", () => {
    const { dir, note } = galleriesFolder({}, true, process.cwd(), missing);
    expect(dir).toBe(resolve(IN_REPOSITORY_DIR));
    expect(note).toBe(
      `No galleries folder at ${missing}: the local copy of the bucket gets the sample gallery in content/private/ instead (make that folder, or set PRIVATE_GALLERY_DIR, for your own galleries).`,
    );
  });

  it('stays the missing folder for the bucket on Cloudflare, and for a PRIVATE_GALLERY_DIR that is not there (publishing refuses both)', () => {
    expect(galleriesFolder({}, false, process.cwd(), missing)).toEqual({ dir: missing });
    const unplugged = join(home, 'drive', 'galleries');
    expect(galleriesFolder({ PRIVATE_GALLERY_DIR: unplugged }, true, process.cwd(), missing)).toEqual({
      dir: unplugged,
    });
  });

  it('is the default folder when it is there', () => {
    expect(galleriesFolder({}, true, process.cwd(), home)).toEqual({ dir: home });
  });
});
