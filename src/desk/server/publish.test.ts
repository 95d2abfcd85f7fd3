// Publishing from the desk: the command's publishing and its refusals, in the command's words.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import type { PublishProgress } from '../../private-gallery/publish/build.ts';
import { readRecord, RECORD_FILE, SEED_MARK } from '../../private-gallery/publish/record.ts';
import { SCHEDULE } from '../../private-gallery/host/schedule.ts';
import { MANIFEST } from '../../private-gallery/format/seal.ts';
import { INBOX_TOKENS } from '../../private-gallery/host/inbox-tokens.ts';
import { collector, deskSetup, galleriesAtAGlance, PhotoIds, publishAll } from './actions.ts';
import { gallerySetup, runAction } from '../../private-gallery/publish/gallery-actions.ts';
import { deskRoutes } from './routes.ts';
import { startDesk, TOKEN_HEADER } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-publish-'));

/** A galleries folder with one gallery of the sample's three photos. */
function folder(name: string, password: string) {
  const dir = join(root, name);
  const gallery = join(dir, 'ivy-2026-10');
  mkdirSync(gallery, { recursive: true });
  for (const photo of ['private-01.jpg', 'private-02.jpg', 'private-03.jpg']) {
    cpSync(resolve('content/private/preview', photo), join(gallery, photo));
  }
  writeFileSync(join(gallery, 'gallery.yaml'), 'title: Ivy, October 2026\nincluded: 2\n');
  return { PRIVATE_GALLERY_DIR: dir, PRIVATE_GALLERY_PASSWORD_IVY_2026_10: password };
}

/** What `npm run galleries` prints on stderr with this environment (it refuses before any bucket). */
function command(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['scripts/owner/galleries.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return run.stderr.trim();
}

/** The example passphrase in a refusal is new each time: the rest is the sentence. */
const sentence = (text: string) => text.replace(/for example [a-z0-9]{4}(-[a-z0-9]{4}){3}/g, 'for example …');

/**
 * `folder`'s galleries and a second, rose-2026-11, holding broken.jpg: a text named like a photo
 * (publishing's photo check, photo-check.ts, holds her gallery before anything is sealed).
 */
function withBrokenPhoto(name: string) {
  const env = folder(name, 'quiet harbour lantern mosaic 7');
  const rose = join(env.PRIVATE_GALLERY_DIR, 'rose-2026-11');
  mkdirSync(rose);
  cpSync(resolve('content/private/preview/private-01.jpg'), join(rose, 'one.jpg'));
  writeFileSync(join(rose, 'broken.jpg'), 'call Rose back on Tuesday\n');
  writeFileSync(join(rose, 'gallery.yaml'), 'title: Rose\n');
  return { ...env, PRIVATE_GALLERY_PASSWORD_ROSE_2026_11: 'amber willow compass tide 4', rose };
}

/** The sentence that holds rose-2026-11 for broken.jpg (sharp's words for a text named .jpg within it). */
const heldRose = (rose: string) =>
  `"rose-2026-11" was not published (broken.jpg in ${rose} is not a photo publishing can read (Input file contains unsupported image format); export it again as a JPEG, or take it out of the folder): publish again once that is resolved.`;
const aboutRose = (lines: string[]) => lines.filter((line) => line.includes('rose-2026-11'));

/** What the record and the bucket hold of rose-2026-11: no entry, and no object outside the others'. */
function nothingOfRose(dir: string, target: ReturnType<typeof memoryTarget>) {
  const record = readRecord(join(dir, RECORD_FILE)).targets[target.label]!;
  expect(Object.keys(record.galleries)).toContain('ivy-2026-10');
  expect(Object.keys(record.galleries)).not.toContain('rose-2026-11');
  const known = new Set([...Object.values(record.galleries).flatMap((g) => g.objects), ...record.objects]);
  // The bucket's own: its notes and the manifest of every gallery's grants (the record's grants).
  const notes = new Set([SEED_MARK, SCHEDULE, INBOX_TOKENS, MANIFEST]);
  const stray = [...target.objects.keys()].filter(
    (name) => !known.has(name) && !notes.has(name) && !/^record-[0-9a-f]{24}\.txt$/.test(name),
  );
  expect(stray).toEqual([]);
}

beforeAll(() => mkdirSync(root, { recursive: true }));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('publishing from the desk', () => {
  it("refuses a missing galleries folder and a weak password with the command's own sentences", async () => {
    const missing = { PRIVATE_GALLERY_DIR: join(root, 'unplugged') };
    const refused = await publishAll(await deskSetup({ local: false, env: missing, target: () => memoryTarget() }));
    expect(refused).toMatchObject({ ok: false, message: command(missing) });
    expect(refused.message).toBe(
      `The galleries folder ${join(root, 'unplugged')} is not there: plug in the drive that holds it, set PRIVATE_GALLERY_DIR to where it is, or make it to start (docs/owner.md, "Set up once"); nothing was changed.`,
    );

    const weak = folder('weak', 'ivy2026');
    const target = memoryTarget();
    const answer = await publishAll(await deskSetup({ local: true, env: weak, target: () => target }));
    expect(answer.ok).toBe(false);
    expect(sentence(answer.message)).toBe(sentence(command(weak)));
    expect(sentence(answer.message)).toBe(
      'Nothing was published:\n  PRIVATE_GALLERY_PASSWORD_IVY_2026_10 is shorter than 12 characters: choose a longer one, for example …',
    );
    expect(target.objects.size).toBe(0);
  });

  it("publishes every gallery with the command's summary, reporting each upload, and the card then says published", async () => {
    const env = folder('strong', 'quiet harbour lantern mosaic 7');
    const target = memoryTarget();
    const setup = await deskSetup({ local: true, env, target: () => target });
    expect(galleriesAtAGlance(setup, new PhotoIds()).find((card) => card.id === 'ivy-2026-10')?.state?.kind).toBe(
      'never',
    );
    const progress: PublishProgress[] = [];
    const answer = await publishAll(setup, (step) => void progress.push({ ...step }));
    expect(answer.message).toMatch(
      /^Published 2 galleries \(6 photos\) to the local bucket in test in \d+\.\d s: 18 photo files uploaded, 0 already there, \d+ indexes and lists, \d+ KB; 0 old files deleted; \d photos resized\.$/,
    );
    expect(answer).toMatchObject({ ok: true, held: [] });
    // Her three photos and the sample's three: resized, sealed, then every file written but the host's
    // own notes and the bucket's sealed copy of the record (record-copy.ts).
    const notes = new Set([SEED_MARK, SCHEDULE, INBOX_TOKENS]);
    const bucketsOwn = (name: string) => notes.has(name) || /^record-[0-9a-f]{24}\.txt$/.test(name);
    expect(progress[0]).toEqual({ photos: 6, resized: 0, sealed: 0, uploaded: 0, bytes: 0, secondsLeft: null });
    expect(progress.at(-1)).toMatchObject({
      photos: 6,
      sealed: 6,
      uploaded: [...target.objects.keys()].filter((name) => !bucketsOwn(name)).length,
      secondsLeft: 0,
    });
    expect(progress.at(-1)!.bytes).toBeGreaterThan(100_000);
    const card = galleriesAtAGlance(setup, new PhotoIds()).find((one) => one.id === 'ivy-2026-10')!;
    expect(card.state).toEqual({ kind: 'published', text: `Published on ${new Date().toISOString().slice(0, 10)}` });
  });

  it('holds a gallery with a file that is not a photo, says why, and writes nothing of it; the others publish', async () => {
    const { rose, ...env } = withBrokenPhoto('desk-broken');
    const target = memoryTarget();
    const answer = await publishAll(await deskSetup({ local: true, env, target: () => target }));
    expect(answer.message).toMatch(/^Published 2 galleries \(6 photos\) to the local bucket in test in /);
    expect(aboutRose(answer.warnings)).toEqual([heldRose(rose)]);
    nothingOfRose(env.PRIVATE_GALLERY_DIR, target);
  });

  it("the command's publish holds it the same way: its sentence said, nothing of it in the bucket, and the run fails for the bucket on Cloudflare", async () => {
    const { rose, ...env } = withBrokenPhoto('command-broken');
    for (const local of [true, false]) {
      const target = memoryTarget(local ? 'the local bucket in test' : 'the bucket on Cloudflare in test');
      const { said, say } = collector();
      const setup = await gallerySetup({ local, env, open: async () => target, say });
      if (setup.refusal !== undefined) throw new Error(setup.refusal);
      const outcome = await runAction(setup, 'publish', undefined, say, { bucket: target });
      expect(outcome).toEqual({ code: local ? 0 : 1, held: ['rose-2026-11'] });
      expect(said.err).toEqual([]);
      expect(aboutRose(said.warn)).toEqual([heldRose(rose)]);
      // Ivy's three photos and the sample's three: Rose's two are not among them.
      expect(said.out.at(-1)).toMatch(new RegExp(`^Published 2 galleries \\(6 photos\\) to ${target.label} in `));
      nothingOfRose(env.PRIVATE_GALLERY_DIR, target);
    }
  });

  it('streams the progress of a publish line by line, then its outcome, over a POST with the token', async () => {
    const env = folder('streamed', 'quiet harbour lantern mosaic 7');
    const setup = await deskSetup({ local: true, env, target: () => memoryTarget() });
    const token = 'y'.repeat(43);
    const desk = await startDesk({ token, routes: deskRoutes({ setup, token }) });
    const origin = `http://127.0.0.1:${desk.port}`;
    try {
      const answer = await fetch(`${origin}${desk.session.path}api/publish`, {
        method: 'POST',
        headers: {
          cookie: desk.session.cookie,
          origin,
          [TOKEN_HEADER]: token,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      expect(answer.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      const lines = (await answer.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines[0]).toEqual({
        progress: { photos: 6, resized: 0, sealed: 0, uploaded: 0, bytes: 0, secondsLeft: null },
      });
      expect(lines.slice(1, -1).every((line) => line.progress.sealed + line.progress.uploaded > 0)).toBe(true);
      expect(lines.at(-1).done).toMatchObject({ ok: true, message: expect.stringMatching(/^Published 2 galleries/) });
    } finally {
      await desk.close();
    }
  });
});
