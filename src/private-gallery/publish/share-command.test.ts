import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../format/crypto';
import { encodePicks } from '../format/picks';
import { galleryRef } from '../format/seal';
import { shareCommand } from './share-command';
import { parseShares, sharesVariable } from './share';

function site() {
  const root = mkdtempSync(join(tmpdir(), 'share-command-'));
  const dir = join(root, 'galleries');
  mkdirSync(join(dir, 'jenna-2026-10'), { recursive: true });
  for (let i = 1; i <= 12; i++) writeFileSync(join(dir, 'jenna-2026-10', `IMG_${100 + i}.jpg`), '');
  writeFileSync(join(dir, 'jenna-2026-10', 'gallery.yaml'), 'title: Jenna, October 2026\n');
  const seed = new Uint8Array(32).fill(7);
  writeFileSync(join(dir, 'passwords.env'), `PRIVATE_GALLERY_SEED=${toBase64Url(seed)}\n`);
  writeFileSync(join(root, '.env'), `PRIVATE_GALLERY_DIR=${dir}\n`);
  const shares = () => {
    const line = readFileSync(join(dir, 'passwords.env'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${sharesVariable('jenna-2026-10')}=`));
    return parseShares('', line?.split('=')[1] ?? '');
  };
  return { root, seed, shares };
}

describe('npm run galleries -- share / unshare', () => {
  it('makes a partner link for chosen photos or a selection link, and withdraws one alone', () => {
    const { root, seed, shares } = site();
    const out = shareCommand(
      ['share', 'jenna-2026-10', '--photos', '12,3,7', '--expires', '2027-01-31'],
      'https://studio.test',
      root,
    );
    expect(out).toContain(
      'Partner link for Jenna, October 2026, photos 3, 7, 12, open until the end of 2027-01-31 (UTC):',
    );
    expect(shares().map((s) => [s.photos, s.expires])).toEqual([[[3, 7, 12], '2027-01-31']]);
    const link = `https://studio.test/private-gallery#picks=${encodePicks(galleryRef(seed, 'jenna-2026-10'), [1, 2])}`;
    shareCommand(['share', 'jenna-2026-10', '--favorites', link], 'https://studio.test', root);
    expect(shares().map((s) => s.photos)).toEqual([
      [3, 7, 12],
      [1, 2],
    ]);
    const first = out.split('\n')[1]!.trim();
    shareCommand(['unshare', 'jenna-2026-10', first], 'https://studio.test', root);
    expect(shares().map((s) => s.photos)).toEqual([[1, 2]]);
  });

  it('refuses photos outside the gallery and a selection link of another gallery', () => {
    const { root } = site();
    expect(() => shareCommand(['share', 'jenna-2026-10', '--photos', '3,13'], 'https://s', root)).toThrow(
      'photo 13 is not in this gallery (1 to 12)',
    );
    const other = `https://s/private-gallery#picks=${encodePicks('0'.repeat(32), [1])}`;
    expect(() => shareCommand(['share', 'jenna-2026-10', '--favorites', other], 'https://s', root)).toThrow(
      'this selection link is not of the gallery "jenna-2026-10"',
    );
    expect(() => shareCommand(['share', 'maria'], 'https://s', root)).toThrow('no gallery "maria"');
  });

  it('creates passwords.env readable by her account alone on a fresh galleries folder', () => {
    const { root } = site();
    const file = join(root, 'galleries', 'passwords.env');
    rmSync(file);
    const umask = process.umask(0o022);
    try {
      shareCommand(['share', 'jenna-2026-10', '--photos', '1'], 'https://s', root);
    } finally {
      process.umask(umask);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
