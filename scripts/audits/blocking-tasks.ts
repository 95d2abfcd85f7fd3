// What makes up a run's total blocking time, task by task, from Lighthouse's own simulation (its
// "lantern" model), for `npm run audit -- --explain`. Lighthouse takes the page's trace at full
// speed, keeps the main thread's tasks of 10 ms or more (shorter ones are dropped unless they are the
// first parse, layout or paint), multiplies each by the CPU slowdown and replays them with the
// simulated network, twice: an optimistic and a pessimistic graph, whose blocking times it averages.
// A task counts from the simulated first contentful paint (the optimistic paint for the pessimistic
// half and the other way round) to the simulated time to interactive, for what it lasts beyond 50 ms.
// The paint is simulated from fewer tasks than the whole page (the first parse, layout and paint and
// the render-blocking scripts), so a page's own first render can end after it and count.
import type { Artifacts, Config } from 'lighthouse';
import type * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

export const BLOCKING_MS = 50;

/**
 * A trace event as a task's description reads it: Lantern's name, start and length (in µs), and
 * the arguments Chrome writes for a layout (its dirty objects) and a script (its file).
 */
export type TaskEvent = Pick<Lantern.Types.TraceEvent, 'name' | 'ts'> & {
  dur?: number;
  args?: { data?: { url?: string }; beginData?: { dirtyObjects?: number } };
};
/** A task that counted: when it ran in the simulation, its blocking time, its time at full speed, what it did. */
export interface CountedTask {
  startMs: number;
  endMs: number;
  observedMs: number;
  blockingMs: number;
  did: string;
}

/**
 * A task's blocking time between `fromMs` and `toMs`, as Lantern counts it (its
 * calculateTbtImpactForEvent): the part of the task inside the window, beyond 50 ms.
 */
export function blockingMs(
  task: { start: number; end: number; duration: number },
  fromMs: number,
  toMs: number,
): number {
  if (task.duration < BLOCKING_MS || task.end < fromMs || task.start > toMs) return 0;
  const inside = Math.min(task.end, toMs) - Math.max(task.start, fromMs);
  return inside < BLOCKING_MS ? 0 : inside - BLOCKING_MS;
}

const file = (url: string): string => url.split('/').pop()?.split('?')[0] || 'page';
const UNNAMED: Record<string, string> = { FireIdleCallback: 'idle callback', TimerFire: 'timer' };
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'FireIdleCallback', 'TimerFire']);
/** Trace events named by what they are part of. */
const PARTS: Record<string, string> = {
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
 */
export function describeTask(events: readonly TaskEvent[]): string {
  const parts = new Map<string, number>();
  const others = new Map<string, number>();
  const add = (label: string, us: number) => parts.set(label, (parts.get(label) ?? 0) + us / 1000);
  for (const event of events) {
    const us = event.dur ?? 0;
    const data = event.args?.data ?? {};
    const part = PARTS[event.name];
    if (event.name === 'Layout') {
      add(`layout (${event.args?.beginData?.dirtyObjects ?? '?'} objects)`, us);
    } else if (Object.hasOwn(PARTS, event.name) && part) {
      add(part, us);
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
  const longest = (map: Map<string, number>) => [...map].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]);
  // A task with none of those parts is named by its two longest events (what the trace calls them).
  const named = longest(parts);
  const shown = named.length ? named : longest(others).slice(0, 2);
  return shown.map(([label, ms]) => `${label} ${ms.toFixed(1)}`).join(', ');
}

function contains(outer: TaskEvent, inner: TaskEvent): boolean {
  return outer.ts <= inner.ts && outer.ts + (outer.dur ?? 0) >= inner.ts + (inner.dur ?? 0);
}

/** A node of Lantern's graph that is a main-thread task. */
const isCpuNode = (node: object): node is Lantern.Graph.CPUNode => 'type' in node && node.type === 'cpu';

/** The simulated tasks that count, in one half of the simulation. */
export function countedTasks(
  nodeTimings: ReadonlyMap<object, Lantern.Types.Simulation.NodeTiming>,
  fromMs: number,
  toMs: number,
): CountedTask[] {
  const tasks: CountedTask[] = [];
  for (const [node, timing] of nodeTimings) {
    if (!isCpuNode(node)) continue;
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
 * each half of the simulation and one per task that counted. `settings` is the report's configSettings.
 */
export async function explainBlocking(artifacts: Artifacts, settings: Config.Settings): Promise<string> {
  const data: Artifacts.MetricComputationDataInput = {
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
  const halves: [string, Lantern.Metrics.MetricResult['optimisticEstimate'], number, number][] = [
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
