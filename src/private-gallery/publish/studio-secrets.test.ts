// The studio's own secrets (the seed her galleries are sealed with, the key her clients' selections
// are sealed to) belong in her galleries folder's passwords.env, the file she backs up. The project's
// content/private/passwords.env is made by the sample's local preview (`npm start`) before she has a
// folder, and publishing reads it too (lowest of all), so a seed or key made there went on sealing
// her galleries while living only inside the website's project.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { INBOX_KEY_VARIABLE, studioPrivateKey } from './inbox.ts';
import { gallerySecrets, PASSWORDS_FILE, readEnv, SEED_VARIABLE } from './secrets.ts';

const seed = randomBytes(32).toString('base64url');
const key = Buffer.from(
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'der', type: 'pkcs8' }),
).toString('base64url');

/** A project whose content/private/passwords.env holds a seed and a studio key, and her folder apart. */
function computer(herLines = 'PRIVATE_GALLERY_PASSWORD_ADA_2026_12=ada has a long password\n') {
  const root = mkdtempSync(join(tmpdir(), 'studio-secrets-'));
  mkdirSync(join(root, 'project', 'content', 'private'), { recursive: true });
  writeFileSync(
    join(root, 'project', 'content', 'private', PASSWORDS_FILE),
    `${SEED_VARIABLE}=${seed}\nPRIVATE_GALLERY_LINKS_PREVIEW=${randomBytes(32).toString('base64url')}\n${INBOX_KEY_VARIABLE}=${key}\n`,
  );
  mkdirSync(join(root, 'galleries'));
  writeFileSync(join(root, 'galleries', PASSWORDS_FILE), herLines);
  return { project: join(root, 'project'), dir: join(root, 'galleries'), her: join(root, 'galleries', PASSWORDS_FILE) };
}

const linesOf = (file: string) => parseEnv(readFileSync(file, 'utf8'));

describe("the studio's seed and inbox key, kept in her galleries folder", () => {
  it("are written into her passwords.env when she has them only from the project's file, once, saying so", () => {
    const { project, dir, her } = computer();
    const env = readEnv(project, { PRIVATE_GALLERY_DIR: dir });
    const warned: string[] = [];
    const logger = { warn: (message: string) => warned.push(message) };
    expect(gallerySecrets([], env, logger, project).seed).toEqual(new Uint8Array(Buffer.from(seed, 'base64url')));
    expect(studioPrivateKey(env, logger, project)).toBe(key);
    expect(linesOf(her)).toEqual({
      PRIVATE_GALLERY_PASSWORD_ADA_2026_12: 'ada has a long password',
      [SEED_VARIABLE]: seed,
      [INBOX_KEY_VARIABLE]: key,
    });
    const project_file = join(project, 'content', 'private', PASSWORDS_FILE);
    expect(warned).toEqual([
      `Kept the secret your galleries are sealed with in ${her} too: it was only in ${project_file}, inside your website's files. Keep it with your backup of that file.`,
      `Kept your studio's key to your clients' selections in ${her} too: it was only in ${project_file}, inside your website's files. Keep it with your backup of that file.`,
    ]);
    // Read again (as the next publish does): nothing more written or said.
    const before = readFileSync(her, 'utf8');
    const again = readEnv(project, { PRIVATE_GALLERY_DIR: dir });
    gallerySecrets([], again, logger, project);
    studioPrivateKey(again, logger, project);
    expect(readFileSync(her, 'utf8')).toBe(before);
    expect(warned).toHaveLength(2);
  });

  it('never writes a value her environment gives, one of her own file, or the sample folder into itself', () => {
    // Her environment's own seed and key (a backup restored as variables): read, never written to a file.
    const { project, dir, her } = computer();
    const otherSeed = randomBytes(32).toString('base64url');
    const fromEnvironment = readEnv(project, { PRIVATE_GALLERY_DIR: dir, [SEED_VARIABLE]: otherSeed });
    gallerySecrets([], fromEnvironment, undefined, project);
    expect(linesOf(her)[SEED_VARIABLE]).toBeUndefined();

    // Her own file's values win and stay as they are.
    const own = computer(`${SEED_VARIABLE}=${otherSeed}\n`);
    const ownEnv = readEnv(own.project, { PRIVATE_GALLERY_DIR: own.dir });
    expect(gallerySecrets([], ownEnv, undefined, own.project).seed).toEqual(
      new Uint8Array(Buffer.from(otherSeed, 'base64url')),
    );
    expect(readFileSync(own.her, 'utf8')).toBe(`${SEED_VARIABLE}=${otherSeed}\n`);

    // The sample folder in use (no folder of hers): its file is hers for this run, nothing copied.
    const sample = computer();
    const sampleDir = join(sample.project, 'content', 'private');
    const sampleFile = join(sampleDir, PASSWORDS_FILE);
    const sampleBefore = readFileSync(sampleFile, 'utf8');
    gallerySecrets([], readEnv(sample.project, { PRIVATE_GALLERY_DIR: sampleDir }), undefined, sample.project);
    expect(readFileSync(sampleFile, 'utf8')).toBe(sampleBefore);
  });
});
