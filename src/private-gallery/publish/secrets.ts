import { randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { LINK_PARAM } from '../format/types.ts';
import { fromBase64Url, randomBytes, toBase64Url } from '../format/encodings.ts';
import { newSalt, SECRET_BYTES } from '../format/keys.ts';
import { SEED_BYTES } from '../format/seal.ts';
import { parseSiteSalt } from './gallery-file.ts';
import { RECORD_FILE } from './record.ts';
import { IN_REPOSITORY_DIR, privateGalleryDir, type Env, type GallerySource } from './sources.ts';
import { passwordProblem, userInputsOf } from './strength.ts';
import { loadSettings } from '../../lib/content/settings.ts';
import { GALLERY_PARAM, privateGalleryLink } from '../../lib/site/private-links.ts';

/** The sample gallery's password, written in the README; no other gallery may go without its own. */
export const DEVELOPMENT_PASSWORD = 'coastlight-preview-gallery';
/** The in-repository sample gallery: the only one published with the development password. */
export const SAMPLE_GALLERY = { id: 'preview', folder: 'content/private/preview' } as const;
/** The shortest password publishing accepts. */
export const MIN_PASSWORD_LENGTH = 12;
/** The variable of the secret seed that keys and decoys derive from (kept with the passwords). */
export const SEED_VARIABLE = 'PRIVATE_GALLERY_SEED';
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
  return privateGalleryLink(siteUrl, LINK_PARAM, toBase64Url(secret));
}

/**
 * Her invitation link: her gallery's name in the fragment (never sent to the host), so the page
 * asks only for her password. It opens nothing by itself: it goes with her password.
 */
export function invitationLink(siteUrl: string, id: string): string {
  return privateGalleryLink(siteUrl, GALLERY_PARAM, encodeURIComponent(id));
}

/** A generated passphrase to offer: four groups of four letters and digits (80 bits), easy to type on a phone. */
export function generatedPassphrase(): string {
  const letters = 'abcdefghijkmnpqrstuvwxyz23456789';
  const group = () => Array.from({ length: 4 }, () => letters[randomInt(letters.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

/** Whether a gallery is the in-repository sample (its id and its folder). */
export function isSampleGallery(gallery: GallerySource, root = process.cwd()): boolean {
  const folder = resolve(root, SAMPLE_GALLERY.folder);
  return gallery.id === SAMPLE_GALLERY.id && gallery.photos.every((photo) => dirname(resolve(photo.path)) === folder);
}

/**
 * Each gallery's password. Fails closed: a gallery without its own password (the sample aside,
 * which uses the development password), with one under 12 characters, one that the strength
 * estimate finds too easy to guess (publish/strength.ts: the gallery's name and title and the
 * studio's name count as guessed first) or another gallery's stops publishing, naming the variable
 * and offering a generated passphrase.
 */
export function galleryPasswords(
  galleries: GallerySource[],
  env: Env,
  logger?: Logger,
  root = process.cwd(),
  /**
   * False for closing and removing: a short or guessable password is then a warning, not a refusal,
   * so an urgent `close` is never stopped by a password publishing would refuse.
   */
  strict = true,
) {
  const passwords = new Map<string, string>();
  const problems: string[] = [];
  const variables = new Map<string, string>();
  let studio: string | undefined;
  for (const gallery of galleries) {
    const variable = passwordVariable(gallery.id);
    const password = env[variable]?.trim();
    if (!password && isSampleGallery(gallery, root)) {
      passwords.set(gallery.id, DEVELOPMENT_PASSWORD);
      continue;
    }
    if (!password) {
      problems.push(
        `the private gallery "${gallery.id}" has no password: set ${variable} in ${PASSWORDS_FILE}, for example ${variable}=${generatedPassphrase()}`,
      );
    } else if (password.length < MIN_PASSWORD_LENGTH && strict) {
      problems.push(
        `${variable} is shorter than ${MIN_PASSWORD_LENGTH} characters: choose a longer one, for example ${generatedPassphrase()}`,
      );
    } else if (variables.has(password)) {
      problems.push(
        `${variable} is the same as ${variables.get(password)}: each gallery needs its own, for example ${generatedPassphrase()}`,
      );
    } else {
      studio ??= loadSettings(root).brand.name;
      const problem =
        password.length < MIN_PASSWORD_LENGTH
          ? `is shorter than ${MIN_PASSWORD_LENGTH} characters`
          : passwordProblem(password, userInputsOf(gallery.id, gallery.title, studio));
      if (problem && strict) {
        problems.push(`${variable} ${problem}: choose another, for example ${generatedPassphrase()}`);
      } else {
        if (problem) {
          logger?.warn(
            `${variable} ${problem}: the next publish will refuse it; choose another, for example ${generatedPassphrase()}`,
          );
        }
        passwords.set(gallery.id, password);
        variables.set(password, variable);
      }
    }
  }
  if (problems.length) throw new Error(`Nothing was published:\n  ${problems.join('\n  ')}`);
  return passwords;
}

/** The variable with a gallery's private links: PRIVATE_GALLERY_LINKS_JENNA_2026_10 (secrets, comma-separated). */
export function linksVariable(id: string): string {
  return passwordVariable(id).replace('PRIVATE_GALLERY_PASSWORD_', 'PRIVATE_GALLERY_LINKS_');
}

/**
 * The secret seed and each gallery's private-link secrets, from the environment and the private
 * passwords file. What is missing is made once and written to that file (git-ignored, in the
 * private folder): a new seed, and one link for a gallery that has no links variable yet. Each
 * link has its own random secret: deleting one from the list withdraws that link alone; an empty
 * list means no link.
 */
export function gallerySecrets(galleries: GallerySource[], env: Env, logger?: Logger) {
  const file = join(privateGalleryDir(env), PASSWORDS_FILE);
  const added: string[] = [];
  let seedText = env[SEED_VARIABLE]?.trim();
  if (!seedText) {
    // Never a new seed over galleries published with another: it would re-key (and wipe) them all.
    const record = join(privateGalleryDir(env), RECORD_FILE);
    if (existsSync(record)) {
      throw new Error(
        `Nothing was published: ${file} has no ${SEED_VARIABLE}, but ${record} shows galleries were published from this folder; put back the passwords.env they were published with (from your backup), then publish again.`,
      );
    }
    seedText = toBase64Url(randomBytes(SEED_BYTES));
    added.push(`${SEED_VARIABLE}=${seedText}`);
  }
  const seed = fromBase64Url(seedText);
  if (seed.length !== SEED_BYTES) throw new Error(`${SEED_VARIABLE} must be ${SEED_BYTES} bytes in base64url`);
  const links = new Map<string, Uint8Array<ArrayBuffer>[]>();
  for (const gallery of galleries) {
    const variable = linksVariable(gallery.id);
    let value = env[variable];
    if (value === undefined) {
      value = toBase64Url(randomBytes(SECRET_BYTES));
      added.push(`${variable}=${value}`);
    }
    const secrets = value
      .split(',')
      .map((text) => text.trim())
      .filter(Boolean)
      .map((text) => {
        const secret = fromBase64Url(text);
        if (secret.length !== SECRET_BYTES)
          throw new Error(`${variable}: each link is ${SECRET_BYTES} bytes in base64url`);
        return secret;
      });
    links.set(gallery.id, secrets);
  }
  if (added.length) {
    const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
    writePasswordsFile(file, `${before}${before && !before.endsWith('\n') ? '\n' : ''}${added.join('\n')}\n`);
    logger?.warn(`wrote ${added.length} new secret(s) to ${file}: keep that file private, beside the passwords.`);
  }
  return { seed, links };
}

/**
 * Writes the passwords file (every command that writes it goes through here): created readable
 * by the owner's account alone, since the seed and the link secrets open every gallery; an
 * existing file keeps its permissions (passwordsFileWarning says when they are too wide).
 */
export function writePasswordsFile(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true });
  const created = !existsSync(file);
  writeFileSync(file, text, { mode: 0o600 });
  if (created) chmodSync(file, 0o600);
}

/** The warning to print on every run when passwords.env can be read by other accounts; else null. */
export function passwordsFileWarning(env: Env): string | null {
  const file = join(privateGalleryDir(env), PASSWORDS_FILE);
  if (!existsSync(file) || (statSync(file).mode & 0o077) === 0) return null;
  return `${file} can be read by other accounts on this computer: run "chmod 600 ${file}" so only yours can.`;
}
