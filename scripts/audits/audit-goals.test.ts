import { describe, expect, test } from 'vitest';
import { deviceMultiplier, judge, judgeFor, median, spread } from './audit-goals.ts';

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
