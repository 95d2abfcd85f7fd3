// The W3C Nu Html Checker over every page in dist/: the HTML parser's own verdict, which
// html-validate does not give (it reads on past markup after </html>, where a browser's parser and
// the Nu checker see a stray tag). vnu-jar comes from npm and runs on Debian's Java
// (`apt-get install -y default-jre-headless`; .ci/run installs it when missing). Errors only: its
// notes on the pages' policy cannot resolve 'self' for files read from disk.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { builtPages } from '../../src/lib/site/site-files.ts';

const DIST = new URL('../../dist/', import.meta.url).pathname;
const JAR = String(createRequire(import.meta.url)('vnu-jar'));

/**
 * What the checker reports that is not an error, each with its reason. `elementtiming` (the Element
 * Timing API, which the audit reads as "hero photo visible") is a WICG attribute the HTML standard,
 * and so the checker, does not list; browsers without the API ignore it. `<link rel="expect"
 * blocking="render">` (the gated pages hold their first paint until the gate is parsed,
 * AgeGateHead.astro) is in the HTML standard since 2024, after the checker's rule that only a
 * stylesheet link may block; browsers without it ignore the link.
 */
const ALLOWED = [
  '.*Attribute “elementtiming” not allowed on element “img” at this point\\.',
  '.*A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\\.',
];

const started = performance.now();
const pages = builtPages(DIST).map(({ file }) => file);
// A short-lived run: the quick compiler is enough, and starts sooner.
const run = spawnSync(
  'java',
  [
    '-Xss2m',
    '-XX:TieredStopAtLevel=1',
    '-jar',
    JAR,
    '--errors-only',
    '--format',
    'gnu',
    '--filterpattern',
    ALLOWED.join('|'),
    ...pages,
  ],
  {
    encoding: 'utf8',
  },
);
if (run.error) {
  console.error(
    `check-html: the Nu Html Checker needs Java (${run.error.message}): install it with \`apt-get install -y default-jre-headless\` (as root).`,
  );
  process.exit(1);
}
const output = `${run.stdout}${run.stderr}`.trim();
if (run.status !== 0) {
  console.error(`check-html: the Nu Html Checker found errors:\n${output}`);
  process.exit(1);
}
console.log(
  `check-html: ${pages.length} pages valid HTML (W3C Nu Html Checker) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
