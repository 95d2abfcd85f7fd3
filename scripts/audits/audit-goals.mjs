// The arithmetic of `npm run audit`: the CPU slowdown calibrated from the host's benchmark index,
// and the goals judged on every run (a benchmark printed as PASS/MISS, not a test).

/**
 * Lighthouse's CPU slowdown for a host of this benchmark index, so that the page's main-thread work
 * is that of the mid-tier phone Lighthouse's mobile preset stands for. Lighthouse's docs
 * (docs/throttling.md, "Calibrating the CPU slowdown") send the reader to its calculator
 * (lighthouse-cpu-throttling-calculator), whose piecewise-linear formula this is: index 1533 is the
 * preset's 4x, 2000 is 6x, 1300 is 3x, 800 is 2x, 150 is 1x (a host as slow as the phone itself).
 * Below 150 the calculator has no multiplier (the host is slower than the device): 1x.
 */
export function cpuMultiplierFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`no benchmark index: ${benchmarkIndex}`);
  let multiplier;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else if (benchmarkIndex >= 150) multiplier = 1 + (benchmarkIndex - 150) / 650;
  else multiplier = 1;
  return Math.round(multiplier * 100) / 100;
}

/** The middle value (the upper one of the two middles for an even count). */
export function median(values) {
  if (!values.length) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** [min, median, max]. */
export function spread(values) {
  if (!values.length) throw new Error('spread of no values');
  return [Math.min(...values), median(values), Math.max(...values)];
}

/** The goals of docs/performance.md, each to hold in every run. `heroMs` only where the page has the hero photo. */
export const GOALS = [
  { key: 'performance', label: 'performance 100', worst: 'min', ok: (v) => v >= 100, unit: '' },
  { key: 'lcpMs', label: 'LCP ≤ 1.5 s', worst: 'max', ok: (v) => v <= 1500, unit: ' ms' },
  { key: 'tbtMs', label: 'TBT ≤ 50 ms', worst: 'max', ok: (v) => v <= 50, unit: ' ms' },
  { key: 'cls', label: 'CLS ≤ 0.01', worst: 'max', ok: (v) => v <= 0.01, unit: '' },
  { key: 'heroMs', label: 'hero photo ≤ 1.8 s', worst: 'max', ok: (v) => v <= 1800, unit: ' ms' },
];

/**
 * Each goal judged on the worst of the runs: PASS when every run meets it, MISS with the runs that
 * did not. A run where the metric could not be measured (NaN) is a MISS too. A goal no run has
 * (null: the hero photo off the home page) is left out. No runs is an error: a judgement of nothing
 * must not read as a pass.
 */
export function judge(samples) {
  if (!samples.length) throw new Error('no runs to judge');
  return GOALS.filter((goal) => samples.some((s) => s[goal.key] != null)).map((goal) => {
    const values = samples.map((s) => s[goal.key]);
    const measured = values.filter((v) => Number.isFinite(v));
    const unmeasured = values.length - measured.length;
    const missed = measured.filter((v) => !goal.ok(v)).length + unmeasured;
    const worst = measured.length ? (goal.worst === 'min' ? Math.min(...measured) : Math.max(...measured)) : null;
    const notes = [
      `${missed} of ${values.length} runs`,
      ...(worst !== null && measured.some((v) => !goal.ok(v)) ? [`worst ${worst}${goal.unit}`] : []),
      ...(unmeasured ? [`not measured in ${unmeasured}`] : []),
    ];
    return {
      goal: goal.label,
      pass: missed === 0,
      worst,
      missedRuns: missed,
      runs: values.length,
      text: missed ? `${goal.label} MISS (${notes.join('; ')})` : `${goal.label} PASS`,
    };
  });
}
