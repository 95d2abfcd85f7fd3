import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { closingPasswords } from './close-passwords';
import { galleryPasswords, generatedPassphrase, passwordVariable } from './secrets';
import type { GallerySource } from './sources';

// The strength estimate reads its dictionaries once, then takes up to a few seconds a password on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const gallery = (id: string, title = id): GallerySource => ({
  id,
  folder: join('/tmp/galleries', id),
  title,
  expires: null,
  downloads: 'web',
  photos: [{ path: join('/tmp/galleries', id, 'a.jpg'), alt: 'a' }],
});
const jenna = gallery('jenna-2026-10', 'Jenna, October 2026');
const passphrase = /for example [a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/m;

describe('owner-chosen passwords pass a strength estimate', () => {
  it('refuses Jenna2026Oct!, naming the variable and offering a generated passphrase', () => {
    const attempt = () => galleryPasswords([jenna], { [passwordVariable(jenna.id)]: 'Jenna2026Oct!' });
    expect(attempt).toThrow(/PRIVATE_GALLERY_PASSWORD_JENNA_2026_10 is too easy to guess/);
    expect(attempt).toThrow(passphrase);
  });

  it("refuses a password made of the gallery's name, its title or the studio's name", () => {
    for (const password of ['Jenna-October-2026', 'jenna-2026-10!!', 'CoastlightBoudoir2026', 'Summer-Boudoir-2026!']) {
      expect(() => galleryPasswords([jenna], { [passwordVariable(jenna.id)]: password }), password).toThrow(
        /PRIVATE_GALLERY_PASSWORD_JENNA_2026_10 is too easy to guess/,
      );
    }
  });

  it('accepts the passphrases it offers, and a long phrase of unrelated words', () => {
    for (const password of [generatedPassphrase(), generatedPassphrase(), 'tulip marble violin harbour']) {
      expect(galleryPasswords([jenna], { [passwordVariable(jenna.id)]: password }).get(jenna.id)).toBe(password);
    }
  });

  it('refuses one password for two galleries: each gallery has its own', () => {
    const password = generatedPassphrase();
    const maria = gallery('maria-2026-11', 'Maria, November 2026');
    expect(() =>
      galleryPasswords([jenna, maria], {
        [passwordVariable(jenna.id)]: password,
        [passwordVariable(maria.id)]: password,
      }),
    ).toThrow(/PRIVATE_GALLERY_PASSWORD_MARIA_2026_11 is the same as PRIVATE_GALLERY_PASSWORD_JENNA_2026_10/);
  });

  it('warns, without refusing, about the password of the gallery being closed: a weak password never stops an urgent close', () => {
    const warnings: string[] = [];
    const env = { [passwordVariable(jenna.id)]: 'Jenna2026Oct!' };
    const { passwords } = closingPasswords([jenna], env, jenna.id, { warn: (m) => warnings.push(m) });
    expect(passwords.get(jenna.id)).toBe('Jenna2026Oct!');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^PRIVATE_GALLERY_PASSWORD_JENNA_2026_10 is too easy to guess .*: the next publish will refuse it; choose another, for example/,
    );
    expect(() => galleryPasswords([jenna], env)).toThrow(/is too easy to guess/);
  });
});
