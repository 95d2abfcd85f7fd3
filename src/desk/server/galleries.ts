// The desk's gallery-making: a new gallery folder with its gallery.yaml (checked by gallery-file.ts,
// the file's own rules and messages) and its password in passwords.env (checked as publishing
// checks it: secrets.ts galleryPasswords), and her photos copied into it.
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, extname, isAbsolute, join } from 'node:path';
import { isMap, isSeq, parseDocument, stringify } from 'yaml';
import { isCalendarDay, parseGalleryFile } from '../../private-gallery/publish/gallery-file.ts';
import { isExpired } from '../../private-gallery/format/dates.ts';
import {
  galleryPasswords,
  generatedPassphrase,
  linksVariable,
  PASSWORDS_FILE,
  passwordVariable,
  writePasswordsFile,
} from '../../private-gallery/publish/secrets.ts';
import { homeFolder, IMAGE_EXTENSIONS, readGallery } from '../../private-gallery/publish/sources.ts';
import { insideProject, missingFolder, type DeskSetup } from './actions.ts';
import { recordOrNone } from '../../private-gallery/publish/published-state.ts';
import { sha256 } from '../../private-gallery/publish/cache.ts';
import { linkCode, photoIdentity, readShares, sharesVariable } from '../../private-gallery/publish/share.ts';
import { defaultsOf, defaultsRefusal, DEFAULTS_FILE, type GalleryDefaults } from './defaults.ts';

/**
 * A refusal the desk shows as it is: one sentence, with the form field it is about when there is one
 * (the page shows it beside that field), and for a weak password a strong one she may use instead.
 */
export class DeskError extends Error {
  field: string | undefined;
  suggestion: string | undefined;
  constructor(message?: string, { field, suggestion }: { field?: string; suggestion?: string } = {}) {
    super(message);
    this.field = field;
    this.suggestion = suggestion;
  }
}

/** `check()`, its refusal said beside `field`. */
function about<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof DeskError && error.field === undefined) throw new DeskError(error.message, { field });
    throw error;
  }
}

/**
 * An error's message, as the checks that throw it (gallery-file.ts, sources.ts) wrote it. They
 * throw Errors; anything else thrown reads as undefined, as `error.message` did.
 */
const messageOf = (error: unknown) => (error as Error | undefined)?.message;

/** Why the desk writes nothing yet: her galleries folder is not made, and the project is never the place for a client's files. */
export const NO_FOLDER_YET =
  'Your galleries folder is not made yet: press "Make my galleries folder" on Galleries first, so her photos and password stay outside your website.';

/** Refuses any write into the project (its content/private/ holds only the sample): her clients' files go to her galleries folder only. */
function refuseProject(setup: DeskSetup): void {
  if (!setup.own || !existsSync(setup.own)) throw new DeskError(NO_FOLDER_YET);
  if (setup.refusal) throw new DeskError(setup.refusal);
  if (insideProject(setup.root, setup.dir)) throw new DeskError(NO_FOLDER_YET);
}

/** The folder name rule of sources.ts readGallery, at most 64 characters (a file system's name limit is far above it). */
const GALLERY_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Characters no file name of hers holds: control characters and the bidirectional marks that reorder what she reads. */
const UNSAFE_NAME = /[\p{Cc}\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;

/** The gallery.yaml the form makes: the same fields she could write by hand, in the same order. */
export function galleryYaml({
  title,
  expires,
  downloads,
  included,
  limit,
  extraPhotoPrice,
}: Record<string, unknown>): string {
  const file = {
    title,
    ...(expires ? { expires } : {}),
    downloads: downloads || 'web',
    ...(included ? { included: Number(included) } : {}),
    ...(included && extraPhotoPrice ? { extraPhotoPrice } : {}),
    ...(included && limit === 'strict' ? { limit: 'strict' } : {}),
  };
  return (
    '# One private client gallery, made with the studio desk: edit it here or on the desk (docs/owner.md).\n' +
    stringify(file, { lineWidth: 0 })
  );
}

/** The text a passwords file holds for `variable`, quoted when the value needs it. */
function envLine(variable: string, value: string): string {
  if (/[\n\r]/.test(value)) throw new DeskError('A password is one line: choose one without a line break.');
  if (!/[\s#'"`\\$]/.test(value)) return `${variable}=${value}`;
  if (!value.includes("'")) return `${variable}='${value}'`;
  if (!/["\\$`]/.test(value)) return `${variable}="${value}"`;
  throw new DeskError('A password may hold quotes of one kind only: choose one without both kinds.');
}

/**
 * Checks her password as publishing will (galleryPasswords, strict), for a gallery of this id and
 * title; returns the sentence that refuses it, or null.
 */
export function passwordRefusal(id: string, title: string, password: string, root = process.cwd()): string | null {
  const variable = passwordVariable(id);
  try {
    galleryPasswords(
      [{ id, title, folder: '', expires: null, downloads: 'web', photos: [] }],
      { [variable]: password },
      root,
    );
    return null;
  } catch (error) {
    return String((error as Error).message).replace(/^Nothing was published:\n\s*/, '');
  }
}

/**
 * A new gallery: its folder in her galleries folder (never made when that folder is missing), its
 * gallery.yaml, and its password in passwords.env (hers if strong enough, else a generated one).
 * Returns `{ id, password, generated }`; throws DeskError with the sentence that refuses it.
 */
export function newGallery(
  setup: DeskSetup,
  fields: Record<string, unknown>,
  now = () => new Date(),
): { id: string; password: string; generated: boolean } {
  const id = String(fields.id ?? '').trim();
  if (!GALLERY_ID.test(id)) {
    throw new DeskError('The folder name uses only a-z, 0-9 and dashes, at most 64 of them, e.g. jenna-2026-10.', {
      field: 'id',
    });
  }
  refuseProject(setup);
  if (!existsSync(setup.dir)) throw new DeskError(missingFolder(setup.dir));
  const folder = join(setup.dir, id);
  if (existsSync(folder)) {
    throw new DeskError(`There is already a gallery folder ${folder}: choose another name.`, { field: 'id' });
  }
  // Every field is checked before anything is made: a mistyped folder path never leaves an empty gallery behind.
  if (String(fields.from ?? '').trim()) about('from', () => photoFolder(fields.from));
  if (fields.expires && isCalendarDay(String(fields.expires)) && isExpired(String(fields.expires), now())) {
    throw new DeskError('That last day has already passed: choose today or a later day, or leave it empty.', {
      field: 'expires',
    });
  }
  const yaml = galleryYaml(fields);
  const parsed = (() => {
    try {
      return parseGalleryFile(yaml, join(folder, 'gallery.yaml'));
    } catch (error) {
      throw new DeskError(messageOf(error));
    }
  })();
  const variable = passwordVariable(id);
  const env = setup.env;
  if (env[variable]) {
    throw new DeskError(
      `${variable} is already set in ${join(setup.dir, PASSWORDS_FILE)}: choose another folder name, or take that line out first.`,
      { field: 'id' },
    );
  }
  const given = String(fields.password ?? '').trim();
  const password = given || generatedPassphrase();
  const refusal = passwordRefusal(id, parsed.title, password, setup.root);
  if (refusal) {
    // The strong password the sentence offers is the one "Use this one" puts in her field.
    const offered = /\b[a-z2-9]{4}(?:-[a-z2-9]{4}){3}\b/.exec(refusal)?.[0] ?? generatedPassphrase();
    throw new DeskError(refusal, { field: 'password', suggestion: offered });
  }
  const line = envLine(variable, password);
  mkdirSync(folder);
  writeFileSync(join(folder, 'gallery.yaml'), yaml);
  const file = join(setup.dir, PASSWORDS_FILE);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writePasswordsFile(file, `${before}${before && !before.endsWith('\n') ? '\n' : ''}${line}\n`);
  return { id, password, generated: !given };
}

/**
 * One of her photos, copied into a gallery folder the desk lists (never over a file already there).
 * Returns the file's name.
 */
export function addPhoto(setup: DeskSetup, id: unknown, name: unknown, bytes: Uint8Array): string {
  refuseProject(setup);
  const folder = galleryFolderOf(setup, id);
  const file = basename(String(name ?? ''));
  if (UNSAFE_NAME.test(file) || file.length > 255) {
    throw new DeskError('This photo’s file name holds characters a gallery does not take: rename it and add it again.');
  }
  if (!file || file !== name || !IMAGE_EXTENSIONS.has(extname(file).toLowerCase())) {
    throw new DeskError(`${file || 'This file'} is not a photo a gallery takes: JPEG, PNG, WebP or AVIF.`);
  }
  if (existsSync(join(folder, file))) throw new DeskError(`${file} is already in ${id}: it was left as it was.`);
  writeFileSync(join(folder, file), bytes, { flag: 'wx' });
  return file;
}

/** The description readGallery gives a photo gallery.yaml does not describe: not hers, so not written. */
export const unnamedAlt = (index: number) => `Photograph ${index + 1} of your gallery`;

/**
 * Her photos' order and descriptions, written into the gallery's gallery.yaml as its `photos` list
 * (`- file: …` with `alt: …` when she wrote one), every other line as it was; the file is checked
 * by gallery-file.ts before it is written, and refused with its message. `files`: the photos'
 * names in her order (every photo of the folder, once); `alts`: their descriptions, empty for none.
 */
export function savePhotos(
  setup: DeskSetup,
  id: unknown,
  files: unknown,
  alts: unknown,
): { id: unknown; photos: number } {
  refuseProject(setup);
  const folder = galleryFolderOf(setup, id);
  const file = join(folder, 'gallery.yaml');
  const gallery = (() => {
    try {
      return readGallery(folder);
    } catch (error) {
      throw new DeskError(messageOf(error));
    }
  })();
  const present = gallery.photos.map((photo) => basename(photo.path));
  const names = Array.isArray(files) ? files.map(String) : [];
  const texts = Array.isArray(alts) ? alts.map((alt) => String(alt ?? '').trim()) : [];
  if (names.length !== present.length || [...present].sort().join('/') !== [...names].sort().join('/')) {
    throw new DeskError('The photos in its folder changed since this page was shown: reload the page and try again.');
  }
  const document = parseDocument(readFileSync(file, 'utf8'));
  document.set(
    'photos',
    names.map((name, index) => ({ file: name, ...(texts[index] ? { alt: texts[index] } : {}) })),
  );
  writeChecked(file, document);
  return { id, photos: names.length };
}

/**
 * The folder she named by its path (pasted, or typed), checked: a folder on this computer, or the
 * sentence that says how to copy its path again. A path copied on Windows ("Copy as path") comes in
 * quotes; ~ is her home folder, as in a shell.
 */
export function photoFolder(from: unknown): string {
  const path = homeFolder(
    String(from ?? '')
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2'),
  );
  if (!path || !isAbsolute(path) || !existsSync(path) || !statSync(path).isDirectory()) {
    throw new DeskError(
      `There is no folder "${path}" on this computer: copy its path again (on a Mac, hold Option in the Finder's Edit menu for "Copy as Pathname"; on Windows, hold Shift, right-click the folder and choose "Copy as path").`,
    );
  }
  return path;
}

/**
 * Her photos copied from a folder she named by its path (pasted, or typed), into a gallery the desk
 * made: every JPEG, PNG, WebP or AVIF in it (not in its sub-folders), never over a file already
 * there; the folder and its photos stay as they were. Returns `{ copied, left }`: the names copied,
 * and the files left out, each with why.
 */
export function copyFolder(setup: DeskSetup, id: unknown, from: unknown): { copied: string[]; left: string[] } {
  refuseProject(setup);
  const folder = galleryFolderOf(setup, id);
  const path = photoFolder(from);
  // An entry that cannot be read (a broken link, no permission) is skipped and named; so is a name a gallery does not take.
  const unreadable: string[] = [];
  const names = readdirSync(path)
    .filter((name) => {
      if (UNSAFE_NAME.test(name)) {
        unreadable.push(`${name.replace(UNSAFE_NAME, '?')}: its name holds characters a gallery does not take`);
        return false;
      }
      try {
        return statSync(join(path, name)).isFile();
      } catch {
        unreadable.push(`${name}: it could not be read (a link to nothing, or not yours to open)`);
        return false;
      }
    })
    .sort();
  const photos = names.filter((name) => IMAGE_EXTENSIONS.has(extname(name).toLowerCase()));
  if (!photos.length) throw new DeskError(`${path} holds no photo a gallery takes: JPEG, PNG, WebP or AVIF.`);
  const copied: string[] = [];
  const left = [
    ...unreadable,
    ...names
      .filter((name) => !photos.includes(name) && !name.startsWith('.'))
      .map((name) => `${name}: not a photo a gallery takes (JPEG, PNG, WebP or AVIF)`),
  ];
  for (const name of photos) {
    if (existsSync(join(folder, name))) {
      left.push(`${name}: already in ${id}, left as it was`);
      continue;
    }
    copyFileSync(join(path, name), join(folder, name), constants.COPYFILE_EXCL);
    copied.push(name);
  }
  return { copied, left };
}

/** A gallery.yaml written only once its own rules (gallery-file.ts) take it; else refused with their sentence. */
function writeChecked(file: string, document: ReturnType<typeof parseDocument>): void {
  const text = document.toString({ lineWidth: 0 });
  try {
    parseGalleryFile(text, file);
  } catch (error) {
    throw new DeskError(messageOf(error));
  }
  writeFileSync(file, text);
}

/** Her gallery's folder by its id, as the desk lists it, or the sentence that there is none. */
function galleryFolderOf(setup: DeskSetup, id: unknown): string {
  const folder = join(setup.dir, String(id ?? ''));
  if (!GALLERY_ID.test(String(id ?? '')) || !existsSync(join(folder, 'gallery.yaml'))) {
    throw new DeskError(`There is no gallery "${id}" in ${setup.dir}.`);
  }
  return folder;
}

/**
 * Her gallery's settings changed in place: its title, last day, downloads and package, written into
 * its gallery.yaml with every other line kept (its photos, her own comments), checked by the file's
 * own rules first. A last day moved into the past is refused; one already past may stay as it is.
 */
export function saveSettings(
  setup: DeskSetup,
  id: unknown,
  fields: Record<string, unknown>,
  now = () => new Date(),
): { message: string } {
  refuseProject(setup);
  const folder = galleryFolderOf(setup, id);
  const file = join(folder, 'gallery.yaml');
  const document = parseDocument(readFileSync(file, 'utf8'));
  const before = document.get('expires');
  const expires = String(fields.expires ?? '').trim();
  const was = before instanceof Date ? before.toISOString().slice(0, 10) : String(before ?? '');
  if (expires && expires !== was && isCalendarDay(expires) && isExpired(expires, now())) {
    throw new DeskError('That last day has already passed: choose today or a later day, or leave it empty.');
  }
  const set = (key: string, value: unknown) =>
    value === undefined || value === '' ? document.delete(key) : document.set(key, value);
  const included = String(fields.included ?? '').trim();
  set('title', String(fields.title ?? '').trim() || undefined);
  set('expires', expires || undefined);
  set('downloads', String(fields.downloads ?? 'web'));
  set('included', included ? Number(included) : undefined);
  set('extraPhotoPrice', included ? String(fields.extraPhotoPrice ?? '').trim() || undefined : undefined);
  set('limit', included && fields.limit === 'strict' ? 'strict' : undefined);
  writeChecked(file, document);
  return { message: 'Saved. Publish for her to see the change.' };
}

/** The passwords file's text without the lines of these variables. */
const withoutLines = (text: string, variables: string[]) =>
  text
    .split('\n')
    .filter((line) => !variables.some((variable) => line.startsWith(`${variable}=`)))
    .join('\n');

/**
 * A new password for her gallery, hers if strong enough, else one made for her: written over its
 * line in passwords.env. The old one opens nothing once she publishes.
 */
export function changePassword(
  setup: DeskSetup,
  id: unknown,
  password: unknown,
): { password: string; generated: boolean; message: string } {
  refuseProject(setup);
  const folder = galleryFolderOf(setup, id);
  // galleryFolderOf took it as a folder name: a string of GALLERY_ID's form.
  const name = String(id);
  const given = String(password ?? '').trim();
  const next = given || generatedPassphrase();
  const refusal = passwordRefusal(name, readGallery(folder).title, next, setup.root);
  if (refusal) throw new DeskError(refusal);
  const variable = passwordVariable(name);
  const line = envLine(variable, next);
  const file = join(setup.dir, PASSWORDS_FILE);
  const kept = withoutLines(existsSync(file) ? readFileSync(file, 'utf8') : '', [variable]);
  writePasswordsFile(file, `${kept}${kept && !kept.endsWith('\n') ? '\n' : ''}${line}\n`);
  return {
    password: next,
    generated: !given,
    message: 'Her new password is set: publish, then send her the new password. The old one opens nothing after that.',
  };
}

/**
 * A gallery never published, deleted with its folder (the photos copied into it; her own folder of
 * originals is untouched) and its lines in passwords.env. A gallery ever published is refused: it
 * is closed or removed, so that her link answers as it should.
 */
export function deleteGallery(setup: DeskSetup, id: unknown): { message: string } {
  refuseProject(setup);
  const folder = galleryFolderOf(setup, id);
  // galleryFolderOf took it as a folder name: a string of GALLERY_ID's form.
  const name = String(id);
  const record = recordOrNone(setup.recordFile);
  if (Object.values(record.targets).some((target) => target.galleries[name])) {
    throw new DeskError(
      'This gallery has been published, so it is not deleted here: close it, or take its folder away and remove it from your website.',
    );
  }
  rmSync(folder, { recursive: true, force: true });
  const file = join(setup.dir, PASSWORDS_FILE);
  if (existsSync(file)) {
    writePasswordsFile(
      file,
      withoutLines(readFileSync(file, 'utf8'), [passwordVariable(name), linksVariable(name), sharesVariable(name)]),
    );
  }
  return { message: `The gallery ${id} is deleted, with its folder and its password.` };
}

/** Where the desk keeps a photo she took out of a gallery: in her galleries folder, per gallery, never deleted. */
export const REMOVED_FOLDER = 'removed-photos';

/** A file name not yet taken in `folder`: `name`, else `name` with -2, -3… before its extension. */
function freeName(folder: string, name: string): string {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  let candidate = name;
  for (let n = 2; existsSync(join(folder, candidate)); n++) candidate = `${stem}-${n}${extension}`;
  return candidate;
}

/** A photo of her gallery by its file name as the desk showed it, or the sentence that it is not there. */
function photoOf(folder: string, id: unknown, file: unknown): string {
  const name = String(file ?? '');
  const gallery = readChecked(folder);
  if (!gallery.photos.some((photo) => basename(photo.path) === name)) {
    throw new DeskError(`${name || 'This photo'} is not in ${String(id)} any more: reload the page to see its photos.`);
  }
  return name;
}

/** Her gallery read by publishing's own reader, or its sentence as a refusal. */
function readChecked(folder: string) {
  try {
    return readGallery(folder);
  } catch (error) {
    throw new DeskError(messageOf(error));
  }
}

/** The codes of her gallery's partner links that show this photo (by its identity, as publish/share.ts names photos). */
function sharesShowing(setup: DeskSetup, folder: string, path: string): string[] {
  try {
    const identity = photoIdentity(sha256(readFileSync(path)));
    const gallery = readGallery(folder);
    const shares = readShares([gallery], setup.env, setup.root, undefined, false).get(gallery.id) ?? [];
    return shares.filter((share) => share.photos.some((photo) => photo.id === identity)).map(linkCode);
  } catch {
    // A partner-links line publishing would refuse: publishing says why.
    return [];
  }
}

/**
 * One photo taken out of her gallery: its file moved (never deleted) to removed-photos/<gallery>/ in
 * her galleries folder, and its line in gallery.yaml's photos list taken out, every other line kept.
 * Returns where it is kept, the sentence to show, and a warning for each partner link that shows it
 * (publishing holds the gallery as it was until that link is withdrawn or the photo is back).
 */
export function removePhoto(
  setup: DeskSetup,
  id: unknown,
  file: unknown,
): { kept: string; message: string; warnings: string[] } {
  refuseProject(setup);
  const folder = galleryFolderOf(setup, id);
  const name = photoOf(folder, id, file);
  const showing = sharesShowing(setup, folder, join(folder, name));
  const yaml = join(folder, 'gallery.yaml');
  const document = parseDocument(readFileSync(yaml, 'utf8'));
  const listed = document.get('photos');
  if (isSeq(listed)) {
    listed.items = listed.items.filter((item) => !(isMap(item) && String(item.get('file') ?? '') === name));
  }
  const keptIn = join(setup.dir, REMOVED_FOLDER, String(id));
  mkdirSync(keptIn, { recursive: true, mode: 0o700 });
  const kept = join(keptIn, freeName(keptIn, name));
  // Checked before the photo moves: a gallery.yaml its rules refuse leaves the photo where it was.
  const text = document.toString({ lineWidth: 0 });
  try {
    parseGalleryFile(text, yaml);
  } catch (error) {
    throw new DeskError(messageOf(error));
  }
  renameSync(join(folder, name), kept);
  writeFileSync(yaml, text);
  return {
    kept,
    message: `${name} is out of the gallery, kept on your computer in ${keptIn}. Publish for her to see the change.`,
    warnings: showing.map(
      (code) =>
        `Its partner link ${code}… shows ${name}: withdraw that link, or put the photo back, or publishing keeps this gallery as it was last published.`,
    ),
  };
}

/**
 * Her gallery's cover: the photo she chose goes first in gallery.yaml's photos list (the others
 * keep their order and descriptions), so it is the first photo her client sees and the card's cover.
 * The gallery format has no cover of its own: its first photo is the one her page opens on.
 */
export function chooseCover(setup: DeskSetup, id: unknown, file: unknown): { message: string } {
  refuseProject(setup);
  const folder = galleryFolderOf(setup, id);
  const name = photoOf(folder, id, file);
  const gallery = readChecked(folder);
  const yaml = join(folder, 'gallery.yaml');
  const document = parseDocument(readFileSync(yaml, 'utf8'));
  const entries = gallery.photos.map((photo, index) => ({
    file: basename(photo.path),
    ...(photo.alt === unnamedAlt(index) ? {} : { alt: photo.alt }),
  }));
  const chosen = entries.find((entry) => entry.file === name)!;
  document.set('photos', [chosen, ...entries.filter((entry) => entry !== chosen)]);
  writeChecked(yaml, document);
  return { message: `${name} is the cover: her gallery opens on it. Publish for her to see the change.` };
}

/** Her settings for a new gallery, checked and kept in her galleries folder (never in the project). */
export function saveDefaults(setup: DeskSetup, fields: Record<string, unknown>): GalleryDefaults & { message: string } {
  refuseProject(setup);
  const refusal = defaultsRefusal(fields);
  if (refusal) throw new DeskError(refusal);
  const defaults = defaultsOf(fields);
  writeFileSync(join(setup.dir, DEFAULTS_FILE), `${JSON.stringify(defaults, null, 2)}\n`, { mode: 0o600 });
  return { ...defaults, message: 'Saved: a new gallery starts with these settings.' };
}
