// One HTTP Observatory scan of host:ports/path, printed as JSON. Run by headers-audit.mjs with
// NODE_EXTRA_CA_CERTS set to the local CA. The scanner's own `scan()` takes only a hostname, so
// this runs its retriever with ports and a path, then its tests and grading the same way.
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const [host, httpPort, httpsPort, path] = process.argv.slice(2);
const root = dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));

// The package's install step downloads the HSTS preload list, which cannot be reached offline (and
// is not run here); an empty list only means "not preloaded", which this site is not yet.
const preload = join(root, 'conf', 'hsts-preload.json');
if (!existsSync(preload)) writeFileSync(preload, '{}');

const load = (file) => import(join(root, 'src', file));
const { retrieve } = await load('retriever/retriever.js');
const { ALL_TESTS, NUM_TESTS } = await load('constants.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load('grader/charts.js');
const { getGradeForScore, getScoreModifier } = await load('grader/grader.js');

try {
  const retrieved = await retrieve(host, { httpPort, httpsPort, path });
  const auto = retrieved.responses.auto;
  if (!auto) throw new Error(`https://${host}:${httpsPort}${path} did not answer`);
  if (auto.status >= 400) throw new Error(`https://${host}:${httpsPort}${path} answered ${auto.status}`);
  const results = ALL_TESTS.map((run) => run(retrieved));
  let withExtraCredit = 100;
  let uncurved = 100;
  let passed = 0;
  const tests = {};
  for (const result of results) {
    if (!result.result) continue;
    result.scoreModifier = getScoreModifier(result.result);
    passed += result.pass ? 1 : 0;
    withExtraCredit += result.scoreModifier;
    if (result.scoreModifier < 0) uncurved += result.scoreModifier;
    tests[result.constructor.name] = { result: result.result, pass: result.pass, scoreModifier: result.scoreModifier };
  }
  const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
  const scan = {
    grade: final.grade,
    score: final.score,
    testsPassed: passed,
    testsFailed: NUM_TESTS - passed,
    finalUrl: retrieved.session?.url?.href,
  };
  console.log(JSON.stringify({ scan, tests }));
} catch (error) {
  console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  process.exit(1);
}
