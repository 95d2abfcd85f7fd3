import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../format/encodings';
import { encodePicks } from '../format/picks';
import { linkAsPositional, shareCommand } from './share-command';
import { parseShares, sharesVariable, type Share } from './share';

const names = (share: Share) => share.photos.map((photo) => photo.name);

function site() {
  const root = mkdtempSync(join(tmpdir(), 'share-command-'));
  const dir = join(root, 'galleries');
  mkdirSync(join(dir, 'jenna-2026-10'), { recursive: true });
  // Distinct bytes: a partner link names each photo by its content.
  for (let i = 1; i <= 12; i++) writeFileSync(join(dir, 'jenna-2026-10', `IMG_${100 + i}.jpg`), `photo ${i}`);
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
  it('makes a partner link for chosen photos or a selection from her inbox, and withdraws one alone', () => {
    const { root, shares } = site();
    const out = shareCommand(
      ['share', 'jenna-2026-10', '--photos', '12,3,7', '--expires', '2027-01-31'],
      'https://studio.test',
      root,
    );
    expect(out).toContain(
      'Partner link for Jenna, October 2026, photos 3, 7, 12 (IMG_103.jpg, IMG_107.jpg, IMG_112.jpg), open until the end of 2027-01-31 (midnight, America/New_York time):',
    );
    expect(shares().map((s) => [names(s), s.expires])).toEqual([
      [['IMG_103.jpg', 'IMG_107.jpg', 'IMG_112.jpg'], '2027-01-31'],
    ]);
    // --favorites: the numbers of her selection as the inbox checked them (gallery-actions.ts favoritesAction).
    shareCommand(
      ['share', 'jenna-2026-10', '--favorites', 'abcd1234'],
      'https://studio.test',
      root,
      process.env,
      [1, 2],
    );
    expect(shares().map(names)).toEqual([
      ['IMG_103.jpg', 'IMG_107.jpg', 'IMG_112.jpg'],
      ['IMG_101.jpg', 'IMG_102.jpg'],
    ]);
    const first = out.split('\n')[1]!.trim();
    shareCommand(['unshare', 'jenna-2026-10', first], 'https://studio.test', root);
    expect(shares().map(names)).toEqual([['IMG_101.jpg', 'IMG_102.jpg']]);
  });

  it('takes a link whose code begins with "-" as the link to withdraw, not an option', () => {
    // A code is base64url: one in 64 begins with "-". Options after it still count.
    expect(linkAsPositional(['unshare', 'jenna-2026-10', '-aBc', '--local'])).toEqual([
      'unshare',
      'jenna-2026-10',
      '--local',
      '--',
      '-aBc',
    ]);
    expect(linkAsPositional(['share', 'jenna-2026-10', '--photos', '1'])).toEqual([
      'share',
      'jenna-2026-10',
      '--photos',
      '1',
    ]);
    // Read as the link: refused as a link no share has, not as an unknown option.
    const { root } = site();
    expect(() => shareCommand(['unshare', 'jenna-2026-10', '-aBcDeFgH'], 'https://studio.test', root)).toThrow(
      'no partner link of this gallery starts with -aBcDeFgH',
    );
  });

  it('names one photo in the singular: "photo 5", not "photos 5"', () => {
    const { root } = site();
    expect(shareCommand(['share', 'jenna-2026-10', '--photos', '5'], 'https://studio.test', root)).toContain(
      'Partner link for Jenna, October 2026, photo 5 (IMG_105.jpg):',
    );
  });

  it('refuses photos outside the gallery, and --favorites without her selection read from the inbox', () => {
    const { root } = site();
    expect(() => shareCommand(['share', 'jenna-2026-10', '--photos', '3,13'], 'https://s', root)).toThrow(
      'photo 13 is not in this gallery (1 to 12)',
    );
    const link = `https://s/private-gallery#picks=${encodePicks('0'.repeat(32), [1])}`;
    expect(() => shareCommand(['share', 'jenna-2026-10', '--favorites', link], 'https://s', root)).toThrow(
      '--favorites needs her selection from the inbox: "npm run galleries -- inbox" lists it',
    );
    expect(() => shareCommand(['share', 'maria'], 'https://s', root)).toThrow('no gallery "maria"');
    // Its usage offers her name for a link, the one the desk gives (share --name).
    expect(() => shareCommand(['share', 'maria'], 'https://s', root)).toThrow(
      'npm run galleries -- share <gallery> --photos 3,7,12 [--expires 2027-01-31] [--name "for her partner"]',
    );
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

  it('rewrites an old entry of photo numbers by identity, in today’s order, saying so', () => {
    const { root, shares } = site();
    const dir = join(root, 'galleries');
    const old = `${toBase64Url(new Uint8Array(32).fill(9))}:2.11:`;
    writeFileSync(
      join(dir, 'passwords.env'),
      `${readFileSync(join(dir, 'passwords.env'), 'utf8')}${sharesVariable('jenna-2026-10')}=${old}\n`,
    );
    const out = shareCommand(['share', 'jenna-2026-10', '--photos', '5'], 'https://s', root, {});
    expect(out.split('\n')[0]).toBe(
      '! PRIVATE_GALLERY_SHARES_JENNA_2026_10 named its photos by number: read one last time in today’s order ' +
        '(2 = IMG_102.jpg, 11 = IMG_111.jpg) and rewritten in passwords.env by the photos themselves, so adding, ' +
        'removing or renaming photos no longer changes what a partner link shows. If you added or removed photos ' +
        'since you made that link, check that these are the photos you meant.',
    );
    expect(shares().map(names)).toEqual([['IMG_102.jpg', 'IMG_111.jpg'], ['IMG_105.jpg']]);
    expect(shares().every((s) => !s.numbers && s.photos.every((p) => /^[0-9a-f]{16}$/.test(p.id)))).toBe(true);
  });
});

describe("share reads the studio's zone from the settings of the project it is given", () => {
  it("names the zone of the root's settings, not the one of the folder the command runs in", () => {
    const { root } = site();
    mkdirSync(join(root, 'content'), { recursive: true });
    const settings = readFileSync('content/settings.yaml', 'utf8').replace(
      /^(\s*timeZone:).*$/m,
      '$1 America/Los_Angeles',
    );
    writeFileSync(join(root, 'content', 'settings.yaml'), settings);
    const out = shareCommand(
      ['share', 'jenna-2026-10', '--photos', '3', '--expires', '2027-01-31'],
      'https://studio.test',
      root,
    );
    expect(out).toContain(
      'Partner link for Jenna, October 2026, photo 3 (IMG_103.jpg), open until the end of 2027-01-31 (midnight, America/Los_Angeles time):',
    );
  });
});

describe('share on a computer with no galleries folder yet', () => {
  it('reads the sample from content/private/ as publish --local does, and never makes the galleries folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'share-fresh-'));
    const sample = join(root, 'content', 'private', 'preview');
    mkdirSync(sample, { recursive: true });
    writeFileSync(join(sample, 'gallery.yaml'), 'title: Preview gallery\n');
    writeFileSync(join(sample, 'private-01.jpg'), 'photo 1');
    const missing = join(root, 'coastlight-galleries');
    // Issue 50: share made ~/coastlight-galleries/passwords.env, after which npm start refused to publish.
    expect(() =>
      shareCommand(['share', 'preview', '--photos', '1'], 'https://s', root, { PRIVATE_GALLERY_DIR: missing }),
    ).toThrow(`the galleries folder ${missing} is not there: make it first (docs/owner.md, "Set up once")`);
    expect(existsSync(missing)).toBe(false);
    rmSync(root, { recursive: true, force: true });
  });
});
