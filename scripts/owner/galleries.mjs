// The owner's command for the private galleries. Everything happens on her computer: the photos are
// resized and encrypted here, and only ciphertext reaches the host's storage (R2).
//   npm run galleries                      each gallery's private link, to send to its client
//   npm run galleries -- publish           seal every gallery and upload what changed to R2
//   npm run galleries -- close <id>        close one gallery now: "This gallery has closed"
//   npm run galleries -- remove <id>       delete from the bucket a gallery whose folder is gone
//                                          (until then publishing keeps it as it is, with a warning)
//   npm run galleries -- share <id> --photos 3,7,12 [--expires 2027-01-31] | --favorites "<link>"
//                                          a partner link for some photos (publish for it to open)
//   npm run galleries -- unshare <id> <link>   withdraw one partner link (publish for it to close)
//   npm run galleries -- inbox [--lightroom <id> | --done <message>]
//                                          the selections clients sent, opened here (docs/owner.md, "Her selection reaches you")
//   --local                                the local bucket (what `npm start` and the tests serve)
//                                          instead of the one on Cloudflare
//   --persist-to <dir>                     that local bucket's folder (default .wrangler/state)
//   --unlock                               publish, close, remove: break the lock a run that stopped halfway left
// Passwords come from the environment, .env, or passwords.env in the galleries folder (docs/owner.md).
// The links are secrets: they are printed here only, never by the site's build.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { settings } from '../../src/lib/content/settings.ts';
import { closeGallery } from '../../src/private-gallery/publish/close.ts';
import { photoHash, publishGalleries, vaultInputs } from '../../src/private-gallery/publish/build.ts';
import { VaultCache } from '../../src/private-gallery/publish/cache.ts';
import {
  invitationLink,
  linksVariable,
  isSampleGallery,
  passwordsFileWarning,
  privateLink,
  readEnv,
  SAMPLE_GALLERY,
} from '../../src/private-gallery/publish/secrets.ts';
import { listGalleries, privateGalleryDir } from '../../src/private-gallery/publish/sources.ts';
import { localGalleriesFolder } from '../../src/private-gallery/publish/local-fallback.ts';
import { folderRefusal, readRecord, RECORD_FILE, targetKey } from '../../src/private-gallery/publish/record.ts';
import { openTarget, targetNames } from '../../src/private-gallery/publish/target.ts';
import {
  publishedState,
  recordOrNone,
  recordStamps,
  stampsOf,
  stateWords,
} from '../../src/private-gallery/publish/published-state.ts';
import { isExpired } from '../../src/private-gallery/format/dates.ts';
import { shareCommand } from '../../src/private-gallery/publish/share-command.ts';
import { shareProblems } from '../../src/private-gallery/publish/share.ts';
import { pastButPublished } from '../../src/private-gallery/publish/expired.ts';
import { unreadablePhotos } from '../../src/private-gallery/publish/photo-check.ts';
import { optionProblem } from '../shared/options.mjs';
import { cloudflareProblem, npmRefusal } from './command-guard.mjs';
import { count, didYouMean, foldersPhrase } from '../../src/private-gallery/publish/words.ts';

// `npm run galleries publish --local` (no --): npm kept --local for itself. Say so before anything.
const npmKept = npmRefusal(
  ['local', 'persist-to', 'quiet', 'photos', 'favorites', 'expires', 'help', 'lightroom', 'done', 'unlock'],
  process.argv.slice(2),
);
if (npmKept) {
  console.error(npmKept);
  process.exit(1);
}

const USAGE = [
  "npm run galleries                       each gallery's private link, to send to its client",
  'npm run galleries -- publish           seal every gallery and upload what changed',
  'npm run galleries -- close <id>        close one gallery now: "This gallery has closed"',
  'npm run galleries -- remove <id>       delete from the bucket a gallery whose folder you took away',
  'npm run galleries -- share <id> --photos 3,7,12 [--expires 2027-01-31] | --favorites "<link>"',
  'npm run galleries -- unshare <id> <link>',
  'npm run galleries -- inbox             the selections your clients sent, newest first',
  'npm run galleries -- inbox --lightroom <id>   the latest selection from that gallery, file names on one line',
  'npm run galleries -- inbox --done <message>   delete one selection you have handled (its id from the list)',
  'options: --local (the local bucket, not the one on Cloudflare), --persist-to <dir>, --quiet, --unlock',
].join('\n  ');
/** The commands, and how many names each takes after it (share and unshare check their own). */
const COMMANDS = { links: 0, publish: 0, close: 1, remove: 1, share: null, unshare: null, inbox: 0 };

/** What each option does, for --help. */
const OPTIONS = `Options:
  --local               the local bucket (what \`npm start\` and the tests serve), not the one on Cloudflare
  --persist-to <dir>    that local bucket's folder (default .wrangler/state)
  --quiet               publish: leave out the reminder that "npm run galleries" prints the links
  --photos <numbers>    share: the photos' numbers, as the gallery shows them (3,7,12)
  --expires <date>      share: the last day the partner link opens (YYYY-MM-DD)
  --favorites "<link>"  share: the photos of the selection link a client sent you
  --lightroom <id>      inbox: the latest selection's file names from that gallery, on one line
  --done <message>      inbox: delete a message you have handled (its id from the list)
  --unlock              publish, close, remove: break the lock left by a publish that stopped halfway, then go on
  --help                this text (after a command: that command's)`;

/** A mistyped command or option: say which, print the usage, change nothing. */
function usage(problem) {
  console.error(`${problem}\n\nUsage:\n  ${USAGE}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: true,
    options: {
      local: { type: 'boolean' },
      'persist-to': { type: 'string' },
      quiet: { type: 'boolean' },
      photos: { type: 'string' },
      favorites: { type: 'string' },
      expires: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      lightroom: { type: 'string' },
      done: { type: 'string' },
      unlock: { type: 'boolean' },
    },
  });
} catch (error) {
  console.error(optionProblem('galleries', 'npm run galleries [-- <command> <id>] [options]', error));
  process.exit(1);
}
const { values, positionals } = parsed;
const [command = 'links', id] = positionals;
if (values.help) {
  // The usage of the command named, or of all of them.
  const commands = USAGE.split('\n  ').filter((line) => !line.startsWith('options:'));
  const named = commands.filter((line) =>
    command === 'links' ? !line.includes(' -- ') : line.includes(`-- ${command} `),
  );
  console.log(`Usage: ${(positionals.length ? named : commands).join('\n       ')}\n\n${OPTIONS}`);
  process.exit(0);
}
if (!Object.hasOwn(COMMANDS, command)) usage(`Unknown command "${command}".`);
const arity = COMMANDS[command];
if (arity !== null && Math.max(0, positionals.length - 1) !== arity) {
  usage(arity ? `"${command}" needs the gallery's folder name.` : `"${command}" takes no name.`);
}
if (command !== 'share' && (values.photos || values.favorites || values.expires)) {
  usage('--photos, --favorites and --expires go with "share".');
}
if (command !== 'inbox' && (values.lightroom || values.done)) usage('--lightroom and --done go with "inbox".');
if (values.lightroom && values.done) usage('"inbox" takes --lightroom or --done, not both.');
if (values.unlock && !['publish', 'close', 'remove'].includes(command)) {
  usage('--unlock goes with "publish", "close" or "remove".');
}

const env = readEnv();
// A fresh copy of the project has no galleries folder yet: its local preview (npm start) publishes
// the sample gallery from content/private/ instead; the bucket on Cloudflare never does.
// A local bucket that already holds her galleries never gets the sample instead: the same refusal
// as without --local (publish/local-fallback.ts).
const folder = await localGalleriesFolder(env, !!values.local, () =>
  openTarget({ remote: false, ...(values['persist-to'] ? { persistTo: values['persist-to'] } : {}) }),
);
if (folder.refusal) {
  console.error(folder.refusal);
  process.exit(1);
}
if (folder.note) {
  console.log(folder.note);
  env.PRIVATE_GALLERY_DIR = folder.dir;
}
const logger = { warn: (message) => console.warn(`! ${message}`) };
// On every run: the passwords file opens every gallery.
const loose = passwordsFileWarning(env);
if (loose) logger.warn(loose);

// npm run galleries -- share <id> --photos 3,7,12 [--expires 2027-01-31] | --favorites <link>; unshare <id> <link>
if (command === 'share' || command === 'unshare') {
  try {
    console.log(shareCommand(process.argv.slice(2), settings.siteUrl));
    process.exit(0);
  } catch (error) {
    console.error(`Nothing was changed: ${error.message}`);
    process.exit(1);
  }
}

const quiet = values.quiet;
// wrangler reaches the bucket on Cloudflare with the API token and account id from .env (docs/owner.md, "Set up once").
for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID']) {
  if (env[name] && !process.env[name]) process.env[name] = env[name];
}
const dir = privateGalleryDir(env);
const recordFile = join(dir, RECORD_FILE);
// wrangler's own lines ("Establishing remote connection", its error box) are not hers; it keeps them
// only where it may need her: signing in at a terminal, without a token.
if (!values.local && !process.env.WRANGLER_LOG && (process.env.CLOUDFLARE_API_TOKEN || !process.stdin.isTTY)) {
  process.env.WRANGLER_LOG = 'none';
}
const target = () =>
  openTarget({ remote: !values.local, ...(values['persist-to'] ? { persistTo: values['persist-to'] } : {}) }).catch(
    (error) => {
      // Cloudflare not set up, or not reachable: one sentence (command-guard.mjs), never wrangler's trace.
      const problem = !values.local && cloudflareProblem(error, process.env);
      throw problem ? Object.assign(new Error(problem), { name: 'CloudflareProblem' }) : error;
    },
  );
/** The bucket, or the one sentence why not, exiting. */
const openBucket = () =>
  target().catch((error) => {
    if (error.name !== 'CloudflareProblem') throw error;
    console.error(error.message);
    process.exit(1);
  });

// Before anything is read or written: a galleries folder that is not there (an unplugged drive, a
// moved folder), or holds no gallery, never publishes over a bucket that holds galleries; and a
// missing folder is never made in its place (on a Mac, a folder made where a drive mounts would
// hide the drive).
// npm run galleries -- inbox [--lightroom <id> | --done <message>]: read, never publish.
if (command === 'inbox') {
  const { InboxError, openMessages, formatMessages, lightroomLine, doneWith, inboxKeyOf } =
    await import('../../src/private-gallery/publish/inbox-command.ts');
  let inbox = null;
  try {
    inboxKeyOf(env);
    inbox = await target();
    const opened = await openMessages(inbox, env);
    if (values.lightroom) console.log(lightroomLine(opened, values.lightroom, inbox.label));
    else if (values.done) console.log(await doneWith(inbox, opened, values.done, inbox.label));
    else console.log(formatMessages(opened, inbox.label, env));
  } catch (error) {
    const plain = error instanceof InboxError || error.name === 'CloudflareProblem';
    console.error(plain ? error.message : `The inbox could not be read: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await inbox?.close();
  }
  process.exit();
}

const missingFolder = `The galleries folder ${dir} is not there: plug in the drive that holds it, set PRIVATE_GALLERY_DIR to where it is, or make it to start (docs/owner.md, "Set up once"); nothing was changed.`;
if (command === 'links' && !existsSync(dir)) {
  console.error(missingFolder);
  process.exit(1);
}
let bucket = null;
if (command !== 'links') {
  bucket = await openBucket();
  try {
    // A gallery that cannot be read counts: it is held, with why, once the inputs are read.
    const unread = new Map();
    const inFolder = existsSync(dir) ? listGalleries(dir, unread).length + unread.size : 0;
    const refusal = await folderRefusal(
      bucket,
      dir,
      command === 'remove' ? 1 : inFolder,
      recordFile,
      SAMPLE_GALLERY.id,
    );
    if (refusal || !existsSync(dir)) {
      console.error(refusal ?? missingFolder);
      process.exitCode = 1;
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
  if (process.exitCode) {
    await bucket.close();
    process.exit(1);
  }
}

// Fails closed: a gallery without its own password, or a short or guessable one, stops here, saying
// why. Closing and removing must always work: the gallery closed keeps its weak password with a
// warning, and any other gallery whose password fails is held (publish/close-passwords.ts).
const inputs = await (async () => {
  try {
    return vaultInputs(env, logger, undefined, command === 'close' ? id : command === 'remove' ? null : undefined);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await bucket?.close();
    process.exit(1);
  }
})();
const { galleries, options } = inputs;
// What each gallery is sealed from now: recorded at each publish, compared by "npm run galleries".
const stamps = stampsOf(galleries, options);
// One publish at a time per bucket (publish/lock.ts): a refusal names this very command with --unlock.
const again = process.argv.slice(2).filter((arg) => arg !== '--unlock');
options.lock = {
  unlock: !!values.unlock,
  logger,
  unlockWith: `npm run galleries -- ${[...again.map((arg) => (/\s/.test(arg) ? JSON.stringify(arg) : arg)), '--unlock'].join(' ')}`,
};
const where = foldersPhrase(dir);

/** Publishes with `extra` options; prints what was kept, left out or left; fails with one sentence. */
async function publishTo(extra = {}) {
  try {
    const result = await publishGalleries(bucket, galleries, { ...options, ...extra });
    recordStamps(
      recordFile,
      targetKey(bucket),
      stamps,
      result.galleries.map((gallery) => gallery.id),
    );
    for (const { warning } of result.carried) logger.warn(warning);
    if (result.leftOut.length) {
      console.log(
        `The sample gallery (${result.leftOut.join(', ')}) is published only to the local bucket (--local): its password and partner link are public, in docs/owner.md.`,
      );
    }
    if (result.unrecorded) {
      logger.warn(
        `${count(result.unrecorded, 'file')} in ${bucket.label} that no gallery in ${dir} reaches were left as they were (the first publish recorded in ${recordFile}): if a gallery's folder is missing, put it back and publish again.`,
      );
    }
    return result;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await bucket.close();
    process.exit(1);
  }
}

/**
 * Galleries whose partner link shows a photo no longer in their folder (publish/share.ts): each is
 * held as it was last published (publishGalleries' `hold`), saying why; the others publish. A
 * gallery being closed is left out: closing always works. Closing and removing also hold those
 * whose password fails (inputs.held), named by publishing's own warning.
 */
const heldForShares = (closing) => {
  const cache = new VaultCache(options.cacheDir ?? null);
  const open = galleries.filter((gallery) => gallery.id !== closing);
  const hold = shareProblems(open, options.shares, (path) => photoHash(path, cache), new Date(), options.timeZone);
  for (const message of hold.values()) console.error(`! Not published, kept as it was: ${message}`);
  for (const [held, reason] of inputs.held) hold.set(held, reason);
  return hold;
};

if (command === 'publish') {
  const started = Date.now();
  try {
    const hold = heldForShares();
    for (const [held, reason] of await unreadablePhotos(galleries.filter((g) => !hold.has(g.id))))
      hold.set(held, reason);
    // A held gallery fails the run (a script notices), but not the local bucket's: npm start goes on to serve.
    if (hold.size && !values.local) process.exitCode = 1;
    const result = await publishTo({ hold });
    const photos = result.galleries.reduce((sum, gallery) => sum + gallery.photos, 0);
    const { photoFiles, other, bytes, kept, deleted } = result.uploads;
    console.log(
      `Published ${count(result.galleries.length, 'gallery', 'galleries')} (${count(photos, 'photo')})` +
        `${result.closed.length ? ` and ${result.closed.length} closed` : ''} to ${bucket.label} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${count(photoFiles, 'photo file')} uploaded, ${kept} already there, ${count(other, 'index and list', 'indexes and lists')}, ${Math.round(bytes / 1024)} KB; ` +
        `${count(deleted, 'old file')} deleted; ${count(result.cache.resized, 'photo')} resized.`,
    );
    if (!quiet) console.log('"npm run galleries" prints the private links.');
  } finally {
    await bucket.close();
  }
} else if (command === 'close') {
  const gallery = galleries.find((candidate) => candidate.id === id);
  if (!gallery) {
    const recorded = readRecord(recordFile).targets[targetKey(bucket)]?.galleries[id];
    console.error(
      recorded
        ? `"${id}" has no folder in ${dir}: closing needs it (its gallery.yaml keeps the closing day). Put the folder back and close it, or run "npm run galleries -- remove ${id}" to delete it from the bucket.`
        : `No gallery named "${id}" in ${where}${didYouMean(
            id,
            galleries.map((g) => g.id),
          )}: "npm run galleries -- close <folder name>".`,
    );
    await bucket.close();
    process.exit(1);
  }
  try {
    const hold = heldForShares(gallery.id);
    const rehearsal = !!values.local;
    const { lastDay, result } = await closeGallery(bucket, galleries, gallery.id, { ...options, hold, rehearsal });
    console.log(
      rehearsal
        ? `Rehearsal: closed "${gallery.id}" in the local preview only (${bucket.label}: ${count(result.uploads.deleted, 'old file')} deleted); your gallery.yaml is unchanged; run "npm run galleries -- close ${gallery.id}" without --local to close it for her.`
        : `Closed "${gallery.id}" in ${bucket.label}: ${count(result.uploads.deleted, 'old file')} deleted. Her next visit, her link and a ` +
            `device that remembered her show "This gallery has closed". Its gallery.yaml says expires: ${lastDay}, so publishing ` +
            'again keeps it closed.',
    );
    // A rehearsal's closing is not what her folder says: "changed since" until she publishes locally.
    const closedHere = rehearsal ? new Map([[gallery.id, 'closed in a rehearsal']]) : new Map();
    recordStamps(recordFile, targetKey(bucket), new Map([...stamps, ...closedHere]), [
      ...result.galleries.map((published) => published.id),
      ...closedHere.keys(),
    ]);
    for (const { warning } of result.carried) logger.warn(warning);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await bucket.close();
  }
} else if (command === 'remove') {
  const published = readRecord(recordFile).targets[targetKey(bucket)]?.galleries ?? {};
  const recorded = published[id];
  const problem = !recorded
    ? `No gallery "${id}" in the record of what was published to ${bucket.label} (${recordFile})${didYouMean(id, Object.keys(published))}: nothing was removed.`
    : galleries.some((gallery) => gallery.id === id)
      ? `"${id}" still has its folder in ${where}: move that folder out first (or close the gallery instead), then remove it.`
      : null;
  if (problem) {
    console.error(problem);
    await bucket.close();
    process.exit(1);
  }
  try {
    const result = await publishTo({ remove: [id], hold: heldForShares() });
    console.log(
      `Removed "${id}" from ${bucket.label}: ${count(result.uploads.deleted, 'file')} deleted; her password and links open nothing now.`,
    );
  } finally {
    await bucket.close();
  }
} else if (command === 'links') {
  for (const [held, reason] of inputs.held) {
    logger.warn(`"${held}" is not listed (${reason}), and publishing holds it until that is resolved.`);
  }
  if (galleries.length === 0) {
    console.log(`No galleries in ${where}: add a folder with its photos and a gallery.yaml (see docs/owner.md).`);
    process.exit(0);
  }
  console.log(`Private links (${count(galleries.length, 'gallery', 'galleries')} in ${where}):\n`);
  // Past their last day but still in the bucket: the host refuses their photos; a publish deletes them.
  const stillOut = new Set();
  let bucketLabel = 'the bucket';
  if (galleries.some((gallery) => isExpired(gallery.expires, new Date(), options.timeZone))) {
    try {
      const bucket = await target();
      bucketLabel = bucket.label;
      for (const gallery of await pastButPublished(bucket, galleries, options.passwords, new Date(), options.timeZone))
        stillOut.add(gallery.id);
      await bucket.close();
    } catch (error) {
      console.warn(`! Could not check ${bucketLabel} for closed galleries still published: ${error.message}\n`);
    }
  }
  // Published to which bucket: the one on Cloudflare (her clients' links), or the local one with --local.
  const names = targetNames({
    remote: !values.local,
    ...(values['persist-to'] ? { persistTo: values['persist-to'] } : {}),
  });
  const record = recordOrNone(recordFile);
  for (const gallery of galleries) {
    if (!values.local && isSampleGallery(gallery)) {
      console.log(
        `${gallery.title}  (${gallery.id}): the sample gallery, published only to the local bucket (npm start); its password and link are public, in docs/owner.md.\n`,
      );
      continue;
    }
    const state = stateWords(
      publishedState(record, names.key, gallery, stamps.get(gallery.id)),
      names.label,
      `npm run galleries -- publish${values.local ? ' --local' : ''}`,
    );
    console.log(`${gallery.title}  (${gallery.id}, ${count(gallery.photos.length, 'photo')}): ${state.mark}`);
    if (isExpired(gallery.expires, new Date(), options.timeZone)) {
      console.log(`  closed since ${gallery.expires}: publishing shows her "This gallery has closed".\n`);
      if (stillOut.has(gallery.id)) {
        console.warn(
          `! "${gallery.id}" passed its last day (${gallery.expires}) but its photos are still in ${bucketLabel}: the site ` +
            `no longer serves them, and "npm run galleries -- publish" (or "npm run galleries -- close ${gallery.id}") deletes them.\n`,
        );
      }
      continue;
    }
    const secrets = options.links.get(gallery.id) ?? [];
    if (secrets.length === 0) console.log(`  no private link (${linksVariable(gallery.id)} is empty)`);
    for (const secret of secrets) console.log(`  ${privateLink(settings.siteUrl, secret)}${state.link}`);
    // Her invitation names her gallery (after the #, never sent to the host): she types only her password.
    console.log(
      `  With her password: ${invitationLink(settings.siteUrl, gallery.id)}  (gallery name: ${gallery.id})${state.link}`,
    );
    if (gallery.expires) console.log(`  open until the end of ${gallery.expires} (midnight, ${options.timeZone} time)`);
    console.log('');
  }
  console.log(
    [
      'How to send a link: paste it into a private email or message to that client only, with a line such as',
      '"Your gallery is ready: this link opens it on any device; please keep it to yourself."',
      'Anyone who has the link can open that gallery, like anyone who has the password. Each link has its',
      'own secret, in passwords.env: delete one from its PRIVATE_GALLERY_LINKS_… line and publish to',
      'withdraw that link alone (leave the line empty for none; delete the line to get a new one).',
      'Her password keeps working beside the links: send it with the link printed "With her password", which',
      'names her gallery so she types only her password, e.g. "Your gallery: <that link>  Password: …".',
      'A link works once the gallery is published.',
    ].join('\n'),
  );
}
