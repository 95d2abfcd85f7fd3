// The one small interface the cross-engine journeys are written against. Each engine module
// (webkit.mjs, firefox.mjs) exports `launch(options)` resolving to an Engine; `engine.session()`
// opens a fresh browser session (empty storage) for one journey.
//
// @typedef {object} Driver
// @property {string} engine                         'webkit' | 'firefox'
// @property {string} origin                         e.g. https://127.0.0.1:5101
// @property {(path: string) => Promise<void>} open  navigates (following redirects) and waits for load
// @property {<T>(fn: (...args: any[]) => T | Promise<T>, ...args: any[]) => Promise<T>} run
//           runs `fn` in the page (it is serialised: no closures) and returns its (awaited) value
// @property {(selector: string) => Promise<void>} click     a real click on the first match, scrolled into view
// @property {(selector: string, text: string) => Promise<void>} type  focuses the first match and types
// @property {(name: 'Enter' | 'Escape' | 'Tab') => Promise<void>} key  presses a key in the focused element
// @property {(width: number, height: number) => Promise<void>} setViewport  sets the layout viewport size
// @property {(path: string) => Promise<void>} screenshot    writes a PNG of the viewport
// @property {() => Promise<PageError[]>} errors     what the recorder collected in this session
// @property {(handler: (url: string) => 'abort' | { contentType: string, body: string } | undefined) => Promise<void>} [intercept]
//           from now on every request of the session goes through `handler`: aborted, answered with the body
//           given, or sent on (undefined). Only where the engine's automation can intercept (Firefox).
// @property {() => Promise<void>} close
// @property {Retry[]} retries                      each step this session made again, with why (retried())
//
// @typedef {{ step: string, reason: string }} Retry
// @typedef {{ type: string, message: string, source: string, line?: number, page: string }} PageError
//
// @typedef {object} Engine
// @property {string} name
// @property {() => Promise<Driver>} session
// @property {() => Promise<void>} shutdown

/** The script that reads the recorder's list (kept across navigations in sessionStorage). */
export function readRecorded() {
  try {
    const stored = sessionStorage.getItem('__engineErrors');
    if (stored) return JSON.parse(stored);
  } catch {
    /* storage off: fall back to the page's own list */
  }
  return /** @type {any} */ (window).__engineErrors ?? [];
}

/**
 * Splits recorded errors into the site's own and those raised by a third-party script (its file
 * on another origin, e.g. the erotica form's resizer when it is reachable). CSP violations always
 * count: they mean the site's policy and its pages disagree.
 * @param {PageError[]} list
 * @param {string} origin
 */
export function splitErrors(list, origin) {
  const own = [];
  const thirdParty = [];
  for (const entry of list) {
    let foreign = false;
    if (entry.type === 'error' && entry.source) {
      try {
        foreign = new URL(entry.source).origin !== origin;
      } catch {
        foreign = false;
      }
    }
    (foreign ? thirdParty : own).push(entry);
  }
  return { own, thirdParty };
}

/**
 * Polls `fn` in the page until it returns a truthy value (returned), or fails after `timeout` ms
 * with `description` and the last value seen.
 * @template T
 * @param {Driver} driver
 * @param {string} description
 * @param {(...args: any[]) => T | Promise<T>} fn
 * @param {any[]} [args]
 * @param {number} [timeout]
 * @returns {Promise<T>}
 */
export async function until(driver, description, fn, args = [], timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await driver.run(fn, ...args);
      if (last) return last;
    } catch (error) {
      // A navigation can replace the page between two polls: try again.
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeout} ms waiting for: ${description} (last: ${JSON.stringify(last)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the islands inside `scope` have hydrated (a click before that is lost), or, for one
 * that starts when reached for, until its press is held; islands that hydrate when visible are
 * scrolled into view first.
 * @param {Driver} driver
 * @param {string} [scope]
 */
export async function waitForIslands(driver, scope = 'body') {
  await until(
    driver,
    `islands in ${scope} hydrated`,
    (selector) => {
      const islands = [...document.querySelectorAll(`${selector} astro-island`)];
      if (islands.length === 0) return false;
      // An island behind the age gate (client:entered) starts only once she has passed it: while
      // the gate shows, the gate's own script is what must be listening.
      if (document.documentElement.getAttribute('data-age-gate') === 'locked') {
        if (!document.querySelector('dialog[data-age-gate-dialog][data-age-gate-ready]')) return false;
      }
      // A list that starts when the visitor reaches for it (client:reached) is ready once its
      // directive listens: a press then is held until the island is, never lost.
      const pending = islands.filter(
        (island) =>
          island.hasAttribute('ssr') &&
          !(island.getAttribute('client') === 'reached' && island.hasAttribute('data-armed')) &&
          !(
            island.getAttribute('client') === 'entered' &&
            document.documentElement.getAttribute('data-age-gate') === 'locked'
          ),
      );
      // An island is display: contents; its first child has the box the browser watches.
      if (pending.length && selector !== 'body') {
        (pending[0].firstElementChild ?? pending[0]).scrollIntoView({ block: 'center', behavior: 'instant' });
      }
      return pending.length === 0;
    },
    [scope],
    20_000,
  );
}

/** Fails with `message` unless `condition` holds. */
export function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Fails unless `actual` deep-equals `expected` (JSON comparison). */
export function checkEqual(actual, expected, message) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message}: expected ${e}, got ${a}`);
}

/**
 * A step a journey made again by itself, as a person would (a tap lost while the page redrew): it
 * is counted on the session and named, with the step and the reason, in the run's closing summary
 * (scripts/test-run/test-summary.mjs), so a retry never hides. The second retry of the same step in
 * one session fails the journey: once is the page being drawn again, twice is a fault.
 * @param {Pick<Driver, 'retries' | 'engine'>} driver
 * @param {string} step
 * @param {string} reason
 */
export function retried(driver, step, reason) {
  if (driver.retries.some((retry) => retry.step === step)) {
    throw new Error(`${driver.engine}: "${step}" needed a second retry in one journey (${reason})`);
  }
  driver.retries.push({ step, reason });
  console.log(`    ${driver.engine}: ${step} made again: ${reason}`);
}

/**
 * Makes `step` again once when it fails with an error `on` matches (the refusal it is for), counting
 * the retry (retried()); any other error, or a second failure, is thrown.
 * @template T
 * @param {Pick<Driver, 'retries' | 'engine'>} driver
 * @param {string} name  what the step does, for the summary
 * @param {RegExp} on    the refusals this retry is for
 * @param {() => Promise<T>} step
 * @returns {Promise<T>}
 */
export async function again(driver, name, on, step) {
  try {
    return await step();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!on.test(message)) throw error;
    retried(driver, name, message.split('\n')[0].slice(0, 200));
    return step();
  }
}
