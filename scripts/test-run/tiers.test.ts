import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FULL_ONLY_UNIT, SLOW_MARKERS } from './tiers.ts';

const testFiles = ['src/**/*.test.ts', 'scripts/**/*.test.ts'].flatMap((pattern) => globSync(pattern)).sort();

/** The calls that build the site or start the runtime, written out: each must stay a marker. */
const SLOW_CALLS = ['startCdn(', 'getPlatformProxy', 'openTarget(', 'copyProject(', "astro('build')"];

/** Listed files slow for what no marker names (publishing real galleries, the real `npm run galleries`). */
const SLOW_WITHOUT_MARKER = [
  'scripts/owner/galleries-mistakes.test.ts',
  'src/desk/server/actions.test.ts',
  'src/private-gallery/publish/progress.test.ts',
];

describe('the quick tier', () => {
  it('leaves out every unit test file that builds the site or starts the runtime, and only those listed', () => {
    // This file names the markers (SLOW_CALLS) without starting anything.
    const slow = testFiles.filter(
      (file) => file !== 'scripts/test-run/tiers.test.ts' && SLOW_MARKERS.test(readFileSync(file, 'utf8')),
    );
    expect(slow.length, 'the markers find the known slow files').toBeGreaterThanOrEqual(4);
    expect(slow.filter((file) => !(file in FULL_ONLY_UNIT))).toEqual([]);
  });

  it('names only files that exist, each with why it waits for the full tier', () => {
    for (const [file, why] of Object.entries(FULL_ONLY_UNIT)) {
      expect(testFiles, file).toContain(file);
      expect(why.length, `${file}: why`).toBeGreaterThan(10);
    }
  });

  it('finds each known slow call by its markers', () => {
    for (const call of SLOW_CALLS) expect(SLOW_MARKERS.test(`await ${call}`), call).toBe(true);
  });

  it('keeps out of the quick tier only a file whose source starts something slow, or one named here as slow for another reason', () => {
    for (const file of Object.keys(FULL_ONLY_UNIT)) {
      const slow = SLOW_MARKERS.test(readFileSync(file, 'utf8')) || SLOW_WITHOUT_MARKER.includes(file);
      expect(slow, `${file} holds no slow marker and is not named slow for another reason`).toBe(true);
    }
  });
});
