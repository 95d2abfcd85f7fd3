// WebKit, as on every iPhone: Debian's WebKitGTK MiniBrowser driven by WebKitWebDriver (W3C
// WebDriver, through selenium-webdriver). MiniBrowser has no headless mode, so it runs on a private
// Xvfb display; with --full-screen its window is the viewport, so a window size is a viewport size.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { Builder, By, Key } from 'selenium-webdriver';
import { readRecorded } from './driver.mjs';

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const KEYS = { Enter: Key.ENTER, Escape: Key.ESCAPE, Tab: Key.TAB };

/** Resolves once `check` is true, or fails with `what` after `timeout` ms. */
async function waitFor(what, check, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`webkit: ${what} did not start within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts Xvfb and WebKitWebDriver.
 * @param {{ origin: string, display: number, port: number, viewport?: { width: number, height: number } }} options
 * @returns {Promise<import('./driver.mjs').Engine>}
 */
export async function launch({ origin, display, port, viewport = { width: 390, height: 844 } }) {
  const children = [];
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
  try {
    // One screen large enough for the desktop screenshots; each window is sized to its viewport.
    const xvfb = spawn('Xvfb', [`:${display}`, '-screen', '0', '1440x900x24', '-nolisten', 'tcp'], {
      stdio: 'ignore',
      detached: true,
    });
    children.push(xvfb);
    await waitFor('Xvfb', () => existsSync(`/tmp/.X11-unix/X${display}`));
    const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: `:${display}`, NO_AT_BRIDGE: '1' },
      stdio: 'ignore',
      detached: true,
    });
    children.push(driverProcess);
    await waitFor('WebKitWebDriver', () =>
      fetch(`http://127.0.0.1:${port}/status`).then(
        (response) => response.ok,
        () => false,
      ),
    );
  } catch (error) {
    stop();
    throw error;
  }

  return {
    name: 'webkit',
    async session() {
      const web = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: 'MiniBrowser',
          // The front's certificate comes from a throwaway local CA.
          acceptInsecureCerts: true,
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] },
        })
        .build();
      /** @type {import('./driver.mjs').Driver} */
      const driver = {
        engine: 'webkit',
        origin,
        open: (path) => web.get(new URL(path, origin).href),
        run: (fn, ...args) => web.executeScript(fn, ...args),
        async click(selector) {
          const element = await web.findElement(By.css(selector));
          // As a visitor scrolls to what they tap (WebKitWebDriver does not scroll by itself here).
          await web.executeScript((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }), element);
          await element.click().catch((error) => {
            throw new Error(`webkit: could not click ${selector}: ${error.name} ${error.message}`);
          });
        },
        type: async (selector, text) => (await web.findElement(By.css(selector))).sendKeys(text),
        key: (name) => web.actions().sendKeys(KEYS[name]).perform(),
        async setViewport(width, height) {
          await web.manage().window().setRect({ x: 0, y: 0, width, height });
          const size = await web.executeScript('return [innerWidth, innerHeight]');
          if (size[0] !== width || size[1] !== height) {
            throw new Error(`webkit: asked for a ${width}×${height} viewport, got ${size[0]}×${size[1]}`);
          }
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
