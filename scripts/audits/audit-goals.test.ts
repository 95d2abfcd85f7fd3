import { describe, expect, test } from 'vitest';
import {
  deviceMultiplier,
  judge,
  judgeAgainstControl,
  judgeFor,
  judgePooled,
  median,
  poolRows,
  spread,
} from './audit-goals.ts';

describe('the host benchmark index', () => {
  test('is the median of the samples', () => {
    expect(median([1500, 900, 1200, 1800, 1100])).toBe(1200);
    expect(spread([3, 1, 2])).toEqual([1, 2, 3]);
    expect(() => median([])).toThrow();
  });
});

describe('the goals are judged on every run, PASS or MISS', () => {
  const run = (over: Record<string, number | null> = {}) => ({
    performance: 100,
    lcpMs: 1200,
    tbtMs: 20,
    cls: 0,
    heroMs: 1500,
    ...over,
  });

  test('every goal PASS when every run meets it, the hero photo among them', () => {
    const verdicts = judge([run(), run(), run()]);
    expect(verdicts.map((v) => v.text)).toEqual([
      'performance 100 PASS',
      'LCP ≤ 1.5 s PASS',
      'TBT ≤ 50 ms PASS',
      'CLS ≤ 0.01 PASS',
      'hero photo ≤ 1.8 s PASS',
    ]);
  });

  test('one slow run of five is a MISS, with how many runs and the worst', () => {
    const verdicts = judge([run(), run(), run({ heroMs: 1900, tbtMs: 61 }), run(), run({ performance: 99 })]);
    const text = Object.fromEntries(verdicts.map((v) => [v.goal, v.text]));
    expect(text['hero photo ≤ 1.8 s']).toBe('hero photo ≤ 1.8 s MISS (1 of 5 runs; worst 1900 ms)');
    expect(text['TBT ≤ 50 ms']).toBe('TBT ≤ 50 ms MISS (1 of 5 runs; worst 61 ms)');
    expect(text['performance 100']).toBe('performance 100 MISS (1 of 5 runs; worst 99)');
    expect(text['LCP ≤ 1.5 s']).toBe('LCP ≤ 1.5 s PASS');
  });

  test('a page without the hero photo is not judged on it; no runs is an error', () => {
    const verdicts = judge([run({ heroMs: null }), run({ heroMs: null })]);
    expect(verdicts.map((v) => v.goal)).not.toContain('hero photo ≤ 1.8 s');
    expect(verdicts).toHaveLength(4);
    expect(() => judge([])).toThrow(/no runs/);
  });

  test('a run where the hero photo was not measured is a MISS, not left out', () => {
    const verdicts = judge([run(), run({ heroMs: Number.NaN })]);
    const hero = verdicts.find((v) => v.goal === 'hero photo ≤ 1.8 s');
    expect(hero?.text).toBe('hero photo ≤ 1.8 s MISS (1 of 2 runs; not measured in 1)');
  });
});

describe('the audit slows the host to a named phone', () => {
  test("the mid-tier phone is index 1,000 and the low-tier 264: the host's index over the phone's", () => {
    expect(deviceMultiplier(3000, 'mid')).toBe(3);
    expect(deviceMultiplier(3000, 'low')).toBe(11.36);
    expect(deviceMultiplier(1100, 'mid')).toBe(1.1);
    expect(deviceMultiplier(1100, 'low')).toBe(4.17);
  });

  test('never below 1: a host slower than the phone is not sped up; no index or no such phone is an error', () => {
    expect(deviceMultiplier(800, 'mid')).toBe(1);
    expect(deviceMultiplier(200, 'low')).toBe(1);
    expect(() => deviceMultiplier(Number.NaN, 'mid')).toThrow(/no benchmark index/);
    expect(() => deviceMultiplier(1000, 'flagship')).toThrow(/no such device: flagship/);
  });

  test('the low-tier phone is judged on the median LCP and TBT; the mid-tier on every run', () => {
    const runs = [2400, 2600, 2300, 2700, 2450].map((lcpMs, i) => ({
      performance: 90,
      lcpMs,
      tbtMs: 150 + i * 20,
      cls: 0,
      heroMs: null,
    }));
    expect(judgeFor('low', runs).map((v) => v.text)).toEqual([
      'median LCP ≤ 2.5 s PASS (median 2450 ms)',
      'median TBT ≤ 200 ms PASS (median 190 ms)',
    ]);
    expect(judgeFor('low', [...runs, { ...runs[0]!, lcpMs: 2900 }, { ...runs[0]!, lcpMs: 2800 }])[0]!.text).toBe(
      'median LCP ≤ 2.5 s MISS (median 2600 ms)',
    );
    expect(judgeFor('low', [{ ...runs[0]!, tbtMs: Number.NaN }])[1]!.text).toBe(
      'median TBT ≤ 200 ms MISS (not measured in 1 of 1 runs)',
    );
    expect(judgeFor('mid', runs).find((v) => v.goal === 'LCP ≤ 1.5 s')!.pass).toBe(false);
  });
});

describe('the routes against a control: an empty document audited before each run', () => {
  const run = (tbtMs: number, over: Record<string, number | null> = {}) => ({
    performance: 95,
    lcpMs: 1200,
    tbtMs,
    cls: 0,
    heroMs: null,
    ...over,
  });
  const runsOf = (tbts: number[], over: Record<string, number | null> = {}) => tbts.map((t) => run(t, over));

  test('low-tier: a median TBT over 200 ms passes when at most the control median + 50 ms, and prints both', () => {
    const verdicts = judgeAgainstControl('low', {
      runs: runsOf([260, 240, 250]),
      controlRuns: runsOf([200, 210, 190]),
    });
    expect(verdicts.map((v) => v.text)).toEqual([
      'median LCP ≤ 2.5 s PASS (median 1200 ms)',
      'median TBT ≤ 200 ms or ≤ control + 50 ms PASS (median 250 ms, control 200 ms, +50 ms)',
    ]);
    const over = judgeAgainstControl('low', { runs: runsOf([260, 251, 270]), controlRuns: runsOf([200, 210, 190]) });
    expect(over[1]!.text).toBe('median TBT ≤ 200 ms or ≤ control + 50 ms MISS (median 260 ms, control 200 ms, +60 ms)');
  });

  test('low-tier: 200 ms or less passes whatever the control, and the LCP stays absolute', () => {
    const verdicts = judgeAgainstControl('low', {
      runs: runsOf([200, 180, 190], { lcpMs: 2600 }),
      controlRuns: runsOf([20, 10, 0], { lcpMs: 900 }),
    });
    expect(verdicts.map((v) => v.text)).toEqual([
      'median LCP ≤ 2.5 s MISS (median 2600 ms)',
      'median TBT ≤ 200 ms or ≤ control + 50 ms PASS (median 190 ms, control 10 ms, +180 ms)',
    ]);
    expect(judgeAgainstControl('low', { runs: runsOf([300]), controlRuns: runsOf([Number.NaN]) })[1]!.text).toBe(
      'median TBT ≤ 200 ms or ≤ control + 50 ms MISS (not measured in 1 of 2 runs)',
    );
  });

  test('mid-tier: each run at most 50 ms, or at most the control run before it + 25 ms', () => {
    const controlRuns = runsOf([0, 40, 100]);
    expect(judgeAgainstControl('mid', { runs: runsOf([50, 65, 125]), controlRuns }).map((v) => v.text)).toEqual([
      'LCP ≤ 1.5 s PASS',
      'TBT ≤ 50 ms or ≤ control + 25 ms PASS',
      'CLS ≤ 0.01 PASS',
    ]);
    // Run by run: 65 ms passes against its own control (40 + 25), 126 ms does not (100 + 25).
    const verdicts = judgeAgainstControl('mid', { runs: runsOf([51, 65, 126]), controlRuns });
    expect(verdicts[1]!.text).toBe(
      'TBT ≤ 50 ms or ≤ control + 25 ms MISS (2 of 3 runs: run 1 51 ms, control 0 ms; run 3 126 ms, control 100 ms)',
    );
    expect(() => judgeAgainstControl('mid', { runs: runsOf([10, 10]), controlRuns: runsOf([10]) })).toThrow(
      /2 runs but 1 control runs/,
    );
  });

  test('mid-tier: LCP and the hero photo stay absolute in every run; performance is not judged', () => {
    const runs = [run(0, { heroMs: 1500, performance: 80 }), run(0, { heroMs: 1801, lcpMs: 1501 })];
    const verdicts = judgeAgainstControl('mid', { runs, controlRuns: runsOf([0, 0]) });
    expect(verdicts.map((v) => v.text)).toEqual([
      'LCP ≤ 1.5 s MISS (1 of 2 runs; worst 1501 ms)',
      'TBT ≤ 50 ms or ≤ control + 25 ms PASS',
      'CLS ≤ 0.01 PASS',
      'hero photo ≤ 1.8 s MISS (1 of 2 runs; worst 1801 ms)',
    ]);
  });

  test("saved reports pool: each route's runs and control runs in order, judged on the pooled medians", () => {
    const a = {
      rows: [{ device: 'low' as const, route: '/blog', runs: runsOf([300, 240]), controlRuns: runsOf([150, 150]) }],
    };
    const b = { rows: [{ device: 'low' as const, route: '/blog', runs: runsOf([260]), controlRuns: runsOf([230]) }] };
    const c = {
      rows: [{ device: 'low' as const, route: '/blog', runs: runsOf([270, 280]), controlRuns: runsOf([240, 250]) }],
    };
    // Alone, batch a misses (median 300, control 150); pooled, 270 against the control's 230 passes.
    expect(judgePooled(poolRows([a])[0]!)[1]!.pass).toBe(false);
    const [pooled] = poolRows([a, b, c]);
    expect(pooled!.runs.map((s) => s.tbtMs)).toEqual([300, 240, 260, 270, 280]);
    expect(pooled!.controlRuns.map((s) => s.tbtMs)).toEqual([150, 150, 230, 240, 250]);
    expect(judgePooled(pooled!)[1]!.text).toBe(
      'median TBT ≤ 200 ms or ≤ control + 50 ms PASS (median 270 ms, control 230 ms, +40 ms)',
    );
    const old = { rows: [{ device: 'low' as const, route: '/blog', runs: runsOf([190]) }] };
    expect(judgePooled(poolRows([old, old])[0]!)[1]!.text).toBe('median TBT ≤ 200 ms PASS (median 190 ms)');
    expect(() => poolRows([a, old])).toThrow(/some reports have a control and some do not/);
  });
});
