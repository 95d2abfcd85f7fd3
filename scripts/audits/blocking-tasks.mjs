// What makes up a run's total blocking time, task by task, from Lighthouse's own simulation (its
// "lantern" model), for `npm run audit -- --explain`. Lighthouse takes the page's trace at full
// speed, keeps the main thread's tasks of 10 ms or more (shorter ones are dropped unless they are the
// first parse, layout or paint), multiplies each by the CPU slowdown and replays them with the
// simulated network, twice: an optimistic and a pessimistic graph, whose blocking times it averages.
// A task counts from the simulated first contentful paint (the optimistic paint for the pessimistic
// half and the other way round) to the simulated time to interactive, for what it lasts beyond 50 ms.
// The paint is simulated from fewer tasks than the whole page (the first parse, layout and paint and
// the render-blocking scripts), so a page's own first render can end after it and count.
export const BLOCKING_MS = 50;

/**
 * A task's blocking time between `fromMs` and `toMs`, as Lantern counts it (its
 * calculateTbtImpactForEvent): the part of the task inside the window, beyond 50 ms.
 * @param {{ start: number, end: number, duration: number }} task
 */
export function blockingMs(task, fromMs, toMs) {
  if (task.duration < BLOCKING_MS || task.end < fromMs || task.start > toMs) return 0;
  const inside = Math.min(task.end, toMs) - Math.max(task.start, fromMs);
  return inside < BLOCKING_MS ? 0 : inside - BLOCKING_MS;
}

const file = (url) => String(url).split('/').pop().split('?')[0] || 'page';
const UNNAMED = { FireIdleCallback: 'idle callback', TimerFire: 'timer' };
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'FireIdleCallback', 'TimerFire']);
/** Trace events named by what they are part of. */
const PARTS = {
  UpdateLayoutTree: 'style',
  ParseHTML: 'parse',
  Commit: 'commit',
  Layerize: 'commit',
  PrePaint: 'commit',
  'DocumentLoader::CommitNavigation': 'navigation commit',
};

/**
 * What a main-thread task did, from its trace events: its largest parts, each with its milliseconds
 * at full speed ("layout (272 objects) 26.3", "script client.js 12.8", "parse 11.1").
 * @param {{ name: string, ts: number, dur?: number, args?: any }[]} events
 */
export function describeTask(events) {
  const parts = new Map();
  const others = new Map();
  const add = (label, us) => parts.set(label, (parts.get(label) ?? 0) + us / 1000);
  for (const event of events) {
    const us = event.dur ?? 0;
    const data = event.args?.data ?? {};
    if (event.name === 'Layout') {
      add(`layout (${event.args?.beginData?.dirtyObjects ?? '?'} objects)`, us);
    } else if (Object.hasOwn(PARTS, event.name)) {
      add(PARTS[event.name], us);
    } else if (SCRIPT_EVENTS.has(event.name)) {
      // Only the outermost script event: one nested in another (a function call inside a module's
      // evaluation) is inside its time.
      if (!events.some((outer) => outer !== event && SCRIPT_EVENTS.has(outer.name) && contains(outer, event))) {
        add(`script ${data.url ? file(data.url) : (UNNAMED[event.name] ?? 'inline')}`, us);
      }
    } else if (event.name === 'Paint' || event.name === 'PaintImage') {
      if (!events.some((outer) => outer !== event && outer.name === 'Paint' && contains(outer, event))) {
        add('paint', us);
      }
    } else if (event.name !== 'RunTask') {
      others.set(event.name, Math.max(others.get(event.name) ?? 0, us / 1000));
    }
  }
  const longest = (map) => [...map].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]);
  // A task with none of those parts is named by its two longest events (what the trace calls them).
  const named = longest(parts);
  const shown = named.length ? named : longest(others).slice(0, 2);
  return shown.map(([label, ms]) => `${label} ${ms.toFixed(1)}`).join(', ');
}

function contains(outer, inner) {
  return outer.ts <= inner.ts && outer.ts + (outer.dur ?? 0) >= inner.ts + (inner.dur ?? 0);
}

/**
 * The simulated tasks that count, in one half of the simulation.
 * @param {Map<any, { startTime: number, endTime: number, duration: number }>} nodeTimings
 */
export function countedTasks(nodeTimings, fromMs, toMs) {
  const tasks = [];
  for (const [node, timing] of nodeTimings) {
    if (node.type !== 'cpu') continue;
    const ms = blockingMs({ start: timing.startTime, end: timing.endTime, duration: timing.duration }, fromMs, toMs);
    if (ms > 0) {
      tasks.push({
        startMs: timing.startTime,
        endMs: timing.endTime,
        observedMs: (node.event?.dur ?? 0) / 1000,
        blockingMs: ms,
        did: describeTask(node.childEvents ?? []),
      });
    }
  }
  return tasks.sort((a, b) => a.startMs - b.startMs);
}

/**
 * One run's blocking time by task, from the artifacts Lighthouse returned with its report: a line for
 * each half of the simulation and one per task that counted.
 * @param {any} artifacts
 * @param {any} settings the report's configSettings
 */
export async function explainBlocking(artifacts, settings) {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  // Lighthouse's modules load here, not with this file: its unit test needs none of them.
  const [{ LanternFirstContentfulPaint }, { LanternInteractive }, { LanternTotalBlockingTime }] = await Promise.all([
    import('lighthouse/core/computed/metrics/lantern-first-contentful-paint.js'),
    import('lighthouse/core/computed/metrics/lantern-interactive.js'),
    import('lighthouse/core/computed/metrics/lantern-total-blocking-time.js'),
  ]);
  const context = { computedCache: new Map(), settings };
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const tti = await LanternInteractive.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const halves = [
    ['optimistic', tbt.optimisticEstimate, fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs],
    ['pessimistic', tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
  ];
  const lines = [`blocking time ${Math.round(tbt.timing)} ms, the mean of two simulations:`];
  for (const [half, estimate, fromMs, toMs] of halves) {
    const tasks = countedTasks(estimate.nodeTimings, fromMs, toMs);
    lines.push(
      `    ${half} ${Math.round(estimate.timeInMs)} ms, from the paint at ${Math.round(fromMs)} to interactive at ${Math.round(toMs)} ms:`,
      ...tasks.map(
        (task) =>
          `      ${Math.round(task.startMs)}-${Math.round(task.endMs)} ms: ${Math.round(task.blockingMs)} ms ` +
          `(${task.observedMs.toFixed(1)} ms at full speed: ${task.did || 'no part of 1 ms or more in the trace'})`,
      ),
    );
  }
  return lines.join('\n');
}
