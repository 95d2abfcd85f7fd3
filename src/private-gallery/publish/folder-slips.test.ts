import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newSalt } from '../format/keys';
import { publishGalleries, vaultInputs } from './build';
import { memoryTarget } from './fixtures/memory-target';
import { generatedPassphrase, passwordVariable } from './secrets';

// The owner's everyday slips in a gallery folder: the gallery with the slip is held, named with
// the file (and line) and the fix; the others publish. Each test publishes real folders into a
// bucket in memory (a password derivation per gallery: a generous timeout on a busy machine).
vi.setConfig({ testTimeout: 240_000 });

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'folder-slips-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A galleries folder with ivy (its gallery.yaml and files as given) and june (one photo, fine). */
async function folder(name: string, ivyYaml: string, ivyFiles: Record<string, string> = {}) {
  const dir = join(root, name);
  for (const id of ['ivy-2026-10', 'june-2026-11']) {
    mkdirSync(join(dir, id), { recursive: true });
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa5533' } })
      .jpeg()
      .toFile(join(dir, id, 'one.jpg'));
    writeFileSync(join(dir, id, 'gallery.yaml'), id === 'ivy-2026-10' ? ivyYaml : `title: June\n`);
  }
  for (const [file, text] of Object.entries(ivyFiles)) writeFileSync(join(dir, 'ivy-2026-10', file), text);
  return dir;
}

/** The command's inputs for `dir` (every warning kept), and a publish of them with their holds. */
async function publishFolder(dir: string) {
  const warnings: string[] = [];
  const env = {
    PRIVATE_GALLERY_DIR: dir,
    PRIVATE_GALLERY_SALT: newSalt(),
    [passwordVariable('ivy-2026-10')]: generatedPassphrase(),
    [passwordVariable('june-2026-11')]: generatedPassphrase(),
  };
  const inputs = vaultInputs(env, { warn: (message) => warnings.push(message) }, join(dir, '.cache'));
  const hold = new Map(inputs.held);
  const result = await publishGalleries(memoryTarget(), inputs.galleries, { ...inputs.options, hold });
  return { inputs, hold, warnings, result, published: result.galleries.map((gallery) => gallery.id) };
}

describe("a slip in one gallery's folder holds that gallery alone", () => {
  it('a gallery.yaml copied from the sample that lists private-01.jpg: held, naming the file, the folder and the fix; the others publish', async () => {
    const dir = await folder('missing', 'title: Ivy\nphotos:\n  - file: private-01.jpg\n  - file: one.jpg\n');
    const { hold, result, published } = await publishFolder(dir);
    const reason = `its gallery.yaml lists private-01.jpg, which is not in ${join(dir, 'ivy-2026-10')}; remove that line or add the photo`;
    expect(hold.get('ivy-2026-10')).toBe(reason);
    expect(published).toContain('june-2026-11');
    expect(published).not.toContain('ivy-2026-10');
    expect(result.carried.map((c) => c.warning)).toEqual([
      `"ivy-2026-10" was not published (${reason}): publish again once that is resolved.`,
    ]);
  });

  it('a colon inside an alt text: the line of which gallery.yaml, and quotes suggested; the others publish', async () => {
    const yaml = 'title: Ivy\nphotos:\n  - file: one.jpg\n    alt: Ivy: by the window\n';
    const dir = await folder('colon', yaml);
    const { hold, published } = await publishFolder(dir);
    expect(hold.get('ivy-2026-10')).toBe(
      'gallery.yaml of "ivy-2026-10", line 4: a colon inside a text needs quotes around the text, for example alt: "Ivy: by the window"',
    );
    expect(published).toContain('june-2026-11');
    expect(published).not.toContain('ivy-2026-10');
  });

  it('a file that is not a photo (notes.jpg holding text) that reaches sealing stops the publish, naming the file and its gallery', async () => {
    // The command and the desk hold such a gallery before sealing (publishAction's photo check,
    // tested through them in src/desk/server/publish.test.ts); if one gets past it (a photo broken past
    // its header), sealing stops with a sentence naming both.
    const dir = await folder('not-a-photo', 'title: Ivy\n', { 'notes.jpg': 'call Ivy back on Tuesday\n' });
    await expect(publishFolder(dir)).rejects.toThrow(
      /^notes\.jpg in "ivy-2026-10" could not be read as a photo \(.*unsupported image format.*\): export it again as a JPEG, or take it out of /,
    );
  });

  it('a HEIC photo, a note and a video are never left out without a word; .DS_Store is not named', async () => {
    const files = { 'IMG_0001.HEIC': 'heic bytes', 'notes.txt': 'text', 'clip.mov': 'video', '.DS_Store': 'mac' };
    const dir = await folder('heic', 'title: Ivy\n', files);
    const folderOf = join(dir, 'ivy-2026-10');
    const { warnings, published, result } = await publishFolder(dir);
    const heic =
      'HEIC photos are not taken; export it as a JPEG (on a Mac: Photos, File > Export; on an iPhone: Settings > Camera > Formats > Most Compatible)';
    const other = `only JPEG, PNG, WebP and AVIF photos are; move it out of ${folderOf} if it is not meant for her.`;
    expect(warnings.filter((w) => w.includes('ivy-2026-10'))).toEqual([
      `IMG_0001.HEIC in "ivy-2026-10" is not published: ${heic}.`,
      `clip.mov in "ivy-2026-10" is not published: ${other}`,
      `notes.txt in "ivy-2026-10" is not published: ${other}`,
    ]);
    // Its JPEG publishes: the gallery is not held for an unlisted file.
    expect(published).toEqual(expect.arrayContaining(['ivy-2026-10', 'june-2026-11']));
    expect(result.galleries.find((g) => g.id === 'ivy-2026-10')?.photos).toBe(1);
  });

  it('a HEIC photo her gallery.yaml lists: held, saying it is in the folder but HEIC is not taken, never "not in the folder"', async () => {
    const dir = await folder('heic-listed', 'title: Ivy\nphotos:\n  - file: IMG_0001.HEIC\n', {
      'IMG_0001.HEIC': 'heic bytes',
    });
    const { hold, published } = await publishFolder(dir);
    expect(hold.get('ivy-2026-10')).toBe(
      'its gallery.yaml lists IMG_0001.HEIC, which is in the folder but not published: HEIC photos are not taken; export it as a JPEG (on a Mac: Photos, File > Export; on an iPhone: Settings > Camera > Formats > Most Compatible)',
    );
    expect(published).toEqual(expect.arrayContaining(['june-2026-11']));
    expect(published).not.toContain('ivy-2026-10');
  });

  it('the list of private links (npm run galleries) names a gallery it leaves out, with why', async () => {
    const dir = await folder('links', 'title: Ivy\nphotos:\n  - file: private-01.jpg\n');
    const env: NodeJS.ProcessEnv = { ...process.env, PRIVATE_GALLERY_DIR: dir, PRIVATE_GALLERY_SALT: newSalt() };
    for (const id of ['ivy-2026-10', 'june-2026-11']) env[passwordVariable(id)] = generatedPassphrase();
    const run = spawnSync(process.execPath, ['scripts/owner/galleries.ts'], { env, encoding: 'utf8' });
    expect(run.stderr).toContain(
      `! "ivy-2026-10" is not listed (its gallery.yaml lists private-01.jpg, which is not in ${join(dir, 'ivy-2026-10')}; remove that line or add the photo), and publishing holds it until that is resolved.`,
    );
    expect(run.stdout).toContain('(june-2026-11, 1 photo)');
    expect(run.status).toBe(0);
  });
});
