import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { APIResponse, Page } from '@playwright/test';
import { test, expect, waitForIslands } from './fixtures';
import { startCdn } from '../scripts/servers/cdn.ts';
import { type VaultManifest } from '../src/private-gallery/format/types';
import { randomBytes, toBase64Url } from '../src/private-gallery/format/encodings';
import { kdfFor, newSalt, openIndex, openWithPassword, openWithSecret } from '../src/private-gallery/format/keys';
import { formatDay } from '../src/private-gallery/client/labels';
import { favoritesKey } from '../src/private-gallery/client/favorites';
import { notesKey, sentKey } from '../src/private-gallery/client/selection';
import { makeSchedule, SCHEDULE, type VaultSchedule } from '../src/private-gallery/host/schedule';
import { dayBefore, STUDIO_TIME_ZONE } from '../src/private-gallery/format/dates';
import { publishGalleries } from '../src/private-gallery/publish/build';
import { newShare, type Share } from '../src/private-gallery/publish/share';
import { listGalleries } from '../src/private-gallery/publish/sources';
import { openTarget } from '../src/private-gallery/publish/target';
import { SECURITY_HEADERS } from '../src/lib/security/security';

// Expiry on the host's runtime (wrangler pages dev, the site's Function, a local R2 bucket): a
// gallery and a partner link published while open, whose closing instant has passed by the host's
// clock, while the visitor's device is set back to a day they were open (Playwright's clock), so
// only the host can close them. No publish happens after the instant.
const portOf = (worker: number) => Number(process.env['E2E_PORT'] ?? 4322) + 80 + worker;
const DAY = 86_400_000;
/** Yesterday in the studio's time zone: a last day that ended at midnight there, before this test began. */
const yesterday = dayBefore(new Date());
/** Today in the studio's time zone: a last day that ends at the coming midnight there, after this test. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TIME_ZONE }).format(new Date());
/** Her device's clock, set back: two days ago, when both were open. */
const setBack = new Date(Date.now() - 2 * DAY);
const CLEO = { id: 'cleo-2026-12', title: 'Cleo, December 2026', password: 'cleo runtime password' };
const DANA = { id: 'dana-2027-01', title: 'Dana, January 2027', password: 'dana runtime password' };
/** A gallery open until today's end, with proofing (her hearts and notes), closed early by moving the host's schedule. */
const EVE = { id: 'eve-2027-02', title: 'Eve, February 2027', password: 'eve runtime password' };
const UNLOCK = { timeout: 20_000 };

let root: string;
let persistTo: string;
let server: { origin: string; stop: () => void };
const danaLink = randomBytes(32);
const eveLink = randomBytes(32);
/** Dana's partner link to photos 1 and 3, whose last day was yesterday (made once her photos exist). */
let partner: Share;
/** Another partner link of hers, open for years yet. */
let later: Share;
/** A third, to photos 1 and 3 until today's end: its partner's page is open when it ends. */
let soon: Share;
let files: {
  cleo: string[];
  cleoIndex: string;
  dana: string[];
  danaId: string;
  sub: string;
  laterSub: string;
  soonSub: string;
  eve: string[];
  eveId: string;
};

test.describe.configure({ mode: 'serial' });
test.describe('the host closes galleries and partner links on their day, whatever the device clock says @desktop', () => {
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    root = mkdtempSync(join(tmpdir(), 'gallery-expiry-'));
    persistTo = join(root, 'state');
    let hue = 0;
    for (const [gallery, photos, more] of [
      [CLEO, 2, [`expires: ${yesterday}`]],
      [DANA, 3, []],
      [EVE, 2, [`expires: ${today}`, 'included: 2']],
    ] as const) {
      const folder = join(root, 'private', gallery.id);
      mkdirSync(folder, { recursive: true });
      const lines = [`title: ${gallery.title}`, 'downloads: web', ...more, 'photos:'];
      for (let i = 1; i <= photos; i++) {
        await sharp({ create: { width: 900, height: 600, channels: 3, background: `hsl(${(hue += 50)}, 40%, 50%)` } })
          .jpeg()
          .toFile(join(folder, `${i}.jpg`));
        lines.push(`  - file: ${i}.jpg`, `    alt: ${gallery.title} photograph ${i}`);
      }
      writeFileSync(join(folder, 'gallery.yaml'), `${lines.join('\n')}\n`);
    }
    const target = await openTarget({ persistTo });
    try {
      // Published two days ago, when both were open: the index says open, the schedule says when they close.
      const galleries = listGalleries(join(root, 'private'));
      const dana = galleries.find((gallery) => gallery.id === DANA.id)!;
      partner = newShare(dana, [1, 3], yesterday);
      later = newShare(dana, [2], '2099-12-31');
      soon = newShare(dana, [1, 3], today);
      await publishGalleries(target, galleries, {
        kdf: kdfFor(newSalt()),
        passwords: new Map([CLEO, DANA, EVE].map((g) => [g.id, g.password])),
        seed: randomBytes(32),
        links: new Map([
          [DANA.id, [danaLink]],
          [EVE.id, [eveLink]],
        ]),
        shares: new Map([[DANA.id, [partner, later, soon]]]),
        cacheDir: join(root, 'cache'),
        now: setBack,
      });
      const manifest = JSON.parse(new TextDecoder().decode((await target.get('manifest.json'))!)) as VaultManifest;
      const indexOf = async (opened: Awaited<ReturnType<typeof openWithPassword>>) =>
        openIndex(opened!.pointer, new Uint8Array((await target.get(opened!.pointer.file))!));
      const filesOf = async (opened: Awaited<ReturnType<typeof openWithPassword>>) =>
        (await indexOf(opened)).images.flatMap((image) => [image.thumb.file, image.screen!.file, image.full.file]);
      const cleo = await openWithPassword(manifest, { gallery: CLEO.id, password: CLEO.password });
      const danaOwn = await openWithPassword(manifest, { gallery: DANA.id, password: DANA.password });
      const eve = await openWithSecret(manifest, eveLink);
      files = {
        cleo: await filesOf(cleo),
        cleoIndex: cleo!.pointer.file,
        dana: await filesOf(danaOwn),
        danaId: (await indexOf(danaOwn)).id,
        sub: (await openWithSecret(manifest, partner.secret))!.pointer.file,
        laterSub: (await openWithSecret(manifest, later.secret))!.pointer.file,
        soonSub: (await openWithSecret(manifest, soon.secret))!.pointer.file,
        eve: await filesOf(eve),
        eveId: (await indexOf(eve)).id,
      };
    } finally {
      await target.close();
    }
    server = await startCdn({ port: portOf(test.info().parallelIndex), persistTo, sample: false, timeoutMs: 90_000 });
  });

  test.afterAll(() => {
    server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const vault = (page: Page, name: string, method: 'get' | 'head' = 'get') =>
    page.request[method](`${server.origin}/vault/${name}`);
  const expectGone = (response: APIResponse, name: string) => {
    expect(response.status(), name).toBe(410);
    expect(response.headers()['cache-control']).toBe('no-store');
    for (const [header, value] of Object.entries(SECURITY_HEADERS))
      expect(response.headers()[header.toLowerCase()]).toBe(value);
    expect(response.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  };
  const photos = (page: Page) => page.getByRole('list', { name: 'Your private photos' });

  /**
   * Moves the host past these objects' closing instant without a publish: its schedule, read on
   * every request, now says they closed a minute ago, as it would once its clock passed their day.
   */
  async function closeNow(names: string[]) {
    const target = await openTarget({ persistTo });
    try {
      const schedule = JSON.parse(new TextDecoder().decode((await target.get(SCHEDULE))!)) as VaultSchedule;
      const closings = Object.entries(schedule.closes).map(([at, keys]) => ({ at: new Date(at), keys }));
      await target.put(
        SCHEDULE,
        JSON.stringify(makeSchedule([...closings, { at: new Date(Date.now() - 60_000), keys: names }])),
      );
    } finally {
      await target.close();
    }
  }

  /** The gallery id of the access this device keeps in IndexedDB, or null when it keeps none. */
  const savedAccess = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<string | null>((resolve, reject) => {
          const request = indexedDB.open('coastlight-gallery');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const db = request.result;
            const get = db.transaction('keys').objectStore('keys').get('gallery');
            get.onerror = () => reject(get.error);
            get.onsuccess = () => {
              db.close();
              resolve((get.result as { gallery?: string } | undefined)?.gallery ?? null);
            };
          };
        }),
    );
  /** What localStorage holds under these keys (null for none). */
  const stored = (page: Page, keys: string[]) =>
    page.evaluate((names) => names.map((name) => localStorage.getItem(name)), keys);

  async function open(page: Page, fragment = '') {
    await page.clock.setFixedTime(setBack);
    await page.goto(`${server.origin}/private-gallery${fragment}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'I am 18+' }).click();
  }

  test("after a gallery's closing instant the Function answers 410 for its photo files, and her set-back device shows it closed", async ({
    page,
  }) => {
    for (const name of files.cleo) {
      expectGone(await vault(page, name), name);
      expectGone(await vault(page, name, 'head'), name);
    }
    // Her index stays: it carries the title and last day the closed page shows.
    expect((await vault(page, files.cleoIndex)).status()).toBe(200);
    // The schedule is read by the Function, never served.
    for (const name of ['schedule.json', 'schedule.json?x=1']) expect((await vault(page, name)).status()).toBe(404);
    // Dana's gallery has no last day: her files are served, revalidated on every use all the same
    // (she may be closed later), never kept for a year.
    const served = await vault(page, files.dana[0]!);
    expect(served.status()).toBe(200);
    expect(served.headers()['cache-control']).toBe('no-cache');

    await open(page);
    await page.getByLabel('Gallery name', { exact: true }).fill(CLEO.id);
    await page.getByLabel('Password', { exact: true }).fill(CLEO.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const closed = page.locator('[data-gallery-closed]');
    await expect(closed.getByRole('heading', { name: 'This gallery has closed' })).toBeVisible(UNLOCK);
    await expect(closed).toContainText(`“${CLEO.title}” was open until ${formatDay(yesterday)}.`);
    await expect(photos(page)).toHaveCount(0);
    await expect(page.getByText('could not be loaded')).toHaveCount(0);
  });

  test("a partner link past its --expires: 410 for its sub-index, the partner's set-back device shows it closed, the gallery's own link still opens", async ({
    page,
    browser,
  }) => {
    expectGone(await vault(page, files.sub), files.sub);
    // A scheduled object before its instant: served, but revalidated on every use (never kept for a
    // year by a browser), 304 when unchanged.
    const current = await vault(page, files.laterSub);
    expect(current.status()).toBe(200);
    expect(current.headers()['cache-control']).toBe('no-cache');
    const etag = current.headers()['etag']!;
    const again = await page.request.get(`${server.origin}/vault/${files.laterSub}`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status()).toBe(304);
    // The photo files it shared are the gallery's, which stays open.
    for (const name of files.dana) expect((await vault(page, name)).status(), name).toBe(200);

    await open(page, `#access=${toBase64Url(partner.secret)}`);
    const closed = page.locator('[data-gallery-closed]');
    await expect(closed.getByRole('heading', { name: 'This gallery has closed' })).toBeVisible(UNLOCK);
    await expect(closed).toContainText('This private link is no longer open.');
    await expect(photos(page)).toHaveCount(0);

    const own = await browser.newPage();
    await open(own, `#access=${toBase64Url(danaLink)}`);
    await expect(own.getByRole('heading', { name: DANA.title })).toBeVisible(UNLOCK);
    await expect(photos(own).getByRole('img')).toHaveCount(3, UNLOCK);
    await expect(photos(own).getByRole('alert')).toHaveCount(0);
    await own.close();
  });

  test("a 410 for her next photo shows her gallery closed and forgets this device's saved access, favorites and notes for it", async ({
    page,
  }) => {
    await open(page, `#access=${toBase64Url(eveLink)}`);
    await expect(photos(page).getByRole('img')).toHaveCount(2, UNLOCK);
    await page.getByRole('button', { name: 'Favorite photo 1' }).click();
    await page.getByRole('button', { name: 'Open photo 2' }).click();
    const viewer = page.getByRole('dialog', { name: 'Private photo viewer' });
    await expect(viewer.locator('[data-full-state]')).toHaveAttribute('data-full-state', 'ready', UNLOCK);
    await page.getByLabel('Note for the studio on photo 2').fill('Softer light, please');
    await page.keyboard.press('Escape');
    const picks = [favoritesKey(files.eveId), notesKey(files.eveId)];
    await expect.poll(() => stored(page, picks)).toEqual(['[1]', '{"2":"Softer light, please"}']);
    expect(await savedAccess(page)).toBe(files.eveId);

    // Her day is not over on her device's clock; the host's passes her gallery's closing instant.
    await closeNow(files.eve);
    const answer = page.waitForResponse((response) => files.eve.some((name) => response.url().endsWith(`/${name}`)));
    await page.getByRole('button', { name: 'Open photo 1' }).click();
    expect((await answer).status()).toBe(410);
    const closed = page.locator('[data-gallery-closed]');
    await expect(closed.getByRole('heading', { name: 'This gallery has closed' })).toBeVisible(UNLOCK);
    await expect(closed).toContainText(`“${EVE.title}” was open until ${formatDay(today)}.`);
    // Nothing of that gallery is left on this device: no saved access, no heart, no note.
    await expect.poll(() => savedAccess(page)).toBeNull();
    expect(await stored(page, [...picks, sentKey(files.eveId)])).toEqual([null, null, null]);
  });

  test("a partner link's end closes its open page: before each full photo it re-checks its index (a 304), and from its end the next full photo is refused", async ({
    page,
  }) => {
    const index: number[] = [];
    const photoFiles: string[] = [];
    page.on('response', (response) => {
      const name = response.url().split('/').pop()!;
      if (name === files.soonSub) index.push(response.status());
      else if (files.dana.includes(name)) photoFiles.push(name);
    });
    await open(page, `#access=${toBase64Url(soon.secret)}`);
    await expect(photos(page).getByRole('img')).toHaveCount(2, UNLOCK);
    await page.getByRole('button', { name: 'Open photo 1' }).click();
    const viewer = page.getByRole('dialog', { name: 'Private photo viewer' });
    await expect(viewer.locator('[data-full-state]')).toHaveAttribute('data-full-state', 'ready', UNLOCK);
    await page.keyboard.press('Escape');
    expect(await savedAccess(page)).toBe(files.danaId);

    // Her link's day is not over on the partner's clock; the host's passes the link's instant.
    await closeNow([files.soonSub]);
    const before = photoFiles.length;
    await page.getByRole('button', { name: 'Open photo 2' }).click();
    const closed = page.locator('[data-gallery-closed]');
    await expect(closed.getByRole('heading', { name: 'This gallery has closed' })).toBeVisible(UNLOCK);
    await expect(closed).toContainText(`“${DANA.title}” was open until ${formatDay(today)}.`);
    // Its index: read once, re-checked before the first full photo (304), refused before the second (410).
    expect(index).toEqual([200, 304, 410]);
    // The second full photo was not even asked for, and the link's saved access is forgotten.
    expect(photoFiles.length).toBe(before);
    await expect.poll(() => savedAccess(page)).toBeNull();
    // The photo files are the gallery's, which stays open: the host still serves them.
    for (const name of files.dana) expect((await vault(page, name)).status(), name).toBe(200);
  });
});
