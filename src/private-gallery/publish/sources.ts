import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, extname, isAbsolute, join, relative, resolve } from 'node:path';
import type { DownloadPolicy, SelectionRules } from '../format/types.ts';
import { parseGalleryFile, selectionRules } from './gallery-file.ts';

/** The photo files a gallery folder may hold. */
export const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif']);

export interface PhotoSource {
  path: string;
  alt: string;
}

export interface GallerySource {
  /** The folder name: lower-case letters, digits and dashes. */
  id: string;
  /** The gallery's folder. */
  folder: string;
  title: string;
  expires: string | null;
  downloads: DownloadPolicy;
  photos: PhotoSource[];
  /** Proofing: how many photos her package includes (gallery.yaml `included`), if set. */
  selection?: SelectionRules;
}

export type Env = Record<string, string | undefined>;

/** The folder in the repository that still holds galleries: the sample, and any not yet moved out. */
export const IN_REPOSITORY_DIR = 'content/private';
/** The owner's galleries folder when PRIVATE_GALLERY_DIR is not set: in her home folder, outside the project. */
export const DEFAULT_GALLERY_DIR = join(homedir(), 'coastlight-galleries');

/** A folder as a shell reads it: `~` and `~/…` are her home folder (.env is not read by a shell). */
export function homeFolder(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
}

/** The owner's galleries folder, outside the repository: PRIVATE_GALLERY_DIR, else ~/coastlight-galleries. */
export function privateGalleryDir(env: Env = process.env): string {
  return resolve(homeFolder(env['PRIVATE_GALLERY_DIR'] || DEFAULT_GALLERY_DIR));
}

/**
 * The galleries folder of a run. A fresh copy of the project has none yet: for the local copy of the
 * bucket only (`--local`: npm start's preview) it is then content/private/, the sample gallery's
 * folder (git ignores all of it but the sample), and `note` says so. For the bucket on Cloudflare,
 * and for a PRIVATE_GALLERY_DIR that is not there (an unplugged drive), it stays the missing folder,
 * which publishing refuses. `missing` names the folder not found (local-fallback.ts refuses the
 * sample when the local bucket holds her galleries).
 */
export function galleriesFolder(
  env: Env,
  local: boolean,
  root = process.cwd(),
  defaultDir = DEFAULT_GALLERY_DIR,
): { dir: string; note?: string; missing?: string } {
  const dir = resolve(homeFolder(env['PRIVATE_GALLERY_DIR'] || defaultDir));
  if (!local || env['PRIVATE_GALLERY_DIR'] || existsSync(dir)) return { dir };
  return {
    dir: resolve(root, IN_REPOSITORY_DIR),
    missing: dir,
    note: `No galleries folder at ${dir}: the local copy of the bucket gets the sample gallery in ${IN_REPOSITORY_DIR}/ instead (make that folder, or set PRIVATE_GALLERY_DIR, for your own galleries).`,
  };
}

/** The formats publishing does not take that a phone or camera gives: said so, with the export that fixes it. */
const HEIC = new Set(['.heic', '.heif']);
const HEIC_FIX =
  'HEIC photos are not taken; export it as a JPEG (on a Mac: Photos, File > Export; on an iPhone: Settings > Camera > Formats > Most Compatible)';

/** Why a photo her gallery.yaml lists cannot be published: not there, or there but not a photo publishing takes. */
export function missingPhoto(folder: string, name: string): string {
  const lists = `its gallery.yaml lists ${name}`;
  if (!existsSync(join(folder, name))) {
    return `${lists}, which is not in ${folder}; remove that line or add the photo`;
  }
  if (HEIC.has(extname(name).toLowerCase())) return `${lists}, which is in the folder but not published: ${HEIC_FIX}`;
  return `${lists}, which is in the folder but is not a JPEG, PNG, WebP or AVIF photo; export it as a JPEG, or remove that line`;
}

/**
 * The files of a gallery folder that are not published (a HEIC photo, a note, a video), each with
 * one sentence: no photo is ever left out without a word. Dotfiles (.DS_Store) and folders are not named.
 */
export function unpublishedFiles(folder: string): string[] {
  const gallery = basename(folder);
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && entry.name !== 'gallery.yaml')
    .filter((entry) => !IMAGE_EXTENSIONS.has(extname(entry.name).toLowerCase()))
    .map(({ name }) =>
      HEIC.has(extname(name).toLowerCase())
        ? `${name} in "${gallery}" is not published: ${HEIC_FIX}.`
        : `${name} in "${gallery}" is not published: only JPEG, PNG, WebP and AVIF photos are; move it out of ${folder} if it is not meant for her.`,
    )
    .sort();
}

function fail(file: string, message: string): never {
  throw new Error(`${file}: ${message}`);
}

/** Reads one gallery folder: its gallery.yaml and its photos, in the order the file gives. */
export function readGallery(folder: string): GallerySource {
  const id = basename(folder);
  const file = join(folder, 'gallery.yaml');
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) fail(folder, 'a gallery folder name uses only a-z, 0-9 and dashes');
  const parsed = parseGalleryFile(readFileSync(file, 'utf8'), file);
  const { title, expires, downloads, photos: listed } = parsed;
  const present = readdirSync(folder)
    .filter((name) => IMAGE_EXTENSIONS.has(extname(name).toLowerCase()))
    .sort();
  const order: { name: string; alt?: string }[] = [];
  for (const entry of listed) {
    if (!present.includes(entry.file)) throw new Error(missingPhoto(folder, entry.file));
    order.push({ name: entry.file, ...(typeof entry.alt === 'string' ? { alt: entry.alt } : {}) });
  }
  // Photos in the folder but not in the list come last, in file-name order.
  for (const name of present) if (!order.some((item) => item.name === name)) order.push({ name });
  return {
    id,
    folder,
    title: title.trim(),
    expires,
    downloads,
    photos: order.map((item, index) => ({
      path: join(folder, item.name),
      alt: item.alt ?? `Photograph ${index + 1} of your gallery`,
    })),
    ...withSelection(parsed),
  };
}

/** The gallery's selection rules, when its gallery.yaml sets `included`. */
function withSelection(file: Parameters<typeof selectionRules>[0]): { selection?: SelectionRules } {
  const selection = selectionRules(file);
  return selection ? { selection } : {};
}

/**
 * Every gallery: each sub-folder of the private folder that holds a gallery.yaml. With `problems`,
 * a gallery whose folder cannot be read (a YAML slip, a listed photo missing) is left out and its
 * reason put there by id, for publishing to hold it (the others publish); without, it throws.
 */
export function listGalleries(dir: string, problems?: Map<string, string>): GallerySource[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory() && existsSync(join(path, 'gallery.yaml')))
    .flatMap((path) => {
      if (!problems) return [readGallery(path)];
      try {
        return [readGallery(path)];
      } catch (error) {
        problems.set(basename(path), error instanceof Error ? error.message : String(error));
        return [];
      }
    });
}

/**
 * Every gallery publishing reads: the owner's folder (privateGalleryDir) and the repository's
 * content/private/ (the sample gallery, and galleries not moved out yet). One id in both is refused.
 */
export function galleriesFrom(env: Env, root = process.cwd(), problems?: Map<string, string>): GallerySource[] {
  refuseCommittedFolder(privateGalleryDir(env), root);
  const dirs = [...new Set([privateGalleryDir(env), resolve(root, IN_REPOSITORY_DIR)])];
  const galleries = dirs.flatMap((dir) => listGalleries(dir, problems));
  for (const gallery of galleries) {
    const twin = galleries.find((other) => other !== gallery && other.id === gallery.id);
    if (twin) {
      throw new Error(`two gallery folders are named "${gallery.id}" (${dirs.join(' and ')}): rename or remove one`);
    }
  }
  return galleries.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Refuses a galleries folder inside the project that git would commit: every file a gallery in it
 * holds (and a gallery yet to come) must be ignored, and none tracked. content/private/ (ignored
 * but for the sample) and a folder outside the project pass; so does a project that is no git
 * repository.
 */
export function refuseCommittedFolder(dir: string, root = process.cwd()) {
  const inside = relative(resolve(root), dir);
  if (!inside || inside.startsWith('..') || isAbsolute(inside)) return;
  if (resolve(root, IN_REPOSITORY_DIR) === dir) return;
  const git = (args: string[], input?: string) => {
    try {
      return { status: 0, out: execFileSync('git', args, { cwd: root, input, encoding: 'utf8', stdio: 'pipe' }) };
    } catch (error) {
      return { status: (error as { status?: number }).status ?? 128, out: '' };
    }
  };
  if (git(['rev-parse', '--is-inside-work-tree']).status !== 0) return;
  const files = [join(dir, 'a-new-gallery', 'gallery.yaml'), join(dir, 'a-new-gallery', 'photo.jpg')];
  for (const gallery of existsSync(dir) ? readdirSync(dir) : []) {
    const folder = join(dir, gallery);
    if (!statSync(folder).isDirectory() || gallery.startsWith('.')) continue;
    files.push(...readdirSync(folder).map((name) => join(folder, name)));
  }
  const ignored = new Set(git(['check-ignore', '--no-index', '--stdin'], files.join('\n')).out.split('\n'));
  const tracked = git(['ls-files', '--', dir]).out.trim();
  if (tracked || files.some((file) => !ignored.has(file))) {
    throw new Error(
      `PRIVATE_GALLERY_DIR is ${dir}, inside the project, and git would commit it: move the galleries folder out of the project (or add ${inside}/ to .gitignore), then try again.`,
    );
  }
}
