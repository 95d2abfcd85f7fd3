// The arithmetic of `npm run audit`: the CPU slowdown for each named phone from the host's benchmark
// index, and the goals judged on the runs (a benchmark printed as PASS/MISS, not a test).

/**
 * The phones the audit stands for, by the benchmark indexes Chrome DevTools' own CPU calibration
 * targets: a mid-tier phone (index 1,000, a Pixel 5 class) and a low-tier phone (index 264, a Moto G
 * Power class). The CPU slowdown for a device is the host's index over the device's (never below 1:
 * a host slower than the phone cannot be slowed to it). The mid-tier phone must meet every goal in
 * every run; the low-tier phone, the median LCP and TBT goals of docs/performance.md.
 */
export const DEVICES = {
  mid: { name: 'mid-tier phone', example: 'a Pixel 5 class', index: 1000, judged: 'every run' },
  low: { name: 'low-tier phone', example: 'a Moto G Power class', index: 264, judged: 'median' },
} as const;
/** A phone the audit stands for: `mid` or `low`. */
export type Device = keyof typeof DEVICES;
/** `device` when it names one of DEVICES (`--device` on the command line). */
export const isDevice = (device: string): device is Device => Object.hasOwn(DEVICES, device);

/** The metrics the goals judge, in one run; null where the run has no such metric (the hero photo off the home page). */
export type GoalKey = 'performance' | 'lcpMs' | 'tbtMs' | 'cls' | 'heroMs';
export type GoalSample = Partial<Record<GoalKey, number | null>>;
/** One goal judged on the runs: PASS or MISS and why, in a line. */
export interface Verdict {
  goal: string;
  pass: boolean;
  /** The worst run's value (every-run goals) or the median (median goals); null when none was measured. */
  worst: number | null;
  missedRuns?: number;
  runs: number;
  text: string;
}

/** The CPU slowdown that makes this host as slow as `device` (DEVICES): index over index, at least 1. */
export function deviceMultiplier(hostIndex: number, device: string): number {
  if (!Number.isFinite(hostIndex) || hostIndex <= 0) throw new Error(`no benchmark index: ${hostIndex}`);
  const target = isDevice(device) ? DEVICES[device].index : undefined;
  if (!target) throw new Error(`no such device: ${device} (${Object.keys(DEVICES).join(' or ')})`);
  return Math.max(1, Math.round((hostIndex / target) * 100) / 100);
}

/** The middle value (the upper one of the two middles for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('median of no values');
  return middle;
}

/** [min, median, max]. */
export function spread(values: readonly number[]): [min: number, median: number, max: number] {
  if (!values.length) throw new Error('spread of no values');
  return [Math.min(...values), median(values), Math.max(...values)];
}

/** The goals of docs/performance.md, each to hold in every run. `heroMs` only where the page has the hero photo. */
export const GOALS: {
  key: GoalKey;
  label: string;
  worst: 'min' | 'max';
  ok: (value: number) => boolean;
  unit: string;
}[] = [
  { key: 'performance', label: 'performance 100', worst: 'min', ok: (v) => v >= 100, unit: '' },
  { key: 'lcpMs', label: 'LCP ≤ 1.5 s', worst: 'max', ok: (v) => v <= 1500, unit: ' ms' },
  { key: 'tbtMs', label: 'TBT ≤ 50 ms', worst: 'max', ok: (v) => v <= 50, unit: ' ms' },
  { key: 'cls', label: 'CLS ≤ 0.01', worst: 'max', ok: (v) => v <= 0.01, unit: '' },
  { key: 'heroMs', label: 'hero photo ≤ 1.8 s', worst: 'max', ok: (v) => v <= 1800, unit: ' ms' },
];

/** The low-tier phone's goals, each judged on the median of the runs. */
export const LOW_TIER_GOALS: { key: GoalKey; label: string; ok: (value: number) => boolean; unit: string }[] = [
  { key: 'lcpMs', label: 'median LCP ≤ 2.5 s', ok: (v) => v <= 2500, unit: ' ms' },
  { key: 'tbtMs', label: 'median TBT ≤ 200 ms', ok: (v) => v <= 200, unit: ' ms' },
];

/**
 * The low-tier phone's goals, each judged on the median of the runs (a run not measured counts as
 * a MISS: the median of what was measured would hide it). No runs is an error.
 */
export function judgeMedian(samples: readonly GoalSample[]): Verdict[] {
  if (!samples.length) throw new Error('no runs to judge');
  return LOW_TIER_GOALS.map((goal) => {
    const values = samples.map((s) => s[goal.key]);
    const measured = values.filter((v): v is number => Number.isFinite(v));
    const unmeasured = values.length - measured.length;
    const middle = unmeasured ? null : median(measured);
    const pass = middle !== null && goal.ok(middle);
    const note =
      middle === null ? `not measured in ${unmeasured} of ${values.length} runs` : `median ${middle}${goal.unit}`;
    return {
      goal: goal.label,
      pass,
      worst: middle,
      runs: values.length,
      text: `${goal.label} ${pass ? 'PASS' : 'MISS'} (${note})`,
    };
  });
}

/** A device's goals judged on its runs: the mid-tier phone on every run, the low-tier on the median. */
export const judgeFor = (device: Device, samples: readonly GoalSample[]): Verdict[] =>
  DEVICES[device].judged === 'median' ? judgeMedian(samples) : judge(samples);

/**
 * Each goal judged on the worst of the runs: PASS when every run meets it, MISS with the runs that
 * did not. A run where the metric could not be measured (NaN) is a MISS too. A goal no run has
 * (null: the hero photo off the home page) is left out. No runs is an error: a judgement of nothing
 * must not read as a pass.
 */
export function judge(samples: readonly GoalSample[]): Verdict[] {
  if (!samples.length) throw new Error('no runs to judge');
  return GOALS.filter((goal) => samples.some((s) => s[goal.key] != null)).map((goal) => {
    const values = samples.map((s) => s[goal.key]);
    const measured = values.filter((v): v is number => Number.isFinite(v));
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

/**
 * The control: an empty document (one paragraph, the site's own headers, no stylesheet, font or
 * script) audited on the same phone just before each run of a route. What the host's noise costs a
 * page that does nothing shows in the control's blocking time, so a route's is judged against it.
 */
export const CONTROL = {
  path: '/audit-control',
  /** Low-tier phone: a route's median TBT may exceed 200 ms by at most this over the control's median. */
  lowTbtOverMs: 50,
  /** Mid-tier phone: a route's run may exceed 50 ms by at most this over the control run just before it. */
  midTbtOverMs: 25,
} as const;

/** A run's figures beside the control run just before it (the same index in both lists). */
export interface ControlledSamples {
  runs: readonly GoalSample[];
  controlRuns: readonly GoalSample[];
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The low-tier phone against the control: the median LCP stays absolute (2.5 s); the median TBT
 * passes at 200 ms or less, or at most the control's median + 50 ms. A run the route or the
 * control did not measure is a MISS (as in judgeMedian).
 */
export function judgeLowAgainstControl({ runs, controlRuns }: ControlledSamples): Verdict[] {
  if (!runs.length || !controlRuns.length) throw new Error('no runs to judge');
  const [lcp] = judgeMedian(runs);
  const label = `median TBT ≤ 200 ms or ≤ control + ${CONTROL.lowTbtOverMs} ms`;
  const route = runs.map((s) => s.tbtMs);
  const control = controlRuns.map((s) => s.tbtMs);
  const unmeasured = route.filter((v) => !finite(v)).length + control.filter((v) => !finite(v)).length;
  if (unmeasured) {
    const text = `${label} MISS (not measured in ${unmeasured} of ${route.length + control.length} runs)`;
    return [lcp!, { goal: label, pass: false, worst: null, runs: runs.length, text }];
  }
  const routeMedian = median(route.filter(finite));
  const controlMedian = median(control.filter(finite));
  const over = routeMedian - controlMedian;
  const pass = routeMedian <= 200 || over <= CONTROL.lowTbtOverMs;
  return [
    lcp!,
    {
      goal: label,
      pass,
      worst: routeMedian,
      runs: runs.length,
      text: `${label} ${pass ? 'PASS' : 'MISS'} (median ${routeMedian} ms, control ${controlMedian} ms, ${over >= 0 ? '+' : ''}${over} ms)`,
    },
  ];
}

/**
 * The mid-tier phone against the control, run by run: TBT passes in a run at 50 ms or less, or at
 * most the control run just before it + 25 ms; LCP, CLS and the hero photo stay absolute in every
 * run (judge). The performance score is not judged: it folds in the blocking time the control
 * accounts for; the audit prints it beside the control's.
 */
export function judgeMidAgainstControl({ runs, controlRuns }: ControlledSamples): Verdict[] {
  if (!runs.length) throw new Error('no runs to judge');
  if (runs.length !== controlRuns.length) {
    throw new Error(`${runs.length} runs but ${controlRuns.length} control runs: each run needs its own`);
  }
  const absolute = judge(runs).filter((v) => v.goal !== 'performance 100' && v.goal !== 'TBT ≤ 50 ms');
  const label = `TBT ≤ 50 ms or ≤ control + ${CONTROL.midTbtOverMs} ms`;
  const missed: string[] = [];
  runs.forEach((s, i) => {
    const tbt = s.tbtMs;
    const control = controlRuns[i]?.tbtMs;
    if (!finite(tbt) || !finite(control)) missed.push(`run ${i + 1} not measured`);
    else if (!(tbt <= 50 || tbt - control <= CONTROL.midTbtOverMs)) {
      missed.push(`run ${i + 1} ${tbt} ms, control ${control} ms`);
    }
  });
  const worst = Math.max(...runs.map((s) => s.tbtMs).filter(finite));
  const tbt: Verdict = {
    goal: label,
    pass: missed.length === 0,
    worst: Number.isFinite(worst) ? worst : null,
    missedRuns: missed.length,
    runs: runs.length,
    text: missed.length
      ? `${label} MISS (${missed.length} of ${runs.length} runs: ${missed.join('; ')})`
      : `${label} PASS`,
  };
  const [lcp, ...rest] = absolute;
  return lcp?.goal === 'LCP ≤ 1.5 s' ? [lcp, tbt, ...rest] : [tbt, ...absolute];
}

/** A device's goals judged on its runs against the control runs beside them. */
export const judgeAgainstControl = (device: Device, samples: ControlledSamples): Verdict[] =>
  device === 'low' ? judgeLowAgainstControl(samples) : judgeMidAgainstControl(samples);

/** What a saved report (reports/audit.json) keeps of a row, enough to judge it again. */
export interface SavedRow {
  device: Device;
  route: string;
  runs: GoalSample[];
  /** The control run before each run; absent in reports written without a control. */
  controlRuns?: GoalSample[];
}

/** The rows of several saved reports, pooled: each device and route's runs (and control runs) in one row, in order. */
export function poolRows(reports: readonly { rows: readonly SavedRow[] }[]): Required<SavedRow>[] {
  const pooled = new Map<string, Required<SavedRow>>();
  for (const report of reports) {
    for (const row of report.rows) {
      const key = `${row.device} ${row.route}`;
      const controlRuns = row.controlRuns ?? [];
      if (controlRuns.length && controlRuns.length !== row.runs.length) {
        throw new Error(`${key}: ${row.runs.length} runs but ${controlRuns.length} control runs`);
      }
      const into = pooled.get(key) ?? { device: row.device, route: row.route, runs: [], controlRuns: [] };
      if (into.runs.length && Boolean(into.controlRuns.length) !== Boolean(controlRuns.length)) {
        throw new Error(`${key}: some reports have a control and some do not; pool like with like`);
      }
      into.runs.push(...row.runs);
      into.controlRuns.push(...controlRuns);
      pooled.set(key, into);
    }
  }
  return [...pooled.values()];
}

/** A pooled row judged: against the control where its reports had one, else as before. */
export const judgePooled = (row: Required<SavedRow>): Verdict[] =>
  row.controlRuns.length ? judgeAgainstControl(row.device, row) : judgeFor(row.device, row.runs);
