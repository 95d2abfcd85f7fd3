import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, toBase64Url } from '../format/encodings';
import { MANIFEST } from '../format/seal';
import { memoryTarget } from './fixtures/memory-target.ts';
import { localGalleriesFolder } from './local-fallback';
import { RECORD_FILE, SEED_MARK, seedFingerprint, writeRecord } from './record';

let root: string;
let missing: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'local-fallback-'));
  mkdirSync(join(root, 'content', 'private', 'preview'), { recursive: true });
  missing = join(root, 'home', 'coastlight-galleries');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A local bucket published with `seed`: a manifest and its seed mark. */
async function publishedWith(seed: Uint8Array) {
  const target = memoryTarget();
  await target.put(MANIFEST, '{}');
  await target.put(SEED_MARK, `${seedFingerprint(seed)}\n`);
  return target;
}

describe('--local with her galleries folder missing', () => {
  it('refuses, naming the missing folder, when the local bucket holds galleries published with another seed than the sample folder’s', async () => {
    const hers = randomBytes(32);
    const sample = randomBytes(32);
    const target = await publishedWith(hers);
    let opened = 0;
    const open = async () => (opened++, target);
    // Her seed is in her (missing) folder's passwords.env; the run would read the sample folder's.
    for (const env of [{}, { PRIVATE_GALLERY_SEED: toBase64Url(sample) }]) {
      const folder = await localGalleriesFolder(env, true, open, root, missing);
      expect(folder.refusal).toBe(
        `The galleries folder ${missing} is not there, and the local bucket in test holds galleries published from it: plug in the drive that holds it, or set PRIVATE_GALLERY_DIR to where it is, then try again (docs/owner.md, "Set up once"); nothing was changed.`,
      );
      expect(folder.note).toBeUndefined();
    }
    expect(opened).toBe(2);
    // The sample folder's record names this bucket, but the bucket's mark is her seed's: still hers.
    writeRecord(join(root, 'content', 'private', RECORD_FILE), {
      version: 1,
      targets: { [target.label]: { seed: seedFingerprint(sample), galleries: {}, objects: [] } },
    });
    const again = await localGalleriesFolder({ PRIVATE_GALLERY_SEED: toBase64Url(sample) }, true, open, root, missing);
    expect(again.dir).toBe(missing);
    expect(again.refusal).toMatch(/^The galleries folder .* is not there/);
    rmSync(join(root, 'content', 'private', RECORD_FILE));
  });

  it('previews the sample in a fresh copy: an empty local bucket, or one the sample folder published', async () => {
    const sample = randomBytes(32);
    const env = { PRIVATE_GALLERY_SEED: toBase64Url(sample) };
    const empty = await localGalleriesFolder({}, true, async () => memoryTarget(), root, missing);
    expect(empty).toEqual({
      dir: resolve(root, 'content/private'),
      note: `No galleries folder at ${missing}: the local copy of the bucket gets the sample gallery in content/private/ instead (make that folder, or set PRIVATE_GALLERY_DIR, for your own galleries).`,
    });
    const target = await publishedWith(sample);
    writeRecord(join(root, 'content', 'private', RECORD_FILE), {
      version: 1,
      targets: { [target.label]: { seed: seedFingerprint(sample), galleries: {}, objects: [] } },
    });
    expect((await localGalleriesFolder(env, true, async () => target, root, missing)).dir).toBe(
      resolve(root, 'content/private'),
    );
    // Without --local, or with her folder there, the bucket is not even opened.
    const never = async () => Promise.reject(new Error('opened'));
    expect(await localGalleriesFolder(env, false, never, root, missing)).toEqual({ dir: missing });
    writeFileSync(join(root, 'here'), '');
    expect(await localGalleriesFolder(env, true, never, root, root)).toEqual({ dir: root });
  });
});
