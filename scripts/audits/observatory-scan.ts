// One HTTP Observatory scan of host:ports/path, printed as JSON. Run by headers-audit.ts with
// NODE_EXTRA_CA_CERTS set to the local CA. The scanner's own `scan()` takes only a hostname, so
// this runs its retriever with ports and a path, then its tests and grading the same way.
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One test's verdict, by the test's name. */
export interface TestVerdict {
  result: string;
  pass: boolean;
  scoreModifier: number;
}
/** What a scan prints: its grade and each test's verdict, or why it could not scan. */
export type ScanOutput =
  | {
      scan: { grade: string; score: number; testsPassed: number; testsFailed: number; finalUrl: string | undefined };
      tests: Record<string, TestVerdict>;
    }
  | { error: string };

// The scanner ships JavaScript without types: what this reads of its modules, and of a test's
// result (an object of its test's class: `result`, `pass`, and the modifier set here).
interface ScannerTest {
  result?: string;
  pass: boolean;
  scoreModifier: number;
}
interface Retrieved {
  responses: { auto?: { status: number } };
  session?: { url?: URL };
}
interface Scanner {
  retrieve(host: string, options: { httpPort: string; httpsPort: string; path: string }): Promise<Retrieved>;
  ALL_TESTS: ((retrieved: Retrieved) => ScannerTest)[];
  NUM_TESTS: number;
  MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
  getGradeForScore(score: number): { grade: string; score: number };
  getScoreModifier(expectation: string): number;
}

const [host = '', httpPort = '', httpsPort = '', path = ''] = process.argv.slice(2);
const root = dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));

// The package's install step downloads the HSTS preload list, which cannot be reached offline (and
// is not run here); an empty list only means "not preloaded", which this site is not yet.
const preload = join(root, 'conf', 'hsts-preload.json');
if (!existsSync(preload)) writeFileSync(preload, '{}');

const load = (file: string): Promise<Partial<Scanner>> => import(join(root, 'src', file));
const { retrieve } = (await load('retriever/retriever.js')) as Pick<Scanner, 'retrieve'>;
const { ALL_TESTS, NUM_TESTS } = (await load('constants.js')) as Pick<Scanner, 'ALL_TESTS' | 'NUM_TESTS'>;
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = (await load('grader/charts.js')) as Pick<
  Scanner,
  'MINIMUM_SCORE_FOR_EXTRA_CREDIT'
>;
const { getGradeForScore, getScoreModifier } = (await load('grader/grader.js')) as Pick<
  Scanner,
  'getGradeForScore' | 'getScoreModifier'
>;

try {
  const retrieved = await retrieve(host, { httpPort, httpsPort, path });
  const auto = retrieved.responses.auto;
  if (!auto) throw new Error(`https://${host}:${httpsPort}${path} did not answer`);
  if (auto.status >= 400) throw new Error(`https://${host}:${httpsPort}${path} answered ${auto.status}`);
  const results = ALL_TESTS.map((run) => run(retrieved));
  let withExtraCredit = 100;
  let uncurved = 100;
  let passed = 0;
  const tests: Record<string, TestVerdict> = {};
  for (const result of results) {
    if (!result.result) continue;
    result.scoreModifier = getScoreModifier(result.result);
    passed += result.pass ? 1 : 0;
    withExtraCredit += result.scoreModifier;
    if (result.scoreModifier < 0) uncurved += result.scoreModifier;
    tests[result.constructor.name] = { result: result.result, pass: result.pass, scoreModifier: result.scoreModifier };
  }
  const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
  const scan: Extract<ScanOutput, { scan: unknown }>['scan'] = {
    grade: final.grade,
    score: final.score,
    testsPassed: passed,
    testsFailed: NUM_TESTS - passed,
    finalUrl: retrieved.session?.url?.href,
  };
  console.log(JSON.stringify({ scan, tests } satisfies ScanOutput));
} catch (error) {
  console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) } satisfies ScanOutput));
  process.exit(1);
}
