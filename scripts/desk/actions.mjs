// The desk's adapter over the publishing code: everything the desk reads or does, in the words of
// src/private-gallery/publish/, as the owner's command (scripts/owner/galleries.mjs) does it. The
// glue that lives only in galleries.mjs today is mirrored here, each piece saying which; it belongs
// in a module both share.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { isExpired } from '../../src/private-gallery/format/dates.ts';
import { photoHash, publishGalleries, vaultInputs } from '../../src/private-gallery/publish/build.ts';
import { PUBLISH_LOCK } from '../../src/private-gallery/publish/lock.ts';
import { VaultCache } from '../../src/private-gallery/publish/cache.ts';
import { folderRefusal, readRecord, RECORD_FILE, targetKey } from '../../src/private-gallery/publish/record.ts';
import {
  DEVELOPMENT_PASSWORD,
  isSampleGallery,
  linksVariable,
  passwordsFileWarning,
  passwordVariable,
  privateLink,
  readEnv,
  SAMPLE_GALLERY,
} from '../../src/private-gallery/publish/secrets.ts';
import { linkCode, partnerLink, readShares, shareProblems } from '../../src/private-gallery/publish/share.ts';
import { shareCommand } from '../../src/private-gallery/publish/share-command.ts';
import { closeGallery } from '../../src/private-gallery/publish/close.ts';
import { fromBase64Url } from '../../src/private-gallery/format/encodings.ts';
import {
  galleriesFolder,
  IN_REPOSITORY_DIR,
  listGalleries,
  privateGalleryDir,
  readGallery,
} from '../../src/private-gallery/publish/sources.ts';
import { bucketName, LOCAL_STATE, openTarget } from '../../src/private-gallery/publish/target.ts';
import { CACHE_FOLDER } from '../../src/private-gallery/publish/build.ts';
import {
  doneWith,
  InboxError,
  inboxKeyOf,
  openMessages,
  shortIds,
} from '../../src/private-gallery/publish/inbox-command.ts';

/**
 * What one desk works on: the environment, the galleries folder and the bucket.
 * Mirrors galleries.mjs: `readEnv()`, `galleriesFolder(env, !!values.local)` with its note (the
 * sample's folder for a fresh copy, local only), the Cloudflare variables copied from .env into
 * the process, `privateGalleryDir(env)` and the record file beside it; and `openTarget`'s options
 * (`remote: !values.local`, `--persist-to`).
 *
 * @param {{
 *   local?: boolean,
 *   persistTo?: string,
 *   root?: string,
 *   env?: Record<string, string | undefined>,
 *   target?: () => import('../../src/private-gallery/publish/target.ts').VaultTarget
 *     | Promise<import('../../src/private-gallery/publish/target.ts').VaultTarget>,
 * }} [options]
 */
export function deskSetup({
  local = false,
  persistTo = LOCAL_STATE,
  root = process.cwd(),
  env = process.env,
  target = () => openTarget({ remote: !local, persistTo, root }),
} = {}) {
  const folder = galleriesFolder(readEnv(root, env), local, root);
  const base = folder.note ? { ...env, PRIVATE_GALLERY_DIR: folder.dir } : env;
  // Read again for each action: publishing writes new secrets into passwords.env.
  const fresh = () => readEnv(root, base);
  for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID']) {
    const value = fresh()[name];
    if (value && !process.env[name]) process.env[name] = value;
  }
  const dir = privateGalleryDir(fresh());
  // The record's key for the bucket, as openTarget names it (target.ts), without opening it.
  const key = local ? `local:${resolve(root, persistTo)}` : `cloudflare:${bucketName(root)}`;
  const label = local ? `the local bucket in ${persistTo}` : `the bucket "${bucketName(root)}" on Cloudflare`;
  const account = local ? null : (fresh().CLOUDFLARE_ACCOUNT_ID ?? null);
  // The bucket, opened once for the desk's life (opening it starts wrangler's proxy: seconds).
  let opened = null;
  let openedKey = null;
  const bucket = () =>
    (opened ??= Promise.resolve()
      .then(target)
      .then((ready) => {
        openedKey = targetKey(ready);
        return ready;
      })
      .catch((error) => {
        opened = null;
        throw error;
      }));
  const close = async () => (opened ? (await opened).close() : undefined);
  return {
    get env() {
      return fresh();
    },
    root,
    dir,
    note: folder.note ?? null,
    local,
    persistTo,
    recordFile: join(dir, RECORD_FILE),
    /** The record's key for the bucket: the opened bucket's own, else as openTarget would name it. */
    get key() {
      return openedKey ?? key;
    },
    label,
    account,
    bucket,
    close,
  };
}

/** Every gallery folder publishing reads (sources.ts galleriesFrom's two folders), each read alone so one broken gallery.yaml spoils only its own card. */
function galleryFolders(setup) {
  const dirs = [...new Set([setup.dir, resolve(setup.root, IN_REPOSITORY_DIR)])];
  return dirs.flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .sort()
          .map((name) => join(dir, name))
          .filter((path) => statSync(path).isDirectory() && existsSync(join(path, 'gallery.yaml')))
      : [],
  );
}

/** The newest change in a gallery's folder: its gallery.yaml, a photo, or the folder itself (a photo taken out). */
function lastChange(gallery) {
  const paths = [gallery.folder, join(gallery.folder, 'gallery.yaml'), ...gallery.photos.map((photo) => photo.path)];
  return Math.max(...paths.map((path) => statSync(path).mtimeMs));
}

/** The package her gallery.yaml sets (proofing), in words. */
export function packageOf(gallery) {
  const rules = gallery.selection;
  if (!rules) return { kind: 'favorites', text: 'Favorites, no package' };
  const photos = `${rules.included} ${rules.included === 1 ? 'photo' : 'photos'} included`;
  if (rules.strict) return { kind: 'strict', text: `${photos}, no more (strict)` };
  if (rules.extraPhotoPrice) return { kind: 'priced', text: `${photos}, more at ${rules.extraPhotoPrice} each` };
  return { kind: 'included', text: photos };
}

export const DOWNLOADS = { none: 'No downloads', web: 'Web-size downloads', full: 'Full-size downloads (originals)' };

/** A gallery's state for the bucket the desk publishes to: closed, held (and why), never published, changed since, published. */
export function stateOf(gallery, recorded, held, now = new Date()) {
  if (isExpired(gallery.expires, now)) return { kind: 'closed', text: `Closed since the end of ${gallery.expires}` };
  if (held) return { kind: 'held', text: `Held as it was last published: ${held}` };
  if (!recorded) return { kind: 'never', text: 'Never published' };
  const day = recorded.published.slice(0, 10);
  if (lastChange(gallery) > Date.parse(recorded.published)) {
    return { kind: 'changed', text: `Changed since it was published on ${day}` };
  }
  return { kind: 'published', text: `Published on ${day}` };
}

/** Opaque ids for her photos' thumbnails: a key of this run, so an id tells nothing and lives no longer than the desk. */
export class PhotoIds {
  #key = randomBytes(32);
  #paths = new Map();
  #thumbs = new Map();
  idOf(path) {
    const id = createHmac('sha256', this.#key).update(path).digest('base64url').slice(0, 22);
    this.#paths.set(id, path);
    return id;
  }
  /** The thumbnail (480 px, JPEG, upright, no metadata) of a photo the desk has shown, or null. */
  async thumbnail(id) {
    const path = this.#paths.get(id);
    if (!path || !existsSync(path)) return null;
    if (!this.#thumbs.has(id)) {
      const thumb = await sharp(path).rotate().resize(480, 480, { fit: 'inside' }).jpeg({ quality: 78 }).toBuffer();
      this.#thumbs.set(id, thumb);
    }
    return this.#thumbs.get(id);
  }
}

/**
 * Her galleries at a glance: one card each, as publishing would read it. The held ones are
 * publishing's own (galleries.mjs `heldForShares`: shareProblems with the cached photo hashes).
 */
export function galleriesAtAGlance(setup, photos, now = new Date(), pages = photos) {
  const recorded = readRecord(setup.recordFile).targets[setup.key]?.galleries ?? {};
  const read = galleryFolders(setup).map((folder) => {
    try {
      return { gallery: readGallery(folder) };
    } catch (error) {
      return { folder, problem: error instanceof Error ? error.message : String(error) };
    }
  });
  const galleries = read.flatMap((entry) => (entry.gallery ? [entry.gallery] : []));
  let held = new Map();
  try {
    const cache = new VaultCache(join(setup.dir, CACHE_FOLDER));
    held = shareProblems(galleries, readShares(galleries, setup.env, setup.root, undefined, false), (path) =>
      photoHash(path, cache),
    );
  } catch {
    // A partner-links line publishing would refuse: publishing says why.
  }
  return read.map(({ gallery, folder, problem }) => {
    if (!gallery) return { id: folder.split(/[\\/]/).pop(), problem };
    return {
      id: gallery.id,
      page: pages.idOf(`gallery:${gallery.folder}`),
      title: gallery.title,
      photos: gallery.photos.length,
      cover: gallery.photos[0] ? photos.idOf(gallery.photos[0].path) : null,
      package: packageOf(gallery),
      downloads: DOWNLOADS[gallery.downloads],
      lastDay: gallery.expires ? gallery.expires.slice(0, 10) : null,
      state: stateOf(gallery, recorded[gallery.id], held.get(gallery.id), now),
      sample: isSampleGallery(gallery, setup.root),
    };
  });
}

/** Her time for an instant, as the command prints it (inbox-command.ts): 2026-11-27 18:00. */
function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Each gallery folder by id, for a selection's thumbnails. */
function foldersById(setup) {
  const folders = new Map();
  for (const folder of galleryFolders(setup)) folders.set(folder.split(/[\\/]/).pop(), folder);
  return folders;
}

/**
 * Her clients' selections, newest first, as `npm run galleries -- inbox` lists them (galleries.mjs:
 * `inboxKeyOf(env)`, the target, `openMessages`): each with its picks' thumbnails from her folder.
 * `problem`: the command's sentence when the inbox cannot be read.
 */
export async function inboxMessages(setup, photos) {
  let opened;
  try {
    inboxKeyOf(setup.env);
    opened = await openMessages(await setup.bucket(), setup.env, setup.root);
  } catch (error) {
    const problem =
      error instanceof InboxError
        ? error.message
        : `The inbox could not be read: ${error instanceof Error ? error.message : error}`;
    return { messages: [], problem };
  }
  const short = shortIds(opened.map((o) => o.id));
  const folders = foldersById(setup);
  const messages = opened.map(({ id, gallery, day, message }) => {
    const base = { id, short: short.get(id), gallery, day };
    if (!message) return { ...base, unreadable: true };
    const folder = folders.get(gallery);
    const picks = message.picks.map((pick) => {
      const path = folder ? join(folder, pick.file) : null;
      return { ...pick, thumb: path && existsSync(path) ? photos.idOf(path) : null };
    });
    return {
      ...base,
      title: message.title,
      sent: when(message.sentAt),
      included: message.included,
      picks,
      lightroom: message.lightroom,
      link: message.link,
    };
  });
  return { messages, problem: null };
}

/** How many selections are waiting (the badge); 0 when the inbox cannot be read. */
export async function waitingCount(setup) {
  try {
    inboxKeyOf(setup.env);
    const names = await (await setup.bucket()).list();
    return [...names].filter((name) => /^inbox\/[0-9a-f]{32}\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.json$/.test(name))
      .length;
  } catch {
    return 0;
  }
}

/** Done with one selection: deletes it (galleries.mjs `inbox --done`: doneWith), saying so in the command's words. */
export async function inboxDone(setup, id) {
  if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) {
    return { ok: false, message: 'This is not a selection the desk listed: reload the page and try again.' };
  }
  try {
    const bucket = await setup.bucket();
    const opened = await openMessages(bucket, setup.env, setup.root);
    return { ok: true, message: await doneWith(bucket, opened, id, bucket.label) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** galleries.mjs `missingFolder`, word for word. */
export const missingFolder = (dir) =>
  `The galleries folder ${dir} is not there: plug in the drive that holds it, set PRIVATE_GALLERY_DIR to where it is, or make it to start (docs/owner.md, "Set up once"); nothing was changed.`;

/**
 * The bucket, counting what is written to it: `report({ files, bytes })` after each upload, for the
 * desk's progress line (publishGalleries has no progress of its own).
 */
function counting(bucket, report) {
  const done = { files: 0, bytes: 0 };
  return {
    ...bucket,
    label: bucket.label,
    remote: bucket.remote,
    key: bucket.key,
    list: () => bucket.list(),
    get: (name) => bucket.get(name),
    delete: (names) => bucket.delete(names),
    close: () => bucket.close(),
    version: (name) => bucket.version(name),
    async put(name, data) {
      await bucket.put(name, data);
      count(data);
    },
    // The manifest is written only over the version read at the start (one publish at a time).
    async putIf(name, data, version) {
      const written = await bucket.putIf(name, data, version);
      // The publish lock (lock.ts) is the bucket's own note, deleted at the end: not an upload of hers.
      if (written && name !== PUBLISH_LOCK) count(data);
      return written;
    },
  };
  function count(data) {
    done.files += 1;
    done.bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    report({ ...done });
  }
}

/**
 * Before anything is read or written, as galleries.mjs refuses: a galleries folder that is not
 * there, or holds no gallery over a published bucket (`folderRefusal`, `missingFolder`). Returns
 * the sentence, or null.
 */
async function refusalBefore(setup, bucket, removing = false) {
  const inFolder = existsSync(setup.dir) ? listGalleries(setup.dir).length : 0;
  const refusal = await folderRefusal(bucket, setup.dir, removing ? 1 : inFolder, setup.recordFile, SAMPLE_GALLERY.id);
  return refusal ?? (existsSync(setup.dir) ? null : missingFolder(setup.dir));
}

/**
 * Publishing's inputs (galleries.mjs: `vaultInputs(env, logger, undefined, closing)`), or the sentence
 * that refuses them: `closing` undefined to publish, the id of the gallery closed for a close.
 */
function inputsOf(setup, warnings, closing = undefined) {
  const logger = { warn: (message) => warnings.push(message) };
  const loose = passwordsFileWarning(setup.env);
  if (loose) warnings.push(loose);
  try {
    return { inputs: vaultInputs(setup.env, logger, undefined, closing) };
  } catch (error) {
    return { refusal: error instanceof Error ? error.message : String(error) };
  }
}

/** galleries.mjs `heldForShares`: the galleries held for a partner link's missing photo, with why. */
function heldForShares({ galleries, options, held }, closing) {
  const cache = new VaultCache(options.cacheDir ?? null);
  const open = galleries.filter((gallery) => gallery.id !== closing);
  const hold = shareProblems(open, options.shares, (path) => photoHash(path, cache), new Date(), options.timeZone);
  // As the command: a gallery held for its folder (sources.ts) or, closing, for its password.
  for (const [id, reason] of held ?? []) hold.set(id, reason);
  return hold;
}

/** galleries.mjs `publishTo`'s lines after a publish: what was kept, left out or left. */
function publishedNotes(result, bucket, setup) {
  const notes = result.carried.map(({ warning }) => warning);
  if (result.leftOut.length) {
    notes.push(
      `The sample gallery (${result.leftOut.join(', ')}) is published only to the local bucket (--local): its password and partner link are public, in docs/owner.md.`,
    );
  }
  if (result.unrecorded) {
    notes.push(
      `${result.unrecorded} files in ${bucket.label} that no gallery in ${setup.dir} reaches were left as they were (the first publish recorded in ${setup.recordFile}): if a gallery's folder is missing, put it back and publish again.`,
    );
  }
  return notes;
}

/**
 * Publishes every gallery, as `npm run galleries -- publish` does (galleries.mjs: its refusals,
 * `heldForShares`, `publishTo` and its summary line), reporting uploads as they go.
 * Resolves to `{ ok, message, warnings, held }`: `message` is the command's summary or refusal.
 *
 * @param {ReturnType<typeof deskSetup>} setup
 * @param {(progress: { files: number, bytes: number, seconds: number }) => void} [report]
 */
export async function publishAll(setup, report = () => {}) {
  const started = Date.now();
  const bucket = counting(await setup.bucket(), (done) => report({ ...done, seconds: (Date.now() - started) / 1000 }));
  const refusal = await refusalBefore(setup, bucket);
  if (refusal) return { ok: false, message: refusal, warnings: [], held: [] };
  const warnings = [];
  const { inputs, refusal: refused } = inputsOf(setup, warnings);
  if (refused) return { ok: false, message: refused, warnings, held: [] };
  try {
    const hold = heldForShares(inputs);
    const held = [...hold.values()].map((message) => `Not published, kept as it was: ${message}`);
    const result = await publishGalleries(bucket, inputs.galleries, { ...inputs.options, hold });
    warnings.push(...publishedNotes(result, bucket, setup));
    const photos = result.galleries.reduce((sum, gallery) => sum + gallery.photos, 0);
    const { photoFiles, other, bytes, kept, deleted } = result.uploads;
    const count = result.galleries.length;
    const message =
      `Published ${count} ${count === 1 ? 'gallery' : 'galleries'} (${photos} photos)` +
      `${result.closed.length ? ` and ${result.closed.length} closed` : ''} to ${bucket.label} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${photoFiles} photo files uploaded, ${kept} already there, ${other} indexes and lists, ${Math.round(bytes / 1024)} KB; ` +
      `${deleted} old files deleted; ${result.cache.resized} photos resized.`;
    return { ok: held.length === 0, message, warnings, held };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error), warnings, held: [] };
  }
}

/** The gallery of this folder id, read, or null. */
function galleryOf(setup, id) {
  const folder = galleryFolders(setup).find((path) => path.split(/[\\/]/).pop() === id);
  return folder ? readGallery(folder) : null;
}

/** Her invitation, ready to paste into a private message (galleries.mjs `links`' advice, as one text). */
export function invitationText({ links, id, password, lastDay }) {
  return [
    'Your gallery is ready: this link opens it on any device; please keep it to yourself.',
    ...links,
    `Gallery name: ${id}`,
    `Password: ${password}`,
    ...(lastDay ? [`It is open until the end of ${lastDay}.`] : []),
  ].join('\n');
}

/**
 * One gallery's page: its photos (numbered as she sees them), its private links and password (as
 * galleries.mjs `links` prints them, from passwords.env), the invitation, and its partner links.
 */
export function galleryDetail(setup, id, photos, siteUrl) {
  const gallery = galleryOf(setup, id);
  if (!gallery) return null;
  const env = setup.env;
  const sample = isSampleGallery(gallery, setup.root);
  const secrets = (env[linksVariable(id)] ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean);
  const links = secrets.map((text) => privateLink(siteUrl, fromBase64Url(text)));
  const password = env[passwordVariable(id)]?.trim() || (sample ? DEVELOPMENT_PASSWORD : null);
  const lastDay = gallery.expires ? gallery.expires.slice(0, 10) : null;
  let shares = [];
  try {
    shares = (readShares([gallery], env, setup.root, undefined, false).get(id) ?? []).map((share) => ({
      code: linkCode(share),
      link: partnerLink(siteUrl, share),
      expires: share.expires,
      names: share.photos.map((photo) => photo.name).filter(Boolean),
    }));
  } catch {
    // A partner-links line publishing would refuse: publishing says why.
  }
  return {
    id,
    title: gallery.title,
    sample,
    closed: isExpired(gallery.expires),
    lastDay,
    photos: gallery.photos.map((photo, index) => ({
      number: index + 1,
      thumb: photos.idOf(photo.path),
      alt: photo.alt,
    })),
    links,
    password,
    invitation: links.length && password ? invitationText({ links, id, password, lastDay }) : null,
    shares,
  };
}

/**
 * A partner link for these photos (numbers as she sees them), or one withdrawn: the command's own
 * shareCommand, so its answer and refusals are the command's ("Nothing was changed: …").
 */
export function shareAction(setup, siteUrl, { id, photos, expires, withdraw }) {
  const args = withdraw
    ? ['unshare', String(id), String(withdraw)]
    : [
        'share',
        String(id),
        '--photos',
        (Array.isArray(photos) ? photos : []).map(Number).join(','),
        ...(expires ? ['--expires', String(expires)] : []),
      ];
  try {
    const said = shareCommand(args, siteUrl, setup.root, setup.env);
    const link = said
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line.startsWith('http'));
    return { ok: true, message: said, link: link ?? null };
  } catch (error) {
    return { ok: false, message: `Nothing was changed: ${error instanceof Error ? error.message : error}` };
  }
}

/**
 * Closes one gallery now, as `npm run galleries -- close <id>` does (galleries.mjs' close branch:
 * its refusals, `heldForShares` without it, `closeGallery` and its sentence).
 */
export async function closeOne(setup, id) {
  const bucket = await setup.bucket();
  const refusal = await refusalBefore(setup, bucket);
  if (refusal) return { ok: false, message: refusal };
  const warnings = [];
  const { inputs, refusal: refused } = inputsOf(setup, warnings, id);
  if (refused) return { ok: false, message: refused };
  const gallery = inputs.galleries.find((candidate) => candidate.id === id);
  if (!gallery) {
    return {
      ok: false,
      message: `No gallery named "${id}" in ${setup.dir} and content/private/: "npm run galleries -- close <folder name>".`,
    };
  }
  try {
    const hold = heldForShares(inputs, gallery.id);
    const { lastDay, result } = await closeGallery(bucket, inputs.galleries, gallery.id, { ...inputs.options, hold });
    warnings.push(...result.carried.map(({ warning }) => warning));
    return {
      ok: true,
      warnings,
      message:
        `Closed "${gallery.id}" in ${bucket.label}: ${result.uploads.deleted} old files deleted. Her next visit, her link and a ` +
        `device that remembered her show "This gallery has closed". Its gallery.yaml says expires: ${lastDay}, so publishing ` +
        'again keeps it closed.',
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
