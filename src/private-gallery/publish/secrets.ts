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
import { count } from './words.ts';
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

/** Why one gallery's password fails as publishing checks it (checkPasswords). */
export interface PasswordFailure {
  /** Its line under "Nothing was published:", naming the variable and offering a passphrase. */
  refusal: string;
  /** The same in a few words, for a gallery held instead ("… was not published (<reason>): …"). */
  reason: string;
  /** Only short or guessable (not missing, not another gallery's): the one closing may keep, with this warning. */
  weak?: { password: string; warning: string };
}

/**
 * Why publishing refuses a gallery's own password, or null: shorter than MIN_PASSWORD_LENGTH, or
 * (with `estimate`) too easy to guess, the gallery's name and title and the studio's name tried first.
 */
export function passwordWeakness(
  password: string,
  gallery: Pick<GallerySource, 'id' | 'title'>,
  studio: string,
  estimate = true,
): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `is shorter than ${MIN_PASSWORD_LENGTH} characters`;
  return estimate ? passwordProblem(password, userInputsOf(gallery.id, gallery.title, studio)) : null;
}

/**
 * Each gallery's password, checked as publishing checks it, in the galleries' order: the
 * passwords that pass, and by gallery why each other one fails. A gallery without its own password
 * (the sample aside, which uses the development password), one under 12 characters, one the
 * strength estimate finds too easy to guess (publish/strength.ts: the gallery's name and title and
 * the studio's name count as guessed first) or another gallery's fails. Without `estimate` (a
 * view of her galleries that seals nothing, the desk's cards: about 50 ms of CPU a password here),
 * the strength estimate is left to what seals: publishing, closing, a password she sets.
 */
export function checkPasswords(galleries: GallerySource[], env: Env, root = process.cwd(), estimate = true) {
  const passwords = new Map<string, string>();
  const failures = new Map<string, PasswordFailure>();
  const variables = new Map<string, string>();
  let studio: string | undefined;
  for (const gallery of galleries) {
    const variable = passwordVariable(gallery.id);
    const password = env[variable]?.trim();
    if (!password && isSampleGallery(gallery, root)) {
      passwords.set(gallery.id, DEVELOPMENT_PASSWORD);
      continue;
    }
    const example = generatedPassphrase();
    const other = password ? variables.get(password) : undefined;
    if (!password || other) {
      failures.set(gallery.id, {
        refusal: password
          ? `${variable} is the same as ${other}: each gallery needs its own, for example ${example}`
          : `the private gallery "${gallery.id}" has no password: set ${variable} in ${passwordsFilePlace(env, root).file}, for example ${variable}=${example}`,
        reason: password
          ? `${variable} is the same as ${other}; choose another, for example ${example}`
          : `${variable} is not set in ${passwordsFilePlace(env, root).file}; set it, for example ${variable}=${example}`,
      });
      continue;
    }
    variables.set(password, variable);
    const short = password.length < MIN_PASSWORD_LENGTH;
    studio ??= loadSettings(root).brand.name;
    const problem = passwordWeakness(password, gallery, studio, estimate);
    if (!problem) passwords.set(gallery.id, password);
    else {
      const weak = short ? problem : 'is too easy to guess';
      failures.set(gallery.id, {
        refusal: `${variable} ${problem}: ${short ? 'choose a longer one' : 'choose another'}, for example ${example}`,
        reason: `${variable} ${weak}; choose another, for example ${example}`,
        weak: {
          password,
          warning: `${variable} ${problem}: the next publish will refuse it; choose another, for example ${example}`,
        },
      });
    }
  }
  return { passwords, failures };
}

/**
 * Each gallery's password, as publishing needs them. Fails closed: any gallery's password that
 * fails (checkPasswords) stops publishing, naming the variable and offering a generated passphrase.
 * (Closing and removing hold such a gallery instead: publish/close-passwords.ts.)
 */
export function galleryPasswords(galleries: GallerySource[], env: Env, root = process.cwd(), estimate = true) {
  const { passwords, failures } = checkPasswords(galleries, env, root, estimate);
  if (failures.size) {
    throw new Error(
      `Nothing was published:\n  ${[...[...failures.values()].map((f) => f.refusal), ...ignoredFiles(env, root)].join('\n  ')}`,
    );
  }
  return passwords;
}

/**
 * The passwords file the commands read (in the galleries folder), and the passwords.env files they
 * do not read where she may have written one: the project folder, and the folder the galleries
 * folder is in.
 */
export function passwordsFilePlace(env: Env, root = process.cwd()) {
  const dir = privateGalleryDir(env);
  const file = join(dir, PASSWORDS_FILE);
  const ignored = [...new Set([resolve(root), dirname(dir)])]
    .map((folder) => join(folder, PASSWORDS_FILE))
    .filter((other) => other !== file && existsSync(other));
  return { dir, file, ignored };
}

/** For each passwords.env not read, the sentence that says so and where it belongs. */
function ignoredFiles(env: Env, root: string): string[] {
  const { dir, ignored } = passwordsFilePlace(env, root);
  return ignored.map(
    (other) => `${other} was not read: ${PASSWORDS_FILE} belongs in the galleries folder, ${dir}; move it there.`,
  );
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
export function gallerySecrets(galleries: GallerySource[], env: Env, logger?: Logger, root = process.cwd()) {
  const file = join(privateGalleryDir(env), PASSWORDS_FILE);
  const added: string[] = [];
  let seedText = env[SEED_VARIABLE]?.trim();
  if (seedText) keepInHerFile(SEED_VARIABLE, seedText, env, root, logger);
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
    logger?.warn(
      `wrote ${count(added.length, 'new secret')} to ${file}: keep that file private, beside the passwords.`,
    );
  }
  return { seed, links };
}

/** The studio's secrets in her words (the desk shows what publishing says). */
const STUDIO_SECRETS: Record<string, string> = {
  [SEED_VARIABLE]: 'the secret your galleries are sealed with',
  PRIVATE_GALLERY_INBOX_KEY: "your studio's key to your clients' selections",
};

/**
 * A studio secret (the seed, the inbox key) that publishing has from the project's own
 * content/private/passwords.env alone (made there by the sample's local preview, `npm start`, before
 * her galleries folder existed; readEnv reads that file last) is written into her folder's
 * passwords.env too, saying so: her galleries are sealed with it, so it must be in the file she
 * backs up, not only inside the website's project. A value from her environment or her own file,
 * or a run on the sample folder itself, writes nothing.
 */
export function keepInHerFile(name: string, value: string, env: Env, root: string, logger?: Logger): void {
  const dir = privateGalleryDir(env);
  const sample = join(resolve(root, IN_REPOSITORY_DIR), PASSWORDS_FILE);
  const file = join(dir, PASSWORDS_FILE);
  if (!existsSync(dir)) return;
  const valueIn = (path: string) => (existsSync(path) ? parseEnv(readFileSync(path, 'utf8'))[name]?.trim() : undefined);
  if (valueIn(file) !== undefined || valueIn(sample) !== value) return;
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writePasswordsFile(file, `${before}${before && !before.endsWith('\n') ? '\n' : ''}${name}=${value}\n`);
  logger?.warn(
    `Kept ${STUDIO_SECRETS[name] ?? name} in ${file} too: it was only in ${sample}, inside your website's files. Keep it with your backup of that file.`,
  );
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

/**
 * What to say when passwords.env can be read by other accounts; else null. Hers (written by hand,
 * as docs/owner.md says): made readable by her account alone, said once. Another account's, or on a
 * drive that keeps no permissions: the warning, on every run, with the command that fixes it.
 */
export function passwordsFileWarning(env: Env): string | null {
  const file = join(privateGalleryDir(env), PASSWORDS_FILE);
  const loose = () => (statSync(file).mode & 0o077) !== 0;
  if (!existsSync(file) || !loose()) return null;
  if (statSync(file).uid === process.getuid?.()) {
    chmodSync(file, 0o600);
    if (!loose()) return `${file} was readable by others on this computer; it is now readable by you only.`;
  }
  return `${file} can be read by other accounts on this computer: run "chmod 600 ${file}" so only yours can.`;
}
