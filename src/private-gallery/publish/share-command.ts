/**
 * The owner's partner-link commands (`npm run galleries -- share|unshare …`): make a partner link
 * for some photos of a gallery, or withdraw one. They change only the gallery's line in the
 * private passwords file; the next publish seals or drops the link's grant.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PASSWORDS_FILE, readEnv, writePasswordsFile } from './secrets.ts';
import { newShare, partnerLink, readShares, withoutShare, withShares, type Share } from './share.ts';
import { galleriesFolder, galleriesFrom, privateGalleryDir, type Env } from './sources.ts';
import { didYouMean, foldersPhrase } from './words.ts';
import { loadSettings, SETTINGS_FILE } from '../../lib/content/settings.ts';
import { STUDIO_TIME_ZONE } from '../format/dates.ts';

export const SHARE_USAGE = [
  'npm run galleries -- share <gallery> --photos 3,7,12 [--expires 2027-01-31] [--name "for her partner"]',
  'npm run galleries -- share <gallery> --favorites <selection id from "inbox"> [--expires 2027-01-31] [--name "for her partner"]',
  'npm run galleries -- unshare <gallery> <partner link>',
].join('\n  ');

/**
 * The studio's time zone in the project at `root` (its content/settings.yaml `business.timeZone`);
 * the default where that project has no settings (a test's folder).
 */
const timeZoneAt = (root: string) =>
  existsSync(join(root, SETTINGS_FILE)) ? loadSettings(root).business.timeZone : STUDIO_TIME_ZONE;

/**
 * The arguments with the link after `unshare <id>` kept as the link: a partner link's code is
 * base64url and may begin with "-", which would otherwise read as an unknown option. It moves to
 * the end, after "--", so options after it still count.
 */
export function linkAsPositional(args: string[]): string[] {
  const at = args.indexOf('unshare');
  const link = at + 2;
  if (at < 0 || link >= args.length || args.includes('--')) return args;
  if (args[at + 1]!.startsWith('-') || !args[link]!.startsWith('-')) return args;
  return [...args.slice(0, link), ...args.slice(link + 1), '--', args[link]!];
}

/**
 * The environment of the folder publish --local would use: on a fresh copy without a galleries
 * folder, the sample's content/private/. A galleries folder is never made here.
 */
function shareEnv(root: string, base: Env): Env {
  const first = readEnv(root, base);
  const folder = galleriesFolder(first, true, root);
  if (!existsSync(folder.dir)) {
    throw new Error(`the galleries folder ${folder.dir} is not there: make it first (docs/owner.md, "Set up once")`);
  }
  return folder.missing ? readEnv(root, { ...base, PRIVATE_GALLERY_DIR: folder.dir }) : first;
}

/** The gallery of folder `id`, or the sentence that names the galleries there is (with a likely one). */
function galleryNamed(id: string | undefined, env: Env, root: string) {
  const all = galleriesFrom(env, root);
  const gallery = all.find((g) => g.id === id);
  if (gallery) return gallery;
  const hint = didYouMean(id ?? '', id ? all.map((g) => g.id) : []);
  throw new Error(
    `no gallery "${id ?? ''}" in ${foldersPhrase(privateGalleryDir(env), root)}${hint}. Usage:\n  ${SHARE_USAGE}`,
  );
}

/**
 * Runs `share` or `unshare` with their arguments; returns what to print. `favorites`: the photo
 * numbers of the selection `--favorites` names, read from her inbox and checked against the gallery
 * by the caller (gallery-actions.ts favoritesAction); nothing of the option's own text is read.
 */
export function shareCommand(
  args: string[],
  siteUrl: string,
  root = process.cwd(),
  base: Env = process.env,
  favorites?: readonly number[],
): string {
  const { values, positionals } = parseArgs({
    args: linkAsPositional(args),
    allowPositionals: true,
    options: {
      photos: { type: 'string' },
      favorites: { type: 'string' },
      expires: { type: 'string' },
      // Her own name for the link ("for her partner"), as the desk gives it: kept in passwords.env, never sealed.
      name: { type: 'string' },
    },
  });
  const [command, id, link] = positionals;
  const env = shareEnv(root, base);
  const gallery = galleryNamed(id, env, root);
  const file = join(privateGalleryDir(env), PASSWORDS_FILE);
  // Read when written: making the seed or a private link may have added lines meanwhile.
  const save = (next: Share[]) =>
    writePasswordsFile(file, withShares(existsSync(file) ? readFileSync(file, 'utf8') : '', gallery.id, next));
  // An old entry (photo numbers) is read by identity here, once, and saved so: said with the answer.
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(`! ${message}`);
  const shares = readShares([gallery], env, root, { warn }, false).get(gallery.id) ?? [];

  if (command === 'unshare') {
    if (!link) throw new Error(`give the partner link to withdraw. Usage:\n  ${SHARE_USAGE}`);
    save(withoutShare(shares, link));
    return [
      ...warnings,
      `Withdrawn. Publish again: that link then opens nothing; ${gallery.title} is otherwise unchanged.`,
    ].join('\n');
  }
  let photos: number[];
  if (values.favorites !== undefined) {
    if (!favorites)
      throw new Error('--favorites needs her selection from the inbox: "npm run galleries -- inbox" lists it');
    photos = [...favorites];
  } else photos = (values.photos ?? '').split(',').filter(Boolean).map(Number);
  // Numbers as she sees the gallery today; the link keeps the photos themselves (publish/share.ts).
  const share = newShare(gallery, photos, values.expires ?? null, undefined, values.name ?? '');
  save([...shares, share]);
  const numbers = [...new Set(photos)].sort((a, b) => a - b);
  const names = share.photos.map((photo) => photo.name).join(', ');
  return [
    ...warnings,
    `Partner link ${share.name ? `"${share.name}" ` : ''}for ${gallery.title}, ${numbers.length === 1 ? 'photo' : 'photos'} ${numbers.join(', ')} (${names})${share.expires ? `, open until the end of ${share.expires} (midnight, ${timeZoneAt(root)} time)` : ''}:`,
    `  ${partnerLink(siteUrl, share)}`,
    `Publish again for it to open. It shows only ${numbers.length === 1 ? 'that photo' : 'those photos'}, for viewing; her own access is untouched.`,
  ].join('\n');
}
