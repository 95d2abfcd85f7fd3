import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newSalt, openWithPassword } from '../format/keys';
import type { VaultManifest } from '../format/types';
import { publishGalleries, vaultInputs } from './build';
import { closeGallery } from './close';
import { closingPasswords } from './close-passwords';
import { generatedPassphrase, passwordsFilePlace, passwordVariable } from './secrets';
import { readRecord, RECORD_FILE } from './record';
import type { GallerySource } from './sources';
import { folderTarget } from './target';

// The strength estimate takes up to a few seconds a password on a busy machine; each gallery's
// password derivation (1.8 million PBKDF2 rounds) too.
vi.setConfig({ testTimeout: 240_000 });

const gallery = (id: string): GallerySource => ({
  id,
  folder: join('/tmp/galleries', id),
  title: id,
  expires: null,
  downloads: 'web',
  photos: [{ path: join('/tmp/galleries', id, 'a.jpg'), alt: 'a' }],
});
const example = '[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'close-passwords-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('closing and removing relax the password of the gallery closed alone', () => {
  it("keeps the closed gallery's weak password with a warning; holds each other gallery whose password fails, naming its line", () => {
    const [jenna, anna, bella, cara, dana, eve] = ['jenna', 'anna', 'bella', 'cara', 'dana', 'eve'].map(gallery);
    const strong = generatedPassphrase();
    const env = {
      [passwordVariable('jenna')]: 'Jenna2026Oct!',
      [passwordVariable('anna')]: 'short pass!',
      [passwordVariable('bella')]: 'Bella-October-2026',
      [passwordVariable('dana')]: strong,
      [passwordVariable('eve')]: strong,
    };
    const warnings: string[] = [];
    const galleries = [anna!, bella!, cara!, dana!, eve!, jenna!];
    const { passwords, hold } = closingPasswords(galleries, env, 'jenna', { warn: (m) => warnings.push(m) });
    expect(passwords).toEqual(
      new Map([
        ['jenna', 'Jenna2026Oct!'],
        ['dana', strong],
      ]),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^PRIVATE_GALLERY_PASSWORD_JENNA is too easy to guess .*: the next publish will refuse it; choose another, for example ${example}$`,
      ),
    );
    expect([...hold.keys()].sort()).toEqual(['anna', 'bella', 'cara', 'eve']);
    const reasons = {
      anna: `PRIVATE_GALLERY_PASSWORD_ANNA is shorter than 12 characters; choose another, for example ${example}`,
      bella: `PRIVATE_GALLERY_PASSWORD_BELLA is too easy to guess; choose another, for example ${example}`,
      cara: `PRIVATE_GALLERY_PASSWORD_CARA is not set in ${passwordsFilePlace(env).file}; set it, for example PRIVATE_GALLERY_PASSWORD_CARA=${example}`,
      eve: `PRIVATE_GALLERY_PASSWORD_EVE is the same as PRIVATE_GALLERY_PASSWORD_DANA; choose another, for example ${example}`,
    };
    for (const [id, reason] of Object.entries(reasons)) expect(hold.get(id), id).toMatch(new RegExp(`^${reason}$`));

    // Removing (the gallery removed has no folder): nothing is relaxed, jenna is held too.
    const removing = closingPasswords(galleries, env, null);
    expect([...removing.hold.keys()].sort()).toEqual(['anna', 'bella', 'cara', 'eve', 'jenna']);
    // Closing another gallery: jenna is held, and the gallery closed is checked first, so of two
    // galleries with one password, the other is held.
    expect([...closingPasswords(galleries, env, 'eve').hold.keys()].sort()).toEqual([
      'anna',
      'bella',
      'cara',
      'dana',
      'jenna',
    ]);
  });

  it('still needs a password of its own for the gallery closed', () => {
    // The full path the command reads (passwords.env in her galleries folder).
    expect(() => closingPasswords([gallery('cara')], {}, 'cara')).toThrow(
      `Nothing was published:\n  the private gallery "cara" has no password: set PRIVATE_GALLERY_PASSWORD_CARA in ${passwordsFilePlace({}).file},`,
    );
  });

  it('close: a held gallery published before stays as it was, one never published is not published, and hers closes', async () => {
    const dir = join(root, 'galleries');
    for (const [i, id] of ['ada', 'bea', 'cid'].entries()) {
      mkdirSync(join(dir, id), { recursive: true });
      await sharp({ create: { width: 300, height: 200, channels: 3, background: `hsl(${i * 120}, 50%, 50%)` } })
        .jpeg()
        .toFile(join(dir, id, `${id}.jpg`));
      writeFileSync(join(dir, id, 'gallery.yaml'), `title: ${id}\n`);
    }
    const out = join(root, 'bucket');
    const first = { ada: generatedPassphrase(), bea: generatedPassphrase() };
    const base = { PRIVATE_GALLERY_DIR: dir, PRIVATE_GALLERY_SALT: newSalt() };
    // Ada and Bea are published; Cid, new, is not yet.
    const published = vaultInputs({
      ...base,
      [passwordVariable('ada')]: first.ada,
      [passwordVariable('bea')]: first.bea,
      [passwordVariable('cid')]: generatedPassphrase(),
    });
    const onlyTwo = published.galleries.filter((g) => g.id !== 'cid');
    await publishGalleries(folderTarget(out), onlyTwo, published.options);
    const recordFile = join(dir, RECORD_FILE);
    const beaBefore = Object.values(readRecord(recordFile).targets)[0]!.galleries['bea']!;

    // Now every password is one publishing refuses: she closes Ada.
    const env = {
      ...base,
      // The seed, links and studio key the first publish wrote there.
      ...parseEnv(readFileSync(join(dir, 'passwords.env'), 'utf8')),
      [passwordVariable('ada')]: 'Ada-October-2026',
      [passwordVariable('bea')]: 'Bea-October-2026',
      [passwordVariable('cid')]: 'Jenna2026Oct!',
    } as Record<string, string>;
    expect(() => vaultInputs(env)).toThrow(/^Nothing was published:/);
    const warnings: string[] = [];
    const { galleries, options, held } = vaultInputs(env, { warn: (m) => warnings.push(m) }, undefined, 'ada');
    const { result } = await closeGallery(folderTarget(out), galleries, 'ada', { ...options, hold: held });

    expect(warnings.filter((w) => w.startsWith('PRIVATE_GALLERY_PASSWORD'))).toEqual([
      expect.stringMatching(/^PRIVATE_GALLERY_PASSWORD_ADA is too easy to guess .*: the next publish will refuse it;/),
    ]);
    expect(result.closed).toEqual(['ada']);
    // Only the in-repository sample publishes beside them (its development password).
    expect(result.galleries.map((g) => g.id)).toEqual(['preview']);
    expect(result.carried.map((c) => c.warning)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^"bea" was not published again \\(PRIVATE_GALLERY_PASSWORD_BEA is too easy to guess; choose another, for example ${example}\\): it stays as it was in the bucket until that is resolved\\.$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^"cid" was not published \\(PRIVATE_GALLERY_PASSWORD_CID is too easy to guess; choose another, for example ${example}\\): publish again once that is resolved\\.$`,
        ),
      ),
    ]);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as VaultManifest;
    // Bea's files and grant are as they were: her old password opens them, the refused one nothing.
    expect(Object.values(readRecord(recordFile).targets)[0]!.galleries['bea']).toEqual(beaBefore);
    expect(await openWithPassword(manifest, { gallery: 'bea', password: first.bea })).not.toBeNull();
    expect(await openWithPassword(manifest, { gallery: 'bea', password: 'Bea-October-2026' })).toBeNull();
    // Cid is not in the bucket at all; Ada's closed index opens with her own password.
    expect(Object.keys(Object.values(readRecord(recordFile).targets)[0]!.galleries).sort()).toEqual([
      'ada',
      'bea',
      'preview',
    ]);
    expect(await openWithPassword(manifest, { gallery: 'cid', password: 'Jenna2026Oct!' })).toBeNull();
    expect(await openWithPassword(manifest, { gallery: 'ada', password: 'Ada-October-2026' })).not.toBeNull();
  });
});
