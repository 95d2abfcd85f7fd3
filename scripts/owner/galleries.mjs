// The owner's command for the private galleries. Everything happens on her computer: the photos are
// resized and encrypted here, and only ciphertext reaches the host's storage (R2).
//   npm run galleries                      each gallery's private link, to send to its client
//   npm run galleries -- publish           seal every gallery and upload what changed to R2
//   npm run galleries -- close <id>        close one gallery now: "This gallery has closed"
//   npm run galleries -- share <id> --photos 3,7,12 [--expires 2027-01-31] | --favorites "<link>"
//                                          a partner link for some photos (publish for it to open)
//   npm run galleries -- unshare <id> <link>   withdraw one partner link (publish for it to close)
//   --local                                the local bucket (what `npm start` and the tests serve)
//                                          instead of the one on Cloudflare
//   --persist-to <dir>                     that local bucket's folder (default .wrangler/state)
// Passwords come from the environment, .env, or passwords.env in the galleries folder (README).
// The links are secrets: they are printed here only, never by the site's build.
import { settings } from '../../src/lib/content/settings.ts';
import { closeGallery } from '../../src/private-gallery/publish/close.ts';
import { publishGalleries, vaultInputs } from '../../src/private-gallery/publish/build.ts';
import { linksVariable, privateLink, readEnv } from '../../src/private-gallery/publish/secrets.ts';
import { privateGalleryDir } from '../../src/private-gallery/publish/sources.ts';
import { openTarget } from '../../src/private-gallery/publish/target.ts';
import { isExpired } from '../../src/private-gallery/format/crypto.ts';
import { shareCommand } from '../../src/private-gallery/publish/share-command.ts';

// npm run galleries -- share <id> --photos 3,7,12 [--expires 2027-01-31] | --favorites <link>; unshare <id> <link>
if (['share', 'unshare'].includes(process.argv[2] ?? '')) {
  try {
    console.log(shareCommand(process.argv.slice(2), settings.siteUrl));
    process.exit(0);
  } catch (error) {
    console.error(`Nothing was changed: ${error.message}`);
    process.exit(1);
  }
}

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const [command = 'links', id] = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--persist-to');
const quiet = flag('--quiet');
const env = readEnv();
// wrangler reaches the bucket on Cloudflare with the API token and account id from .env (README).
for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID']) {
  if (env[name] && !process.env[name]) process.env[name] = env[name];
}
const logger = { warn: (message) => console.warn(`! ${message}`) };
// Fails closed: a gallery without its own password (or with a short one) stops here, saying why.
const inputs = (() => {
  try {
    return vaultInputs(env, logger);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();
const { galleries, options } = inputs;
const where = `${privateGalleryDir(env)} and content/private/`;

const target = () =>
  openTarget({ remote: !flag('--local'), ...(value('--persist-to') ? { persistTo: value('--persist-to') } : {}) });

if (command === 'publish') {
  const started = Date.now();
  const bucket = await target();
  try {
    const result = await publishGalleries(bucket, galleries, options);
    const photos = result.galleries.reduce((sum, gallery) => sum + gallery.photos, 0);
    const { photoFiles, other, bytes, kept, deleted } = result.uploads;
    console.log(
      `Published ${result.galleries.length} ${result.galleries.length === 1 ? 'gallery' : 'galleries'} (${photos} photos)` +
        `${result.closed.length ? ` and ${result.closed.length} closed` : ''} to ${bucket.label} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${photoFiles} photo files uploaded, ${kept} already there, ${other} indexes and lists, ${Math.round(bytes / 1024)} KB; ` +
        `${deleted} old files deleted; ${result.cache.resized} photos resized.`,
    );
    if (!quiet) console.log('"npm run galleries" prints the private links.');
  } finally {
    await bucket.close();
  }
} else if (command === 'close') {
  const gallery = galleries.find((candidate) => candidate.id === id);
  if (!gallery) {
    console.error(`No gallery named "${id ?? ''}" in ${where}: "npm run galleries -- close <folder name>".`);
    process.exit(1);
  }
  const bucket = await target();
  try {
    const { lastDay, result } = await closeGallery(bucket, galleries, gallery.id, options);
    console.log(
      `Closed "${gallery.id}" in ${bucket.label}: ${result.uploads.deleted} old files deleted. Her next visit, her link and a ` +
        `device that remembered her show "This gallery has closed". Its gallery.yaml says expires: ${lastDay}, so publishing ` +
        'again keeps it closed.',
    );
  } finally {
    await bucket.close();
  }
} else if (command === 'links') {
  if (galleries.length === 0) {
    console.log(`No galleries in ${where}: add a folder with its photos and a gallery.yaml (see the README).`);
    process.exit(0);
  }
  console.log(`Private links (${galleries.length} ${galleries.length === 1 ? 'gallery' : 'galleries'} in ${where}):\n`);
  for (const gallery of galleries) {
    console.log(`${gallery.title}  (${gallery.id}, ${gallery.photos.length} photos)`);
    if (isExpired(gallery.expires)) {
      console.log(`  closed since ${gallery.expires}: publishing shows her "This gallery has closed".\n`);
      continue;
    }
    const secrets = options.links.get(gallery.id) ?? [];
    if (secrets.length === 0) console.log(`  no private link (${linksVariable(gallery.id)} is empty)`);
    for (const secret of secrets) console.log(`  ${privateLink(settings.siteUrl, secret)}`);
    console.log(`  Gallery name for her password: ${gallery.id}`);
    if (gallery.expires) console.log(`  open until the end of ${gallery.expires} (UTC)`);
    console.log('');
  }
  console.log(
    [
      'How to send a link: paste it into a private email or message to that client only, with a line such as',
      '"Your gallery is ready: this link opens it on any device; please keep it to yourself."',
      'Anyone who has the link can open that gallery, like anyone who has the password. Each link has its',
      'own secret, in passwords.env: delete one from its PRIVATE_GALLERY_LINKS_… line and publish to',
      'withdraw that link alone (leave the line empty for none; delete the line to get a new one).',
      'Her password keeps working beside the links: she types it under the gallery name printed above, so send',
      'both, e.g. "Gallery name: jenna-2026-10  Password: …". A link works once the gallery is published.',
    ].join('\n'),
  );
} else {
  console.error(
    `Unknown command "${command}": use publish, close <id>, share <id>, unshare <id> <link>, or nothing for the links.`,
  );
  process.exit(1);
}
