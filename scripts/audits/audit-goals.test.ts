import { describe, expect, test } from 'vitest';
import { cpuMultiplierFor, judge, median, spread } from './audit-goals.mjs';

describe('the audit calibrates the CPU slowdown from the benchmark index', () => {
  test("Lighthouse's calculator: 1533 is the preset's 4x, 2000 is 6x, 1300 3x, 800 2x, 150 1x", () => {
    expect(cpuMultiplierFor(1533)).toBe(4);
    expect(cpuMultiplierFor(2000)).toBe(6);
    expect(cpuMultiplierFor(1300)).toBe(3);
    expect(cpuMultiplierFor(800)).toBe(2);
    expect(cpuMultiplierFor(150)).toBe(1);
  });

  test('between the reference points it is linear (a slower host gets a smaller slowdown)', () => {
    expect(cpuMultiplierFor(1050)).toBe(2.5);
    expect(cpuMultiplierFor(475)).toBe(1.5);
    expect(cpuMultiplierFor(1100)).toBeLessThan(cpuMultiplierFor(1820));
    expect(cpuMultiplierFor(2850)).toBeCloseTo(9.65, 2);
  });

  test('a host slower than the phone gets no slowdown; no index is an error, not a multiplier', () => {
    expect(cpuMultiplierFor(100)).toBe(1);
    expect(() => cpuMultiplierFor(Number.NaN)).toThrow(/no benchmark index/);
    expect(() => cpuMultiplierFor(0)).toThrow(/no benchmark index/);
  });

  test('the index is the median of the samples', () => {
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
