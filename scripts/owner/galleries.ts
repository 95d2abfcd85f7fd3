// The owner's command for the private galleries. Everything happens on her computer: the photos are
// resized and encrypted here, and only ciphertext reaches the host's storage (R2).
//   npm run galleries                      each gallery's private link, to send to its client
//   npm run galleries -- publish           seal every gallery and upload what changed to R2
//   npm run galleries -- close <id>        close one gallery now: "This gallery has closed"
//   npm run galleries -- remove <id>       delete from the bucket a gallery whose folder is gone
//                                          (until then publishing keeps it as it is, with a warning)
//   npm run galleries -- share <id> --photos 3,7,12 [--expires 2027-01-31] [--name "for her partner"] | --favorites <selection id>
//                                [--name "for her partner"]
//                                          a partner link for some photos (publish for it to open),
//                                          with her name for it, kept in passwords.env only
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
import { parseArgs } from 'node:util';
import { settings } from '../../src/lib/content/settings.ts';
import {
  invitationLink,
  linksVariable,
  isSampleGallery,
  privateLink,
} from '../../src/private-gallery/publish/secrets.ts';
import { targetNames } from '../../src/private-gallery/publish/target.ts';
import { publishedState, recordOrNone, stateWords } from '../../src/private-gallery/publish/published-state.ts';
import { isExpired } from '../../src/private-gallery/format/dates.ts';
import { pastButPublished } from '../../src/private-gallery/publish/expired.ts';
import { optionProblem } from '../shared/options.ts';
import { npmRefusal } from '../../src/private-gallery/publish/command-guard.ts';
import { count } from '../../src/private-gallery/publish/words.ts';
import { linkAsPositional } from '../../src/private-gallery/publish/share-command.ts';
import {
  gallerySetup,
  favoritesAction,
  inboxDoneAction,
  inputsFor,
  lightroomAction,
  missingFolder,
  openInbox,
  runAction,
  shareAction,
  type Say,
} from '../../src/private-gallery/publish/gallery-actions.ts';

// `npm run galleries publish --local` (no --): npm kept --local for itself. Say so before anything.
const npmKept = npmRefusal(
  ['local', 'persist-to', 'quiet', 'photos', 'favorites', 'expires', 'name', 'help', 'lightroom', 'done', 'unlock'],
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
  'npm run galleries -- share <id> --photos 3,7,12 [--expires 2027-01-31] [--name "for her partner"] | --favorites <selection id>',
  'npm run galleries -- unshare <id> <link>',
  'npm run galleries -- inbox             the selections your clients sent, newest first',
  'npm run galleries -- inbox --lightroom <id>   the latest selection from that gallery, file names on one line',
  'npm run galleries -- inbox --done <message>   delete one selection you have handled (its id from the list)',
  'options: --local (the local bucket, not the one on Cloudflare), --persist-to <dir>, --quiet, --unlock',
].join('\n  ');
/** The commands, and how many names each takes after it (share and unshare check their own). */
const COMMANDS = { links: 0, publish: 0, close: 1, remove: 1, share: null, unshare: null, inbox: 0 };
const isCommand = (name: string): name is keyof typeof COMMANDS => Object.hasOwn(COMMANDS, name);

/** What each option does, for --help. */
const OPTIONS = `Options:
  --local               the local bucket (what \`npm start\` and the tests serve), not the one on Cloudflare
  --persist-to <dir>    that local bucket's folder (default .wrangler/state)
  --quiet               publish: leave out the reminder that "npm run galleries" prints the links
  --photos <numbers>    share: the photos' numbers, as the gallery shows them (3,7,12)
  --expires <date>      share: the last day the partner link opens (YYYY-MM-DD)
  --favorites <id>      share: the photos of a selection in your inbox (its id as "inbox" lists it)
  --name <text>         share: your name for the link, e.g. "for her partner" (kept for you; the partner never sees it)
  --lightroom <id>      inbox: the latest selection's file names from that gallery, on one line
  --done <message>      inbox: delete a message you have handled (its id from the list)
  --unlock              publish, close, remove: break the lock left by a publish that stopped halfway, then go on
  --help                this text (after a command: that command's)`;

/** A mistyped command or option: say which, print the usage, change nothing. */
function usage(problem: string): never {
  console.error(`${problem}\n\nUsage:\n  ${USAGE}`);
  process.exit(1);
}

/** The command line, read strictly: an unknown option throws parseArgs' own error. */
const parse = () =>
  parseArgs({
    args: linkAsPositional(process.argv.slice(2)),
    allowPositionals: true,
    strict: true,
    options: {
      local: { type: 'boolean' },
      'persist-to': { type: 'string' },
      quiet: { type: 'boolean' },
      photos: { type: 'string' },
      favorites: { type: 'string' },
      expires: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      lightroom: { type: 'string' },
      done: { type: 'string' },
      unlock: { type: 'boolean' },
    },
  });
let parsed: ReturnType<typeof parse>;
try {
  parsed = parse();
} catch (error) {
  // parseArgs throws only its own errors: a TypeError with its code (ERR_PARSE_ARGS_…).
  console.error(optionProblem('galleries', 'npm run galleries [-- <command> <id>] [options]', error as Error));
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
if (!isCommand(command)) usage(`Unknown command "${command}".`);
const arity = COMMANDS[command];
if (arity !== null && Math.max(0, positionals.length - 1) !== arity) {
  usage(arity ? `"${command}" needs the gallery's folder name.` : `"${command}" takes no name.`);
}
if (command !== 'share' && (values.photos || values.favorites || values.expires || values.name !== undefined)) {
  usage('--photos, --favorites, --expires and --name go with "share".');
}
if (command !== 'inbox' && (values.lightroom || values.done)) usage('--lightroom and --done go with "inbox".');
if (values.lightroom && values.done) usage('"inbox" takes --lightroom or --done, not both.');
if (values.unlock && !['publish', 'close', 'remove'].includes(command)) {
  usage('--unlock goes with "publish", "close" or "remove".');
}

const say: Say = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  warn: (text) => console.warn(`! ${text}`),
};
// Which galleries folder and bucket this run works on, or the sentence refusing it (gallery-actions.ts).
const setup = await gallerySetup({
  local: !!values.local,
  ...(values['persist-to'] ? { persistTo: values['persist-to'] } : {}),
  say,
});
if (setup.refusal !== undefined) {
  console.error(setup.refusal);
  process.exit(1);
}
if (setup.note) console.log(setup.note);

// npm run galleries -- share <id> --photos 3,7,12 [--expires 2027-01-31] [--name <text>] | --favorites <selection id>; unshare <id> <link>
if (command === 'share' || command === 'unshare') {
  // --favorites names a selection of her inbox by its id: its photos are read there, checked against the gallery.
  const outcome =
    command === 'share' && values.favorites !== undefined
      ? await favoritesAction(setup, process.argv.slice(2), settings.siteUrl, say, values.favorites)
      : shareAction(setup, process.argv.slice(2), settings.siteUrl, say);
  process.exit(outcome.code);
}

const quiet = values.quiet;
const { dir, where } = setup;
// wrangler's own lines ("Establishing remote connection", its error box) are not hers; it keeps them
// only where it may need her: signing in at a terminal, without a token.
if (!values.local && !process.env.WRANGLER_LOG && (process.env.CLOUDFLARE_API_TOKEN || !process.stdin.isTTY)) {
  process.env.WRANGLER_LOG = 'none';
}

// npm run galleries -- inbox [--lightroom <id> | --done <message>]: read, never publish.
if (command === 'inbox') {
  const { formatMessages } = await import('../../src/private-gallery/publish/inbox-command.ts');
  const inbox = await openInbox(setup, settings.siteUrl);
  if (inbox.problem !== undefined) {
    console.error(inbox.problem);
    process.exit(1);
  }
  try {
    const { bucket, opened } = inbox;
    if (values.lightroom) process.exitCode = (await lightroomAction(bucket, opened, values.lightroom, say)).code;
    else if (values.done) process.exitCode = (await inboxDoneAction(bucket, opened, values.done, say)).code;
    else console.log(formatMessages(opened, bucket.label, setup.env));
  } catch (error) {
    console.error(`The inbox could not be read: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await inbox.bucket.close();
  }
  process.exit();
}

// publish, close <id>, remove <id>: a refusal of the bucket's lock names this very command with --unlock.
if (command !== 'links') {
  const again = process.argv.slice(2).filter((arg) => arg !== '--unlock');
  const outcome = await runAction(setup, command, id, say, {
    unlock: !!values.unlock,
    unlockWith: `npm run galleries -- ${[...again.map((arg) => (/\s/.test(arg) ? JSON.stringify(arg) : arg)), '--unlock'].join(' ')}`,
  });
  if (outcome.code === 0 && command === 'publish' && !quiet)
    console.log('"npm run galleries" prints the private links.');
  process.exit(outcome.code);
}

if (!existsSync(dir)) {
  console.error(missingFolder(dir));
  process.exit(1);
}
const prepared = inputsFor(setup, 'links', undefined, say);
if (prepared.refusal !== undefined) {
  console.error(prepared.refusal);
  process.exit(1);
}
const { inputs, stamps } = prepared;
const { galleries, options } = inputs;
for (const [held, reason] of inputs.held) {
  say.warn(`"${held}" is not listed (${reason}), and publishing holds it until that is resolved.`);
}
if (galleries.length === 0) {
  console.log(`No galleries in ${where}: add a folder with its photos and a gallery.yaml (see docs/owner.md).`);
  process.exit(0);
}
console.log(`Private links (${count(galleries.length, 'gallery', 'galleries')} in ${where}):\n`);
// Past their last day but still in the bucket: the host refuses their photos; a publish deletes them.
const stillOut = new Set<string>();
let bucketLabel = 'the bucket';
if (galleries.some((gallery) => isExpired(gallery.expires, new Date(), options.timeZone))) {
  try {
    const bucket = await setup.target();
    bucketLabel = bucket.label;
    for (const gallery of await pastButPublished(bucket, galleries, options.passwords, new Date(), options.timeZone))
      stillOut.add(gallery.id);
    await bucket.close();
  } catch (error) {
    console.warn(
      `! Could not check ${bucketLabel} for closed galleries still published: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
}
// Published to which bucket: the one on Cloudflare (her clients' links), or the local one with --local.
const names = targetNames({
  remote: !values.local,
  ...(values['persist-to'] ? { persistTo: values['persist-to'] } : {}),
});
const record = recordOrNone(setup.recordFile);
for (const gallery of galleries) {
  if (!values.local && isSampleGallery(gallery)) {
    console.log(
      `${gallery.title}  (${gallery.id}): the sample gallery, published only to the local bucket (npm start); its password and link are public, in docs/owner.md.\n`,
    );
    continue;
  }
  const state = stateWords(
    // stampsOf stamped every gallery listed here: never undefined.
    publishedState(record, names.key, gallery, stamps.get(gallery.id)!),
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
