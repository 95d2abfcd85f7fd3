import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { APIResponse, Page } from '@playwright/test';
import { test, expect, waitForIslands } from './fixtures';
import { startCdn } from '../scripts/servers/cdn.mjs';
import { type VaultManifest } from '../src/private-gallery/format/types';
import { randomBytes, toBase64Url } from '../src/private-gallery/format/encodings';
import { kdfFor, newSalt, openIndex, openWithPassword, openWithSecret } from '../src/private-gallery/format/keys';
import { formatDay } from '../src/private-gallery/client/labels';
import { dayBefore } from '../src/private-gallery/format/dates';
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
/** Her device's clock, set back: two days ago, when both were open. */
const setBack = new Date(Date.now() - 2 * DAY);
const CLEO = { id: 'cleo-2026-12', title: 'Cleo, December 2026', password: 'cleo runtime password' };
const DANA = { id: 'dana-2027-01', title: 'Dana, January 2027', password: 'dana runtime password' };
const UNLOCK = { timeout: 20_000 };

let root: string;
let server: { origin: string; stop: () => void };
const danaLink = randomBytes(32);
/** Dana's partner link to photos 1 and 3, whose last day was yesterday (made once her photos exist). */
let partner: Share;
/** Another partner link of hers, open for years yet. */
let later: Share;
let files: { cleo: string[]; cleoIndex: string; dana: string[]; sub: string; laterSub: string };

test.describe.configure({ mode: 'serial' });
test.describe('the host closes galleries and partner links on their day, whatever the device clock says @desktop', () => {
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    root = mkdtempSync(join(tmpdir(), 'gallery-expiry-'));
    const persistTo = join(root, 'state');
    let hue = 0;
    for (const [gallery, photos, more] of [
      [CLEO, 2, `expires: ${yesterday}`],
      [DANA, 3, ''],
    ] as const) {
      const folder = join(root, 'private', gallery.id);
      mkdirSync(folder, { recursive: true });
      const lines = [`title: ${gallery.title}`, 'downloads: web', ...(more ? [more] : []), 'photos:'];
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
      await publishGalleries(target, galleries, {
        kdf: kdfFor(newSalt()),
        passwords: new Map([CLEO, DANA].map((g) => [g.id, g.password])),
        seed: randomBytes(32),
        links: new Map([[DANA.id, [danaLink]]]),
        shares: new Map([[DANA.id, [partner, later]]]),
        cacheDir: join(root, 'cache'),
        now: setBack,
      });
      const manifest = JSON.parse(new TextDecoder().decode((await target.get('manifest.json'))!)) as VaultManifest;
      const filesOf = async (opened: Awaited<ReturnType<typeof openWithPassword>>) => {
        const index = await openIndex(opened!.pointer, new Uint8Array((await target.get(opened!.pointer.file))!));
        return index.images.flatMap((image) => [image.thumb.file, image.screen!.file, image.full.file]);
      };
      const cleo = await openWithPassword(manifest, { gallery: CLEO.id, password: CLEO.password });
      files = {
        cleo: await filesOf(cleo),
        cleoIndex: cleo!.pointer.file,
        dana: await filesOf(await openWithPassword(manifest, { gallery: DANA.id, password: DANA.password })),
        sub: (await openWithSecret(manifest, partner.secret))!.pointer.file,
        laterSub: (await openWithSecret(manifest, later.secret))!.pointer.file,
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
});
