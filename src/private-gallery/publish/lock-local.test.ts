import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kdfFor } from '../format/keys';
import { randomBytes } from '../format/encodings';
import { publishGalleries } from './build';
import { PUBLISH_LOCK } from './lock';
import { listGalleries } from './sources';
import { openTarget } from './target';

// The bucket's lock (lock.ts) in wrangler's local bucket, the one `npm start` serves: its
// conditional write is R2's, through the same binding publishing uses. Each target starts
// wrangler's platform proxy (no server), so a generous timeout.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

let root: string;
let galleries: string;
const PASSWORDS = {
  PRIVATE_GALLERY_PASSWORD_IVY_2026_10: 'ivy runtime long password',
  PRIVATE_GALLERY_PASSWORD_JUNE_2026_11: 'june runtime long password',
};

async function names(persistTo: string) {
  const target = await openTarget({ persistTo });
  try {
    return [...(await target.list())].sort();
  } finally {
    await target.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'publish-lock-local-'));
  galleries = join(root, 'galleries');
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

describe("the publish lock in wrangler's local bucket", () => {
  it('two publishes at once: one publishes, the other is refused in one sentence, and no lock is left', async () => {
    const persistTo = join(root, 'twice');
    const [one, two] = [await openTarget({ persistTo }), await openTarget({ persistTo })];
    try {
      const passwords = new Map([
        ['ivy-2026-10', PASSWORDS.PRIVATE_GALLERY_PASSWORD_IVY_2026_10],
        ['june-2026-11', PASSWORDS.PRIVATE_GALLERY_PASSWORD_JUNE_2026_11],
      ]);
      const options = { kdf: kdfFor('c2FsdHNhbHRzYWx0c2FsdA'), passwords, seed: randomBytes(32) };
      const results = await Promise.allSettled([
        publishGalleries(one, listGalleries(galleries), { ...options, lock: { host: 'studio-mac' } }),
        publishGalleries(two, listGalleries(galleries), { ...options, lock: { host: 'laptop' } }),
      ]);
      const refused = results.filter((result) => result.status === 'rejected');
      console.log(`two at once: ${results.map((result) => result.status).join(', ')}`);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason.message).toMatch(
        /^Nothing was published: another publish to the local bucket in .+ started at \d\d:\d\d UTC on \d{4}-\d\d-\d\d \(just now\) on (studio-mac|laptop) and has not finished; wait for it, or, if it stopped halfway \(a closed window, Ctrl-C\), run "npm run galleries -- publish --local --unlock" to break its lock\.$/,
      );
    } finally {
      await one.close();
      await two.close();
    }
    expect(await names(persistTo)).not.toContain(PUBLISH_LOCK);
  });

  it("the owner's command: a lock left by a stopped run refuses publish with the command that breaks it, and --unlock breaks it and publishes", async () => {
    const persistTo = join(root, 'stale');
    // Three hours ago: its age reads the same however long the command takes to start.
    const started = new Date(Date.now() - 3 * 3600_000);
    const target = await openTarget({ persistTo });
    try {
      await target.put(
        PUBLISH_LOCK,
        JSON.stringify({ started: started.toISOString(), host: 'studio-mac', run: 'f'.repeat(32) }),
      );
    } finally {
      await target.close();
    }
    const command = (args: string[]) => {
      const run = spawnSync(process.execPath, ['scripts/owner/galleries.ts', ...args], {
        cwd: process.cwd(),
        env: { ...process.env, ...PASSWORDS, PRIVATE_GALLERY_DIR: galleries, WRANGLER_SEND_METRICS: 'false' },
        encoding: 'utf8',
      });
      return { status: run.status, output: `${run.stdout}${run.stderr}` };
    };
    const when = `at ${started.toISOString().slice(11, 16)} UTC on ${started.toISOString().slice(0, 10)} (3 hours ago) on studio-mac`;
    // Only the commands that publish take it.
    const misplaced = command(['inbox', '--local', '--unlock']);
    expect(misplaced.status).toBe(1);
    expect(misplaced.output).toContain('--unlock goes with "publish", "close" or "remove".');
    const refused = command(['publish', '--local', '--persist-to', persistTo, '--quiet']);
    console.log(`refused: ${refused.output.trim()}`);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(
      `Nothing was published: another publish to the local bucket in ${persistTo} started ${when} and has not finished; wait for it, or, if it stopped halfway (a closed window, Ctrl-C), run "npm run galleries -- publish --local --persist-to ${persistTo} --quiet --unlock" to break its lock.`,
    );
    expect(await names(persistTo)).toEqual([PUBLISH_LOCK]);
    const unlocked = command(['publish', '--local', '--persist-to', persistTo, '--quiet', '--unlock']);
    expect(unlocked.status, unlocked.output).toBe(0);
    expect(unlocked.output).toContain(`! The lock of the publish started ${when} was broken.`);
    // Her two galleries, and the sample one a local bucket always gets.
    expect(unlocked.output).toContain('Published 3 galleries');
    const after = await names(persistTo);
    expect(after).toContain('manifest.json');
    expect(after).not.toContain(PUBLISH_LOCK);
  });
});
