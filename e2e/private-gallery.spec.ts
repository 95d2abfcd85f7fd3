import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, afterFrames, expectNoAxeViolations, waitForIslands, watchNetwork } from './fixtures';
import { DEVELOPMENT_PASSWORD } from '../src/private-gallery/publish/secrets';
import { SIZES } from '../src/private-gallery/publish/sizes';
import { AGE_VERIFIED_KEY, PRIVATE_GALLERY_KEY } from '../src/lib/browser/gates';

const ageDialog = (page: Page) => page.getByRole('dialog', { name: 'Adults Only (18+)' });
/** The password stage: titled for both fields, or for the password alone when her invitation named her gallery. */
const passwordDialog = (page: Page) => page.getByRole('dialog', { name: /^Enter Your Gallery (Name and )?Password$/ });
const passwordInput = (page: Page) => page.getByLabel('Password', { exact: true });
const nameInput = (page: Page) => page.getByLabel('Gallery name', { exact: true });
/** The sample gallery's name: its folder id, typed above its password. */
const SAMPLE_NAME = 'preview';
/** The island's code (its component module), held or refused by a route. */
const GALLERY_CODE = /\/_astro\/PrivateGallery\.[^/]+\.js(\?|$)/;
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function verifyAge(page: Page) {
  await page.goto('/private-gallery');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'I am 18+' }).click();
  await expect(passwordDialog(page)).toBeVisible();
}

async function unlock(page: Page) {
  await verifyAge(page);
  await nameInput(page).fill(SAMPLE_NAME);
  await passwordInput(page).fill(DEVELOPMENT_PASSWORD);
  await page.getByRole('button', { name: 'Unlock Gallery' }).click();
  await expect(page.getByRole('list', { name: 'Your private photos' }).getByRole('img')).toHaveCount(3, {
    timeout: 20_000,
  });
}

test.describe('private gallery', () => {
  test('stage 1: the age modal, its buttons, and a locked page', { tag: '@quick' }, async ({ page }) => {
    await page.goto('/private-gallery');
    await waitForIslands(page);
    await expect(ageDialog(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'I am 18+' })).toBeVisible();
    await expect(ageDialog(page).getByRole('link', { name: 'Take Me Back' })).toHaveAttribute('href', '/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await expect(passwordDialog(page)).toBeHidden();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolations(page);
  });

  test(
    "a new visitor's gate runs no framework: the gallery starts when she presses I am 18+, her link already out of the address bar",
    { tag: '@desktop' },
    async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/private-gallery#access=not-a-real-secret');
      await waitForIslands(page);
      await page.waitForLoadState('networkidle');
      await expect(ageDialog(page)).toBeVisible();
      // The page's own script took her link while the gate shows; the island has not started.
      expect(new URL(page.url()).hash).toBe('');
      const island = page.locator('astro-island[client="entered"]');
      await expect(island).toHaveAttribute('ssr', '');
      const [component, renderer] = await Promise.all([
        island.getAttribute('component-url'),
        island.getAttribute('renderer-url'),
      ]);
      expect(scripts, 'the gallery and React are not fetched behind the gate').not.toContain(component);
      expect(scripts).not.toContain(renderer);
      await expect(passwordDialog(page)).toBeHidden();

      await page.getByRole('button', { name: 'I am 18+' }).click();
      // The island starts now, reads the link the page kept for it, and opens the card itself: modal,
      // with the reason, and her first field focused.
      await expect(passwordDialog(page).locator('[data-password-reason]')).toHaveText(
        'This private link is incomplete: please open the whole link from the message, or enter your password.',
      );
      expect(await passwordDialog(page).evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
      await expect(nameInput(page)).toBeFocused();
      expect(scripts).toContain(component);
      expect(scripts).toContain(renderer);
    },
  );

  test(
    "should the gallery's code fail to load, she is told so, and Try again loads it once it can",
    { tag: '@desktop' },
    async ({ page }) => {
      // Astro asks twice (the second time a second later, with ?astro-retry=); both fail here.
      let failing = true;
      await page.route(/\/_astro\/PrivateGallery\.[^/]+\.js(\?|$)/, (route) =>
        failing ? route.abort() : route.fallback(),
      );
      const alert = page.getByRole('alert').filter({ hasText: 'Your gallery could not be loaded' });
      await page.goto('/private-gallery');
      await waitForIslands(page);
      await page.getByRole('button', { name: 'I am 18+' }).click();
      await expect(alert).toContainText('Check your connection, then try again.');
      await expect(alert.getByRole('heading', { name: 'Your gallery could not be loaded' })).toBeFocused();
      await expectNoAxeViolations(page);

      // A visitor who confirmed before gets the same, and not the password card, which could not answer.
      await page.reload();
      await expect(alert).toBeVisible();
      await expect(passwordDialog(page)).toBeHidden();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

      failing = false;
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(passwordDialog(page)).toBeVisible();
      await expect(nameInput(page)).toBeVisible();
      await expect(alert).toBeHidden();
    },
  );

  test(
    "with the gallery's code slow, her card shows at I am 18+: what she types is kept, and Unlock is answered once the code comes",
    { tag: '@desktop' },
    async ({ page }) => {
      // The island's code is held (on a low-tier phone over slow 4G it takes about 1.3 s).
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(GALLERY_CODE, async (route) => {
        await held;
        await route.fallback();
      });
      await page.goto('/private-gallery');
      await waitForIslands(page);
      await page.getByRole('button', { name: 'I am 18+' }).click();
      // The card is her first screen after her press, modal, her name field focused, before React.
      const card = page.getByRole('dialog', { name: 'Enter Your Gallery Name and Password' });
      await expect(card).toBeVisible();
      expect(await card.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
      await expect(nameInput(page)).toBeFocused();
      await expect(nameInput(page)).toHaveAccessibleDescription(
        /As written in your invitation, for example jenna-2026-10/,
      );
      await expect(page.locator('astro-island[client="entered"]')).toHaveAttribute('ssr', '');
      const before = await card.locator('> div').boundingBox();
      // She types at once, as she would, and presses Unlock: it looks pressed while the code comes.
      await page.keyboard.type(SAMPLE_NAME);
      await page.keyboard.press('Tab');
      await expect(passwordInput(page)).toBeFocused();
      await page.keyboard.type(DEVELOPMENT_PASSWORD);
      const unlockButton = card.getByRole('button', { name: 'Unlock Gallery' });
      await unlockButton.click();
      await expect(unlockButton).toHaveAttribute('data-held', '');
      await afterFrames(page);
      await expect(card).toBeVisible();
      expect(await card.locator('> div').boundingBox(), 'the card, before the code').toEqual(before);
      await expect(page.locator('astro-island[client="entered"]')).toHaveAttribute('ssr', '');

      release();
      await expect(page.getByRole('list', { name: 'Your private photos' }).getByRole('img')).toHaveCount(3, {
        timeout: 20_000,
      });
      await expect(page.getByRole('heading', { name: 'Preview gallery' })).toBeVisible();
      expect(await stored(page, PRIVATE_GALLERY_KEY)).toBe('yes');
    },
  );

  test("her card drawn before the gallery's code is the island's own once it comes: her fields kept, focus where she was, nothing moved", async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(GALLERY_CODE, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/private-gallery');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'I am 18+' }).click();
    const card = page.getByRole('dialog', { name: 'Enter Your Gallery Name and Password' });
    await expect(nameInput(page)).toBeFocused();
    await page.keyboard.type(SAMPLE_NAME);
    await page.keyboard.press('Tab');
    await page.keyboard.type('coast');
    const before = await card.locator('> div').boundingBox();

    release();
    await expect(page.locator('html')).toHaveAttribute('data-gallery-stage', 'password');
    await expect(page.locator('astro-island[client="entered"]')).not.toHaveAttribute('ssr', '');
    await afterFrames(page);
    await expect(nameInput(page)).toHaveValue(SAMPLE_NAME);
    await expect(passwordInput(page)).toHaveValue('coast');
    await expect(passwordInput(page)).toBeFocused();
    expect(await card.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
    expect(await card.locator('> div').boundingBox(), 'the card, once the island has it').toEqual(before);
    // She goes on typing where she was, and her Enter is the island's.
    await page.keyboard.type('light-preview-gallery');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Your private photos' }).getByRole('img')).toHaveCount(3, {
      timeout: 20_000,
    });
  });

  test(
    'at 390 px, once she is in, her first screen is her gallery: its title, its count and the first photo',
    { tag: '@phone' },
    async ({ page }) => {
      await unlock(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const viewport = page.viewportSize()!;
      const firstPhoto = page.getByRole('list', { name: 'Your private photos' }).getByRole('img').first();
      const photo = (await firstPhoto.boundingBox())!;
      expect(photo.y, 'the first photo starts in the top 60% of her screen').toBeLessThan(viewport.height * 0.6);
      expect(photo.y).toBeGreaterThanOrEqual(0);
      for (const line of [page.getByRole('heading', { name: 'Preview gallery' }), page.getByText('3 photographs')]) {
        await expect(line).toBeInViewport({ ratio: 1 });
      }
      // The page's generic header (its eyebrow and the gate's sentence) no longer stands above her photos;
      // its heading stays for a screen reader.
      await expect(page.getByText('The password is given on request', { exact: false })).toBeHidden();
      await expect(page.getByText('Clients only · 18+')).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Private Client Gallery', level: 1 })).toHaveCount(1);
    },
  );

  test('Take Me Back goes home', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/private-gallery');
    await ageDialog(page).getByRole('link', { name: 'Take Me Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test(
    "stage 2: I am 18+ stores the age key and asks for the gallery's name, then the password",
    { tag: '@desktop' },
    async ({ page }) => {
      await verifyAge(page);
      expect(await stored(page, AGE_VERIFIED_KEY)).toBe('yes');
      await expect(ageDialog(page)).toBeHidden();
      await expect(nameInput(page)).toBeFocused();
      await expect(nameInput(page)).toHaveAttribute('autocomplete', 'username');
      await expect(nameInput(page)).toHaveAccessibleDescription(
        /As written in your invitation, for example jenna-2026-10/,
      );
      await expect(passwordInput(page)).toHaveAttribute('type', 'password');
      await expect(passwordInput(page)).toHaveAttribute('autocomplete', 'current-password');
      // Keyboard order: the name, then the password, then Unlock.
      await page.keyboard.press('Tab');
      await expect(passwordInput(page)).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Unlock Gallery' })).toBeFocused();
      await expectNoAxeViolations(page);
    },
  );

  test('blank and whitespace-only submissions do nothing', { tag: '@desktop' }, async ({ page }) => {
    await verifyAge(page);
    const alert = passwordDialog(page).getByRole('alert');
    await page.getByRole('button', { name: 'Unlock Gallery' }).click();
    await nameInput(page).fill('   ');
    await passwordInput(page).fill('    ');
    await passwordInput(page).press('Enter');
    // A password without a name, and a name without a password, never start either.
    await nameInput(page).fill('  ');
    await passwordInput(page).fill(DEVELOPMENT_PASSWORD);
    await passwordInput(page).press('Enter');
    await nameInput(page).fill(SAMPLE_NAME);
    await passwordInput(page).fill('   ');
    await passwordInput(page).press('Enter');
    await afterFrames(page);
    // An attempt would have started at once ("Checking…", busy); a blank one never starts.
    expect(await passwordDialog(page).locator('button[type="submit"]').textContent()).toBe('Unlock Gallery');
    await expect(alert).toHaveText('');
    await expect(passwordDialog(page)).toBeVisible();
    expect(await stored(page, PRIVATE_GALLERY_KEY)).toBeNull();
  });

  test(
    'a wrong name keeps both fields, says the name or the password is not right, and leads to the name',
    { tag: '@desktop' },
    async ({ page }) => {
      await verifyAge(page);
      await expect(page.getByRole('dialog', { name: 'Enter Your Gallery Name and Password' })).toBeVisible();
      // One letter short of her gallery's name, her right password.
      await nameInput(page).fill('previe');
      await passwordInput(page).fill(DEVELOPMENT_PASSWORD);
      await passwordInput(page).press('Enter');
      await expect(passwordDialog(page).getByRole('alert')).toHaveText(
        "That gallery name or password isn't right. Please check both and try again.",
        { timeout: 15_000 },
      );
      // What she typed stays, so she fixes the name instead of typing her password again.
      await expect(nameInput(page)).toHaveValue('previe');
      await expect(passwordInput(page)).toHaveValue(DEVELOPMENT_PASSWORD);
      await expect(nameInput(page)).toBeFocused();
      expect(await stored(page, PRIVATE_GALLERY_KEY)).toBeNull();
      await expectNoAxeViolations(page);
      await page.keyboard.press('End');
      await page.keyboard.type('w');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('list', { name: 'Your private photos' }).getByRole('img')).toHaveCount(3, {
        timeout: 20_000,
      });
    },
  );

  test('her invitation link names her gallery: only her password is asked, and the name stays in her browser', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => sent.push(request.url()));
    await page.goto(`/private-gallery#gallery=${SAMPLE_NAME}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'I am 18+' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Your Gallery Password' });
    await expect(dialog).toBeVisible();
    // The spec's one-field gate: the password alone, focused; the name is read out of the address.
    await expect(nameInput(page)).toBeHidden();
    await expect(passwordInput(page)).toBeFocused();
    expect(new URL(page.url()).hash).toBe('');
    await expectNoAxeViolations(page);

    // A wrong password: the spec's message, the field cleared and focused.
    await passwordInput(page).fill('not the password');
    await passwordInput(page).press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect password. Please try again.', { timeout: 15_000 });
    await expect(passwordInput(page)).toHaveValue('');
    await expect(passwordInput(page)).toBeFocused();
    expect(await stored(page, PRIVATE_GALLERY_KEY)).toBeNull();

    // "Not your gallery?" shows the name from her link, to change.
    await dialog.getByRole('button', { name: 'Not your gallery?' }).click();
    await expect(page.getByRole('dialog', { name: 'Enter Your Gallery Name and Password' })).toBeVisible();
    await expect(nameInput(page)).toHaveValue(SAMPLE_NAME);
    await expect(nameInput(page)).toBeFocused();
    await passwordInput(page).fill(DEVELOPMENT_PASSWORD);
    await passwordInput(page).press('Enter');
    await expect(page.getByRole('list', { name: 'Your private photos' }).getByRole('img')).toHaveCount(3, {
      timeout: 20_000,
    });
    expect(sent.filter((url) => url.includes(SAMPLE_NAME) || url.includes('gallery='))).toEqual([]);
  });

  test('a reload of her invitation still knows her gallery', { tag: '@desktop' }, async ({ page }) => {
    await page.goto(`/private-gallery#gallery=${SAMPLE_NAME}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'I am 18+' }).click();
    await expect(page.getByRole('dialog', { name: 'Enter Your Gallery Password' })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('dialog', { name: 'Enter Your Gallery Password' })).toBeVisible();
    await expect(nameInput(page)).toBeHidden();
    await passwordInput(page).fill(DEVELOPMENT_PASSWORD);
    await passwordInput(page).press('Enter');
    await expect(page.getByRole('list', { name: 'Your private photos' }).getByRole('img')).toHaveCount(3, {
      timeout: 20_000,
    });
  });

  test(
    'the development password opens the preview gallery: 3 thumbnails, each opening its screen copy, one file each',
    { tag: '@quick' },
    async ({ page }) => {
      // Waits for a quiet network after each photo, then axe: slow on a loaded machine.
      test.slow();
      // The sample's photos are 2400×1600: their screen copies 1600×1067. A phone (390 px at 3x) and
      // a laptop at 1x (1440×900) show a landscape photo at most 1,170 and 1,350 device pixels across.
      const photoFiles: string[] = [];
      page.on('request', (request) => {
        if (/\/vault\/[0-9a-f]{24}\.bin$/.test(request.url())) photoFiles.push(request.url());
      });
      const network = watchNetwork(page);
      await unlock(page);
      await network.quiet();
      expect(await stored(page, PRIVATE_GALLERY_KEY)).toBe('yes');
      await expect(passwordDialog(page)).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Preview gallery' })).toBeVisible();
      const images = page.getByRole('list', { name: 'Your private photos' }).getByRole('img');
      for (const [i, img] of (await images.all()).entries()) {
        expect(await img.getAttribute('src')).toMatch(/^blob:/);
        expect(await img.evaluate((el: HTMLImageElement) => el.decode().then(() => el.naturalWidth))).toBe(
          SIZES.thumb.width,
        );
        const before = photoFiles.length;
        await page.getByRole('button', { name: `Open photo ${i + 1}` }).click();
        const viewer = page.getByRole('dialog', { name: 'Private photo viewer' });
        await expect(viewer.locator('[data-full-state]')).toHaveAttribute('data-full-state', 'ready', {
          timeout: 15_000,
        });
        const full = viewer.locator('[data-lightbox-image]');
        expect(await full.getAttribute('src')).toMatch(/^blob:/);
        expect(
          await full.evaluate((el: HTMLImageElement) => el.decode().then(() => [el.naturalWidth, el.naturalHeight])),
        ).toEqual([1600, 1067]);
        // The screen copy only: the large one is not fetched as well (its thumbnail was already in),
        // counted once nothing more is on its way.
        await network.quiet();
        expect(photoFiles.length - before).toBe(1);
        await viewer.getByRole('button', { name: 'Close' }).click();
        await expect(viewer).toBeHidden();
      }
      await expect(page.getByRole('link', { name: 'Request/Reset Password' })).toHaveAttribute(
        'href',
        '/#contact-form',
      );
      await expectNoAxeViolations(page);
    },
  );

  test(
    'a reload keeps the gallery open; clearing IndexedDB asks for the password again',
    { tag: '@desktop' },
    async ({ page }) => {
      await unlock(page);
      await page.reload();
      await expect(page.getByRole('list', { name: 'Your private photos' }).getByRole('img')).toHaveCount(3, {
        timeout: 15_000,
      });
      await expect(passwordDialog(page)).toBeHidden();
      await expect(ageDialog(page)).toBeHidden();

      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const request = indexedDB.deleteDatabase('coastlight-gallery');
            request.onsuccess = request.onerror = request.onblocked = () => resolve();
          }),
      );
      await page.reload();
      await expect(passwordDialog(page)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('list', { name: 'Your private photos' })).toHaveCount(0);
    },
  );

  test('no flash: each stage is decided before the first paint', { tag: '@quick-phone' }, async ({ page }) => {
    // Verified age, no password: the age modal must never show, the password modal from the start.
    await page.addInitScript(
      ([key]) => {
        localStorage.setItem(key!, 'yes');
        document.addEventListener('DOMContentLoaded', () => {
          const show = (selector: string) => {
            const el = document.querySelector(selector);
            return el ? getComputedStyle(el).display : 'missing';
          };
          (window as unknown as { __first: Record<string, string> }).__first = {
            age: show('[data-age-gate-dialog]'),
            password: show('[data-password-dialog]'),
          };
        });
      },
      [AGE_VERIFIED_KEY],
    );
    await page.goto('/private-gallery');
    const first = await page.evaluate(() => (window as unknown as { __first: Record<string, string> }).__first);
    expect(first).toEqual({ age: 'none', password: 'grid' });
  });

  test('no flash with a private link: the password modal never shows while it opens', async ({ page }) => {
    await page.addInitScript(
      ([key]) => {
        localStorage.setItem(key!, 'yes');
        // Until the island decides (it sets data-gallery-stage), the page's own HTML and CSS must not
        // show the password modal: checked on every change and every frame, not at one moment.
        const w = window as unknown as { __flashed: boolean; __seen: boolean };
        w.__flashed = false;
        w.__seen = false;
        const check = () => {
          if (document.documentElement.hasAttribute('data-gallery-stage')) return;
          const el = document.querySelector('[data-password-dialog]');
          if (!el) return;
          w.__seen = true;
          if (getComputedStyle(el).display !== 'none') w.__flashed = true;
        };
        new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
        const loop = () => {
          check();
          if (!document.documentElement.hasAttribute('data-gallery-stage')) requestAnimationFrame(loop);
        };
        requestAnimationFrame(loop);
      },
      [AGE_VERIFIED_KEY],
    );
    await page.goto('/private-gallery#access=not-a-real-secret');
    // A cut-off link says so, and leaves the address bar.
    await expect(passwordDialog(page).locator('[data-password-reason]')).toHaveText(
      'This private link is incomplete: please open the whole link from the message, or enter your password.',
    );
    expect(
      await page.evaluate(() => (window as unknown as { __flashed: boolean; __seen: boolean }).__seen),
      'the password modal was in the page before the island decided',
    ).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __flashed: boolean }).__flashed)).toBe(false);
    expect(new URL(page.url()).hash).toBe('');
  });

  test('no flash with her invitation: the name field never shows before her password field alone', async ({ page }) => {
    await page.addInitScript(
      ([key]) => {
        localStorage.setItem(key!, 'yes');
        // On every change and every frame until the page is interactive: the name field is never on screen.
        const w = window as unknown as { __nameShown: boolean };
        w.__nameShown = false;
        const check = () => {
          const field = document.querySelector('[data-gallery-name-field]');
          if (field?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) w.__nameShown = true;
        };
        new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
        const loop = () => {
          check();
          requestAnimationFrame(loop);
        };
        requestAnimationFrame(loop);
      },
      [AGE_VERIFIED_KEY],
    );
    await page.goto(`/private-gallery#gallery=${SAMPLE_NAME}`);
    await expect(page.getByRole('dialog', { name: 'Enter Your Gallery Password' })).toBeVisible();
    await expect(passwordInput(page)).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { __nameShown: boolean }).__nameShown)).toBe(false);
  });

  test.describe('on a laptop at 2x', () => {
    test.use({ deviceScaleFactor: 2 });
    test(
      'the viewer shows the large copy (2400 px), one file; a download is the large copy too',
      { tag: '@desktop' },
      async ({ page }) => {
        const photoFiles: string[] = [];
        page.on('request', (request) => {
          if (/\/vault\/[0-9a-f]{24}\.bin$/.test(request.url())) photoFiles.push(request.url());
        });
        const network = watchNetwork(page);
        await unlock(page);
        await network.quiet();
        const before = photoFiles.length;
        await page.getByRole('button', { name: 'Open photo 2' }).click();
        const viewer = page.getByRole('dialog', { name: 'Private photo viewer' });
        await expect(viewer.locator('[data-full-state]')).toHaveAttribute('data-full-state', 'ready', {
          timeout: 15_000,
        });
        const size = await viewer
          .locator('[data-lightbox-image]')
          .evaluate((el: HTMLImageElement) => el.decode().then(() => [el.naturalWidth, el.naturalHeight]));
        expect(size).toEqual([2400, 1600]);
        await network.quiet();
        expect(photoFiles.length - before).toBe(1);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          viewer.getByRole('button', { name: /^Download \(\d+ KB\)$/ }).click(),
        ]);
        const meta = await sharp(readFileSync((await download.path())!)).metadata();
        expect(meta).toMatchObject({ format: 'jpeg', width: 2400, height: 1600 });
      },
    );
  });

  test(
    'on a phone, a download is the large copy, not the screen copy the viewer shows',
    { tag: '@phone' },
    async ({ page }) => {
      await unlock(page);
      await page.getByRole('button', { name: 'Open photo 1' }).click();
      const viewer = page.getByRole('dialog', { name: 'Private photo viewer' });
      await expect(viewer.locator('[data-full-state]')).toHaveAttribute('data-full-state', 'ready', {
        timeout: 15_000,
      });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        viewer.getByRole('button', { name: /^Download \(\d+ KB\)$/ }).click(),
      ]);
      const meta = await sharp(readFileSync((await download.path())!)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 2400, height: 1600 });
    },
  );

  test('is kept out of the sitemap', { tag: '@desktop' }, async () => {
    const sitemap = readFileSync('dist/sitemap-0.xml', 'utf8');
    expect(sitemap.includes('/private-gallery')).toBe(false);
  });

  test('its page policy allows only the site and its hashes', { tag: '@desktop' }, async ({ request }) => {
    const origins = (policy: string) => policy.match(/\bhttps?:\/\/[^\s;]+/g) ?? [];
    const erotica = (await request.get('/erotica')).headers()['content-security-policy'] ?? '';
    // The form provider's hosts are in the site's policy (the erotica page needs them)...
    expect(origins(erotica).length).toBeGreaterThan(0);
    // ...and in neither the header nor the <meta> of the private gallery.
    const response = await request.get('/private-gallery');
    const header = response.headers()['content-security-policy'] ?? '';
    const meta =
      (await response.text()).match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i)?.[1] ?? '';
    expect(header).toMatch(/script-src 'self' 'sha256-/);
    expect(origins(header)).toEqual([]);
    expect(meta, "the page's own <meta> policy").toMatch(/script-src &#39;self&#39; &#39;sha256-/);
    expect(origins(meta)).toEqual([]);
    expect(header).toContain("frame-src 'none'");
  });
});
