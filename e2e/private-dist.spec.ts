import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { test, expect } from '@playwright/test';
import { listSources, privateGalleryDir, renderVariants } from '../src/integrations/private-gallery';

const DIST = join(import.meta.dirname, '..', 'dist');

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

/** A 64-byte window from the middle of a file: present wherever the file's bytes are. */
function fingerprint(bytes: Buffer): Buffer {
  const start = Math.max(0, Math.floor(bytes.length / 2) - 32);
  return bytes.subarray(start, start + 64);
}

// A scan of the build, not of a page: it runs once, in the desktop project.
test('no file in dist/ holds a private photo, its resized copies, its name or its alt text @dist', async () => {
  test.setTimeout(120_000);
  const sources = listSources(privateGalleryDir());
  expect(sources.length).toBeGreaterThanOrEqual(3);
  const needles: { what: string; bytes: Buffer }[] = [];
  for (const source of sources) {
    const { thumb, full } = await renderVariants(source.path);
    const name = basename(source.path);
    needles.push(
      { what: `${name} original`, bytes: fingerprint(readFileSync(source.path)) },
      { what: `${name} thumbnail`, bytes: fingerprint(thumb.data) },
      { what: `${name} full size`, bytes: fingerprint(full.data) },
      { what: `${name} file name`, bytes: Buffer.from(name) },
      { what: `${name} base name`, bytes: Buffer.from(basename(name, extname(name))) },
      { what: `${name} alt text`, bytes: Buffer.from(source.alt) },
    );
  }
  const files = allFiles(DIST);
  expect(files.some((file) => file.endsWith(join('vault', 'manifest.json')))).toBe(true);
  const found: string[] = [];
  for (const file of files) {
    const content = readFileSync(file);
    for (const needle of needles) {
      if (content.includes(needle.bytes)) found.push(`${needle.what} in ${file.slice(DIST.length)}`);
    }
  }
  expect(found).toEqual([]);
});
