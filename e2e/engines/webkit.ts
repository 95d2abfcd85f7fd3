// WebKit, as on every iPhone: Debian's WebKitGTK MiniBrowser driven by WebKitWebDriver (W3C
// WebDriver, through selenium-webdriver). MiniBrowser has no headless mode, so it runs on a private
// Xvfb display; with --full-screen its window is the viewport, so a window size is a viewport size.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { Builder, By, Key, until, type WebDriver } from 'selenium-webdriver';
import { readRecorded, type Driver, type Engine, type Retry } from './driver.ts';

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const SESSION_TIMEOUT_MS = 60_000;
const KEYS = { Enter: Key.ENTER, Escape: Key.ESCAPE, Tab: Key.TAB };

/** Resolves once `check` is true, or fails with `what` after `timeout` ms. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`webkit: ${what} did not start within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts Xvfb and WebKitWebDriver. */
export async function launch({
  origin,
  display,
  port,
  viewport = { width: 390, height: 844 },
}: {
  origin: string;
  display: number;
  port: number;
  viewport?: { width: number; height: number };
}): Promise<Engine> {
  const children: ChildProcess[] = [];
  // Each child leads its own process group, so MiniBrowser and its web processes go with the driver.
  const stop = () => {
    for (const child of [...children].reverse()) {
      try {
        if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  // Last resort if the runner exits without its cleanup.
  process.on('exit', stop);
  let driverProcess: ChildProcess | undefined;
  let driverOutput = '';
  // WebKitWebDriver's own output, kept short, for the message when a browser does not start.
  const keep = (chunk: Buffer) => (driverOutput = (driverOutput + chunk).slice(-3000));
  const startDriver = async () => {
    const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: `:${display}`, NO_AT_BRIDGE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    driverProcess = child;
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    children.push(child);
    await waitFor('WebKitWebDriver', () =>
      fetch(`http://127.0.0.1:${port}/status`).then(
        (response) => response.ok,
        () => false,
      ),
    );
  };
  const stopDriver = async () => {
    const old = driverProcess;
    if (!old?.pid || old.exitCode !== null) return;
    const exited = new Promise((resolve) => old.once('exit', resolve));
    const pid = old.pid;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
  };
  try {
    // One screen large enough for the desktop screenshots; each window is sized to its viewport.
    const xvfb = spawn('Xvfb', [`:${display}`, '-screen', '0', '1440x900x24', '-nolisten', 'tcp'], {
      stdio: 'ignore',
      detached: true,
    });
    children.push(xvfb);
    await waitFor('Xvfb', () => existsSync(`/tmp/.X11-unix/X${display}`));
    await startDriver();
  } catch (error) {
    stop();
    throw error;
  }

  /** A new MiniBrowser session. On a busy machine MiniBrowser has been seen to never come up and the
   *  driver then waits forever: give it a minute, then restart the driver and try once more. */
  const newSession = async (): Promise<{ web: WebDriver; retries: Retry[] }> => {
    const retries: Retry[] = [];
    for (let attempt = 1; ; attempt++) {
      const build = new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: 'MiniBrowser',
          // The front's certificate comes from a throwaway local CA.
          acceptInsecureCerts: true,
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] },
        })
        .build();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SESSION_TIMEOUT_MS)));
      const web = await Promise.race([Promise.resolve(build).catch((error: unknown) => error), timedOut]);
      clearTimeout(timer);
      // Not null (the minute passed) and not an Error (the driver refused): the session.
      if (web && !(web instanceof Error)) return { web: web as WebDriver, retries };
      const reason = web instanceof Error ? web.message : `no session within ${SESSION_TIMEOUT_MS / 1000} s`;
      retries.push({ step: 'start MiniBrowser', reason: `${reason}; WebKitWebDriver restarted` });
      if (attempt === 2)
        throw new Error(`webkit: MiniBrowser did not start (${reason}); driver said:\n${driverOutput}`);
      console.error(`webkit: MiniBrowser did not start (${reason}); restarting WebKitWebDriver`);
      await stopDriver();
      Promise.resolve(build).catch(() => undefined);
      await startDriver();
    }
  };

  return {
    name: 'webkit',
    async session() {
      const { web, retries } = await newSession();
      const driver: Driver = {
        engine: 'webkit',
        // A MiniBrowser that had to be started twice is a retry too, named in the closing summary.
        retries,
        origin,
        async open(path) {
          await web.get(new URL(path, origin).href);
          // As Firefox's driver does: the page and its deferred scripts are done (the load event).
          await web.wait(() => web.executeScript('return document.readyState === "complete"'), 30_000);
        },
        run: (fn, ...args) => web.executeScript(fn, ...args),
        async click(selector) {
          const element = await web.wait(until.elementLocated(By.css(selector)), 10_000).catch(() => {
            throw new Error(`webkit: nothing matches ${selector}`);
          });
          // As a visitor scrolls to what they tap (WebKitWebDriver does not scroll by itself here), and
          // taps it once it shows (a control an island reveals after hydrating is not there before).
          await web.executeScript(
            (el: HTMLElement) => el.scrollIntoView({ block: 'center', behavior: 'instant' }),
            element,
          );
          await web.wait(until.elementIsVisible(element), 10_000).catch(() => undefined);
          await element.click().catch((error: Error) => {
            throw new Error(`webkit: could not click ${selector}: ${error.name} ${error.message}`);
          });
        },
        type: async (selector, text) => (await web.findElement(By.css(selector))).sendKeys(text),
        key: (name) => web.actions().sendKeys(KEYS[name]).perform(),
        async setViewport(width, height) {
          await web.manage().window().setRect({ x: 0, y: 0, width, height });
          // The window may take a moment after setRect answers (seen once in 40 runs: still the old size).
          let size: number[] = [];
          await web
            .wait(async () => {
              size = await web.executeScript<number[]>('return [innerWidth, innerHeight]');
              return size[0] === width && size[1] === height;
            }, 5_000)
            .catch(() => {
              throw new Error(`webkit: asked for a ${width}×${height} viewport, got ${size[0]}×${size[1]}`);
            });
        },
        async screenshot(path) {
          writeFileSync(path, Buffer.from(await web.takeScreenshot(), 'base64'));
        },
        errors: () => web.executeScript(readRecorded),
        close: () => web.quit(),
      };
      try {
        await driver.setViewport(viewport.width, viewport.height);
      } catch (error) {
        await web.quit();
        throw error;
      }
      return driver;
    },
    async shutdown() {
      stop();
    },
  };
}
