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
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { getComputationDataParams } from 'lighthouse/core/computed/metrics/lantern-metric.js';
import { HERO_PHOTO_TIMING } from '../../src/lib/browser/slides.ts';

export const HERO_AUDIT_ID = 'hero-photo-visible';
export const HERO_CATEGORY_ID = 'hero-photo';

/** In the page, after the load: the Element Timing entry named `name`, or null. */
function readElementTiming(name) {
  return new Promise((resolve) => {
    const pick = (entries) => {
      const entry = entries.find((e) => e.identifier === name);
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
  meta = { supportedModes: ['navigation'] };

  async getArtifact(context) {
    return context.driver.executionContext.evaluate(readElementTiming, { args: [HERO_PHOTO_TIMING] });
  }
}

const isLowPriorityImage = (node) =>
  node.type === 'network' &&
  node.request.resourceType === 'Image' &&
  ['Low', 'VeryLow'].includes(node.request.priority);

/** Lantern's LCP with the hero photo's paint as the cut-off, the photo's request always counted. */
function heroMetric(heroPaintTs, heroUrl) {
  const isHero = (node) => node.type === 'network' && node.request.url === heroUrl;
  const needed = (node) => !isLowPriorityImage(node) || isHero(node);
  return class HeroPhotoVisible extends Lantern.Metrics.Metric {
    static get coefficients() {
      return { intercept: 0, optimistic: 0.5, pessimistic: 0.5 };
    }

    static getOptimisticGraph(graph) {
      return Lantern.Metrics.FirstContentfulPaint.getFirstPaintBasedGraph(graph, {
        cutoffTimestamp: heroPaintTs,
        treatNodeAsRenderBlocking: needed,
      });
    }

    static getPessimisticGraph(graph) {
      return Lantern.Metrics.FirstContentfulPaint.getFirstPaintBasedGraph(graph, {
        cutoffTimestamp: heroPaintTs,
        treatNodeAsRenderBlocking: () => true,
        additionalCpuNodesToTreatAsRenderBlocking: (node) => node.didPerformLayout(),
      });
    }

    static getEstimateFromSimulation(result) {
      const ends = [...result.nodeTimings.entries()].filter(([node]) => needed(node)).map(([, t]) => t.endTime);
      return { timeInMs: Math.max(...ends), nodeTimings: result.nodeTimings };
    }
  };
}

export class HeroPhotoVisibleAudit extends Audit {
  static get meta() {
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

  static async audit(artifacts, context) {
    const hero = artifacts.HeroPaint;
    if (!hero || !hero.renderTime) return { score: null, notApplicable: true };
    const data = Audit.makeMetricComputationDataInput(artifacts, context);
    const observedMs = hero.renderTime;
    if (context.settings.throttlingMethod !== 'simulate') {
      return { score: null, numericValue: observedMs, numericUnit: 'millisecond', details: heroDetails(hero, null) };
    }
    const params = await getComputationDataParams(data, context);
    const heroPaintTs = params.processedNavigation.timestamps.timeOrigin + observedMs * 1000;
    let heroRequest = null;
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
      details: heroDetails(hero, heroRequest, result, params.processedNavigation.timestamps.timeOrigin / 1000),
    };
  }
}

/** What the report keeps: the observed paint, the photo's request (times in ms since the navigation). */
function heroDetails(hero, request, result, timeOriginMs) {
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
export const heroPhotoConfig = {
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
