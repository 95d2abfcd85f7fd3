import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseEnv } from 'node:util';
import { LINK_PARAM, newSalt, toBase64Url } from '../format/crypto.ts';
import { parseSiteSalt } from './gallery-file.ts';
import { IN_REPOSITORY_DIR, privateGalleryDir, type Env, type GallerySource } from './sources.ts';

/** Used for a gallery that has no password configured; written in the README. Never for a live site. */
export const DEVELOPMENT_PASSWORD = 'coastlight-preview-gallery';
/** The committed site salt: changing it logs every client out of every gallery. */
export const SALT_FILE = 'content/private-gallery-salt.txt';
/** The git-ignored file, inside the private folder, that may hold the galleries' passwords. */
export const PASSWORDS_FILE = 'passwords.env';

/** Where publishing reports what it says: a build's logger, or the console. */
export interface Logger {
  warn(message: string): void;
}

/**
 * The environment publishing sees: the real one wins over `.env`, which wins over the passwords
 * file in the galleries folder, which wins over the one in content/private/ (git-ignored too).
 */
export function readEnv(root = process.cwd(), env: Env = process.env): Env {
  const read = (file: string) => (existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {});
  const dotEnv = read(join(root, '.env'));
  const dir = privateGalleryDir({ ...dotEnv, ...env });
  return {
    ...read(join(root, IN_REPOSITORY_DIR, PASSWORDS_FILE)),
    ...read(join(dir, PASSWORDS_FILE)),
    ...dotEnv,
    ...env,
  };
}

/** The environment variable that holds a gallery's password: PRIVATE_GALLERY_PASSWORD_JENNA_2026_10. */
export function passwordVariable(id: string): string {
  return `PRIVATE_GALLERY_PASSWORD_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** The site salt: PRIVATE_GALLERY_SALT, else the committed salt file (made once if missing). */
export function siteSalt(env: Env, root = process.cwd(), logger?: Logger): string {
  const fromEnv = env['PRIVATE_GALLERY_SALT']?.trim();
  if (fromEnv) return fromEnv;
  const file = join(root, SALT_FILE);
  if (existsSync(file)) return parseSiteSalt(readFileSync(file, 'utf8'), SALT_FILE);
  const salt = newSalt();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${salt}\n`);
  logger?.warn(`made a new site salt in ${SALT_FILE}: commit it, or every rebuild elsewhere logs clients out.`);
  return salt;
}

/** The private link of a gallery: its access secret in the fragment, which browsers never send. */
export function privateLink(siteUrl: string, secret: Uint8Array): string {
  return `${siteUrl.replace(/\/$/, '')}/private-gallery#${LINK_PARAM}=${toBase64Url(secret)}`;
}

/** Each gallery's password; a gallery without one gets the development password, with a warning. */
export function galleryPasswords(galleries: GallerySource[], env: Env, logger?: Logger) {
  const passwords = new Map<string, string>();
  for (const gallery of galleries) {
    const variable = passwordVariable(gallery.id);
    const password = env[variable]?.trim();
    if (!password) {
      logger?.warn(
        `${variable} is not set: the private gallery "${gallery.id}" uses the development password from the README. Set it before publishing.`,
      );
      passwords.set(gallery.id, DEVELOPMENT_PASSWORD);
      continue;
    }
    if (password.length < 12) logger?.warn(`${variable} is shorter than 12 characters: choose a longer one.`);
    passwords.set(gallery.id, password);
  }
  return passwords;
}
