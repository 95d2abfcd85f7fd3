// Her slips on the desk, each answered with one sentence on the page (issue 50, item 5): never "see
// the terminal", and nothing half made.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTarget } from '../../private-gallery/publish/fixtures/memory-target.ts';
import { deskSetup } from './actions.ts';
import { newGallery } from './galleries.ts';
import { deskRoutes } from './routes.ts';
import { startDesk, TOKEN_HEADER } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'desk-mistakes-'));
const dir = join(root, 'galleries');
const CAMERA = resolve('content/private/preview/private-01.jpg');
const token = 'm'.repeat(43);
let desk: Awaited<ReturnType<typeof startDesk>>;
let origin: string;

/** One change posted as the desk's page posts it: its status and its JSON answer. */
async function post(action: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${desk.session.path}api/${action}`, {
    method: 'POST',
    headers: {
      cookie: desk.session.cookie,
      origin,
      [TOKEN_HEADER]: token,
      'content-type': 'application/json',
      ...headers,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as { message?: string; left?: string[] } };
}

/** A photo posted under a file name as the page sends it (percent-encoded). */
const upload = (encodedName: string) =>
  post('galleries/photo', readFileSync(CAMERA), {
    'content-type': 'application/octet-stream',
    'x-gallery': 'ivy-2026-12',
    'x-file-name': encodedName,
  });

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const setup = await deskSetup({ local: true, env: { PRIVATE_GALLERY_DIR: dir }, target: () => memoryTarget() });
  newGallery(setup, { id: 'ivy-2026-12', title: 'Ivy', password: '' });
  desk = await startDesk({ token, routes: deskRoutes({ setup, token }) });
  origin = `http://127.0.0.1:${desk.port}`;
});
afterAll(async () => {
  await desk.close();
  rmSync(root, { recursive: true, force: true });
});

describe('her slips on the desk, each answered by one sentence (issue 50)', () => {
  it('a 300-character folder name is refused beside the rule, and no folder is made', async () => {
    const answer = await post('galleries/new', JSON.stringify({ id: 'a'.repeat(300), title: 'Long', password: '' }));
    expect([answer.status, answer.json.message]).toEqual([
      400,
      'The folder name uses only a-z, 0-9 and dashes, at most 64 of them, e.g. jenna-2026-10.',
    ]);
    expect(readdirSync(dir).sort()).toEqual(['ivy-2026-12', 'passwords.env']);
  });

  it.each([
    [
      'a NUL byte',
      'a%00b.jpg',
      'This photo’s file name holds characters a gallery does not take: rename it and add it again.',
    ],
    [
      'an escape',
      'a%1B%5B2Jb.jpg',
      'This photo’s file name holds characters a gallery does not take: rename it and add it again.',
    ],
    [
      'a right-to-left override',
      'IMG_%E2%80%AEgpj.exe.jpg',
      'This photo’s file name holds characters a gallery does not take: rename it and add it again.',
    ],
    ['a broken percent code', '%E0%A4%A', 'This photo’s file name could not be read: rename it and add it again.'],
  ])('an upload named with %s is refused in one sentence, and nothing is written', async (_what, name, sentence) => {
    const answer = await upload(name);
    expect([answer.status, answer.json.message]).toEqual([400, sentence]);
    expect(readdirSync(join(dir, 'ivy-2026-12')).sort()).toEqual(['gallery.yaml']);
  });

  it('a "from" folder holding a broken link copies its photos and names the link it skipped', async () => {
    const from = join(root, 'from-camera');
    mkdirSync(from);
    writeFileSync(join(from, 'IMG_0001.jpg'), readFileSync(CAMERA));
    symlinkSync(join(root, 'nowhere.jpg'), join(from, 'IMG_0002.jpg'));
    const answer = await post('galleries/folder', JSON.stringify({ id: 'ivy-2026-12', from }));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      copied: ['IMG_0001.jpg'],
      left: ['IMG_0002.jpg: it could not be read (a link to nothing, or not yours to open)'],
    });
    const only = join(root, 'only-a-link');
    mkdirSync(only);
    symlinkSync(join(root, 'nowhere.jpg'), join(only, 'IMG_0003.jpg'));
    const none = await post('galleries/folder', JSON.stringify({ id: 'ivy-2026-12', from: only }));
    expect([none.status, none.json.message]).toEqual([
      400,
      `${only} holds no photo a gallery takes: JPEG, PNG, WebP or AVIF.`,
    ]);
  });
});

describe('closing the desk', () => {
  it('a second Ctrl+C ends it at once, even while a browser holds a connection open', async () => {
    const home = mkdtempSync(join(tmpdir(), 'desk-stop-'));
    const child = spawn(process.execPath, ['scripts/owner/desk.ts', '--no-open', '--local'], {
      env: { ...process.env, PRIVATE_GALLERY_DIR: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let printed = '';
      const address = await new Promise<string>((done, fail) => {
        child.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          const found = /http:\/\/127\.0\.0\.1:\d+\/\S+/.exec(printed);
          if (found) done(found[0]);
        });
        child.once('exit', (code) => fail(new Error(`the desk ended (${code}) before it opened: ${printed}`)));
      });
      // A request still arriving (its headers half sent): the first Ctrl+C's close waits for it.
      const { port } = new URL(address);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((done) => socket.once('connect', done));
      socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      await new Promise((done) => setTimeout(done, 200));
      const ended = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      child.kill('SIGINT');
      await new Promise((done) => setTimeout(done, 300));
      expect(child.exitCode).toBeNull();
      const started = performance.now();
      child.kill('SIGINT');
      expect(await ended).toBe(130);
      expect(performance.now() - started).toBeLessThan(1000);
      socket.destroy();
    } finally {
      child.kill('SIGKILL');
      rmSync(home, { recursive: true, force: true });
    }
  }, 30_000);
});
