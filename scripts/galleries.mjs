// Prints each private gallery's private link, for the studio to send to its client.
// Usage: npm run galleries   (reads the same passwords as the build: environment, .env, passwords.env)
// The links are secrets: this is deliberately not part of the build, whose log a host may keep.
import {
  DEVELOPMENT_PASSWORD,
  galleryPasswords,
  passwordVariable,
  privateLink,
  readEnv,
  siteSalt,
} from '../src/private-gallery/publish/secrets.ts';
import { listGalleries, privateGalleryDir } from '../src/private-gallery/publish/sources.ts';
import { accessFrom, deriveSecret, isExpired, kdfFor } from '../src/private-gallery/format/crypto.ts';
import { settings } from '../src/lib/settings.ts';

const env = readEnv();
const dir = privateGalleryDir(env);
const galleries = listGalleries(dir);
if (galleries.length === 0) {
  console.log(`No galleries in ${dir}: add a folder with its photos and a gallery.yaml (see the README).`);
  process.exit(0);
}
const kdf = kdfFor(siteSalt(env));
const passwords = galleryPasswords(galleries, env);
const seen = new Map();
console.log(`Private links (${galleries.length} ${galleries.length === 1 ? 'gallery' : 'galleries'} in ${dir}):\n`);
for (const gallery of galleries) {
  const password = passwords.get(gallery.id);
  const secret = await deriveSecret(password, kdf);
  const { id } = await accessFrom(secret);
  console.log(`${gallery.title}  (${gallery.id}, ${gallery.photos.length} photos)`);
  if (isExpired(gallery.expires)) {
    console.log(`  closed since ${gallery.expires}: the next build leaves it out.\n`);
    continue;
  }
  if (password === DEVELOPMENT_PASSWORD) {
    console.log(`  ! uses the development password: set ${passwordVariable(gallery.id)} before sending anything.`);
  }
  if (seen.has(id)) console.log(`  ! same password as "${seen.get(id)}": the build will refuse this.`);
  seen.set(id, gallery.id);
  console.log(`  ${privateLink(settings.siteUrl, secret)}`);
  if (gallery.expires) console.log(`  open until the end of ${gallery.expires} (UTC)`);
  console.log('');
}
console.log(
  [
    'How to send a link: paste it into a private email or message to that client only, with a line such as',
    '"Your gallery is ready: this link opens it on any device; please keep it to yourself."',
    'Anyone who has the link can open that gallery, like anyone who has the password. The link works',
    'after every rebuild until the gallery’s password changes; changing the password is how you',
    'withdraw a link. The client can still type her password instead.',
  ].join('\n'),
);
