// Prints each private gallery's private link, for the studio to send to its client.
// Usage: npm run galleries   (reads the same passwords as the build: environment, .env, passwords.env)
// The links are secrets: this is deliberately not part of the build, whose log a host may keep.
import {
  gallerySecrets,
  galleryPasswords,
  linksVariable,
  privateLink,
  readEnv,
} from '../src/private-gallery/publish/secrets.ts';
import { listGalleries, privateGalleryDir } from '../src/private-gallery/publish/sources.ts';
import { isExpired } from '../src/private-gallery/format/crypto.ts';
import { settings } from '../src/lib/settings.ts';
import { shareCommand } from '../src/private-gallery/publish/share-command.ts';

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

const env = readEnv();
const dir = privateGalleryDir(env);
const galleries = listGalleries(dir);
if (galleries.length === 0) {
  console.log(`No galleries in ${dir}: add a folder with its photos and a gallery.yaml (see the README).`);
  process.exit(0);
}
// Refuses a gallery without its own password (or a short one), as publishing does.
galleryPasswords(galleries, env);
const { links } = gallerySecrets(galleries, env, console);
console.log(`Private links (${galleries.length} ${galleries.length === 1 ? 'gallery' : 'galleries'} in ${dir}):\n`);
for (const gallery of galleries) {
  console.log(`${gallery.title}  (${gallery.id}, ${gallery.photos.length} photos)`);
  if (isExpired(gallery.expires)) {
    console.log(`  closed since ${gallery.expires}: the next build leaves it out.\n`);
    continue;
  }
  const secrets = links.get(gallery.id) ?? [];
  if (secrets.length === 0) console.log(`  no private link (${linksVariable(gallery.id)} is empty)`);
  for (const secret of secrets) console.log(`  ${privateLink(settings.siteUrl, secret)}`);
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
    'Her password keeps working beside the links.',
  ].join('\n'),
);
