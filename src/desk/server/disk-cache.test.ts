// What the desk keeps between runs (disk-cache.ts): found again under the same hash, and made anew
// when anything it was made from changes, a file of a folder included.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cached, hashOf, keep } from './disk-cache.ts';

const folder = mkdtempSync(join(tmpdir(), 'disk-cache-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the desk's cache between runs", () => {
  it('is another hash when a text, a file of a folder, or a new file there differs', () => {
    writeFileSync(join(folder, 'Page.tsx'), 'export const a = 1;');
    const first = hashOf(['tool 1.0'], [folder]);
    expect(hashOf(['tool 1.0'], [folder])).toBe(first);
    expect(hashOf(['tool 1.1'], [folder])).not.toBe(first);
    writeFileSync(join(folder, 'Page.tsx'), 'export const a = 2;');
    const changed = hashOf(['tool 1.0'], [folder]);
    expect(changed).not.toBe(first);
    writeFileSync(join(folder, 'Other.tsx'), '');
    expect(hashOf(['tool 1.0'], [folder])).not.toBe(changed);
  });

  it('finds again what was kept under a hash, and nothing under another', () => {
    const key = hashOf([`test ${process.pid} ${Date.now()}`]);
    expect(cached('test', key)).toBeNull();
    expect(keep('test', key, 'made once')).toBe('made once');
    expect(cached('test', key)).toBe('made once');
    expect(cached('test', hashOf(['another']))).toBeNull();
  });
});
