import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import type { Page, Route } from '@playwright/test';
import { buildVault } from '../src/private-gallery/publish/build';
import { listGalleries, type GallerySource } from '../src/private-gallery/publish/sources';
import { LINK_PARAM, type VaultManifest } from '../src/private-gallery/format/types';
import { randomBytes, toBase64Url } from '../src/private-gallery/format/encodings';
import { deriveSecret, kdfFor, newSalt, openIndex, openWithSecret } from '../src/private-gallery/format/keys';

/** Two client galleries (and a closed one) with their own passwords, built like the site builds them. */
export const GALLERIES = {
  jenna: { id: 'jenna-2026-10', title: 'Jenna, October 2026', password: 'jenna fixture password', photos: 2 },
  maria: { id: 'maria-2026-11', title: 'Maria, November 2026', password: 'maria fixture password', photos: 3 },
  ended: { id: 'ended-2021', title: 'Ended, January 2021', password: 'ended fixture password', photos: 1 },
  many: { id: 'many-2026-12', title: 'Many, December 2026', password: 'many fixture password', photos: 40 },
} as const;

export interface Fixture {
  root: string;
  galleries: GallerySource[];
  salt: string;
  /** The secret seed, kept with the passwords. */
  seed: Uint8Array;
  /** Each gallery's private-link secrets, by id. */
  linkSecrets: Map<string, Uint8Array<ArrayBuffer>[]>;
  /** The vault folder the routes serve now. */
  vault: string;
  /** Each gallery's private link fragment, by id. */
  links: Map<string, string>;
}

// A colour of its own for every photo: identical photos would publish as one file.

/** Makes the photos and gallery.yaml files, then the first build. */
export async function makeFixture(): Promise<Fixture> {
  const root = mkdtempSync(join(tmpdir(), 'gallery-fixture-'));
  const dir = join(root, 'private');
  let color = 0;
  for (const gallery of Object.values(GALLERIES)) {
    const folder = join(dir, gallery.id);
    mkdirSync(folder, { recursive: true });
    const lines = [`title: ${gallery.title}`, 'downloads: web'];
    if (gallery.id === GALLERIES.ended.id) lines.push('expires: 2021-01-31');
    lines.push('photos:');
    for (let i = 1; i <= gallery.photos; i++) {
      const name = `${gallery.id}-${i}.jpg`;
      const small = gallery.photos > 10;
      // Maria's third photo is a portrait, as the owner's camera takes them: the grid shows it whole.
      const portrait = gallery.id === 'maria-2026-11' && i === 3;
      const size = small
        ? { width: 300, height: 200 }
        : portrait
          ? { width: 800, height: 1200 }
          : { width: 1200, height: 800 };
      await sharp({
        create: { ...size, channels: 3, background: `hsl(${(color++ * 37) % 360}, 40%, ${30 + (color % 5) * 8}%)` },
      })
        .jpeg()
        .toFile(join(folder, name));
      lines.push(`  - file: ${name}`, `    alt: ${gallery.title} photograph ${i}`);
    }
    writeFileSync(join(folder, 'gallery.yaml'), `${lines.join('\n')}\n`);
  }
  const galleries = listGalleries(dir);
  const fixture: Fixture = {
    root,
    galleries,
    salt: newSalt(),
    seed: randomBytes(32),
    linkSecrets: new Map(galleries.map((g) => [g.id, [randomBytes(32)]])),
    vault: '',
    links: new Map(),
  };
  await rebuild(fixture);
  return fixture;
}

let builds = 0;

/** Publishes again into a new folder, with the same salt and seed; `passwords` may change some (new keys for those). */
export async function rebuild(fixture: Fixture, passwords: Partial<Record<string, string>> = {}) {
  const out = join(fixture.root, `vault-${++builds}`);
  const map = new Map(Object.values(GALLERIES).map((g) => [g.id as string, passwords[g.id] ?? (g.password as string)]));
  // Built as on a day before the closed gallery's expiry, so it is published and its page can show it closed.
  const result = await buildVault(out, fixture.galleries, {
    kdf: kdfFor(fixture.salt),
    passwords: map,
    seed: fixture.seed,
    links: fixture.linkSecrets,
    now: new Date('2021-01-15T00:00:00Z'),
    // As on the owner's computer: publishing again seals from the cached sizes, resizing nothing.
    cacheDir: join(fixture.root, 'publish-cache'),
  });
  fixture.vault = out;
  fixture.links = new Map(
    result.galleries.filter((g) => g.links.length > 0).map((g) => [g.id, `#access=${toBase64Url(g.links[0]!)}`]),
  );
  return out;
}

/** 'hang': the request is never answered. */
export type Failure = 'abort' | 404 | 'hang';

/**
 * Serves the fixture's current vault at /vault/ instead of the site's. `fail` may make some
 * files fail (by file name: 'manifest.json', or a predicate).
 */
export async function serveVault(page: Page, fixture: Fixture, fail?: (name: string) => Failure | undefined) {
  await page.unroute('**/vault/**');
  await page.route('**/vault/**', async (route: Route) => {
    const name = basename(new URL(route.request().url()).pathname);
    const failure = fail?.(name);
    if (failure === 'abort') return route.abort('connectionfailed');
    if (failure === 'hang') return undefined;
    const path = join(fixture.vault, name);
    if (failure === 404 || !existsSync(path)) return route.fulfill({ status: 404, body: 'Not found' });
    return route.fulfill({
      path,
      contentType: name.endsWith('.json') ? 'application/json' : 'application/octet-stream',
    });
  });
}

/** The file names of a gallery in the current build: its index, thumbnails, screen copies and large copies. */
export async function filesOf(fixture: Fixture, gallery: { id: string; password: string }) {
  const manifest = JSON.parse(readFileSync(join(fixture.vault, 'manifest.json'), 'utf8')) as VaultManifest;
  // The password's secret is derived once per worker and gallery (secretOf), not once per call: each
  // derivation is 1.8 million PBKDF2 rounds, and private-galleries.spec.ts asks six times.
  const opened = await openWithSecret(manifest, await secretOf(fixture, gallery));
  if (!opened) throw new Error('the fixture password opens nothing');
  const index = await openIndex(opened.pointer, new Uint8Array(readFileSync(join(fixture.vault, opened.pointer.file))));
  return {
    id: index.id,
    index: opened.pointer.file,
    thumbs: index.images.map((image) => image.thumb.file),
    screens: index.images.map((image) => image.screen?.file),
    fulls: index.images.map((image) => image.full.file),
  };
}

/** Each password's derived secret, by salt, gallery and password: derived once per worker. */
const derived = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * A gallery's password access as a private link carries it (`#access=…`): the secret the password
 * derives (the slow key derivation, done here once per worker and gallery), which the page opens and
 * saves exactly as it saves a typed password's (the same grant, keys and saved access). For the
 * tests that are not about typing the password: each typed password costs the browser a derivation
 * of seconds on a loaded host. The tests about the password modal still type it.
 */
export async function passwordAccess(fixture: Fixture, gallery: { id: string; password: string }): Promise<string> {
  return `#${LINK_PARAM}=${toBase64Url(await secretOf(fixture, gallery))}`;
}

/** A password's secret (the slow key derivation), derived once per worker, salt, gallery and password. */
function secretOf(fixture: Fixture, gallery: { id: string; password: string }): Promise<Uint8Array<ArrayBuffer>> {
  const key = `${fixture.salt} ${gallery.id} ${gallery.password}`;
  let secret = derived.get(key);
  if (!secret) {
    secret = deriveSecret({ gallery: gallery.id, password: gallery.password }, kdfFor(fixture.salt));
    derived.set(key, secret);
  }
  return secret;
}
