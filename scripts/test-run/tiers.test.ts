import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FULL_ONLY_UNIT, SLOW_MARKERS } from './tiers.ts';

const testFiles = ['src/**/*.test.ts', 'scripts/**/*.test.ts'].flatMap((pattern) => globSync(pattern)).sort();

describe('the quick tier', () => {
  it('leaves out every unit test file that builds the site or starts the runtime, and only those listed', () => {
    const slow = testFiles.filter((file) => SLOW_MARKERS.test(readFileSync(file, 'utf8')));
    expect(slow.length, 'the markers find the known slow files').toBeGreaterThanOrEqual(4);
    expect(slow.filter((file) => !(file in FULL_ONLY_UNIT))).toEqual([]);
  });

  it('names only files that exist, each with why it waits for the full tier', () => {
    for (const [file, why] of Object.entries(FULL_ONLY_UNIT)) {
      expect(testFiles, file).toContain(file);
      expect(why.length, `${file}: why`).toBeGreaterThan(10);
    }
  });
});
