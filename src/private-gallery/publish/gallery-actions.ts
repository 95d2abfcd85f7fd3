// What `npm run galleries` and the studio desk (src/desk/) both do with her galleries, once:
// which galleries folder and bucket a run works on, the refusals before anything is read or
// written, publishing's inputs and what it holds, publish, close, remove, the inbox and partner
// links, each with the command's own sentences. Neither prints here: every sentence goes to `say`,
// which the command prints (out: stdout; err and warn: stderr, a warning after "! ") and the desk
// shows. A fix here is a fix in both.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { closeGallery } from './close.ts';
import { photoHash, publishGalleries, vaultInputs, type BuildOptions, type PublishProgress } from './build.ts';
import { VaultCache } from './cache.ts';
import { passwordsFileWarning, readEnv, SAMPLE_GALLERY } from './secrets.ts';
import { listGalleries, privateGalleryDir, type Env } from './sources.ts';
import { localGalleriesFolder } from './local-fallback.ts';
import { folderRefusal, readRecord, RECORD_FILE, targetKey } from './record.ts';
import { LOCAL_STATE, openTarget, targetNames, type TargetOptions, type VaultTarget } from './target.ts';
import { PublishLocked, type LockOptions } from './lock.ts';
import { recordStamps, stampsOf } from './published-state.ts';
import { shareCommand } from './share-command.ts';
import { shareProblems } from './share.ts';
import { unreadablePhotos } from './photo-check.ts';
import { count, didYouMean, foldersPhrase } from './words.ts';
import type { Opened } from './inbox-command.ts';
import { cloudflareProblem } from './command-guard.ts';

/** Where a run's sentences go: `warn` takes a warning without its "! ". */
export interface Say {
  out: (text: string) => void;
  err: (text: string) => void;
  warn: (text: string) => void;
}

/** The commands that publish, or read what publishing reads: `links` reads, the others write. */
export type Command = 'publish' | 'close' | 'remove' | 'links';

/** The command's sentence for a galleries folder that is not there. */
export const missingFolder = (dir: string): string =>
  `The galleries folder ${dir} is not there: plug in the drive that holds it, set PRIVATE_GALLERY_DIR to where it is, or make it to start (docs/owner.md, "Set up once"); nothing was changed.`;

/** Where gallerySetup opens a bucket: the local one (in `persistTo`) or the one on Cloudflare. */
export type OpenTarget = (options: Pick<TargetOptions, 'persistTo'> & { remote: boolean }) => Promise<VaultTarget>;

/** What gallerySetup is given: the run's options, her environment, and where its sentences go. */
export interface SetupOptions {
  local?: boolean;
  persistTo?: string;
  root?: string;
  env?: Env;
  open?: OpenTarget;
  say: Say;
}

/** What a run works on (gallerySetup), once the galleries folder is not refused. */
export interface GallerySetup {
  /** Never set here: only a refused run has one (SetupRefusal). */
  refusal?: undefined;
  /** Her environment, read again each time. */
  readonly env: Env;
  root: string;
  local: boolean;
  persistTo: string;
  /** The note for a fresh copy publishing the sample gallery from content/private/ (local only). */
  note: string | null;
  dir: string;
  recordFile: string;
  /** The bucket's record key and label, as openTarget names it, without opening it. */
  names: ReturnType<typeof targetNames>;
  /** "~/coastlight-galleries and content/private/": where the galleries are read from. */
  where: string;
  /** The bucket; a Cloudflare problem is one sentence, its error named CloudflareProblem. */
  target: () => Promise<VaultTarget>;
}

/** A run refused before anything is read or written: the sentence that says why. */
export interface SetupRefusal {
  refusal: string;
}

/**
 * What a run works on: her environment (read again at each `env`: publishing writes new secrets
 * into passwords.env), the galleries folder (with its note for a fresh copy, local only, or the
 * sentence refusing it: publish/local-fallback.ts), the record, and the bucket (`target()`, one
 * sentence when Cloudflare is not set up or not reachable). The Cloudflare variables of .env are
 * copied into the process for wrangler. `say.warn`s the passwords file's warning.
 */
export async function gallerySetup({
  local = false,
  persistTo,
  root = process.cwd(),
  env: base = process.env,
  open = (options) => openTarget({ ...options, root }),
  say,
}: SetupOptions): Promise<GallerySetup | SetupRefusal> {
  const where = persistTo ? { persistTo } : {};
  const first = readEnv(root, base);
  // A fresh copy of the project has no galleries folder yet: its local preview (npm start) publishes
  // the sample gallery from content/private/ instead; the bucket on Cloudflare never does. A local
  // bucket that already holds her galleries never gets the sample instead (publish/local-fallback.ts).
  const folder = await localGalleriesFolder(first, local, () => open({ remote: false, ...where }), root);
  if (folder.refusal) return { refusal: folder.refusal };
  const fixed = folder.note ? { ...base, PRIVATE_GALLERY_DIR: folder.dir } : base;
  const fresh = () => readEnv(root, fixed);
  // On every run: the passwords file opens every gallery.
  const loose = passwordsFileWarning(fresh());
  if (loose) say.warn(loose);
  // wrangler reaches the bucket on Cloudflare with the API token and account id from .env (docs/owner.md, "Set up once").
  for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID']) {
    const value = fresh()[name];
    if (value && !process.env[name]) process.env[name] = value;
  }
  const dir = privateGalleryDir(fresh());
  const names = targetNames({ remote: !local, root, ...where });
  return {
    get env(): Env {
      return fresh();
    },
    root,
    local,
    persistTo: persistTo ?? LOCAL_STATE,
    note: folder.note ?? null,
    dir,
    recordFile: join(dir, RECORD_FILE),
    names,
    where: foldersPhrase(dir),
    target: () =>
      open({ remote: !local, ...where }).catch((error: unknown) => {
        // Cloudflare not set up, or not reachable: one sentence (command-guard.ts), never wrangler's trace.
        const problem = !local && cloudflareProblem(error, process.env);
        throw problem ? Object.assign(new Error(problem), { name: 'CloudflareProblem' }) : error;
      }),
  };
}

/** An error as the one sentence a run says. */
const sentence = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Before anything is read or written: a galleries folder that is not there (an unplugged drive, a
 * moved folder), or holds no gallery, never publishes over a bucket that holds galleries; and a
 * missing folder is never made in its place (on a Mac, a folder made where a drive mounts would
 * hide the drive). Returns the sentence refusing the run, or null.
 */
export async function folderCheck(setup: GallerySetup, bucket: VaultTarget, command: Command): Promise<string | null> {
  try {
    // A gallery that cannot be read counts: it is held, with why, once the inputs are read.
    const unread = new Map<string, string>();
    const inFolder = existsSync(setup.dir) ? listGalleries(setup.dir, unread).length + unread.size : 0;
    const refusal = await folderRefusal(
      bucket,
      setup.dir,
      command === 'remove' ? 1 : inFolder,
      setup.recordFile,
      SAMPLE_GALLERY.id,
    );
    return refusal ?? (existsSync(setup.dir) ? null : missingFolder(setup.dir));
  } catch (error) {
    return sentence(error);
  }
}

/** Publishing's inputs (build.ts vaultInputs), its options with the bucket's lock. */
export type Inputs = ReturnType<typeof vaultInputs> & { options: BuildOptions };

/** Publishing's inputs for a run, and what each gallery is sealed from now (stampsOf). */
export interface Ready {
  inputs: Inputs;
  stamps: Map<string, string>;
  refusal?: undefined;
}

/** Publishing's inputs for a run (Ready), or the sentence refusing it. */
export type Prepared = Ready | { refusal: string; inputs?: undefined; stamps?: undefined };

/** What publishing's lock is told (lock.ts LockOptions): each may be left out, or undefined. */
export interface LockRequest {
  unlock?: boolean | undefined;
  unlockWith?: string | undefined;
  howTo?: LockOptions['howTo'];
}

/**
 * Publishing's inputs for `command` (publish, close <id>, remove, links), with the bucket's lock
 * options: `{ inputs, stamps }`, or `{ refusal }`. Fails closed: a gallery without its own
 * password, or a short or guessable one, stops it, saying why. Closing and removing must always
 * work: the gallery closed keeps its weak password with a warning, and any other gallery whose
 * password fails is held (publish/close-passwords.ts).
 *
 * `lock.unlock` breaks a lock left by a run that stopped halfway; `unlockWith` is the command a
 * refusal names; `howTo`, what it says instead where there is no command line (the desk).
 */
export function inputsFor(
  setup: GallerySetup,
  command: Command,
  id: string | undefined,
  say: Say,
  lock: LockRequest = {},
  /** A view that seals nothing (the desk's cards): its passwords are not estimated (build.ts vaultInputs). */
  view = false,
): Prepared {
  const logger = { warn: say.warn };
  let inputs: Inputs;
  try {
    inputs = vaultInputs(
      setup.env,
      logger,
      undefined,
      command === 'close' ? id : command === 'remove' ? null : undefined,
      !view,
    );
  } catch (error) {
    return { refusal: sentence(error) };
  }
  // One publish at a time per bucket (publish/lock.ts): a refusal names the command with --unlock.
  inputs.options.lock = {
    unlock: !!lock.unlock,
    logger,
    ...(lock.unlockWith ? { unlockWith: lock.unlockWith } : {}),
    ...(lock.howTo ? { howTo: lock.howTo } : {}),
  };
  // What each gallery is sealed from now: recorded at each publish, compared by "npm run galleries".
  return { inputs, stamps: stampsOf(inputs.galleries, inputs.options) };
}

/**
 * Galleries whose partner link shows a photo no longer in their folder (publish/share.ts): each is
 * held as it was last published (publishGalleries' `hold`), saying why; the others publish. A
 * gallery being closed is left out: closing always works. Closing and removing also hold those
 * whose password fails (inputs.held), named by publishing's own warning.
 */
export function heldForShares({ galleries, options, held }: Inputs, say: Say, closing?: string): Map<string, string> {
  const cache = new VaultCache(options.cacheDir ?? null);
  const open = galleries.filter((gallery) => gallery.id !== closing);
  const hold = shareProblems(open, options.shares, (path) => photoHash(path, cache), new Date(), options.timeZone);
  for (const message of hold.values()) say.warn(`Not published, kept as it was: ${message}`);
  for (const [id, reason] of held) hold.set(id, reason);
  return hold;
}

/** Publishes with `extra` options; says what was kept, left out or left; throws on failure. */
async function publishTo(
  setup: GallerySetup,
  bucket: VaultTarget,
  { inputs, stamps }: Ready,
  extra: Partial<BuildOptions>,
  say: Say,
) {
  const result = await publishGalleries(bucket, inputs.galleries, { ...inputs.options, ...extra });
  recordStamps(
    setup.recordFile,
    targetKey(bucket),
    stamps,
    result.galleries.map((gallery) => gallery.id),
  );
  for (const { warning } of result.carried) say.warn(warning);
  if (result.leftOut.length) {
    say.out(
      `The sample gallery (${result.leftOut.join(', ')}) is published only to the local bucket (--local): its password and partner link are public, in docs/owner.md.`,
    );
  }
  if (result.unrecorded) {
    say.warn(
      `${count(result.unrecorded, 'file')} in ${bucket.label} that no gallery in ${setup.dir} reaches were left as they were (the first publish recorded in ${setup.recordFile}): if a gallery's folder is missing, put it back and publish again.`,
    );
  }
  return result;
}

/**
 * The outcome of an action: `code` is the command's exit code (0 done; 1 refused or failed, or a
 * gallery held for the bucket on Cloudflare), `locked` when the bucket's lock refused it; publish
 * names the galleries it `held`, close says whether it was a `rehearsal` (the local bucket).
 */
export interface Outcome {
  code: number;
  locked?: boolean;
  held?: string[];
  rehearsal?: boolean;
}

/** A failed action, said as one sentence. */
function failed(error: unknown, say: Say): Outcome {
  say.err(sentence(error));
  return { code: 1, locked: error instanceof PublishLocked };
}

/**
 * `publish`: every gallery sealed and what changed uploaded, with its summary line. A held gallery
 * fails the run (a script notices), but not the local bucket's: npm start goes on to serve.
 * `onProgress` (build.ts PublishProgress) follows the photos resized, sealed and uploaded.
 */
export async function publishAction(
  setup: GallerySetup,
  bucket: VaultTarget,
  prepared: Ready,
  say: Say,
  onProgress?: (progress: PublishProgress) => void,
): Promise<Outcome> {
  const started = Date.now();
  try {
    const { galleries } = prepared.inputs;
    const hold = heldForShares(prepared.inputs, say);
    for (const [held, reason] of await unreadablePhotos(galleries.filter((g) => !hold.has(g.id))))
      hold.set(held, reason);
    const result = await publishTo(setup, bucket, prepared, { hold, ...(onProgress ? { onProgress } : {}) }, say);
    const photos = result.galleries.reduce((sum, gallery) => sum + gallery.photos, 0);
    const { photoFiles, other, bytes, kept, deleted } = result.uploads;
    say.out(
      `Published ${count(result.galleries.length, 'gallery', 'galleries')} (${count(photos, 'photo')})` +
        `${result.closed.length ? ` and ${result.closed.length} closed` : ''} to ${bucket.label} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${count(photoFiles, 'photo file')} uploaded, ${kept} already there, ${count(other, 'index and list', 'indexes and lists')}, ${Math.round(bytes / 1024)} KB; ` +
        `${count(deleted, 'old file')} deleted; ${count(result.cache.resized, 'photo')} resized.`,
    );
    return { code: hold.size && !setup.local ? 1 : 0, held: [...hold.keys()] };
  } catch (error) {
    return failed(error, say);
  }
}

/**
 * `close <id>`: the gallery closed now ("This gallery has closed"), its gallery.yaml ending
 * yesterday; with the local bucket a rehearsal that leaves her gallery.yaml unchanged.
 */
export async function closeAction(
  setup: GallerySetup,
  bucket: VaultTarget,
  prepared: Ready,
  id: string,
  say: Say,
): Promise<Outcome> {
  const { inputs, stamps } = prepared;
  const gallery = inputs.galleries.find((candidate) => candidate.id === id);
  if (!gallery) {
    const recorded = readRecord(setup.recordFile).targets[targetKey(bucket)]?.galleries[id];
    say.err(
      recorded
        ? `"${id}" has no folder in ${setup.dir}: closing needs it (its gallery.yaml keeps the closing day). Put the folder back and close it, or run "npm run galleries -- remove ${id}" to delete it from the bucket.`
        : `No gallery named "${id}" in ${setup.where}${didYouMean(
            id,
            inputs.galleries.map((g) => g.id),
          )}: "npm run galleries -- close <folder name>".`,
    );
    return { code: 1 };
  }
  try {
    const hold = heldForShares(inputs, say, gallery.id);
    const rehearsal = !!setup.local;
    const { lastDay, result } = await closeGallery(bucket, inputs.galleries, gallery.id, {
      ...inputs.options,
      hold,
      rehearsal,
    });
    say.out(
      rehearsal
        ? `Rehearsal: closed "${gallery.id}" in the local preview only (${bucket.label}: ${count(result.uploads.deleted, 'old file')} deleted); your gallery.yaml is unchanged; run "npm run galleries -- close ${gallery.id}" without --local to close it for her.`
        : `Closed "${gallery.id}" in ${bucket.label}: ${count(result.uploads.deleted, 'old file')} deleted. Her next visit, her link and a ` +
            `device that remembered her show "This gallery has closed". Its gallery.yaml says expires: ${lastDay}, so publishing ` +
            'again keeps it closed.',
    );
    // A rehearsal's closing is not what her folder says: "changed since" until she publishes locally.
    const closedHere = rehearsal ? new Map([[gallery.id, 'closed in a rehearsal']]) : new Map();
    recordStamps(setup.recordFile, targetKey(bucket), new Map([...stamps, ...closedHere]), [
      ...result.galleries.map((published) => published.id),
      ...closedHere.keys(),
    ]);
    for (const { warning } of result.carried) say.warn(warning);
    return { code: 0, rehearsal };
  } catch (error) {
    return failed(error, say);
  }
}

/** Why `remove <id>` cannot go on (no such gallery published, or its folder still there), or null. */
export function removeRefusal(
  setup: GallerySetup,
  bucket: VaultTarget,
  galleries: Inputs['galleries'],
  id: string,
): string | null {
  const published = readRecord(setup.recordFile).targets[targetKey(bucket)]?.galleries ?? {};
  if (!published[id]) {
    return `No gallery "${id}" in the record of what was published to ${bucket.label} (${setup.recordFile})${didYouMean(id, Object.keys(published))}: nothing was removed.`;
  }
  if (galleries.some((gallery) => gallery.id === id)) {
    return `"${id}" still has its folder in ${setup.where}: move that folder out first (or close the gallery instead), then remove it.`;
  }
  return null;
}

/**
 * `remove <id>`: a gallery whose folder she took away, deleted from the bucket.
 */
export async function removeAction(
  setup: GallerySetup,
  bucket: VaultTarget,
  prepared: Ready,
  id: string,
  say: Say,
): Promise<Outcome> {
  const problem = removeRefusal(setup, bucket, prepared.inputs.galleries, id);
  if (problem) {
    say.err(problem);
    return { code: 1 };
  }
  try {
    const result = await publishTo(
      setup,
      bucket,
      prepared,
      { remove: [id], hold: heldForShares(prepared.inputs, say) },
      say,
    );
    say.out(
      `Removed "${id}" from ${bucket.label}: ${count(result.uploads.deleted, 'file')} deleted; her password and links open nothing now.`,
    );
    return { code: 0 };
  } catch (error) {
    return failed(error, say);
  }
}

/** What runAction is handed beside the command: a bucket already open, the lock's options, a progress report. */
export interface RunOptions extends LockRequest {
  bucket?: VaultTarget | undefined;
  onProgress?: ((progress: PublishProgress) => void) | undefined;
}

/**
 * publish, close <id>, remove <id> from the start: the bucket opened, the folder checked, the
 * inputs read, the action done, the bucket closed (unless `bucket` is handed in, which stays open).
 */
export async function runAction(
  setup: GallerySetup,
  command: Exclude<Command, 'links'>,
  id: string | undefined,
  say: Say,
  { bucket: given, unlock, unlockWith, howTo, onProgress }: RunOptions = {},
): Promise<Outcome> {
  let bucket = given;
  if (!bucket) {
    try {
      bucket = await setup.target();
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'CloudflareProblem') throw error;
      say.err(error.message);
      return { code: 1 };
    }
  }
  try {
    const refusal = await folderCheck(setup, bucket, command);
    if (refusal) {
      say.err(refusal);
      return { code: 1 };
    }
    const prepared = inputsFor(setup, command, id, say, { unlock, unlockWith, howTo });
    if (prepared.refusal !== undefined) {
      say.err(prepared.refusal);
      return { code: 1 };
    }
    if (command === 'publish') return await publishAction(setup, bucket, prepared, say, onProgress);
    // close and remove always name a gallery: the command checks they are given one, the desk
    // passes its card's.
    if (command === 'close') return await closeAction(setup, bucket, prepared, id!, say);
    return await removeAction(setup, bucket, prepared, id!, say);
  } finally {
    if (!given) await bucket.close();
  }
}

/**
 * `share <id> --photos …` or `unshare <id> <link>`: the partner link made or withdrawn (publish for
 * it to open or close), in share-command.ts's words; a refusal says "Nothing was changed: …".
 */
export function shareAction(
  setup: GallerySetup,
  args: string[],
  siteUrl: string,
  say: Say,
  favorites?: readonly number[],
): { code: number; said: string } {
  try {
    const said = shareCommand(args, siteUrl, setup.root, setup.env, favorites);
    say.out(said);
    return { code: 0, said };
  } catch (error) {
    const said = `Nothing was changed: ${sentence(error)}`;
    say.err(said);
    return { code: 1, said };
  }
}

/**
 * `share <id> --favorites <selection>`: the photos of one selection from her inbox (its id as
 * "inbox" lists it), checked against that gallery, made into a partner link by shareAction. Only
 * what the studio's records say reaches the link: her numbers that are photos of the gallery.
 */
export async function favoritesAction(
  setup: GallerySetup,
  args: string[],
  siteUrl: string,
  say: Say,
  short: string,
): Promise<{ code: number; said: string }> {
  const { InboxError, favoritesOf } = await import('./inbox-command.ts');
  const id = args.filter((arg) => !arg.startsWith('-'))[1] ?? '';
  if (!/^[0-9a-f]{4,32}$/i.test(short.trim())) {
    const said = `Nothing was changed: ${favoritesRefusal}`;
    say.err(said);
    return { code: 1, said };
  }
  const inbox = await openInbox(setup, siteUrl);
  if (inbox.problem !== undefined) {
    say.err(inbox.problem);
    return { code: 1, said: inbox.problem };
  }
  try {
    return shareAction(setup, args, siteUrl, say, favoritesOf(inbox.opened, short, id, inbox.bucket.label));
  } catch (error) {
    if (!(error instanceof InboxError)) throw error;
    const said = `Nothing was changed: ${error.message}`;
    say.err(said);
    return { code: 1, said };
  } finally {
    await inbox.bucket.close();
  }
}

/** Why --favorites refuses anything but a selection's id. */
const favoritesRefusal =
  '--favorites takes the id of her selection as "npm run galleries -- inbox" lists it (e.g. 3f2a9c1e), not a link.';

/**
 * The inbox opened: `{ bucket, opened }` (the caller closes the bucket it did not hand in), or
 * `{ problem }`, the command's sentence when it cannot be read.
 */
export async function openInbox(
  setup: GallerySetup,
  siteUrl: string,
  bucket?: VaultTarget,
): Promise<
  | { bucket: VaultTarget; opened: Opened[]; problem?: undefined }
  | { problem: string; bucket?: undefined; opened?: undefined }
> {
  const { InboxError, openMessages, inboxKeyOf } = await import('./inbox-command.ts');
  let target = bucket;
  try {
    inboxKeyOf(setup.env);
    target ??= await setup.target();
    return { bucket: target, opened: await openMessages(target, setup.env, siteUrl, setup.root) };
  } catch (error) {
    if (target && !bucket) await target.close();
    return { problem: inboxProblem(error, InboxError) };
  }
}

/** The inbox's failure as the command says it: its own sentence, else "The inbox could not be read: …". */
function inboxProblem(error: unknown, InboxError: typeof import('./inbox-command.ts').InboxError): string {
  const plain = error instanceof InboxError || (error instanceof Error && error.name === 'CloudflareProblem');
  return plain ? error.message : `The inbox could not be read: ${sentence(error)}`;
}

/** `inbox --lightroom <id>`: the latest selection's file names from that gallery, on one line. */
export async function lightroomAction(bucket: VaultTarget, opened: Opened[], id: string, say: Say): Promise<Outcome> {
  const { InboxError, lightroomLine } = await import('./inbox-command.ts');
  try {
    say.out(lightroomLine(opened, id, bucket.label));
    return { code: 0 };
  } catch (error) {
    say.err(inboxProblem(error, InboxError));
    return { code: 1 };
  }
}

/** `inbox --done <message>`: that selection deleted, in the command's words; a refusal says why. */
export async function inboxDoneAction(bucket: VaultTarget, opened: Opened[], id: string, say: Say): Promise<Outcome> {
  const { doneWith, InboxError } = await import('./inbox-command.ts');
  try {
    say.out(await doneWith(bucket, opened, id, bucket.label));
    return { code: 0 };
  } catch (error) {
    say.err(inboxProblem(error, InboxError));
    return { code: 1 };
  }
}
