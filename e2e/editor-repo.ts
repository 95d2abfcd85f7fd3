/**
 * The editor's test repository: Sveltia CMS's `test-repo` backend keeps the repository's files in
 * the browser's origin-private file system, under one folder. The tests seed it with the project's
 * own content before the editor opens, and read back exactly what the editor wrote.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, type Page, type Route } from '@playwright/test';

/** The folder the test backend keeps its files in (Sveltia CMS's own name for it). */
export const REPO_FOLDER = 'sveltia-cms-test';

/** Every owner file the editor edits, path → bytes (base64): content/ without the private galleries. */
export function contentFiles(root = process.cwd()): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const file = relative(root, path);
      if (file === 'content/private' || file === 'content/private-gallery-salt.txt') continue;
      if (statSync(path).isDirectory()) walk(path);
      else files[file] = readFileSync(path).toString('base64');
    }
  };
  walk(join(root, 'content'));
  return files;
}

/**
 * In the page: writes `files` (path → base64) into the test repository of the page's origin. Self-contained,
 * so a driver can run it in the page.
 */
export async function seedInPage({ folder, files }: { folder: string; files: Record<string, string> }) {
  const root = await navigator.storage.getDirectory();
  await root.removeEntry(folder, { recursive: true }).catch(() => undefined);
  const repo = await root.getDirectoryHandle(folder, { create: true });
  for (const [path, base64] of Object.entries(files)) {
    const parts = path.split('/');
    let dir = repo;
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
    const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
    await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    await writable.close();
  }
}

/**
 * In the page: every file in the test repository, as [path, content] sorted by path, the content
 * either the file's bytes in base64 or (`sha256`) its SHA-256 in hex, so that only a few bytes a
 * file leave the page. Self-contained, as seedInPage.
 */
export async function filesInPage({ folder, as }: { folder: string; as: 'base64' | 'sha256' }) {
  const out: [string, string][] = [];
  const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
    for await (const [name, handle] of (
      dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }
    ).entries()) {
      const path = prefix ? `${prefix}/${name}` : name;
      // Chromium writes a file through a temporary `<name>.crswap` beside it, gone once written.
      if (name.endsWith('.crswap')) continue;
      if (handle.kind === 'directory') {
        await walk(handle as FileSystemDirectoryHandle, path);
        continue;
      }
      const bytes = new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer());
      if (as === 'sha256') {
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
        out.push([path, Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')]);
        continue;
      }
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      out.push([path, btoa(binary)]);
    }
  };
  await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(folder), '');
  return out.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
}

/** Writes `files` into the test repository of the page's origin (the page must be on that origin). */
export async function seedRepository(page: Page, files: Record<string, string>) {
  await page.evaluate(seedInPage, { folder: REPO_FOLDER, files });
}

/** The same digests, in Node, of files read whole (path → base64). */
function digestsOf(files: Record<string, string>): [string, string][] {
  return Object.entries(files)
    .map(([path, base64]): [string, string] => [
      path,
      createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex'),
    ])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Every file in the test repository, path → bytes. The editor may still be finishing a write when it
 * says "Entry saved." (a file it replaces is gone for a moment, and a read then fails with
 * NotFoundError), so the repository is read until two whole reads in a row are the same (each
 * file's SHA-256, computed in the page), and then once with its bytes, which must be that state.
 * Before, each read carried every byte out of the page (megabytes as base64): two or more of them a
 * call cost seconds each on a loaded host.
 */
export async function readRepository(page: Page): Promise<Record<string, Buffer>> {
  let files: Record<string, string> = {};
  let previous = '';
  await expect(async () => {
    const read = JSON.stringify(await page.evaluate(filesInPage, { folder: REPO_FOLDER, as: 'sha256' as const }));
    const settled = read === previous;
    previous = read;
    expect(settled, 'two whole reads of the test repository in a row are the same').toBe(true);
    files = Object.fromEntries(await page.evaluate(filesInPage, { folder: REPO_FOLDER, as: 'base64' as const }));
    expect(JSON.stringify(digestsOf(files)), 'the bytes read are the state that settled').toBe(read);
    // A loaded host (the private galleries' key derivations run beside it) can take longer to settle.
  }).toPass({ timeout: 30_000 });
  return Object.fromEntries(Object.entries(files).map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));
}

/**
 * Switches the editor to the test backend: its configuration is answered with `backend: test-repo`
 * instead of GitHub. Only the test does this; the deployed configuration is never changed.
 */
export async function useTestBackend(page: Page) {
  await page.route(/\/config\.json(\?|$)/, async (route: Route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { backend: Record<string, unknown> };
    await route.fulfill({ response, json: { ...config, backend: { name: 'test-repo' } } });
  });
}

/** The editor's origin in the tests: its own server (playwright.config.ts), so its own origin. */
export const EDITOR_ORIGIN = `http://127.0.0.1:${Number(process.env['E2E_PORT'] ?? 4322) + 50}`;
