import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { galleryPasswords, passwordsFileWarning, readEnv } from './secrets.ts';
import { galleriesFolder, privateGalleryDir, type GallerySource } from './sources.ts';

// Where passwords.env is read, and what the commands say about it: with real files in a folder of
// the test's own standing for the project and the galleries folder.
const root = mkdtempSync(join(tmpdir(), 'passwords-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const gallery = (id: string): GallerySource => ({
  id,
  folder: join(root, id),
  title: id,
  expires: null,
  downloads: 'web',
  photos: [],
});

describe('passwords.env in the wrong folder', () => {
  it('the missing password names the full path read, and the passwords.env in the project folder that was not', () => {
    const project = join(root, 'project');
    const galleries = join(root, 'galleries');
    mkdirSync(project, { recursive: true });
    mkdirSync(galleries, { recursive: true });
    // She wrote it in the project folder, beside .env, which names her galleries folder.
    writeFileSync(join(project, '.env'), `PRIVATE_GALLERY_DIR=${galleries}\n`);
    writeFileSync(join(project, 'passwords.env'), 'PRIVATE_GALLERY_PASSWORD_IVY_2026_10=a long memorable sentence\n');
    const env = readEnv(project, {});
    expect(() => galleryPasswords([gallery('ivy-2026-10')], env, project)).toThrow(
      new RegExp(
        `^Nothing was published:\\n {2}the private gallery "ivy-2026-10" has no password: set PRIVATE_GALLERY_PASSWORD_IVY_2026_10 in ${join(galleries, 'passwords.env')}, for example PRIVATE_GALLERY_PASSWORD_IVY_2026_10=[a-z0-9-]{19}\\n {2}${join(project, 'passwords.env')} was not read: passwords.env belongs in the galleries folder, ${galleries}; move it there\\.$`,
      ),
    );
  });
});

describe('passwords.env written by hand', () => {
  it('readable by others and hers: made readable by her alone, said once; then nothing to say', () => {
    const galleries = join(root, 'by-hand');
    mkdirSync(galleries, { recursive: true });
    const file = join(galleries, 'passwords.env');
    writeFileSync(file, 'PRIVATE_GALLERY_PASSWORD_IVY_2026_10=a long memorable sentence\n');
    chmodSync(file, 0o644);
    const env = { PRIVATE_GALLERY_DIR: galleries };
    expect(passwordsFileWarning(env)).toBe(
      `${file} was readable by others on this computer; it is now readable by you only.`,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(passwordsFileWarning(env)).toBeNull();
  });
});

describe('~ in PRIVATE_GALLERY_DIR', () => {
  it('is her home folder, as in a shell, when .env says PRIVATE_GALLERY_DIR=~/coastlight-galleries', () => {
    const project = join(root, 'tilde');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, '.env'), 'PRIVATE_GALLERY_DIR=~/coastlight-galleries\n');
    const env = readEnv(project, {});
    expect(privateGalleryDir(env)).toBe(join(homedir(), 'coastlight-galleries'));
    expect(galleriesFolder(env, false, project).dir).toBe(join(homedir(), 'coastlight-galleries'));
    expect(privateGalleryDir({ PRIVATE_GALLERY_DIR: '~' })).toBe(homedir());
    // A ~ inside a name is a letter like any other.
    expect(privateGalleryDir({ PRIVATE_GALLERY_DIR: '/Volumes/a~b' })).toBe('/Volumes/a~b');
  });
});
