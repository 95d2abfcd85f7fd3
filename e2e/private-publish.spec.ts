import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { test, expect, waitForIslands } from './fixtures';
import { startCdn } from '../scripts/servers/cdn.ts';
import { randomBytes } from '../src/private-gallery/format/encodings';
import { kdfFor, newSalt } from '../src/private-gallery/format/keys';
import { publishGalleries } from '../src/private-gallery/publish/build';
import { closeGallery } from '../src/private-gallery/publish/close';
import { readEnv } from '../src/private-gallery/publish/secrets';
import { readShares } from '../src/private-gallery/publish/share';
import { shareCommand } from '../src/private-gallery/publish/share-command';
import { listGalleries } from '../src/private-gallery/publish/sources';
import { openTarget } from '../src/private-gallery/publish/target';
import { STALE_ACCESS, STALE_LINK } from '../src/private-gallery/client/stages';
import { SECURITY_HEADERS } from '../src/lib/security/security';
import { settings } from '../src/lib/content/settings';

// The owner's journey on the host's runtime: publish to a local R2 bucket, served by the site's
// Function (wrangler pages dev), then change a photo, close a gallery, all without a rebuild. Two
// deployments of the site (the current one and an older copy of dist/) read the one bucket.
/** Two servers per worker, from E2E_PORT + 60: each worker publishes into a bucket of its own. */
const portsOf = (worker: number) => Number(process.env['E2E_PORT'] ?? 4322) + 60 + 2 * worker;
const ANNA = { id: 'anna-2026-10', title: 'Anna, October 2026', password: 'anna runtime password', photos: 2 };
const BELLA = { id: 'bella-2026-11', title: 'Bella, November 2026', password: 'bella runtime password', photos: 3 };
const UNLOCK = { timeout: 20_000 };

let root: string;
let persistTo: string;
const servers: { origin: string; stop: () => void }[] = [];
const kdf = kdfFor(newSalt());
const seed = randomBytes(32);
const passwords = new Map([ANNA, BELLA].map((g) => [g.id, g.password]));

async function makePhoto(path: string, hue: number) {
  await sharp({ create: { width: 900, height: 600, channels: 3, background: `hsl(${hue}, 40%, 50%)` } })
    .jpeg()
    .toFile(path);
}

/** The owner's galleries folder, with its passwords.env (where share and unshare keep partner links). */
const ownerEnv = () => ({ PRIVATE_GALLERY_DIR: join(root, 'private') });
const options = () => ({
  kdf,
  passwords,
  seed,
  shares: readShares(listGalleries(join(root, 'private')), readEnv(root, ownerEnv()), root),
  cacheDir: join(root, 'cache'),
});
/** The bucket's object names now. */
let names = new Set<string>();

async function publish() {
  const target = await openTarget({ persistTo });
  try {
    const result = await publishGalleries(target, listGalleries(join(root, 'private')), options());
    names = await target.list();
    return result;
  } finally {
    await target.close();
  }
}

test.describe.configure({ mode: 'serial' });
test.describe('private galleries published to the bucket, on the runtime @desktop', () => {
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    const port = portsOf(test.info().parallelIndex);
    root = mkdtempSync(join(tmpdir(), 'gallery-publish-'));
    persistTo = join(root, 'state');
    let hue = 0;
    for (const gallery of [ANNA, BELLA]) {
      const folder = join(root, 'private', gallery.id);
      mkdirSync(folder, { recursive: true });
      const lines = [`title: ${gallery.title}`, 'downloads: web', 'photos:'];
      for (let i = 1; i <= gallery.photos; i++) {
        await makePhoto(join(folder, `${i}.jpg`), (hue += 60));
        lines.push(`  - file: ${i}.jpg`, `    alt: ${gallery.title} photograph ${i}`);
      }
      writeFileSync(join(folder, 'gallery.yaml'), `${lines.join('\n')}\n`);
    }
    await publish();
    // An older deployment: a copy of dist/ served at its own address, against the same bucket.
    const older = join(root, 'older-dist');
    cpSync(join(import.meta.dirname, '..', 'dist'), older, { recursive: true });
    // One after the other: two runtimes opening one new local bucket at once can find it locked.
    servers.push(await startCdn({ port, persistTo, sample: false, timeoutMs: 90_000 }));
    servers.push(await startCdn({ port: port + 1, dir: older, persistTo, sample: false, timeoutMs: 90_000 }));
  });

  test.afterAll(() => {
    for (const server of servers) server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const passwordDialog = (page: Page) => page.getByRole('dialog', { name: 'Enter Your Gallery Name and Password' });
  const photos = (page: Page) => page.getByRole('list', { name: 'Your private photos' });

  async function enter(page: Page, origin: string, gallery: { id: string; password: string }) {
    await page.goto(`${origin}/private-gallery`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'I am 18+' }).click();
    await expect(passwordDialog(page)).toBeVisible();
    await page.getByLabel('Gallery name', { exact: true }).fill(gallery.id);
    await page.getByLabel('Password', { exact: true }).fill(gallery.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
  }

  async function alts(page: Page) {
    return photos(page)
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
  }

  async function expectClosed(page: Page, title: string) {
    const closed = page.locator('[data-gallery-closed]');
    await expect(closed.getByRole('heading', { name: 'This gallery has closed' })).toBeVisible(UNLOCK);
    await expect(closed).toContainText(title);
    await expect(closed.getByRole('link', { name: 'Email the studio' })).toHaveAttribute(
      'href',
      `mailto:${settings.contact.email}`,
    );
    await expect(closed.getByRole('link', { name: 'Contact the studio' })).toHaveAttribute('href', '/#contact-form');
    await expect(page.getByText('Incorrect password')).toHaveCount(0);
    await expect(photos(page)).toHaveCount(0);
  }

  const newPage = (browser: Browser) => browser.newPage();

  test('each password opens only its own photos, served by the Function from the bucket', async ({ page, browser }) => {
    const [origin] = servers.map((server) => server.origin);
    // The Function's answers: the manifest never cached, sealed files revalidated, anything else 404,
    // each with the headers every page has (the host does not apply _headers to a Function).
    const manifest = await page.request.get(`${origin}/vault/manifest.json`);
    expect(manifest.headers()['cache-control']).toBe('no-store');
    expect(((await manifest.json()) as { version: number }).version).toBe(4);
    const sealed = await page.request.get(`${origin}/vault/${[...names].find((name) => name !== 'manifest.json')}`);
    expect(sealed.headers()['cache-control']).toBe('no-cache');
    for (const response of [manifest, sealed]) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers()[name.toLowerCase()]).toBe(value);
      expect(response.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    for (const path of [
      '/vault/',
      '/vault/passwords.env',
      '/vault/manifest.json.bak',
      `/vault/${'0'.repeat(24)}.bin`,
    ]) {
      expect((await page.request.get(`${origin}${path}`)).status(), path).toBe(404);
    }
    await enter(page, origin!, ANNA);
    await expect(page.getByRole('heading', { name: ANNA.title })).toBeVisible(UNLOCK);
    await expect(photos(page).getByRole('img')).toHaveCount(ANNA.photos, UNLOCK);
    expect(await alts(page)).toEqual([1, 2].map((n) => `${ANNA.title} photograph ${n}`));
    await expect(page.getByText(BELLA.title)).toHaveCount(0);

    const other = await newPage(browser);
    await enter(other, origin!, BELLA);
    await expect(photos(other).getByRole('img')).toHaveCount(BELLA.photos, UNLOCK);
    expect(await alts(other)).toEqual([1, 2, 3].map((n) => `${BELLA.title} photograph ${n}`));
    await other.close();
  });

  test("publishing again after one photo changed uploads only that photo's three files, and she sees it", async ({
    page,
  }) => {
    const unchanged = await publish();
    expect(unchanged.uploads).toMatchObject({ photoFiles: 0, kept: 3 * (ANNA.photos + BELLA.photos) });
    await makePhoto(join(root, 'private', BELLA.id, '2.jpg'), 20);
    const changed = await publish();
    // A thumbnail, a screen copy and a large copy (downloads: web); the old three are deleted.
    expect(changed.uploads).toMatchObject({ photoFiles: 3, kept: 3 * (ANNA.photos + BELLA.photos) - 3 });
    expect(changed.uploads.deleted).toBeGreaterThanOrEqual(3);
    await enter(page, servers[0]!.origin, BELLA);
    await expect(photos(page).getByRole('img')).toHaveCount(BELLA.photos, UNLOCK);
    // Every photo the page shows decrypted: none is a file the publish deleted.
    await expect(photos(page).getByRole('alert')).toHaveCount(0);
    // She sees the new photo 2 (hue 20, was 240), and photos 1 and 3 as they were: each thumbnail's
    // decrypted middle pixel, against the colour each photo was made with.
    const colour = async (hue: number) => [
      ...(await sharp({ create: { width: 1, height: 1, channels: 3, background: `hsl(${hue}, 40%, 50%)` } })
        .raw()
        .toBuffer()),
    ];
    const shown = await photos(page)
      .getByRole('img')
      .evaluateAll((imgs: HTMLImageElement[]) =>
        Promise.all(
          imgs.map(async (img) => {
            await img.decode();
            const canvas = document.createElement('canvas');
            [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
            const context = canvas.getContext('2d')!;
            context.drawImage(img, 0, 0);
            return [...context.getImageData(img.naturalWidth >> 1, img.naturalHeight >> 1, 1, 1).data.slice(0, 3)];
          }),
        ),
      );
    const expected = await Promise.all([180, 20, 300].map(colour));
    expect(shown.length).toBe(expected.length);
    for (const [i, pixel] of shown.entries()) {
      const distance = Math.max(...pixel.map((value, channel) => Math.abs(value - expected[i]![channel]!)));
      expect(distance, `photo ${i + 1}: shown ${pixel}, made ${expected[i]}`).toBeLessThanOrEqual(12);
    }
  });

  test('a partner link from share opens only its photos, view-only; after unshare and a publish it opens nothing, her password still does', async ({
    page,
    browser,
  }) => {
    const origin = servers[0]!.origin;
    const made = shareCommand(['share', BELLA.id, '--photos', '3,1'], settings.siteUrl, root, ownerEnv());
    const link = /#access=[\w-]+/.exec(made)?.[0];
    expect(made).toContain(`${settings.siteUrl.replace(/\/$/, '')}/private-gallery${link}`);
    // A new way in rotates her gallery's keys (format 4): her photos' files are sealed anew, and
    // the partner's sub-index names some of them.
    expect((await publish()).uploads).toMatchObject({ photoFiles: 3 * BELLA.photos });
    await page.goto(`${origin}/private-gallery${link}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'I am 18+' }).click();
    await expect(page.getByRole('heading', { name: BELLA.title })).toBeVisible(UNLOCK);
    await expect(photos(page).getByRole('img')).toHaveCount(2, UNLOCK);
    expect(await alts(page)).toEqual([1, 3].map((n) => `${BELLA.title} photograph ${n}`));
    await expect(page.locator('[data-view="partner"]')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Favorite/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Download|Your selection|Your favorites/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open photo 2' }).click();
    const viewer = page.getByRole('dialog', { name: 'Private photo viewer' });
    await expect(viewer.locator('[data-full-state]')).toHaveAttribute('data-full-state', 'ready', UNLOCK);
    await expect(viewer.getByRole('button', { name: /Download/ })).toHaveCount(0);
    await expect(viewer.getByRole('link', { name: /Download|Save/ })).toHaveCount(0);

    expect(shareCommand(['unshare', BELLA.id, link!], settings.siteUrl, root, ownerEnv())).toContain('Withdrawn');
    const withdrawn = await publish();
    // Withdrawing it rotates her gallery's keys again: her files are sealed anew, so a key read out
    // through the link opens nothing published after; Anna's all stay.
    expect(withdrawn.uploads).toMatchObject({ photoFiles: 3 * BELLA.photos, kept: 3 * ANNA.photos });
    // The partner's device, on its next visit, and the link itself open nothing.
    await page.reload();
    await expect(passwordDialog(page).locator('[data-password-reason]')).toHaveText(STALE_ACCESS, UNLOCK);
    await expect(photos(page)).toHaveCount(0);
    const fresh = await newPage(browser);
    await fresh.goto(`${origin}/private-gallery${link}`);
    await waitForIslands(fresh);
    await fresh.getByRole('button', { name: 'I am 18+' }).click();
    await expect(passwordDialog(fresh).locator('[data-password-reason]')).toHaveText(STALE_LINK, UNLOCK);
    await expect(photos(fresh)).toHaveCount(0);
    // Her password still opens her whole gallery, hearts and all.
    await fresh.getByLabel('Gallery name', { exact: true }).fill(BELLA.id);
    await fresh.getByLabel('Password', { exact: true }).fill(BELLA.password);
    await fresh.getByLabel('Password', { exact: true }).press('Enter');
    await expect(photos(fresh).getByRole('img')).toHaveCount(BELLA.photos, UNLOCK);
    await expect(fresh.getByRole('button', { name: 'Favorite photo 2' })).toBeVisible();
    await fresh.close();
  });

  test('closing a gallery: her next visit, her remembered device and an older deployment all show it closed', async ({
    page,
    browser,
  }) => {
    const [current, older] = servers.map((server) => server.origin);
    // Her device remembers her access from a visit before the gallery closed.
    await enter(page, current!, ANNA);
    await expect(photos(page).getByRole('img')).toHaveCount(ANNA.photos, UNLOCK);

    const target = await openTarget({ persistTo });
    const before = (await target.list()).size;
    const closed = await closeGallery(target, listGalleries(join(root, 'private')), ANNA.id, options());
    const after = (await target.list()).size;
    await target.close();
    // Her index and her two photos' six files (thumbnails, screen and large copies) are gone; a
    // closed index replaces the index.
    expect(closed.result.closed).toEqual([ANNA.id]);
    // (Every index and decoy is sealed anew under a new name, as at every publish, so more are
    // deleted than hers; the bucket is smaller by exactly her photo files.)
    expect(closed.result.uploads).toMatchObject({ photoFiles: 0 });
    expect(closed.result.uploads.deleted).toBeGreaterThanOrEqual(1 + 3 * ANNA.photos);
    expect(before - after).toBe(3 * ANNA.photos);

    await page.reload();
    await expectClosed(page, ANNA.title);

    const fresh = await newPage(browser);
    await enter(fresh, current!, ANNA);
    await expectClosed(fresh, ANNA.title);
    await enter(fresh, older!, ANNA);
    await expectClosed(fresh, ANNA.title);
    // Bella's gallery is untouched, on both deployments.
    const other = await newPage(browser);
    await enter(other, older!, BELLA);
    await expect(photos(other).getByRole('img')).toHaveCount(BELLA.photos, UNLOCK);
    await Promise.all([fresh.close(), other.close()]);
  });

  test('a vault answering 500, or not at all, shows the failure and Retry opens the gallery', async ({ page }) => {
    const origin = servers[0]!.origin;
    let failure: 'error' | 'stall' | null = 'error';
    await page.route('**/vault/manifest.json', (route) => {
      if (failure === 'error') return route.fulfill({ status: 500, body: 'Internal error' });
      if (failure === 'stall') return undefined;
      return route.fallback();
    });
    await enter(page, origin, BELLA);
    const alert = passwordDialog(page).getByRole('alert');
    await expect(alert).toContainText('could not be downloaded right now (error 500)', UNLOCK);
    failure = 'stall';
    await passwordDialog(page).getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toContainText('taking too long', { timeout: 15_000 });
    failure = null;
    await passwordDialog(page).getByRole('button', { name: 'Retry' }).click();
    await expect(photos(page).getByRole('img')).toHaveCount(BELLA.photos, UNLOCK);
  });
});
