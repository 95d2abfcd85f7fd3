// The two tiers of the suite.
//
//   npm test           the quick tier: what a contributor runs before every commit, within 5 minutes
//                      and 600 core-seconds on the project's 2-core host. Every feature once in a
//                      real browser (Playwright tests tagged @quick, and @quick-phone at phone size),
//                      the unit tests that need neither a build nor the host's runtime, and the
//                      static checks.
//   npm run test:all   the full tier: every test, what CI runs (.ci/run).
//
// A unit test file that builds the site (or a copy of it) or starts Cloudflare's runtime (wrangler
// or its platform proxy) waits for the full tier: it is listed here with why. tiers.test.ts holds
// the list to the code: a test file that starts either without being listed fails it.

/** Unit test files that run in the full tier only, each with what makes it slow. */
export const FULL_ONLY_UNIT = {
  'scripts/owner/galleries.test.ts': "runs the owner's command against the local runtime",
  'src/private-gallery/host/inbox-runtime.test.ts': 'starts the host runtime (wrangler pages dev) and publishes',
  'src/private-gallery/publish/target.test.ts': "opens the local bucket through wrangler's platform proxy",
  'src/content.config.test.ts': 'builds copies of the site',
  'src/private-gallery/publish/lock-local.test.ts':
    "opens the local bucket through wrangler's platform proxy and runs the owner's command",
  'src/private-gallery/publish/record-copy-local.test.ts':
    "runs the owner's command four times against wrangler's local bucket, and opens it through the platform proxy",
  'scripts/owner/galleries-mistakes.test.ts': 'runs the real `npm run galleries` a dozen times, each starting wrangler',
  'src/content-validation.test.ts': "runs Astro's content sync (the build's first step) on copies of the site",
  'src/desk/server/actions.test.ts':
    "publishes galleries several times (password derivations, resizing) to check the desk's close, remove and unlock",
  'src/private-gallery/publish/progress.test.ts':
    'publishes a gallery of three photos (resizing, sealing) to follow its progress',
};

/** What in a unit test's source means it builds the site or starts the runtime. */
export const SLOW_MARKERS = /startCdn\(|getPlatformProxy|openTarget\(|copyProject\(|astro\('build'\)/;

/** The tier asked for: TEST_TIER=quick, or the full tier by default (a bare `npx vitest run`). */
export const tier = () => (process.env['TEST_TIER'] === 'quick' ? 'quick' : 'full');
