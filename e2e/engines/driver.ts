// The one small interface the cross-engine journeys are written against. Each engine module
// (webkit.ts, firefox.ts) exports `launch(options)` resolving to an Engine; `engine.session()`
// opens a fresh browser session (empty storage) for one journey.

/**
 * A function run in the page: it is serialised (no closures), its arguments and its (awaited)
 * result cross as JSON-like values.
 */
export type PageFunction<A extends unknown[], T> = (...args: A) => T | Promise<T>;

/** What a request of the session becomes: aborted, answered with the body given, or sent on (undefined). */
export type Interception = 'abort' | { contentType: string; body: string } | undefined;

export interface Driver {
  engine: 'webkit' | 'firefox';
  /** e.g. https://127.0.0.1:5101 */
  origin: string;
  /** Navigates (following redirects) and waits for load. */
  open: (path: string) => Promise<void>;
  /** Runs `fn` in the page and returns its (awaited) value. */
  run: <A extends unknown[], T>(fn: PageFunction<A, T>, ...args: A) => Promise<T>;
  /** A real click on the first match, scrolled into view. */
  click: (selector: string) => Promise<void>;
  /** Focuses the first match and types. */
  type: (selector: string, text: string) => Promise<void>;
  /** Presses a key in the focused element. */
  key: (name: 'Enter' | 'Escape' | 'Tab') => Promise<void>;
  /** Sets the layout viewport size. */
  setViewport: (width: number, height: number) => Promise<void>;
  /** Writes a PNG of the viewport. */
  screenshot: (path: string) => Promise<void>;
  /** What the recorder collected in this session. */
  errors: () => Promise<PageError[]>;
  /**
   * From now on every request of the session goes through `handler`. Only where the engine's
   * automation can intercept (Firefox).
   */
  intercept?: (handler: (url: string) => Interception) => Promise<void>;
  close: () => Promise<void>;
  /** Each step this session made again, with why (retried()). */
  retries: Retry[];
}

export interface Retry {
  step: string;
  reason: string;
}

/** What the recorder (scripts/servers/front.ts) writes for each page error, unhandled rejection or policy violation. */
export interface PageError {
  type: string;
  message: string;
  source: string;
  line?: number;
  page: string;
}

declare global {
  interface Window {
    /** The recorder's list (scripts/servers/front.ts), also kept in sessionStorage. */
    __engineErrors?: PageError[];
  }
}

/** What until() resolves to: the value, once it is truthy. */
export type Truthy<T> = Exclude<T, false | null | undefined | 0 | '' | 0n>;

export interface Engine {
  name: string;
  session: () => Promise<Driver>;
  shutdown: () => Promise<void>;
}

/** The script that reads the recorder's list (kept across navigations in sessionStorage). */
export function readRecorded(): PageError[] {
  try {
    const stored = sessionStorage.getItem('__engineErrors');
    if (stored) return JSON.parse(stored) as PageError[];
  } catch {
    /* storage off: fall back to the page's own list */
  }
  return window.__engineErrors ?? [];
}

/**
 * Splits recorded errors into the site's own and those raised by a third-party script (its file
 * on another origin, e.g. the erotica form's resizer when it is reachable). CSP violations always
 * count: they mean the site's policy and its pages disagree.
 */
export function splitErrors(list: PageError[], origin: string) {
  const own: PageError[] = [];
  const thirdParty: PageError[] = [];
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
 */
export async function until<A extends unknown[], T>(
  driver: Driver,
  description: string,
  fn: PageFunction<A, T>,
  // No arguments given: `fn` takes none.
  args: A = [] as unknown as A,
  timeout = 10_000,
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await driver.run(fn, ...args);
      last = value;
      // Truthy, which the type cannot follow for a generic T.
      if (value) return value as Truthy<T>;
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
 */
export async function waitForIslands(driver: Driver, scope = 'body'): Promise<void> {
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
      const first = pending[0];
      if (first && selector !== 'body') {
        (first.firstElementChild ?? first).scrollIntoView({ block: 'center', behavior: 'instant' });
      }
      return pending.length === 0;
    },
    [scope],
    20_000,
  );
}

/** Fails with `message` unless `condition` holds. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Fails unless `actual` deep-equals `expected` (JSON comparison). */
export function checkEqual(actual: unknown, expected: unknown, message: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message}: expected ${e}, got ${a}`);
}

/**
 * A step a journey made again by itself, as a person would (a tap lost while the page redrew): it
 * is counted on the session and named, with the step and the reason, in the run's closing summary
 * (scripts/test-run/test-summary.ts), so a retry never hides. The second retry of the same step in
 * one session fails the journey: once is the page being drawn again, twice is a fault.
 */
export function retried(driver: Pick<Driver, 'retries' | 'engine'>, step: string, reason: string): void {
  if (driver.retries.some((retry) => retry.step === step)) {
    throw new Error(`${driver.engine}: "${step}" needed a second retry in one journey (${reason})`);
  }
  driver.retries.push({ step, reason });
  console.log(`    ${driver.engine}: ${step} made again: ${reason}`);
}

/**
 * Makes `step` again once when it fails with an error `on` matches (the refusal it is for), counting
 * the retry (retried()); any other error, or a second failure, is thrown. `name` says what the
 * step does, for the summary; `on` matches the refusals this retry is for.
 */
export async function again<T>(
  driver: Pick<Driver, 'retries' | 'engine'>,
  name: string,
  on: RegExp,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!on.test(message)) throw error;
    retried(driver, name, (message.split('\n')[0] ?? '').slice(0, 200));
    return step();
  }
}
