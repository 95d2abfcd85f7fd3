// A view of her galleries that seals nothing (the desk's cards) reads them without estimating each
// password's strength (about 50 ms of CPU a password on the project's host, 1 s of her first page at
// 20 galleries); what seals (publishing, closing, a password she sets) estimates every one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newSalt } from '../format/keys';
import { vaultInputs } from './build';
import { checkPasswords, passwordVariable } from './secrets';

const root = mkdtempSync(join(tmpdir(), 'estimate-view-'));
const dir = join(root, 'galleries');
mkdirSync(join(dir, 'ada-2026-12'), { recursive: true });
writeFileSync(join(dir, 'ada-2026-12', 'gallery.yaml'), 'title: Ada, December 2026\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Long enough, and guessed at once: the gallery's own name and a year. */
const GUESSABLE = 'Ada-December-2026';
const env = {
  PRIVATE_GALLERY_DIR: dir,
  PRIVATE_GALLERY_SALT: newSalt(),
  [passwordVariable('ada-2026-12')]: GUESSABLE,
};

describe('a view that seals nothing', () => {
  it('reads her galleries without estimating their passwords; publishing refuses the guessable one', () => {
    const gallery = { id: 'ada-2026-12', title: 'Ada, December 2026', folder: join(dir, 'ada-2026-12') };
    const galleries = [gallery] as Parameters<typeof checkPasswords>[0];
    expect([...checkPasswords(galleries, env, process.cwd(), false).passwords]).toEqual([['ada-2026-12', GUESSABLE]]);
    expect(checkPasswords(galleries, env).failures.get('ada-2026-12')?.refusal).toMatch(
      /^PRIVATE_GALLERY_PASSWORD_ADA_2026_12 is too easy to guess/,
    );

    const view = vaultInputs(env, undefined, join(root, 'cache'), undefined, false);
    expect(view.options.passwords.get('ada-2026-12')).toBe(GUESSABLE);
    expect(() => vaultInputs(env, undefined, join(root, 'cache'))).toThrow(
      /Nothing was published:\n {2}PRIVATE_GALLERY_PASSWORD_ADA_2026_12 is too easy to guess/,
    );
  });

  it('still refuses, without an estimate, what needs none: a short password, or one gallery’s in another', () => {
    const short = { ...env, [passwordVariable('ada-2026-12')]: 'ada-2026' };
    expect(() => vaultInputs(short, undefined, join(root, 'cache'), undefined, false)).toThrow(
      /PRIVATE_GALLERY_PASSWORD_ADA_2026_12 is shorter than 12 characters/,
    );
  });
});
