// The desk's adapter over the owner's galleries code: what the desk reads (cards, a gallery's page,
// the selections) in the words of src/private-gallery/publish/, and what it does (publish, close,
// remove, share, Done) through src/private-gallery/publish/gallery-actions.ts, the very functions the command
// `npm run galleries` runs, so their refusals and summaries are the command's sentences.
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { constants, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { isExpired } from '../../private-gallery/format/dates.ts';
import { PUBLISH_LOCK } from '../../private-gallery/publish/lock.ts';
import { openTarget, type VaultTarget } from '../../private-gallery/publish/target.ts';
import { settings } from '../../lib/content/settings.ts';
import { privateGalleryDir, type Env, type GallerySource } from '../../private-gallery/publish/sources.ts';
import {
  PASSWORDS_FILE,
  readEnv,
  DEVELOPMENT_PASSWORD,
  isSampleGallery,
  linksVariable,
  passwordVariable,
  passwordWeakness,
  privateLink,
} from '../../private-gallery/publish/secrets.ts';
import { linkCode, partnerLink, readShares, shareProblems } from '../../private-gallery/publish/share.ts';
import { CACHE_FOLDER, photoHash, type PublishProgress } from '../../private-gallery/publish/build.ts';
import { VaultCache } from '../../private-gallery/publish/cache.ts';
import { publishedState, recordOrNone } from '../../private-gallery/publish/published-state.ts';
import type { PublishRecord } from '../../private-gallery/publish/record.ts';
import type { Share } from '../../private-gallery/publish/share.ts';
import type { CheckedSelection } from '../../private-gallery/publish/selection-check.ts';
import { fromBase64Url } from '../../private-gallery/format/encodings.ts';
import { IN_REPOSITORY_DIR, readGallery } from '../../private-gallery/publish/sources.ts';
import { MESSAGE_NAME, shortIds, when } from '../../private-gallery/publish/inbox-command.ts';
import {
  gallerySetup,
  heldForShares,
  inboxDoneAction,
  inputsFor,
  missingFolder,
  openInbox,
  runAction,
  shareAction as shareCommandAction,
  type Command,
  type GallerySetup,
  type LockRequest,
  type Outcome,
  type RunOptions,
  type Say,
} from '../../private-gallery/publish/gallery-actions.ts';

import { NO_DEFAULTS, readDefaults, type GalleryDefaults } from './defaults.ts';
import { INBOX_KEY_VARIABLE } from '../../private-gallery/publish/inbox.ts';

export { missingFolder };

/** What an action said, kept by collector: its lines, its refusals and its warnings. */
export interface Said {
  out: string[];
  err: string[];
  warn: string[];
}

/** A `say` that keeps what an action says: its lines (out), its refusals (err) and its warnings. */
export function collector(): { said: Said; say: Say } {
  const said: Said = { out: [], err: [], warn: [] };
  return {
    said,
    say: {
      out: (text) => said.out.push(text),
      err: (text) => said.err.push(text),
      warn: (text) => said.warn.push(text),
    },
  };
}

/**
 * What one desk works on (deskSetup): the command's GallerySetup with the desk's own fields. When
 * her galleries folder is refused, `refusal` is the sentence (shown on every page), its folders are
 * '' and its target() and bucket() reject with that sentence; else `refusal` is null.
 */
export interface DeskSetup extends Omit<GallerySetup, 'refusal'> {
  refusal: string | null;
  /** Her own galleries folder, where the desk writes (PRIVATE_GALLERY_DIR, else the default), made or not. */
  own: string;
  /** The record's key for the bucket: the opened bucket's own, else as openTarget would name it. */
  readonly key: string;
  label: string;
  /** Her Cloudflare account (null for the local bucket). */
  readonly account: string | null;
  /** What the passwords file warned of while the setup was read. */
  warnings: string[];
  /** Her settings for a new gallery, read from her galleries folder at each ask (defaults.ts; the plain ones when none are kept). */
  readonly defaults: GalleryDefaults;
  /** The bucket, opened once for the desk's life. */
  bucket: () => Promise<VaultTarget>;
  close: () => Promise<void>;
}

/** What deskSetup and liveDeskSetup are given: the command's options, and a bucket to open instead of openTarget's. */
export interface DeskSetupOptions {
  local?: boolean;
  persistTo?: string | undefined;
  root?: string;
  env?: Env;
  target?: () => VaultTarget | Promise<VaultTarget>;
}

/** liveDeskSetup's function: the current DeskSetup at each call, and close() for the bucket it opened. */
export type LiveDeskSetup = (() => Promise<DeskSetup>) & { close: () => Promise<void> };

/**
 * The desk's setup as gallery-actions.ts takes it. Its refusal (null, or the sentence) is left out:
 * no action reads one off a GallerySetup (it only tells gallerySetup's SetupRefusal apart), and a
 * refused desk's target() rejects with its sentence.
 */
export function forActions(setup: DeskSetup): GallerySetup {
  const withoutRefusal: Omit<DeskSetup, 'refusal'> = setup;
  return withoutRefusal;
}

/**
 * What one desk works on, as `npm run galleries` with the same options (gallery-actions.ts
 * gallerySetup): her environment, the galleries folder (or the sentence refusing it, shown on
 * every page), the bucket, opened once for the desk's life (opening it starts wrangler's proxy:
 * seconds), its label and account.
 */
export async function deskSetup({
  local = false,
  persistTo,
  root = process.cwd(),
  env = process.env,
  target,
}: DeskSetupOptions = {}): Promise<DeskSetup> {
  const { said, say } = collector();
  // Her own galleries folder, where the desk writes: never the project's content/private/ (the sample's).
  const own = privateGalleryDir(readEnv(root, env));
  const base = await gallerySetup({
    local,
    root,
    env,
    say,
    ...(persistTo ? { persistTo } : {}),
    ...(target ? { open: async () => target() } : {}),
  });
  if (base.refusal !== undefined) {
    const refusal = base.refusal;
    const none = () => Promise.reject(new Error(refusal));
    const names = { key: '', label: '' };
    return {
      ...{
        refusal: base.refusal,
        env,
        root,
        local,
        persistTo: persistTo ?? '',
        note: null,
        dir: '',
        recordFile: '',
        own,
      },
      ...{ where: '', names, key: '', label: '', account: null, warnings: [], target: none, bucket: none },
      defaults: NO_DEFAULTS,
      close: async () => {},
    };
  }
  let opened: Promise<VaultTarget> | null = null;
  let openedKey: string | null = null;
  const bucket = () =>
    (opened ??= base
      .target()
      .then((ready) => {
        openedKey = ready.key ?? ready.label;
        return ready;
      })
      .catch((error: unknown) => {
        opened = null;
        throw error;
      }));
  // The desk's fields are defined on the command's setup itself, so its env stays the getter that
  // reads her passwords file again; Object.defineProperties cannot type what it adds.
  return Object.defineProperties(base, {
    refusal: { value: null },
    own: { value: own },
    warnings: { value: said.warn },
    defaults: { get: () => readDefaults(base.dir) },
    /** The record's key for the bucket: the opened bucket's own, else as openTarget would name it. */
    key: { get: () => openedKey ?? base.names.key },
    label: { value: base.names.label },
    account: { get: () => (local ? null : (base.env.CLOUDFLARE_ACCOUNT_ID ?? null)) },
    bucket: { value: bucket },
    close: { value: async () => (opened ? (await opened).close() : undefined) },
  }) as unknown as DeskSetup;
}

/**
 * What the desk works on, made again whenever her galleries folder appears or goes, or her .env or
 * passwords.env changes, so the desk follows her without a restart. The bucket is opened once for
 * the desk's life, whichever setup asks for it. Resolves each time to the current DeskSetup.
 */
export function liveDeskSetup(options: DeskSetupOptions = {}): LiveDeskSetup {
  const root = options.root ?? process.cwd();
  const base = options.env ?? process.env;
  const local = options.local ?? false;
  let shared: Promise<VaultTarget> | null = null;
  const target =
    options.target ??
    (() =>
      (shared ??= openTarget({
        remote: !local,
        root,
        ...(options.persistTo ? { persistTo: options.persistTo } : {}),
      }).catch((error: unknown) => {
        shared = null;
        throw error;
      })));
  const changed = (path: string) => (existsSync(path) ? statSync(path).mtimeMs : 0);
  const signature = () => {
    const dir = privateGalleryDir(readEnv(root, base));
    return JSON.stringify([dir, existsSync(dir), changed(join(root, '.env')), changed(join(dir, PASSWORDS_FILE))]);
  };
  let made: DeskSetup | null = null;
  let seen = '';
  const current = async () => {
    const now = signature();
    if (!made || now !== seen) {
      seen = now;
      made = await deskSetup({ ...options, target });
    }
    return made;
  };
  current.close = async () => (shared ? (await shared).close() : undefined);
  return current;
}

/**
 * Her galleries folder made, on her first run: where her settings say (PRIVATE_GALLERY_DIR), else
 * coastlight-galleries in her home folder; never inside the project, and readable by her account only.
 */
export function makeGalleriesFolder(setup: DeskSetup): { ok: boolean; message: string } {
  const folder = setup.own;
  if (insideProject(setup.root, folder)) {
    return { ok: false, message: `${folder} is inside your website's project: choose a folder outside it.` };
  }
  if (existsSync(folder)) return { ok: true, message: `Your galleries folder is ${folder}.` };
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return { ok: true, message: `Your galleries folder is made: ${folder}. New galleries go there.` };
}

/** Whether `path` is the project folder or inside it. */
export function insideProject(root: string, path: string): boolean {
  const inside = relative(resolve(root), resolve(path));
  return !inside || (!inside.startsWith('..') && !isAbsolute(inside));
}

/** Every gallery folder publishing reads (sources.ts galleriesFrom's two folders), each read alone so one broken gallery.yaml spoils only its own card. */
function galleryFolders(setup: DeskSetup): string[] {
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

/** The package her gallery.yaml sets (proofing), in words. */
export function packageOf(gallery: GallerySource): { kind: string; text: string } {
  const rules = gallery.selection;
  if (!rules) return { kind: 'favorites', text: 'Favorites, no package' };
  const photos = `${rules.included} ${rules.included === 1 ? 'photo' : 'photos'} included`;
  if (rules.strict) return { kind: 'strict', text: `${photos}, no more (strict)` };
  if (rules.extraPhotoPrice) return { kind: 'priced', text: `${photos}, more at ${rules.extraPhotoPrice} each` };
  return { kind: 'included', text: photos };
}

export const DOWNLOADS: Record<GallerySource['downloads'], string> = {
  none: 'No downloads',
  web: 'Web-size downloads',
  full: 'Full-size downloads (originals)',
};

/** What a card says of a gallery: its kind, what is on her website (or the preview) now, and what waits for a publish. */
export interface GalleryState {
  kind: 'closed' | 'held' | 'never' | 'changed' | 'published' | 'waiting' | 'rehearsal';
  /** One sentence: what is on the host now (and, for a partner link, what waits). */
  text: string;
  /** What a publish would send, one line each; absent when nothing waits (published, closed) or a publish would not send it (held). */
  waiting?: string[];
}

/** Partner links made or withdrawn since the gallery was last published (sharesWaiting). */
export interface SharesWaiting {
  added: number;
  withdrawn: number;
}

/**
 * The stamp gallery-actions.ts closeAction records for a gallery closed in a rehearsal (close on
 * the preview): her gallery.yaml still keeps it open, so the next publish opens it there again.
 */
export const REHEARSAL_STAMP = 'closed in a rehearsal';

/**
 * A gallery's state for the bucket the desk publishes to: closed, held (and why), never published,
 * changed since, published (published-state.ts, as "npm run galleries" marks it, by its stamp); a
 * partner link made or withdrawn since (`shares`) waits for a publish, and a gallery closed in a
 * rehearsal is closed in the preview only, its folder unchanged.
 */
export function stateOf(
  gallery: GallerySource,
  record: PublishRecord,
  key: string,
  stamp: string | undefined,
  held: string | undefined,
  now = new Date(),
  { shares = { added: 0, withdrawn: 0 }, local = false }: { shares?: SharesWaiting; local?: boolean } = {},
): GalleryState {
  if (isExpired(gallery.expires, now)) return { kind: 'closed', text: `Closed since the end of ${gallery.expires}` };
  if (held) return { kind: 'held', text: `Held as it was last published: ${held}` };
  const entry = record.targets[key]?.galleries[gallery.id];
  const day = entry?.published.slice(0, 10);
  const where = local ? 'In the preview on this computer' : 'On your website';
  if (entry?.stamp === REHEARSAL_STAMP) {
    return {
      kind: 'rehearsal',
      text: `Closed in the preview on this computer on ${day}, as a rehearsal: her gallery stays open as its folder says, and a publish opens it in the preview again`,
      waiting: ['the gallery open again in the preview, as its folder says'],
    };
  }
  const kind = publishedState(record, key, gallery, stamp ?? '');
  const links = [
    ...(shares.added ? [shares.added === 1 ? 'a new partner link' : `${shares.added} new partner links`] : []),
    ...(shares.withdrawn
      ? [
          shares.withdrawn === 1
            ? 'a partner link withdrawn (it still opens until you publish)'
            : `${shares.withdrawn} partner links withdrawn (they still open until you publish)`,
        ]
      : []),
  ];
  const waiting = links.length ? { waiting: links } : {};
  if (kind === 'never') {
    return { kind, text: 'Never published', waiting: ['the whole gallery: her link opens nothing until you publish'] };
  }
  if (kind === 'changed') {
    return {
      kind,
      text: `Changed since it was published on ${day}`,
      waiting: ['your changes to its photos, settings or password', ...links],
    };
  }
  if (links.length) {
    return {
      kind: 'waiting',
      text: `${where} as it was on ${day}; waiting for a publish: ${links.join(' and ')}`,
      ...waiting,
    };
  }
  return { kind, text: `Published on ${day}` };
}

/**
 * A partner link's grant id as publishing records it (format/keys.ts grantKeys: HKDF-SHA-256 of its
 * secret, "coastlight grant id", 16 bytes), computed at once: the cards are made synchronously.
 */
export const shareGrantId = (secret: Uint8Array) =>
  Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'coastlight grant id', 16)).toString('hex');

/**
 * The partner links made since the gallery was last published to `key` (in her passwords file, open,
 * and not among the grants the record keeps), and those withdrawn since (grants recorded beyond its
 * password's and private links' that no partner link of hers gives any more).
 */
export function sharesWaiting(
  setup: DeskSetup,
  gallery: GallerySource,
  record: PublishRecord,
  now = new Date(),
): SharesWaiting {
  const entry = record.targets[setup.key]?.galleries[gallery.id];
  if (!entry) return { added: 0, withdrawn: 0 };
  let shares: Share[];
  try {
    shares = readShares([gallery], setup.env, setup.root, undefined, false).get(gallery.id) ?? [];
  } catch {
    // A partner-links line publishing would refuse: publishing says why.
    return { added: 0, withdrawn: 0 };
  }
  const recorded = new Set(entry.grants);
  const mine = new Set(shares.map((share) => shareGrantId(share.secret)));
  const added = shares.filter(
    (share) => !isExpired(share.expires, now) && !recorded.has(shareGrantId(share.secret)),
  ).length;
  // Its grants are sealed in order: its password's, its private links', then its partner links'.
  const links = new Set(
    (setup.env[linksVariable(gallery.id)] ?? '')
      .split(',')
      .map((text) => text.trim())
      .filter(Boolean)
      .map((text) => shareGrantId(fromBase64Url(text))),
  );
  const withdrawn = entry.grants.slice(1).filter((grant) => !links.has(grant) && !mine.has(grant)).length;
  return { added, withdrawn };
}

/** How long one thumbnail may take before the desk answers without it. */
export const THUMBNAIL_MS = 10_000;

/** The bytes of `path` when it is a regular file (opened without waiting on a device or a pipe), else null. */
async function regularFile(path: string): Promise<Buffer | null> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    if (!(await handle.stat()).isFile()) return null;
    return await handle.readFile();
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/** What `promise` gives within `ms`, else null. */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Opaque ids for her photos' thumbnails: a key of this run, so an id tells nothing and lives no longer than the desk. */
export class PhotoIds {
  #key = randomBytes(32);
  #paths = new Map<string, string>();
  #thumbs = new Map<string, Buffer>();
  idOf(path: string): string {
    const id = createHmac('sha256', this.#key).update(path).digest('base64url').slice(0, 22);
    this.#paths.set(id, path);
    return id;
  }
  /**
   * The thumbnail (480 px, JPEG, upright, no metadata) of a photo the desk has shown, or null: only
   * of a regular file (never a device, a pipe or a folder, which could block every other answer), and
   * null when it takes longer than THUMBNAIL_MS.
   */
  async thumbnail(id: string): Promise<Buffer | null | undefined> {
    const path = this.#paths.get(id);
    if (!path) return null;
    if (!this.#thumbs.has(id)) {
      const bytes = await regularFile(path);
      if (!bytes) return null;
      const making = sharp(bytes).rotate().resize(480, 480, { fit: 'inside' }).jpeg({ quality: 78 }).toBuffer();
      const thumb = await withinTime(
        making.catch(() => null),
        THUMBNAIL_MS,
      );
      if (!thumb) return null;
      this.#thumbs.set(id, thumb);
    }
    return this.#thumbs.get(id);
  }
}

/**
 * The galleries publishing holds now, with why, and the stamps of what each is sealed from: as
 * publishing reads them (gallery-actions.ts inputsFor and heldForShares). While publishing refuses
 * her inputs (a gallery without its password: the publish says which), the holds for a partner
 * link's missing photo, and no stamps (a gallery recorded with one reads "changed since").
 */
function heldAndStamps(
  setup: DeskSetup,
  galleries: GallerySource[],
): { held: Map<string, string>; stamps: Map<string, string> } {
  const { say } = collector();
  const prepared = setup.refusal
    ? { refusal: setup.refusal }
    : inputsFor(forActions(setup), 'links', undefined, say, {}, true);
  if (prepared.inputs) return { held: heldForShares(prepared.inputs, say), stamps: prepared.stamps };
  try {
    const cache = new VaultCache(join(setup.dir, CACHE_FOLDER));
    const shares = readShares(galleries, setup.env, setup.root, undefined, false);
    return {
      held: shareProblems(galleries, shares, (path) => photoHash(path, cache)),
      stamps: new Map<string, string>(),
    };
  } catch {
    // A partner-links line publishing would refuse: publishing says why.
    return { held: new Map<string, string>(), stamps: new Map<string, string>() };
  }
}

/**
 * Her galleries at a glance: one card each, as publishing would read it. Held: as publishing holds
 * them (gallery-actions.ts heldForShares: a partner link's missing photo, a slip in its folder),
 * with why; the stamps of what each is sealed from, when her passwords let publishing read them.
 */
export function galleriesAtAGlance(setup: DeskSetup, photos: PhotoIds, now = new Date(), pages = photos) {
  const record = recordOrNone(setup.recordFile);
  const read = galleryFolders(setup).map((folder): { gallery: GallerySource } | { folder: string; problem: string } => {
    try {
      return { gallery: readGallery(folder) };
    } catch (error) {
      return { folder, problem: error instanceof Error ? error.message : String(error) };
    }
  });
  const { held, stamps } = heldAndStamps(
    setup,
    read.flatMap((entry) => ('gallery' in entry ? [entry.gallery] : [])),
  );
  return read.map((entry) => {
    if (!('gallery' in entry)) return { id: entry.folder.split(/[\\/]/).pop(), problem: entry.problem };
    const gallery = entry.gallery;
    return {
      id: gallery.id,
      page: pages.idOf(`gallery:${gallery.folder}`),
      title: gallery.title,
      photos: gallery.photos.length,
      cover: gallery.photos[0] ? photos.idOf(gallery.photos[0].path) : null,
      package: packageOf(gallery),
      downloads: DOWNLOADS[gallery.downloads],
      lastDay: gallery.expires ? gallery.expires.slice(0, 10) : null,
      state: stateOf(gallery, record, setup.key, stamps.get(gallery.id), held.get(gallery.id), now, {
        shares: sharesWaiting(setup, gallery, record, now),
        local: setup.local,
      }),
      sample: isSampleGallery(gallery, setup.root),
    };
  });
}

/** One card of galleriesAtAGlance: a gallery as publishing reads it, or a folder whose gallery.yaml is refused, with why. */
export type GalleryCard = ReturnType<typeof galleriesAtAGlance>[number];

/** One gallery's page (galleryDetail). */
export type GalleryDetail = NonNullable<ReturnType<typeof galleryDetail>>;

/** One message in her inbox as the desk shows it (inboxMessages). */
interface MessageBase {
  id: string;
  /** Its id as short as the command lists it (inbox-command.ts shortIds). */
  short: string | undefined;
  gallery: string;
  day: string;
}
export type InboxMessage =
  | (MessageBase & { kind: 'unreadable' | 'other-key' })
  | (MessageBase & {
      kind: 'selection';
      title: CheckedSelection['title'];
      /** When she sent it, in her time. */
      sent: string;
      included: CheckedSelection['included'];
      counted: CheckedSelection['counted'];
      picks: { number: number; file: string | null; note: string; thumb: string | null }[];
      lightroom: CheckedSelection['lightroom'];
      link: CheckedSelection['link'];
    });

/** Nothing published yet where the desk publishes (her record names no gallery there). */
const neverPublished = (setup: DeskSetup) =>
  Object.keys(recordOrNone(setup.recordFile).targets[setup.key]?.galleries ?? {}).length === 0;

/**
 * Her clients' selections, newest first, as `npm run galleries -- inbox` lists them (gallery-actions.ts
 * openInbox): each checked against her gallery (publish/selection-check.ts), her picks with the
 * thumbnails of the photos of her gallery they name, her notes, and the Lightroom line and link the
 * studio's records make, on `siteUrl`. Nothing else of a client's message is shown. Each message is
 * a `selection`, `unreadable` (not a selection as the page sends one) or `other-key` (sealed to
 * another studio key). `problem`: the command's sentence when the inbox cannot be read.
 */
export async function inboxMessages(
  setup: DeskSetup,
  photos: PhotoIds,
  siteUrl: string,
): Promise<{ messages: InboxMessage[]; problem: string | null }> {
  // Before her first publish there is no studio key yet, and nothing that could have sent her a
  // selection: nothing waits, rather than the command's sentence for a key lost from her backup.
  if (!setup.env[INBOX_KEY_VARIABLE]?.trim() && neverPublished(setup)) return { messages: [], problem: null };
  const inbox = await openInbox(forActions(setup), siteUrl, await setup.bucket().catch(() => undefined));
  if (inbox.problem !== undefined) return { messages: [], problem: inbox.problem };
  const short = shortIds(inbox.opened.map((o) => o.id));
  const messages = inbox.opened.map(({ id, gallery, day, selection, unreadable }): InboxMessage => {
    const base = { id, short: short.get(id), gallery, day };
    if (!selection) return { ...base, kind: unreadable ? 'unreadable' : 'other-key' };
    return {
      ...base,
      kind: 'selection',
      title: selection.title,
      sent: when(selection.sentAt),
      included: selection.included,
      counted: selection.counted,
      picks: selection.picks.map((pick) => ({
        number: pick.number,
        file: pick.photo?.file ?? null,
        note: pick.note,
        thumb: pick.photo ? photos.idOf(pick.photo.path) : null,
      })),
      lightroom: selection.lightroom,
      link: selection.link,
    };
  });
  return { messages, problem: null };
}

/** What the badge beside Selections counts (waitingCount). */
export interface Waiting {
  selections: number;
  unreadable: number;
}

/**
 * What the badge counts: the selections waiting and, apart, the messages that are not selections
 * (unreadable, or sealed to another key); both 0 when the inbox cannot be read.
 */
export async function waitingCount(setup: DeskSetup, siteUrl: string): Promise<Waiting> {
  try {
    if (setup.refusal) return { selections: 0, unreadable: 0 };
    const inbox = await openInbox(forActions(setup), siteUrl, await setup.bucket());
    if (inbox.problem !== undefined) return { selections: 0, unreadable: 0 };
    const selections = inbox.opened.filter((o) => o.selection).length;
    return { selections, unreadable: inbox.opened.length - selections };
  } catch {
    return { selections: 0, unreadable: 0 };
  }
}

/**
 * What a change answers the page: done or not, its sentence, the lines beside it (warnings, the
 * galleries held), whether a lock refused it or it was a rehearsal, and for Done the id to undo.
 */
export interface DeskAnswer {
  ok: boolean;
  message: string;
  warnings?: string[];
  held?: string[];
  locked?: boolean;
  rehearsal?: boolean;
  undo?: string;
}

/** What an action said, as the desk answers it: its sentence, and the lines beside it. */
function answerOf(outcome: Outcome, said: Said) {
  const ok = outcome.code === 0 && said.err.length === 0;
  const message = ok ? (said.out.at(-1) ?? '') : said.err.join('\n');
  const notes = [...(ok ? said.out.slice(0, -1) : said.out), ...said.warn];
  const held = said.warn.filter((line) => line.startsWith('Not published, kept as it was: '));
  return {
    ok,
    message,
    warnings: notes.filter((line) => !held.includes(line)),
    held,
    ...(outcome.locked ? { locked: true } : {}),
    ...(outcome.rehearsal ? { rehearsal: true } : {}),
  };
}

/** The sentence for a desk that cannot work on her galleries folder, as an answer. */
const refused = (setup: DeskSetup) => ({
  ok: false,
  message: setup.refusal ?? '',
  warnings: [] as string[],
  held: [] as string[],
});

/** Done with one selection: deletes it (`inbox --done`, gallery-actions.ts inboxDoneAction), in the command's words. */
export async function inboxDone(setup: DeskSetup, id: unknown, siteUrl: string): Promise<DeskAnswer> {
  if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) {
    return { ok: false, message: 'This is not a selection the desk listed: reload the page and try again.' };
  }
  if (setup.refusal) return refused(setup);
  const inbox = await openInbox(forActions(setup), siteUrl, await setup.bucket().catch(() => undefined));
  if (inbox.problem !== undefined) return { ok: false, message: inbox.problem };
  const entry = inbox.opened.find((o) => o.id === id);
  if (!entry)
    return { ok: false, message: 'This selection is no longer waiting: reload the page to see those that are.' };
  // Filed first, deleted after: a selection is never lost between the two.
  const filed = entry ? filedPath(setup, entry.gallery, entry.day, entry.id) : null;
  const bytes = entry ? await inbox.bucket.get(entry.name) : null;
  if (filed && bytes) {
    mkdirSync(dirname(filed), { recursive: true, mode: 0o700 });
    writeFileSync(filed, JSON.stringify({ name: entry.name, sealed: Buffer.from(bytes).toString('utf8') }), {
      mode: 0o600,
    });
  }
  const { said, say } = collector();
  const done = answerOf(await inboxDoneAction(inbox.bucket, inbox.opened, id, say), said);
  if (!done.ok || !entry) {
    if (filed) rmSync(filed, { force: true });
    return done;
  }
  const what = entry.selection
    ? `${entry.selection.title}, sent ${when(entry.selection.sentAt)}`
    : `the message of ${entry.day}`;
  return { ...done, message: `Filed away on your computer: ${what}.`, undo: id };
}

/** Where Done keeps a selection on her computer: per gallery, in her galleries folder, still sealed to the studio key. */
export const FILED_FOLDER = 'filed-selections';
const filedPath = (setup: DeskSetup, gallery: string, day: string, id: string) =>
  join(setup.dir, FILED_FOLDER, gallery, `${day}-${id}.json`);

/** Undo for Done: the filed selection back among those waiting, as it was stored. */
export async function inboxUndo(setup: DeskSetup, id: unknown) {
  if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) {
    return { ok: false, message: 'This is not a selection the desk filed: reload the page and try again.' };
  }
  if (setup.refusal) return refused(setup);
  const folder = join(setup.dir, FILED_FOLDER);
  const found = existsSync(folder)
    ? readdirSync(folder)
        .map((gallery) => join(folder, gallery))
        .flatMap((dir) => (statSync(dir).isDirectory() ? readdirSync(dir).map((name) => join(dir, name)) : []))
        .find((path) => path.endsWith(`-${id}.json`))
    : undefined;
  if (!found) return { ok: false, message: 'This selection is not filed on this computer: reload the page.' };
  let filed: { name?: unknown; sealed?: unknown } | null;
  try {
    filed = JSON.parse(readFileSync(found, 'utf8')) as { name?: unknown; sealed?: unknown } | null;
  } catch {
    filed = null;
  }
  // Only a name of the inbox's own form, for this very id: the file is hers, but nothing is taken on its word.
  const name = typeof filed?.name === 'string' ? filed.name : '';
  const sealed = filed?.sealed;
  if (MESSAGE_NAME.exec(name)?.[3] !== id || typeof sealed !== 'string') {
    return { ok: false, message: 'This filed selection could not be read, so it was left where it is.' };
  }
  let bucket;
  try {
    bucket = await setup.bucket();
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  await bucket.put(name, sealed);
  rmSync(found);
  return { ok: true, message: 'Back among the selections waiting.' };
}

/** What the publishing code's refusals tell her to do on the desk, where the command names a command. */
export const DESK_HOW_TO: NonNullable<LockRequest['howTo']> = {
  unlock: 'press Unlock on the desk',
  again: 'do it again from the desk',
};

/** One of the command's actions on the desk's bucket, answered with what it said. */
async function run(
  setup: DeskSetup,
  command: Exclude<Command, 'links'>,
  id: string | undefined,
  options: RunOptions = {},
) {
  if (setup.refusal) return refused(setup);
  let bucket;
  try {
    bucket = await setup.bucket();
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error), warnings: [], held: [] };
  }
  const { said, say } = collector();
  return answerOf(
    await runAction(forActions(setup), command, id, say, { howTo: DESK_HOW_TO, ...options, bucket }),
    said,
  );
}

/**
 * Publishes every gallery, as `npm run galleries -- publish` does (gallery-actions.ts runAction),
 * telling `report` its progress (build.ts PublishProgress). `unlock` breaks a lock a publish that
 * stopped halfway left (`--unlock`). Resolves to `{ ok, message, warnings, held, locked? }`:
 * `message` is the command's summary or refusal.
 */
export function publishAll(
  setup: DeskSetup,
  report: (progress: PublishProgress) => void = () => {},
  { unlock = false }: { unlock?: boolean } = {},
) {
  return run(setup, 'publish', undefined, { onProgress: report, unlock });
}

/**
 * Closes one gallery now, as `npm run galleries -- close <id>` does; with the local bucket, the
 * command's rehearsal (her gallery.yaml unchanged).
 */
export function closeOne(setup: DeskSetup, id: string) {
  return run(setup, 'close', id);
}

/**
 * Deletes from the bucket a gallery whose folder she took away, as `npm run galleries -- remove <id>`.
 */
export function removeOne(setup: DeskSetup, id: string) {
  return run(setup, 'remove', id);
}

/** A gallery published to the desk's bucket whose folder is gone (removable), with its day. */
export interface Removable {
  id: string;
  published: string;
}

/**
 * The galleries the desk may offer to remove: published to its bucket (the record), their folder
 * gone; none when the record cannot be read.
 */
export function removable(setup: DeskSetup): Removable[] {
  if (setup.refusal) return [];
  const record = recordOrNone(setup.recordFile).targets[setup.key]?.galleries ?? {};
  const here = new Set(galleryFolders(setup).map((folder) => folder.split(/[\\/]/).pop()));
  return Object.entries(record)
    .filter(([id]) => !here.has(id))
    .map(([id, entry]) => ({ id, published: entry.published.slice(0, 10) }));
}

/** Whether the desk's bucket holds a publish's lock (a publish elsewhere, or one that stopped halfway). */
export async function lockLeft(setup: DeskSetup): Promise<boolean> {
  try {
    return !setup.refusal && (await (await setup.bucket()).version(PUBLISH_LOCK)) !== null;
  } catch {
    return false;
  }
}

/** The gallery of this folder id, read, or null. */
function galleryOf(setup: DeskSetup, id: string): GallerySource | null {
  const folder = galleryFolders(setup).find((path) => path.split(/[\\/]/).pop() === id);
  return folder ? readGallery(folder) : null;
}

/** A last day as her page writes it: December 25, 2026. */
export const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/**
 * Her invitation, ready to paste into a private message: a greeting, the studio's name, her link,
 * her gallery's name and its last day as her page writes it. Her password is a text of its own
 * (passwordText), since a link and its password travel best apart.
 */
export function invitationText({
  links,
  id,
  lastDay,
  studio = settings.brand.name,
}: {
  links: string[];
  id: string;
  lastDay: string | null;
  studio?: string;
}): string {
  return [
    'Hello,',
    '',
    `Your gallery from ${studio} is ready. This link opens it on any device; please keep it to yourself:`,
    ...links,
    '',
    `Your gallery's name is ${id}. I will send your password in a separate message.`,
    ...(lastDay ? [`It is open until the end of ${longDay(lastDay)}.`] : []),
    '',
    'With warm wishes,',
    studio,
  ].join('\n');
}

/**
 * Her client's name as her gallery's title gives it: the words before its comma when the title is
 * written as the guide writes it ("Jenna, October 2026"), one to three words of letters; else none.
 */
export function clientName(title: string): string | null {
  const [first, ...rest] = title.split(',');
  const name = first?.trim() ?? '';
  return rest.length && /^\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*){0,2}$/u.test(name) ? name : null;
}

/**
 * A reminder to copy for a gallery closing soon: a greeting (with her client's name when the
 * title gives one), the studio's name, the last day as her page writes it, and her link; never
 * her password.
 */
export function reminderText({
  title,
  links,
  lastDay,
  studio = settings.brand.name,
}: {
  title: string;
  links: string[];
  lastDay: string;
  studio?: string;
}): string {
  const name = clientName(title);
  return [
    name ? `Hello ${name},` : 'Hello,',
    '',
    `A gentle reminder from ${studio}: your gallery is open until the end of ${longDay(lastDay)}. This link opens it on any device; please keep it to yourself:`,
    ...links,
    '',
    'If there are photos you would like to choose or keep, now is the time.',
    '',
    'With warm wishes,',
    studio,
  ].join('\n');
}

/** How many days ahead a gallery counts as closing this week: its last day today or in the 6 days after. */
export const CLOSING_DAYS = 7;

/** A published gallery whose last day is this week, with the reminder to copy (galleriesClosingSoon). */
export interface ClosingSoon {
  id: string;
  title: string;
  /** Its last day, YYYY-MM-DD. */
  lastDay: string;
  /** Its last day as her page writes it: December 25, 2026. */
  lastDayText: string;
  /** Days from today (in the studio's time zone) to its last day: 0 when it is today. */
  daysLeft: number;
  /** The reminder to copy; null when her private link is not in her passwords file. */
  reminder: string | null;
}

/** A day (YYYY-MM-DD) in the studio's time zone at `now`. */
const studioDay = (now: Date, zone: string = settings.business.timeZone) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * The galleries closing this week: published to the desk's bucket (her website, or the preview),
 * still open, their last day today or in the 6 days after (today counts: it is the last day to
 * remind her), soonest first, each with its reminder.
 */
export function galleriesClosingSoon(setup: DeskSetup, siteUrl: string, now = new Date()): ClosingSoon[] {
  if (setup.refusal) return [];
  const record = recordOrNone(setup.recordFile).targets[setup.key]?.galleries ?? {};
  const today = studioDay(now);
  const days = (day: string) =>
    Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return galleryFolders(setup)
    .flatMap((folder) => {
      try {
        return [readGallery(folder)];
      } catch {
        return [];
      }
    })
    .flatMap((gallery) => {
      const entry = record[gallery.id];
      const lastDay = gallery.expires?.slice(0, 10);
      if (!entry || entry.stamp === REHEARSAL_STAMP || !lastDay || isExpired(gallery.expires, now)) return [];
      const daysLeft = days(lastDay);
      if (daysLeft < 0 || daysLeft >= CLOSING_DAYS) return [];
      const links = (setup.env[linksVariable(gallery.id)] ?? '')
        .split(',')
        .map((text) => text.trim())
        .filter(Boolean)
        .map((text) => privateLink(siteUrl, fromBase64Url(text)));
      return [
        {
          id: gallery.id,
          title: gallery.title,
          lastDay,
          lastDayText: longDay(lastDay),
          daysLeft,
          reminder: links.length ? reminderText({ title: gallery.title, links, lastDay }) : null,
        },
      ];
    })
    .sort((a, b) => a.lastDay.localeCompare(b.lastDay) || a.id.localeCompare(b.id));
}

/** Her password as a text of its own, to send apart from the invitation. */
export const passwordText = ({ id, password }: { id: string; password: string }) =>
  `The password for your gallery ${id}: ${password}`;

/**
 * One gallery's page: its photos (numbered as she sees them), its private links and password (as
 * scripts/owner/galleries.ts `links` prints them, from passwords.env), the invitation, and its partner links.
 */
export function galleryDetail(setup: DeskSetup, id: string, photos: PhotoIds, siteUrl: string) {
  const gallery = galleryOf(setup, id);
  if (!gallery) return null;
  // First: reading publishing's inputs makes a new gallery's private link, as "npm run galleries" does.
  const { held, stamps } = heldAndStamps(setup, [gallery]);
  const record = recordOrNone(setup.recordFile);
  const state = stateOf(gallery, record, setup.key, stamps.get(id), held.get(id), new Date(), {
    shares: sharesWaiting(setup, gallery, record),
    local: setup.local,
  });
  const env = setup.env;
  const sample = isSampleGallery(gallery, setup.root);
  const secrets = (env[linksVariable(id)] ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean);
  const links = secrets.map((text) => privateLink(siteUrl, fromBase64Url(text)));
  const password = env[passwordVariable(id)]?.trim() || (sample ? DEVELOPMENT_PASSWORD : null);
  const lastDay = gallery.expires ? gallery.expires.slice(0, 10) : null;
  let shares: { code: string; link: string; expires: Share['expires']; names: string[]; name: string }[] = [];
  try {
    shares = (readShares([gallery], env, setup.root, undefined, false).get(id) ?? []).map((share) => ({
      code: linkCode(share),
      link: partnerLink(siteUrl, share),
      expires: share.expires,
      names: share.photos.map((photo) => photo.name).filter(Boolean),
      // Whom she made it for, as she named it ('' for none): her records only.
      name: share.name ?? '',
    }));
  } catch {
    // A partner-links line publishing would refuse: publishing says why.
  }
  return {
    id,
    title: gallery.title,
    state,
    sample,
    closed: isExpired(gallery.expires),
    lastDay,
    photos: gallery.photos.map((photo, index) => ({
      number: index + 1,
      thumb: photos.idOf(photo.path),
      file: basename(photo.path),
      // Her own description; readGallery's generic one is none of hers.
      alt: photo.alt === `Photograph ${index + 1} of your gallery` ? '' : photo.alt,
    })),
    // Her cover: the first photo, the one her gallery opens on (galleries.ts chooseCover puts it there).
    cover: gallery.photos[0] ? basename(gallery.photos[0].path) : null,
    links,
    password,
    // Her password as the next publish will judge it, said on its page before she presses Publish:
    // the strength estimate (about 50 ms, remembered for the desk's run), which her cards leave to
    // publishing so that a look at every gallery stays quick. The sample's is the development one.
    passwordProblem: password && !sample ? passwordWeakness(password, gallery, settings.brand.name) : null,
    invitation: links.length && password ? invitationText({ links, id, lastDay }) : null,
    passwordText: links.length && password ? passwordText({ id, password }) : null,
    // What its settings form shows, as its gallery.yaml says.
    settings: {
      title: gallery.title,
      expires: gallery.expires ?? '',
      downloads: gallery.downloads,
      included: gallery.selection?.included ?? '',
      extraPhotoPrice: gallery.selection?.extraPhotoPrice ?? '',
      strict: gallery.selection?.strict ?? false,
    },
    shares,
  };
}

/**
 * A partner link for these photos (numbers as she sees them), with her name for it (e.g. "for her
 * partner", kept in her passwords file only), or one withdrawn: the command's own
 * share and unshare (gallery-actions.ts shareAction), so its answer and refusals are the command's
 * ("Nothing was changed: …").
 */
export function shareAction(
  setup: DeskSetup,
  siteUrl: string,
  { id, photos, expires, withdraw, name }: Record<string, unknown>,
) {
  if (setup.refusal) return refused(setup);
  const named = typeof name === 'string' ? name.trim() : '';
  const args = withdraw
    ? ['unshare', String(id), String(withdraw)]
    : [
        'share',
        String(id),
        '--photos',
        (Array.isArray(photos) ? photos : []).map(Number).join(','),
        ...(expires ? ['--expires', String(expires)] : []),
        // One argument, whatever it holds: share-command.ts checks it (publish/share.ts shareName).
        ...(named ? [`--name=${named}`] : []),
      ];
  const { say } = collector();
  const { code, said } = shareCommandAction(forActions(setup), args, siteUrl, say);
  const link = said
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('http'));
  return { ok: code === 0, message: said, ...(code === 0 ? { link: link ?? null } : {}) };
}

/** The command's words the desk never shows her, each with hers (issue 51, item 7): longest first. */
const DESK_WORDS: [RegExp, string][] = [
  // Her passwords file's lines, by what they hold.
  [/PRIVATE_GALLERY_PASSWORD_[A-Z0-9_]+/g, 'her password'],
  [/PRIVATE_GALLERY_LINKS_[A-Z0-9_]+/g, 'her private links'],
  [/PRIVATE_GALLERY_SHARES_[A-Z0-9_]+/g, 'her partner links'],
  [/PRIVATE_GALLERY_INBOX_KEY/g, 'the studio key'],
  [/PRIVATE_GALLERY_SEED/g, 'the galleries’ key'],
  [/PRIVATE_GALLERY_SALT/g, 'the website’s salt'],
  [/set PRIVATE_GALLERY_DIR to where it is/g, 'tell the desk where it is'],
  [/PRIVATE_GALLERY_DIR/g, 'your galleries folder'],
  // The command's own instructions, as the desk's controls.
  [
    /run "npm run galleries -- close [^"]*" without --local to close it for her/g,
    'close it on the desk of your website for her',
  ],
  [/"?npm run galleries -- publish[^"\n]*"?/g, 'Publish'],
  [/"?npm run galleries -- close[^"\n]*"?/g, 'Close on the gallery’s page'],
  [/"?npm run galleries -- remove[^"\n]*"?/g, 'Remove on Galleries'],
  [/"?npm run galleries -- (?:share|unshare)[^"\n]*"?/g, 'Partner links on the gallery’s page'],
  [/"?npm run galleries -- inbox[^"\n]*"?/g, 'Selections'],
  [/"?npm run galleries[^"\n]*"?/g, 'the desk'],
  [/, \d+ indexes and lists/g, ''],
];

/**
 * A sentence of the command's (a refusal, a summary, a warning) in the desk's words: her website or
 * the preview for the bucket, what a passwords line holds for its name, the desk's control for a
 * command. Nothing of a client's passes through here: these are the studio's own sentences.
 */
export function deskWords(text: string, setup?: DeskSetup | null): string;
export function deskWords(text: unknown, setup?: DeskSetup | null): unknown;
export function deskWords(text: unknown, setup?: DeskSetup | null): unknown {
  if (typeof text !== 'string') return text;
  const where = setup?.local ? 'the preview on this computer' : 'your website';
  let words = text;
  if (setup?.label) {
    words = words
      .split(`in ${setup.label}`)
      .join(setup.local ? 'in the preview on this computer' : 'on your website')
      .split(setup.label)
      .join(where);
  }
  words = words
    .replace(/the local bucket in \S+?(?=[,.:;)]?(\s|$))/g, 'the preview on this computer')
    .replace(/\bin the bucket "[^"]*" on Cloudflare/g, 'on your website')
    .replace(/the bucket "[^"]*" on Cloudflare/g, 'your website');
  for (const [pattern, replacement] of DESK_WORDS) words = words.replace(pattern, replacement);
  // A sentence that began with a name now begins with her word: capitalised, as it was.
  return /^[A-Z]/.test(text) ? words.replace(/^[a-z]/, (letter) => letter.toUpperCase()) : words;
}

/** An answer's sentences (message, warnings, held, problem) in the desk's words. */
export function inDeskWords(json: unknown, setup: DeskSetup): unknown {
  if (!json || typeof json !== 'object') return json;
  const out: Record<string, unknown> = { ...json };
  for (const key of ['message', 'problem']) if (typeof out[key] === 'string') out[key] = deskWords(out[key], setup);
  for (const key of ['warnings', 'held', 'left']) {
    const lines = out[key];
    if (Array.isArray(lines)) out[key] = lines.map((line: unknown) => deskWords(line, setup));
  }
  if (out.done) out.done = inDeskWords(out.done, setup);
  return out;
}
