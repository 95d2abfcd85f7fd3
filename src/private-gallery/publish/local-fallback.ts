/**
 * `--local` with her galleries folder missing. A fresh copy of the project previews the sample
 * gallery instead (galleriesFolder); a local bucket that already holds her galleries must not be
 * published over from the sample folder (a new seed written into content/private/passwords.env, a
 * refusal about "another PRIVATE_GALLERY_SEED", her messages "sealed to another studio key"): the
 * run refuses as it does without --local, before anything is read or written.
 *
 * "Holds hers": the bucket has a manifest, and it was not published from the sample folder with
 * the seed this run would use. Her folder (and the record in it) is the one missing, and the
 * manifest names no gallery (its grants and decoys look alike), so the test is the sample
 * folder's own record (content/private/published.json names this bucket, with that seed) and the
 * bucket's seed mark (seed-fingerprint.txt) for the same seed.
 */
import { join } from 'node:path';
import { fromBase64Url } from '../format/encodings.ts';
import { MANIFEST } from '../format/seal.ts';
import { readRecord, RECORD_FILE, refuseOtherSeed, seedFingerprint, targetKey } from './record.ts';
import { SEED_VARIABLE } from './secrets.ts';
import { galleriesFolder, type Env } from './sources.ts';
import type { VaultTarget } from './target.ts';

/** Whether the local bucket holds galleries that the sample folder, with `env`'s seed, did not publish. */
export async function holdsHers(target: VaultTarget, env: Env, sampleDir: string): Promise<boolean> {
  const existing = await target.list();
  if (!existing.has(MANIFEST)) return false;
  try {
    const seed = fromBase64Url(env[SEED_VARIABLE]?.trim() ?? '');
    const entry = readRecord(join(sampleDir, RECORD_FILE)).targets[targetKey(target)];
    if (!seed.length || entry?.seed !== seedFingerprint(seed)) return true;
    await refuseOtherSeed(target, existing, seed);
    return false;
  } catch {
    // An unreadable record or seed, or the bucket's mark for another seed.
    return true;
  }
}

/** The galleries folder of a run, or the sentence refusing it (nothing read or written yet). */
export async function localGalleriesFolder(
  env: Env,
  local: boolean,
  openLocal: () => Promise<VaultTarget>,
  root = process.cwd(),
  defaultDir?: string,
): Promise<{ dir: string; note?: string; refusal?: string }> {
  const folder = galleriesFolder(env, local, root, defaultDir);
  if (!folder.note || !folder.missing) return { dir: folder.dir };
  const target = await openLocal();
  try {
    if (!(await holdsHers(target, env, folder.dir))) return { dir: folder.dir, note: folder.note };
    return {
      dir: folder.missing,
      refusal: `The galleries folder ${folder.missing} is not there, and ${target.label} holds galleries published from it: plug in the drive that holds it, or set PRIVATE_GALLERY_DIR to where it is, then try again (docs/owner.md, "Set up once"); nothing was changed.`,
    };
  } finally {
    await target.close();
  }
}
