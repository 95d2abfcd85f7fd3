import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type VaultManifest } from '../format/types';
import { randomBytes } from '../format/encodings';
import { kdfFor, openIndex, openWithPassword } from '../format/keys';
import { publishGalleries, vaultInputs } from './build';
import { moveOldCache } from './cache';
import { RECORD_FILE } from './record';
import {
  DEVELOPMENT_PASSWORD,
  gallerySecrets,
  PASSWORDS_FILE,
  passwordsFileWarning,
  passwordVariable,
  SEED_VARIABLE,
} from './secrets';
import { galleriesFrom, listGalleries, readGallery } from './sources';
import { folderTarget, type VaultTarget } from './target';

vi.setConfig({ testTimeout: 180_000 });

let root: string;
const seed = randomBytes(32);
const kdf = kdfFor('c2FsdHNhbHRzYWx0c2FsdA');

async function photo(path: string, color: string) {
  await sharp({ create: { width: 600, height: 400, channels: 3, background: color } })
    .jpeg()
    .toFile(path);
}

/** A galleries folder with one-photo galleries, each behind "<id> long password". */
async function galleriesFolder(name: string, ids: string[]) {
  const dir = join(root, name);
  const passwords = new Map<string, string>();
  for (const [i, id] of ids.entries()) {
    mkdirSync(join(dir, id), { recursive: true });
    await photo(join(dir, id, `${id}.jpg`), `hsl(${i * 90}, 50%, 50%)`);
    writeFileSync(join(dir, id, 'gallery.yaml'), `title: ${id}\n`);
    passwords.set(id, `${id} long password`);
  }
  return { dir, out: join(root, `bucket-${name}`), passwords };
}

const manifestOf = (out: string) => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;

/** The objects a gallery's password reaches: its index and its photos' files. */
async function objectsOf(out: string, password: string) {
  const pointer = (await openWithPassword(manifestOf(out), { gallery: password.split(' ')[0]!, password }))!.pointer;
  const index = await openIndex(pointer, new Uint8Array(readFileSync(join(out, pointer.file))));
  return [pointer.file, ...index.images.flatMap((image) => [image.thumb.file, image.screen!.file, image.full.file])];
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'publish-record-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('publishing never deletes what the owner did not ask to delete', () => {
  it('keeps a published gallery whose folder is gone, exactly as it is, with a warning, until it is removed', async () => {
    const { dir, out, passwords } = await galleriesFolder('renamed', ['kim', 'lea']);
    const record = join(dir, RECORD_FILE);
    const options = { kdf, passwords, seed, record };
    await publishGalleries(folderTarget(out), listGalleries(dir), options);
    const objects = readdirSync(out).sort();
    const manifest = manifestOf(out);
    const leaFiles = await objectsOf(out, 'lea long password');
    expect(statSync(record).mode & 0o777).toBe(0o600);

    // Her folder renamed and moved away: publishing again keeps her gallery as it is in the bucket.
    renameSync(join(dir, 'lea'), join(root, 'lea-moved'));
    const kept = await publishGalleries(folderTarget(out), listGalleries(dir), options);
    // Kim's index and the decoys are sealed anew at every publish (format 4), so the previous ones
    // go; nothing of Lea's does, and her grants stay word for word.
    expect(kept.uploads.deleted).toBe(kept.uploads.other - 1);
    const afterKept = readdirSync(out);
    expect(leaFiles.filter((name) => !afterKept.includes(name))).toEqual([]);
    expect(await objectsOf(out, 'lea long password')).toEqual(leaFiles);
    expect(kept.carried).toEqual([
      {
        id: 'lea',
        warning: `"lea" is published but its folder is not in ${dir}: it stays as it is in the bucket. Put its folder back, or run "npm run galleries -- remove lea" to delete it from the bucket.`,
      },
    ]);
    // The record still names it, its grants and files.
    const recorded = JSON.parse(readFileSync(record, 'utf8')) as {
      targets: Record<string, { galleries: Record<string, { objects: string[]; grants: string[] }> }>;
    };
    const lea = Object.values(recorded.targets)[0]!.galleries['lea']!;
    expect(lea.objects.sort()).toEqual([...leaFiles].sort());
    expect(lea.grants.length).toBeGreaterThan(0);
    for (const id of lea.grants) expect(manifestOf(out).grants[id]).toEqual(manifest.grants[id]);

    // `remove lea`: exactly her files go, and her password opens nothing.
    const removed = await publishGalleries(folderTarget(out), listGalleries(dir), { ...options, remove: ['lea'] });
    expect(removed.removed).toEqual(['lea']);
    const after = readdirSync(out);
    expect(leaFiles.filter((name) => after.includes(name))).toEqual([]);
    // Nothing else of what the first publish made is gone but replaced indexes and decoys.
    expect(objects.filter((name) => !after.includes(name) && !leaFiles.includes(name))).toHaveLength(
      removed.uploads.deleted - leaFiles.length,
    );
    for (const name of await objectsOf(out, 'kim long password')) expect(after).toContain(name);
    expect(await openWithPassword(manifestOf(out), { gallery: 'lea', password: 'lea long password' })).toBeNull();
    expect(await openWithPassword(manifestOf(out), { gallery: 'kim', password: 'kim long password' })).not.toBeNull();
    expect(
      Object.keys(JSON.parse(readFileSync(record, 'utf8')).targets[Object.keys(recorded.targets)[0]!].galleries),
    ).toEqual(['kim']);
  });

  it('carries over a held gallery as recorded, present in the folder or not', async () => {
    const { dir, out, passwords } = await galleriesFolder('held', ['mia', 'noa']);
    const options = { kdf, passwords, seed, record: join(dir, RECORD_FILE) };
    await publishGalleries(folderTarget(out), listGalleries(dir), options);
    const noaFiles = await objectsOf(out, 'noa long password');
    // A changed photo in a held gallery: nothing of it is sealed or uploaded, its old files stay.
    await photo(join(dir, 'noa', 'noa.jpg'), '#123123');
    const held = await publishGalleries(folderTarget(out), listGalleries(dir), {
      ...options,
      hold: new Map([['noa', 'its partner link names a photo that is gone']]),
    });
    expect(held.uploads).toMatchObject({ photoFiles: 0 });
    // Only replaced indexes and decoys are deleted (sealed anew at every publish), nothing of Noa's.
    expect(held.uploads.deleted).toBe(held.uploads.other - 1);
    expect(held.carried.map((c) => c.id)).toEqual(['noa']);
    expect(held.carried[0]!.warning).toMatch(
      /^"noa" was not published again \(its partner link names a photo that is gone\): it stays as it was in the bucket/,
    );
    expect(await objectsOf(out, 'noa long password')).toEqual(noaFiles);
  });

  it('refuses a seed other than the one the bucket was published with, leaving the bucket untouched', async () => {
    const { dir, out, passwords } = await galleriesFolder('reseeded', ['ona']);
    await publishGalleries(folderTarget(out), listGalleries(dir), { kdf, passwords, seed });
    const before = readdirSync(out).map((name) => [name, readFileSync(join(out, name)).toString('base64')]);
    await expect(
      publishGalleries(folderTarget(out), listGalleries(dir), { kdf, passwords, seed: randomBytes(32) }),
    ).rejects.toThrow(
      `Nothing was published: ${out} holds galleries published with another ${SEED_VARIABLE}; put back the passwords.env they were published with (from your backup), then publish again.`,
    );
    expect(readdirSync(out).map((name) => [name, readFileSync(join(out, name)).toString('base64')])).toEqual(before);
  });

  it('never makes a new seed in a galleries folder that published before without its passwords.env', async () => {
    const { dir, passwords } = await galleriesFolder('seedless', ['pia']);
    const env = { PRIVATE_GALLERY_DIR: dir, [passwordVariable('pia')]: passwords.get('pia')! };
    writeFileSync(join(dir, RECORD_FILE), '{"version":1,"targets":{}}');
    expect(() => gallerySecrets(listGalleries(dir), env)).toThrow(
      `Nothing was published: ${join(dir, PASSWORDS_FILE)} has no ${SEED_VARIABLE}, but ${join(dir, RECORD_FILE)} shows galleries were published from this folder; put back the passwords.env they were published with (from your backup), then publish again.`,
    );
    expect(existsSync(join(dir, PASSWORDS_FILE))).toBe(false);
  });
});

describe('the sample gallery publishes only locally', () => {
  it('leaves the sample (development password, public partner link) out of a remote bucket', async () => {
    const sample = readGallery(resolve('content/private/preview'));
    const { dir, out, passwords } = await galleriesFolder('remote', ['quin']);
    passwords.set('preview', DEVELOPMENT_PASSWORD);
    const remote: VaultTarget = { ...folderTarget(out), remote: true };
    const result = await publishGalleries(remote, [...listGalleries(dir), sample], { kdf, passwords, seed });
    expect(result.galleries.map((g) => g.id)).toEqual(['quin']);
    expect(result.leftOut).toEqual(['preview']);
    expect(await openWithPassword(manifestOf(out), { gallery: 'preview', password: DEVELOPMENT_PASSWORD })).toBeNull();
    expect(await openWithPassword(manifestOf(out), { gallery: 'quin', password: 'quin long password' })).not.toBeNull();
  });
});

describe('hygiene', () => {
  it('refuses a galleries folder inside the repository that git would commit', () => {
    const repo = join(root, 'repo');
    mkdirSync(join(repo, 'galleries', 'rae'), { recursive: true });
    writeFileSync(join(repo, 'galleries', 'rae', 'gallery.yaml'), 'title: Rae\n');
    execFileSync('git', ['init', '-q', repo]);
    const env = { PRIVATE_GALLERY_DIR: join(repo, 'galleries') };
    expect(() => galleriesFrom(env, repo)).toThrow(
      `PRIVATE_GALLERY_DIR is ${join(repo, 'galleries')}, inside the project, and git would commit it: move the galleries folder out of the project (or add galleries/ to .gitignore), then try again.`,
    );
    writeFileSync(join(repo, '.gitignore'), 'galleries/\n');
    expect(galleriesFrom(env, repo).map((g) => g.id)).toEqual(['rae']);
  });

  it("keeps the resize cache in the galleries folder, readable by the owner's account alone", async () => {
    const { dir, out } = await galleriesFolder('cached', ['sia']);
    // An owner-chosen password publishing accepts (the strength estimate refuses 'sia long password').
    const env = { PRIVATE_GALLERY_DIR: dir, [passwordVariable('sia')]: 'k7qm-x2rf-9tbw-hp4c' };
    const { options } = vaultInputs(env);
    expect(options.cacheDir).toBe(join(dir, '.cache'));
    await publishGalleries(folderTarget(out), listGalleries(dir), { ...options, kdf });
    expect(statSync(join(dir, '.cache')).mode & 0o777).toBe(0o700);
    const again = await publishGalleries(folderTarget(out), listGalleries(dir), { ...options, kdf });
    expect(again.cache).toMatchObject({ resized: 0, encrypted: 0 });
    expect(again.uploads).toMatchObject({ photoFiles: 0 });
    // What is deleted is only the indexes and decoys sealed anew (format 4): one for each uploaded but the manifest.
    expect(again.uploads.deleted).toBe(again.uploads.other - 1);
  });

  it('moves a cache from node_modules/.cache into the galleries folder: the next publish resizes nothing', async () => {
    const { dir, out, passwords } = await galleriesFolder('moved', ['tia']);
    const old = join(root, 'project', 'node_modules', '.cache', 'private-gallery');
    const first = await publishGalleries(folderTarget(out), listGalleries(dir), {
      kdf,
      passwords,
      seed,
      cacheDir: old,
    });
    expect(first.cache).toMatchObject({ resized: 1 });
    moveOldCache(old, join(dir, '.cache'));
    expect(existsSync(old)).toBe(false);
    expect(statSync(join(dir, '.cache')).mode & 0o777).toBe(0o700);
    const again = await publishGalleries(folderTarget(out), listGalleries(dir), {
      kdf,
      passwords,
      seed,
      cacheDir: join(dir, '.cache'),
    });
    expect(again.cache).toMatchObject({ resized: 0, encrypted: 0 });
    expect(again.uploads).toMatchObject({ photoFiles: 0 });
    // What is deleted is only the indexes and decoys sealed anew (format 4): one for each uploaded but the manifest.
    expect(again.uploads.deleted).toBe(again.uploads.other - 1);
  });

  it('makes passwords.env readable by her account alone when other accounts can read it, saying so once', () => {
    const dir = join(root, 'loose');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, PASSWORDS_FILE), `${SEED_VARIABLE}=x\n`);
    chmodSync(join(dir, PASSWORDS_FILE), 0o644);
    expect(passwordsFileWarning({ PRIVATE_GALLERY_DIR: dir })).toBe(
      `${join(dir, PASSWORDS_FILE)} was readable by others on this computer; it is now readable by you only.`,
    );
    expect(statSync(join(dir, PASSWORDS_FILE)).mode & 0o777).toBe(0o600);
    expect(passwordsFileWarning({ PRIVATE_GALLERY_DIR: dir })).toBeNull();
  });
});
