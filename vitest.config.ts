import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { FULL_ONLY_UNIT, tier } from './scripts/test-run/tiers.ts';

const INCLUDE = ['src/**/*.test.ts', 'scripts/**/*.test.ts'];
// The quick tier (`npm test`) leaves out the files that build the site or start the host's runtime
// (scripts/test-run/tiers.ts); the full tier (`npm run test:all`, a bare `npx vitest run`) runs all.
const EXCLUDE = [...configDefaults.exclude, ...(tier() === 'quick' ? Object.keys(FULL_ONLY_UNIT) : [])];

// A test named for time zones ("… whatever the time zone") cannot fail in the machine's own zone
// (UTC in CI), where a UTC-midnight date is the same day everywhere it is read. Every file holding
// one runs a second time in a zone west of UTC, where that midnight is still the evening before.
const TIME_ZONE_TEST = /time zone/i;
const OTHER_TIME_ZONE = 'America/Los_Angeles';
const timeZoneFiles = INCLUDE.flatMap((pattern) => globSync(pattern)).filter((file) =>
  TIME_ZONE_TEST.test(readFileSync(file, 'utf8')),
);

// Test files share their worker's modules (Vitest's isolate: false): a file no longer imports zod,
// sharp, the gallery format and the publish code anew, which was over a third of the quick unit
// tests' CPU. A file that changes what the process holds for every file (a mock or a spy, a stubbed
// global or variable, the environment, the working folder, the clock, or a DOM environment) runs in
// a worker of its own, as before: ISOLATE finds them in the source, so a new one is found too.
const ISOLATE =
  /vi\.(?:mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers|setSystemTime)\(|process\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env|process\.chdir\(|@vitest-environment/;
const isolatedFiles = INCLUDE.flatMap((pattern) => globSync(pattern)).filter((file) =>
  ISOLATE.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    environment: 'node',
    // Vitest's default (cores - 1) is one worker on a 2-core machine, which runs the two files that
    // build the site one after the other: 60 s. Two workers: 39 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Vitest's 5 s default is for a machine with nothing else to do. In CI this lane runs beside
    // Playwright's browsers on 2 cores (load 12): a photo test that takes 1 s alone timed out at 5 s
    // there, and Vitest does not retry. A file that needs more sets its own; a time the spec names is
    // asserted by its test, never by this limit.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: INCLUDE, exclude: [...EXCLUDE, ...isolatedFiles], isolate: false },
      },
      { extends: true, test: { name: 'unit (a worker each)', include: isolatedFiles, exclude: EXCLUDE } },
      {
        extends: true,
        test: { name: `TZ=${OTHER_TIME_ZONE}`, include: timeZoneFiles, exclude: EXCLUDE, env: { TZ: OTHER_TIME_ZONE } },
      },
    ],
  },
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
});
