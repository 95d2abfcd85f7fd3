import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTarget } from '../../src/private-gallery/publish/target';
import { settings } from '../../src/lib/content/settings';

// The owner's command itself (`npm run galleries -- …`), run as she runs it, into a local bucket of
// its own (--local --persist-to): each run starts wrangler's local runtime, so a generous timeout.
vi.setConfig({ testTimeout: 480_000, hookTimeout: 120_000 });

let root: string;
let galleries: string;
let persistTo: string;
const PASSWORDS = {
  PRIVATE_GALLERY_PASSWORD_IVY_2026_10: 'ivy runtime long password',
  PRIVATE_GALLERY_PASSWORD_JUNE_2026_11: 'june runtime long password',
};

/** `npm run galleries -- <args>` with the galleries folder `dir`; its exit code and what it printed. */
function galleriesCommand(args: string[], dir = galleries, passwords: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['scripts/owner/galleries.ts', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...PASSWORDS, ...passwords, PRIVATE_GALLERY_DIR: dir, WRANGLER_SEND_METRICS: 'false' },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function bucketNames() {
  const target = await openTarget({ persistTo });
  try {
    return [...(await target.list())].sort();
  } finally {
    await target.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'galleries-command-'));
  galleries = join(root, 'galleries');
  persistTo = join(root, 'state');
  for (const [id, color] of [
    ['ivy-2026-10', '#aa5533'],
    ['june-2026-11', '#3355aa'],
  ] as const) {
    mkdirSync(join(galleries, id), { recursive: true });
    await sharp({ create: { width: 600, height: 400, channels: 3, background: color } })
      .jpeg()
      .toFile(join(galleries, id, 'one.jpg'));
    writeFileSync(join(galleries, id, 'gallery.yaml'), `title: ${id}\n`);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run galleries', () => {
  it('prints its usage and exits 1 for an unknown command or option', () => {
    for (const args of [['pubish'], ['--locl'], ['publish', '--locl']]) {
      const { status, output } = galleriesCommand(args, join(root, 'nowhere'));
      expect(status, args.join(' ')).toBe(1);
      // A mistyped command prints every command; a mistyped option, one line naming it and the usage.
      expect(output, args.join(' ')).toMatch(
        args[0] === 'pubish'
          ? /^Usage:\n {2}npm run galleries/m
          : /^galleries: --locl is not one of its options\. Usage: npm run galleries/m,
      );
      expect(output, args.join(' ')).not.toMatch(/Private links/);
    }
    // Nothing was written for a mistyped command, nor for the links of a folder that is not there:
    // no galleries folder was made in its place.
    expect(galleriesCommand(['pubish'], join(root, 'nowhere')).output).not.toMatch(/wrote/);
    const links = galleriesCommand([], join(root, 'nowhere'));
    expect(links.status).toBe(1);
    expect(links.output).toContain(`The galleries folder ${join(root, 'nowhere')} is not there:`);
    expect(spawnSync('ls', [join(root, 'nowhere')]).status).not.toBe(0);
  });

  it("prints beside each gallery's links her invitation, naming her gallery, to send with her password", () => {
    const { status, output } = galleriesCommand([]);
    expect(status, output).toBe(0);
    const site = settings.siteUrl.replace(/\/$/, '');
    for (const id of ['ivy-2026-10', 'june-2026-11']) {
      // The line may end with its publishing mark (published-state.ts).
      expect(output).toContain(`  With her password: ${site}/private-gallery#gallery=${id}  (gallery name: ${id})`);
    }
    // Nothing but the name is in it: no password, no secret.
    expect(output).not.toContain(PASSWORDS.PRIVATE_GALLERY_PASSWORD_IVY_2026_10);
  });

  it('inbox: its options go with it alone, and without a studio key it says where the key should be', () => {
    for (const args of [
      ['publish', '--done', 'abcd1234'],
      ['--lightroom', 'ivy-2026-10'],
      ['inbox', '--done', 'a', '--lightroom', 'b'],
    ]) {
      const { status, output } = galleriesCommand(args, join(root, 'nowhere'));
      expect(status, args.join(' ')).toBe(1);
      expect(output, args.join(' ')).toMatch(/^Usage:\n {2}npm run galleries/m);
      expect(output).toContain('npm run galleries -- inbox --done <message>');
    }
    // Her folder, with a gallery of hers and no passwords.env yet. This computer's own
    // content/private/passwords.env (made by the sample's preview, `npm start`) may hold a studio key,
    // read last of all: an empty variable in her environment stands for none.
    const dir = join(root, 'no-key');
    mkdirSync(join(dir, 'ada-2026-12'), { recursive: true });
    writeFileSync(join(dir, 'ada-2026-12', 'gallery.yaml'), 'title: ada-2026-12\n');
    const { status, output } = galleriesCommand(['inbox', '--local', '--persist-to', persistTo], dir, {
      PRIVATE_GALLERY_INBOX_KEY: '',
    });
    expect(status).toBe(1);
    expect(output.trim()).toBe(
      `There is no studio key (PRIVATE_GALLERY_INBOX_KEY) in ${join(dir, 'passwords.env')}: put back the passwords.env from your backup; a first publish makes one, but it cannot open selections sent to the old one.`,
    );
  });

  it("share --name: her name for the link kept in passwords.env's line; one with a line break or a hidden mark refused as the desk refuses it", async () => {
    // A folder of its own: the partner links made here stay out of the other tests' publishes.
    const dir = join(root, 'named');
    mkdirSync(join(dir, 'ivy-2026-10'), { recursive: true });
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#aa5533' } })
      .jpeg()
      .toFile(join(dir, 'ivy-2026-10', 'one.jpg'));
    writeFileSync(join(dir, 'ivy-2026-10', 'gallery.yaml'), 'title: Ivy, October 2026\n');
    const refused = 'Nothing was changed: the name of a partner link is plain text: no line breaks or hidden marks';
    for (const name of ['for her\npartner', 'for her partner\u202e', '\u2066for her partner']) {
      const run = galleriesCommand(['share', 'ivy-2026-10', '--photos', '1', '--name', name], dir);
      expect(run.status, JSON.stringify(name)).toBe(1);
      expect(run.output.trim(), JSON.stringify(name)).toBe(refused);
    }
    const passwords = () =>
      existsSync(join(dir, 'passwords.env')) ? readFileSync(join(dir, 'passwords.env'), 'utf8') : '';
    expect(passwords()).not.toMatch(/PRIVATE_GALLERY_SHARES_/);
    const made = galleriesCommand(['share', 'ivy-2026-10', '--photos', '1', '--name', '  for her partner  '], dir);
    expect(made.status, made.output).toBe(0);
    expect(made.output).toMatch(/^Partner link "for her partner" for Ivy, October 2026, photo 1 \(one\.jpg\):$/m);
    expect(passwords()).toMatch(
      /^PRIVATE_GALLERY_SHARES_IVY_2026_10=[\w-]{43}:[0-9a-f]{16}::one\.jpg:for%20her%20partner$/m,
    );
    // The name goes with "share" alone.
    const elsewhere = galleriesCommand(['publish', '--name', 'for her partner'], dir);
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.output).toMatch(/^--photos, --favorites, --expires and --name go with "share"\.$/m);
  });

  it('refuses to publish from a missing galleries folder, leaving every object in the bucket', async () => {
    const first = galleriesCommand(['publish', '--local', '--persist-to', persistTo]);
    expect(first.output).toMatch(/^Published 3 galleries/m);
    expect(first.status).toBe(0);
    const before = await bucketNames();
    expect(before.length).toBeGreaterThan(10);
    // Each gallery's mark: published to the local bucket; never to Cloudflare, whose links say so.
    const local = galleriesCommand(['--local', '--persist-to', persistTo]).output;
    expect(local).toContain(`ivy-2026-10  (ivy-2026-10, 1 photo): published to the local bucket in ${persistTo}\n`);
    const remote = galleriesCommand([]).output;
    expect(remote).toMatch(
      /^ivy-2026-10 {2}\(ivy-2026-10, 1 photo\): never published to the bucket ".*" on Cloudflare$/m,
    );
    expect(remote).toMatch(
      /^ {2}https:\/\/\S+#access=\S+ {2}\(not published yet: this link opens nothing until "npm run galleries -- publish"\)$/m,
    );
    expect(remote).toContain(
      'Preview gallery  (preview): the sample gallery, published only to the local bucket (npm start); its password and link are public, in docs/owner.md.',
    );

    // With --local and no PRIVATE_GALLERY_DIR, the default folder in her home is not there: the same
    // refusal, not the sample published over her galleries, and nothing written into the project.
    const home = join(root, 'home');
    const samplePasswords = join(process.cwd(), 'content', 'private', 'passwords.env');
    const sampleBefore = existsSync(samplePasswords) ? readFileSync(samplePasswords, 'utf8') : null;
    const { PRIVATE_GALLERY_DIR: _dir, ...withoutDir } = process.env;
    const fallback = spawnSync(process.execPath, ['scripts/owner/galleries.ts', '--local', '--persist-to', persistTo], {
      env: { ...withoutDir, ...PASSWORDS, HOME: home, WRANGLER_SEND_METRICS: 'false' },
      encoding: 'utf8',
    });
    expect(fallback.stderr).toContain(
      `The galleries folder ${join(home, 'coastlight-galleries')} is not there, and the local bucket in ${persistTo} holds galleries published from it: plug in the drive that holds it, or set PRIVATE_GALLERY_DIR to where it is, then try again (docs/owner.md, "Set up once"); nothing was changed.`,
    );
    expect(fallback.status).toBe(1);
    expect(existsSync(samplePasswords) ? readFileSync(samplePasswords, 'utf8') : null).toBe(sampleBefore);
    expect(await bucketNames()).toEqual(before);

    // The drive is unplugged: PRIVATE_GALLERY_DIR names a folder that is not there.
    const missing = join(root, 'unplugged', 'galleries');
    const refused = galleriesCommand(['publish', '--local', '--persist-to', persistTo], missing);
    expect(refused.output).toContain(
      `Nothing was published: the galleries folder ${missing} is not there, and the local bucket in ${persistTo} holds galleries published from it; plug in the drive that holds it, or set PRIVATE_GALLERY_DIR to where it is, then publish again.`,
    );
    expect(refused.status).toBe(1);
    expect(await bucketNames()).toEqual(before);
    // No seed was written into a folder made in its place.
    expect(spawnSync('ls', [join(root, 'unplugged')]).status).not.toBe(0);

    // Publishing again from the real folder resizes and uploads no photo; what it deletes is only the
    // indexes and decoys it sealed anew (format 4: every publish), one for each uploaded but the manifest.
    const again = galleriesCommand(['publish', '--local', '--persist-to', persistTo]);
    const [, other, deleted] =
      / 0 photo files uploaded, \d+ already there, (\d+) indexes and lists, .* (\d+) old files deleted; 0 photos resized\./.exec(
        again.output,
      ) ?? [];
    expect(Number(deleted)).toBe(Number(other) - 1);
    expect(await bucketNames()).toHaveLength(before.length);
  });

  it('keeps a gallery whose folder went missing, with a warning, until `remove <id>` deletes its files', async () => {
    const before = await bucketNames();
    renameSync(join(galleries, 'june-2026-11'), join(root, 'june-moved'));
    const kept = galleriesCommand(['publish', '--local', '--persist-to', persistTo]);
    expect(kept.status).toBe(0);
    expect(kept.output).toContain(
      `! "june-2026-11" is published but its folder is not in ${galleries}: it stays as it is in the bucket. Put its folder back, or run "npm run galleries -- remove june-2026-11" to delete it from the bucket.`,
    );
    // Every object stays but the indexes and decoys sealed anew, as at every publish.
    const afterKept = await bucketNames();
    expect(afterKept).toHaveLength(before.length);

    // Closing needs its folder (its gallery.yaml keeps the closing day): it says so, and changes nothing.
    const close = galleriesCommand(['close', 'june-2026-11', '--local', '--persist-to', persistTo]);
    expect(close.status).toBe(1);
    expect(close.output).toContain(
      `"june-2026-11" has no folder in ${galleries}: closing needs it (its gallery.yaml keeps the closing day). Put the folder back and close it, or run "npm run galleries -- remove june-2026-11" to delete it from the bucket.`,
    );
    expect(await bucketNames()).toEqual(afterKept);

    // The record of what was published to this bucket names her files, and the decoys.
    type Recorded = { galleries: Record<string, { objects: string[] }>; objects: string[] };
    const record = () =>
      (JSON.parse(readFileSync(join(galleries, 'published.json'), 'utf8')) as { targets: Record<string, Recorded> })
        .targets[`local:${persistTo}`]!;
    const { galleries: recorded, objects: decoys } = record();
    const june = recorded['june-2026-11']!.objects;
    expect(june).toHaveLength(4);
    // Her files were carried over untouched by the publish without her folder.
    for (const name of june) expect(before).toContain(name);
    for (const name of june) expect(afterKept).toContain(name);

    const removed = galleriesCommand(['remove', 'june-2026-11', '--local', '--persist-to', persistTo]);
    expect(removed.status).toBe(0);
    expect(removed.output).toMatch(/^Removed "june-2026-11" from the local bucket in .*: \d+ files deleted/m);
    const after = await bucketNames();
    const deleted = afterKept.filter((name) => !after.includes(name));
    // Her index and her photo's three files, the decoys, and the other galleries' indexes sealed
    // anew (as at every publish): of another gallery, nothing else.
    expect(deleted).toEqual(expect.arrayContaining(june));
    const now = record().galleries;
    for (const [id, { objects }] of Object.entries(recorded)) {
      if (id === 'june-2026-11') continue;
      const gone = objects.filter((name) => !after.includes(name));
      // At most its index and its partner link's sub-index, each replaced by a new one.
      expect(gone.length, id).toBeLessThanOrEqual(2);
      for (const name of gone) expect(now[id]!.objects).not.toContain(name);
      expect(now[id]!.objects.filter((name) => !objects.includes(name))).toHaveLength(gone.length);
    }
    expect(deleted.filter((name) => !june.includes(name) && !decoys.includes(name)).length).toBeLessThanOrEqual(
      Object.keys(recorded).length * 2,
    );
    expect(Object.keys(record().galleries).sort()).toEqual(['ivy-2026-10', 'preview']);
  });

  it('close: only the gallery closed may keep a password publishing refuses; a new gallery with one is not published, saying so', async () => {
    mkdirSync(join(galleries, 'may-2026-12'));
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#55aa33' } })
      .jpeg()
      .toFile(join(galleries, 'may-2026-12', 'one.jpg'));
    writeFileSync(join(galleries, 'may-2026-12', 'gallery.yaml'), 'title: may-2026-12\n');
    const closed = galleriesCommand(['close', 'ivy-2026-10', '--local', '--persist-to', persistTo], galleries, {
      PRIVATE_GALLERY_PASSWORD_IVY_2026_10: 'Ivy-October-2026',
      PRIVATE_GALLERY_PASSWORD_MAY_2026_12: 'Jenna2026Oct!',
    });
    expect(closed.status).toBe(0);
    // --local is a rehearsal: closed in the local bucket, her gallery.yaml as it was.
    expect(closed.output).toContain(
      `; your gallery.yaml is unchanged; run "npm run galleries -- close ivy-2026-10" without --local to close it for her.`,
    );
    expect(closed.output).toMatch(
      /^Rehearsal: closed "ivy-2026-10" in the local preview only \(the local bucket in .*: \d+ old files deleted\); /m,
    );
    expect(readFileSync(join(galleries, 'ivy-2026-10', 'gallery.yaml'), 'utf8')).toBe('title: ivy-2026-10\n');
    expect(closed.output).toMatch(
      /^! "may-2026-12" was not published \(PRIVATE_GALLERY_PASSWORD_MAY_2026_12 is too easy to guess; choose another, for example [a-z2-9-]{19}\): publish again once that is resolved\.$/m,
    );
    expect(closed.output).toMatch(
      /^! PRIVATE_GALLERY_PASSWORD_IVY_2026_10 is too easy to guess .*: the next publish will refuse it; choose another, for example [a-z2-9-]{19}$/m,
    );
    const recorded = JSON.parse(readFileSync(join(galleries, 'published.json'), 'utf8')) as {
      targets: Record<string, { galleries: Record<string, unknown> }>;
    };
    expect(Object.keys(recorded.targets[`local:${persistTo}`]!.galleries)).not.toContain('may-2026-12');
  });

  it("npm start's publish (--local --quiet) with one unfinished gallery: that one is held, named with its file and the fix; the others publish, and it exits 0 so npm start serves", async () => {
    const dir = join(root, 'unfinished');
    const bucket = join(root, 'unfinished-state');
    mkdirSync(join(dir, 'kit-2026-12'), { recursive: true });
    mkdirSync(join(dir, 'ivy-2026-10'), { recursive: true });
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#55aa33' } })
      .jpeg()
      .toFile(join(dir, 'ivy-2026-10', 'one.jpg'));
    writeFileSync(join(dir, 'ivy-2026-10', 'gallery.yaml'), 'title: Ivy\n');
    // Copied from the sample: it still lists the sample's photo.
    writeFileSync(join(dir, 'kit-2026-12', 'gallery.yaml'), 'title: Kit\nphotos:\n  - file: private-01.jpg\n');
    const run = galleriesCommand(['publish', '--local', '--quiet', '--persist-to', bucket], dir);
    expect(run.output).toContain(
      `! "kit-2026-12" was not published (its gallery.yaml lists private-01.jpg, which is not in ${join(dir, 'kit-2026-12')}; remove that line or add the photo): publish again once that is resolved.`,
    );
    // Ivy and the sample gallery (the local bucket's).
    expect(run.output).toMatch(/^Published 2 galleries \(4 photos\)/m);
    expect(run.status).toBe(0);
  });
});
