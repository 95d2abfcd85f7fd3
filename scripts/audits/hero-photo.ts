// "Hero photo visible" for `npm run audit`: when the home page's first slide is on the screen, on
// the same simulated slow 4G and CPU slowdown as Lighthouse's own largest contentful paint.
//
// The largest paint of the home page is the headline (a browser leaves an image that fills the
// screen out of LCP), so LCP says nothing about the photo behind it. The first slide's <img> carries
// `elementtiming` (src/islands/HeroSlideshow.tsx); a gatherer reads its Element Timing entry after
// the load (PerformanceObserver, buffered), which gives the photo's paint as observed at full
// speed and its URL. The audit then does what Lighthouse does for LCP (lantern), with the photo's
// paint in place of the largest paint: it keeps what had finished by then (the first parse, layout
// and paint tasks, and every request that is not a low-priority image, plus the photo's own
// request whatever its priority), simulates that graph on the throttling settings, and takes the
// mean of the optimistic and pessimistic estimates, never before the simulated first paint.
// Without the entry (another route) the audit is not applicable.
import { Audit, Gatherer } from 'lighthouse';
import type * as LH from 'lighthouse/types/lh.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { getComputationDataParams } from 'lighthouse/core/computed/metrics/lantern-metric.js';
import { HERO_PHOTO_TIMING } from '../../src/lib/browser/slides.ts';

export const HERO_AUDIT_ID = 'hero-photo-visible';
export const HERO_CATEGORY_ID = 'hero-photo';

/** What the gatherer keeps of the hero photo's Element Timing entry (times in ms since the navigation). */
export interface HeroPaintEntry {
  renderTime: number;
  loadTime: number;
  url: string;
  naturalWidth: number;
}

// The gatherer's artifact, among Lighthouse's own: its audits and config then take it by name.
declare module 'lighthouse/types/artifacts.js' {
  interface GathererArtifacts {
    HeroPaint: HeroPaintEntry | null;
  }
}

/**
 * An Element Timing entry (https://w3c.github.io/element-timing/, PerformanceElementTiming), which
 * TypeScript's DOM library does not list: the fields read here.
 */
type ElementTimingEntry = PerformanceEntry & HeroPaintEntry & { identifier: string };

/** In the page, after the load: the Element Timing entry named `name`, or null. */
function readElementTiming(name: string): Promise<HeroPaintEntry | null> {
  return new Promise((resolve) => {
    const pick = (entries: PerformanceEntry[]): HeroPaintEntry | null => {
      // Entries of type 'element' (the only type observed here) are Element Timing entries.
      const entry = (entries as ElementTimingEntry[]).find((e) => e.identifier === name);
      return entry
        ? { renderTime: entry.renderTime, loadTime: entry.loadTime, url: entry.url, naturalWidth: entry.naturalWidth }
        : null;
    };
    if (!('PerformanceObserver' in window) || !PerformanceObserver.supportedEntryTypes.includes('element')) {
      resolve(null);
      return;
    }
    const observer = new PerformanceObserver((list) => {
      const found = pick(list.getEntries());
      if (found) {
        observer.disconnect();
        resolve(found);
      }
    });
    observer.observe({ type: 'element', buffered: true });
    // Buffered entries arrive in a task of their own; a page without the element has none.
    setTimeout(() => {
      observer.disconnect();
      resolve(pick(observer.takeRecords()));
    }, 1000);
  });
}

export class HeroPaint extends Gatherer {
  override meta: LH.Gatherer.GathererMeta = { supportedModes: ['navigation'] };

  override async getArtifact(context: LH.Gatherer.Context): Promise<HeroPaintEntry | null> {
    return context.driver.executionContext.evaluate(readElementTiming, { args: [HERO_PHOTO_TIMING] });
  }
}

const isLowPriorityImage = (node: Lantern.Graph.Node): boolean =>
  node.type === 'network' &&
  node.request.resourceType === 'Image' &&
  ['Low', 'VeryLow'].includes(node.request.priority);

/** Lantern's LCP with the hero photo's paint as the cut-off, the photo's request always counted. */
function heroMetric(heroPaintTs: number, heroUrl: string) {
  const isHero = (node: Lantern.Graph.Node) => node.type === 'network' && node.request.url === heroUrl;
  const needed = (node: Lantern.Graph.Node) => !isLowPriorityImage(node) || isHero(node);
  return class HeroPhotoVisible extends Lantern.Metrics.Metric {
    static override get coefficients(): Lantern.Metrics.MetricCoefficients {
      return { intercept: 0, optimistic: 0.5, pessimistic: 0.5 };
    }

    static override getOptimisticGraph(graph: Lantern.Graph.Node): Lantern.Graph.Node {
      return Lantern.Metrics.FirstContentfulPaint.getFirstPaintBasedGraph(graph, {
        cutoffTimestamp: heroPaintTs,
        treatNodeAsRenderBlocking: needed,
      });
    }

    static override getPessimisticGraph(graph: Lantern.Graph.Node): Lantern.Graph.Node {
      return Lantern.Metrics.FirstContentfulPaint.getFirstPaintBasedGraph(graph, {
        cutoffTimestamp: heroPaintTs,
        treatNodeAsRenderBlocking: () => true,
        additionalCpuNodesToTreatAsRenderBlocking: (node) => node.didPerformLayout(),
      });
    }

    static override getEstimateFromSimulation(result: Lantern.Simulation.Result): Lantern.Simulation.Result {
      const ends = [...result.nodeTimings.entries()].filter(([node]) => needed(node)).map(([, t]) => t.endTime);
      return { timeInMs: Math.max(...ends), nodeTimings: result.nodeTimings };
    }
  };
}

export class HeroPhotoVisibleAudit extends Audit {
  static override get meta(): LH.Audit.Meta {
    return {
      id: HERO_AUDIT_ID,
      title: 'Hero photo visible',
      description:
        "When the home page's first slide is painted, on the simulated network and CPU (Element Timing, lantern).",
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      supportedModes: ['navigation'],
      requiredArtifacts: ['HeroPaint', 'Trace', 'DevtoolsLog', 'GatherContext', 'URL', 'SourceMaps', 'HostDPR'],
    };
  }

  static override async audit(artifacts: LH.Artifacts, context: LH.Audit.Context): Promise<LH.Audit.Product> {
    const hero = artifacts.HeroPaint;
    if (!hero || !hero.renderTime) return { score: null, notApplicable: true };
    const data = Audit.makeMetricComputationDataInput(artifacts, context);
    const observedMs = hero.renderTime;
    if (context.settings.throttlingMethod !== 'simulate') {
      return { score: null, numericValue: observedMs, numericUnit: 'millisecond', details: heroDetails(hero, null) };
    }
    const params = await getComputationDataParams(data, context);
    // Lighthouse's own navigation (its default) has the time origin, though Lantern's type does not
    // name it; Lantern's trace-only one (INTERNAL_LANTERN_USE_TRACE) has none, and without it the
    // photo's paint cannot be placed.
    const { timestamps } = params.processedNavigation;
    const timeOrigin = 'timeOrigin' in timestamps ? timestamps.timeOrigin : undefined;
    if (typeof timeOrigin !== 'number')
      throw new Error("the page's navigation has no time origin to place the photo's paint");
    const heroPaintTs = timeOrigin + observedMs * 1000;
    let heroRequest: Lantern.Types.NetworkRequest | null = null;
    params.graph.traverse((node) => {
      if (node.type === 'network' && node.request.url === hero.url) heroRequest = node.request;
    });
    if (!heroRequest) throw new Error(`hero photo ${hero.url} is not among the page's requests`);
    const fcp = await LanternFirstContentfulPaint.request(data, context);
    const result = heroMetric(heroPaintTs, hero.url).compute(params);
    const simulatedMs = Math.max(result.timing, fcp.timing);
    return {
      score: null,
      numericValue: simulatedMs,
      numericUnit: 'millisecond',
      displayValue: `${(simulatedMs / 1000).toFixed(2)} s`,
      details: heroDetails(hero, heroRequest, result, timeOrigin / 1000),
    };
  }
}

/** What the report keeps: the observed paint, the photo's request (times in ms since the navigation). */
export interface HeroDetails {
  type: 'debugdata';
  observedPaintMs: number;
  url: string;
  priority: Lantern.Types.ResourcePriority | null;
  requestedAtMs: number | null;
  finishedAtMs: number | null;
  transferKb: number | null;
  optimisticMs: number | null;
  pessimisticMs: number | null;
}

function heroDetails(
  hero: HeroPaintEntry,
  request: Lantern.Types.NetworkRequest | null,
  result?: Lantern.Metrics.MetricResult,
  timeOriginMs = 0,
): HeroDetails {
  return {
    type: 'debugdata',
    observedPaintMs: hero.renderTime,
    url: hero.url,
    priority: request?.priority ?? null,
    requestedAtMs: request ? Math.round(request.rendererStartTime - timeOriginMs) : null,
    finishedAtMs: request ? Math.round(request.networkEndTime - timeOriginMs) : null,
    transferKb: request ? Math.round(request.transferSize / 1024) : null,
    optimisticMs: result?.optimisticEstimate.timeInMs ?? null,
    pessimisticMs: result?.pessimisticEstimate.timeInMs ?? null,
  };
}

/** The Lighthouse config that adds the audit to the default one (its own category, weight 0). */
export const heroPhotoConfig: LH.Config = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'HeroPaint', gatherer: HeroPaint }],
  audits: [HeroPhotoVisibleAudit],
  categories: {
    [HERO_CATEGORY_ID]: {
      title: 'Hero photo',
      auditRefs: [{ id: HERO_AUDIT_ID, weight: 0 }],
    },
  },
};
