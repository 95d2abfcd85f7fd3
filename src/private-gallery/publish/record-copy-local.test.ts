import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openWithPassword } from '../format/keys';
import { randomBytes, toBase64Url } from '../format/encodings';
import type { VaultManifest } from '../format/types';
import { passwordVariable } from './secrets';
import { openTarget } from './target';

// The bucket's copy of the record (record-copy.ts) in wrangler's local bucket, the one `npm start`
// serves, through the owner's command: two computers, each with its galleries folder and record,
// publishing to one bucket. Each run starts wrangler's platform proxy, so a generous timeout.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

let root: string;
const seed = toBase64Url(randomBytes(32));
const PASSWORDS = {
  'ivy-2026-10': 'ivy runtime long password',
  'june-2026-11': 'june runtime long password',
  'kay-2026-12': 'kay runtime long password',
};
type Id = keyof typeof PASSWORDS;

/** A computer's galleries folder holding `ids`, with her passwords.env (the same seed on both). */
async function computer(name: string, ids: Id[]) {
  const dir = join(root, name, 'galleries');
  for (const [i, id] of ids.entries()) {
    mkdirSync(join(dir, id), { recursive: true });
    await sharp({ create: { width: 600, height: 400, channels: 3, background: `hsl(${i * 120}, 50%, 50%)` } })
      .jpeg()
      .toFile(join(dir, id, 'one.jpg'));
    writeFileSync(join(dir, id, 'gallery.yaml'), `title: ${id}\n`);
  }
  const lines = [`PRIVATE_GALLERY_SEED=${seed}`, ...ids.map((id) => `${passwordVariable(id)}=${PASSWORDS[id]}`)];
  writeFileSync(join(dir, 'passwords.env'), `${lines.join('\n')}\n`, { mode: 0o600 });
  return dir;
}

/** `npm run galleries -- publish --local` from a computer's galleries folder, into the shared bucket. */
function publish(dir: string, persistTo: string) {
  const run = spawnSync(
    process.execPath,
    ['scripts/owner/galleries.ts', 'publish', '--local', '--persist-to', persistTo, '--quiet'],
    {
      cwd: process.cwd(),
      env: { ...process.env, PRIVATE_GALLERY_DIR: dir, WRANGLER_SEND_METRICS: 'false' },
      encoding: 'utf8',
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Her galleries the shared bucket's manifest opens, by their passwords. */
async function opened(persistTo: string) {
  const target = await openTarget({ persistTo });
  try {
    const manifest = JSON.parse(Buffer.from((await target.get('manifest.json'))!).toString('utf8')) as VaultManifest;
    const open: string[] = [];
    for (const [gallery, password] of Object.entries(PASSWORDS)) {
      if (await openWithPassword(manifest, { gallery, password })) open.push(gallery);
    }
    return open;
  } finally {
    await target.close();
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'record-copy-local-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the record's copy in wrangler's local bucket", () => {
  it("the owner's command: a second computer with no record is refused once with the sentence, then publishes keeping the first computer's galleries", async () => {
    const persistTo = join(root, 'bucket');
    const studio = await computer('studio', ['ivy-2026-10', 'june-2026-11']);
    const laptop = await computer('laptop', ['kay-2026-12']);
    const first = publish(studio, persistTo);
    expect(first.status, first.output).toBe(0);
    // Her passwords.env copied to the laptop (the seed, links and inbox key), with Kay's password added.
    const copied = readFileSync(join(studio, 'passwords.env'), 'utf8');
    writeFileSync(
      join(laptop, 'passwords.env'),
      `${copied}${passwordVariable('kay-2026-12')}=${PASSWORDS['kay-2026-12']}\n`,
    );
    expect(await opened(persistTo)).toEqual(['ivy-2026-10', 'june-2026-11']);

    const refused = publish(laptop, persistTo);
    console.log(`refused: ${refused.output.trim()}`);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(
      new RegExp(
        `Nothing was published: the local bucket in ${persistTo} was published from .+ at \\d\\d:\\d\\d UTC on \\d{4}-\\d\\d-\\d\\d \\((just now|\\d+ minutes? ago)\\), after the last publish this computer knows of, so this computer has now taken the bucket's own record of what is published \\(galleries only that computer has stay published as they are\\); copy into ${laptop} any gallery folder you changed there, then run "npm run galleries -- publish --local --persist-to ${persistTo} --quiet" again\\.`,
      ),
    );
    expect(await opened(persistTo)).toEqual(['ivy-2026-10', 'june-2026-11']);

    const again = publish(laptop, persistTo);
    expect(again.status, again.output).toBe(0);
    expect(again.output).toContain(`"ivy-2026-10" is published but its folder is not in ${laptop}`);
    expect(await opened(persistTo)).toEqual(['ivy-2026-10', 'june-2026-11', 'kay-2026-12']);
  });
});
