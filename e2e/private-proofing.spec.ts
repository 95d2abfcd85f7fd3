import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, waitForIslands } from './fixtures';
import { serveVault, type Fixture } from './vault-fixture';
import { randomBytes, toBase64Url } from '../src/private-gallery/format/encodings';
import { kdfFor, newSalt } from '../src/private-gallery/format/keys';
import { galleryRef } from '../src/private-gallery/format/seal';
import { selectionLink } from '../src/private-gallery/format/picks';
import { buildVault } from '../src/private-gallery/publish/build';
import { newShare, type Share } from '../src/private-gallery/publish/share';
import { listGalleries } from '../src/private-gallery/publish/sources';
import { settings } from '../src/lib/content/settings';

// A proofing gallery of five photos whose package includes three (a strict limit), with a partner
// link to photos 2 and 4, built like the galleries are published and served at /vault/.
const GALLERY = { id: 'proof-2026-11', title: 'Ana, November 2026', password: 'ana proofing password' };
// A longer proofing gallery, landscapes and portraits, for the count at the foot of the screen.
const LONG = { id: 'proof-long-2026-11', title: 'Bea, November 2026', password: 'bea proofing password' };
const LONG_PHOTOS = 14;
let fixture: Fixture;
let partner: Share;
const seed = randomBytes(32);

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const root = mkdtempSync(join(tmpdir(), 'proofing-e2e-'));
  const folder = join(root, 'private', GALLERY.id);
  mkdirSync(folder, { recursive: true });
  for (let i = 1; i <= 5; i++) {
    await sharp({ create: { width: 600, height: 400, channels: 3, background: `hsl(${i * 61}, 35%, 45%)` } })
      .jpeg()
      .toFile(join(folder, `AN_00${i}.jpg`));
  }
  writeFileSync(
    join(folder, 'gallery.yaml'),
    `title: ${GALLERY.title}\ndownloads: web\nincluded: 3\nextraPhotoPrice: 35\nlimit: strict\n`,
  );
  const long = join(root, 'private', LONG.id);
  mkdirSync(long, { recursive: true });
  for (let i = 1; i <= LONG_PHOTOS; i++) {
    const [width, height] = i % 3 === 0 ? [400, 600] : [600, 400];
    await sharp({ create: { width, height, channels: 3, background: `hsl(${i * 29}, 35%, 45%)` } })
      .jpeg()
      .toFile(join(long, `BE_${String(i).padStart(3, '0')}.jpg`));
  }
  writeFileSync(join(long, 'gallery.yaml'), `title: ${LONG.title}\ndownloads: web\nincluded: 5\n`);
  const galleries = listGalleries(join(root, 'private'));
  const ana = galleries.find((gallery) => gallery.id === GALLERY.id)!;
  partner = newShare(ana, [2, 4]);
  const vault = join(root, 'vault');
  await buildVault(vault, galleries, {
    kdf: kdfFor(newSalt()),
    passwords: new Map([
      [GALLERY.id, GALLERY.password],
      [LONG.id, LONG.password],
    ]),
    seed,
    shares: new Map([[GALLERY.id, [partner]]]),
  });
  fixture = { root, galleries: [], salt: '', seed: new Uint8Array(), linkSecrets: new Map(), vault, links: new Map() };
});

const photos = (page: Page) => page.getByRole('list', { name: 'Your private photos' });
const counter = (page: Page) => page.locator('[data-selection-counter]');
const UNLOCK = { timeout: 20_000 };

async function open(page: Page, hash = '', password: string | null = GALLERY.password, gallery = GALLERY) {
  await serveVault(page, fixture);
  await page.goto(`/private-gallery${hash}`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'I am 18+' }).click();
  if (password) {
    await page.getByLabel('Gallery name', { exact: true }).fill(gallery.id);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
  }
  await expect(page.getByRole('heading', { name: gallery.title })).toBeVisible(UNLOCK);
}

/**
 * Scrolls the page from the top to its end in small steps and, at each, looks at the count at the
 * foot of the screen; returns what covered a photo (empty when nothing did): a photo seen beside
 * or through the count (the point of the screen under the count along the grid's width is not the
 * count), and, at the end, a photo or its number not ending above the count.
 */
function coveredPhotos(page: Page) {
  return page.evaluate(async () => {
    const problems: string[] = [];
    const bar = document.querySelector<HTMLElement>('[data-selection-pill]')!;
    const grid = document.querySelector<HTMLElement>('[aria-label="Your private photos"]')!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const { backgroundColor } = getComputedStyle(bar);
    if (!/^rgb\(/.test(backgroundColor)) problems.push(`the count's background is not opaque: ${backgroundColor}`);
    const end = document.documentElement.scrollHeight - innerHeight;
    for (let y = 0; ; y = Math.min(end, y + 97)) {
      // At once: the page scrolls smoothly otherwise.
      scrollTo({ top: y, behavior: 'instant' });
      await frame();
      const box = bar.getBoundingClientRect();
      const column = grid.getBoundingClientRect();
      if (box.left > column.left + 0.5 || box.right < column.right - 0.5) {
        problems.push(`at ${y}: the count spans ${box.left}-${box.right}, the photos ${column.left}-${column.right}`);
      }
      for (const at of [box.top + 1, (box.top + box.bottom) / 2, box.bottom - 1]) {
        if (at < 0 || at >= innerHeight) continue;
        for (let x = Math.ceil(column.left) + 1; x < column.right - 1; x += 6) {
          const seen = document.elementFromPoint(x, at);
          if (seen && !bar.contains(seen) && seen.closest('[aria-label="Your private photos"]')) {
            problems.push(`at ${y}: a photo shows at (${x}, ${Math.round(at)}), on the count's line`);
            break;
          }
        }
      }
      if (y === end) break;
    }
    // At the end, every photo and its number end above the count.
    const top = bar.getBoundingClientRect().top;
    for (const tile of grid.querySelectorAll('li')) {
      const { bottom } = tile.getBoundingClientRect();
      if (bottom > top + 0.5)
        problems.push(`at the end: photo ${tile.dataset.photo} ends at ${bottom}, the count starts at ${top}`);
    }
    return problems;
  });
}

test.describe('proofing', () => {
  test(
    'she chooses up to her package with notes, kept on reload, and sends everything in one message',
    { tag: '@quick' },
    async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await open(page);
      await expect(counter(page)).toHaveText('0 of 3 chosen');
      for (const n of [4, 1, 2]) await page.getByRole('button', { name: `Favorite photo ${n}` }).click();
      await expect(counter(page)).toHaveText('3 of 3 chosen');
      // The same count stays in view under the photos.
      await expect(page.locator('[data-selection-pill]')).toHaveText('3 of 3 chosen');
      // A strict limit: a fourth is refused, saying why.
      await page.getByRole('button', { name: 'Favorite photo 5' }).click();
      await expect(page.locator('[data-gallery-status]')).toHaveText(
        'Your package includes 3 photos. To choose this one, first remove one you have chosen.',
      );
      await expect(page.getByRole('button', { name: 'Favorite photo 5' })).toHaveAttribute('aria-pressed', 'false');
      await expect(counter(page)).toHaveText('3 of 3 chosen');

      // A note, written in the viewer, shown on the thumbnail; the arrow keys stay in the text.
      await page.getByRole('button', { name: 'Open photo 2' }).click();
      const note = page.getByLabel('Note for the studio on photo 2');
      await note.fill('A little tighter, please');
      await note.press('ArrowLeft');
      await expect(page.getByLabel('Note for the studio on photo 2')).toBeVisible();
      await expect(note).toHaveAttribute('maxlength', '280');
      await page.keyboard.press('Escape');
      await expect(photos(page).locator('[data-photo="2"] [data-note]')).toHaveText(
        'Your note on photo 2: A little tighter, please',
      );

      await page.reload();
      await expect(counter(page)).toHaveText('3 of 3 chosen', UNLOCK);
      await expect(photos(page).locator('[data-photo="2"] [data-note]')).toContainText('A little tighter, please');

      const link = (await page.evaluate(() => location.origin)) + '/private-gallery#picks=';
      const mailto = new URL((await page.getByRole('link', { name: 'Send my selection' }).getAttribute('href'))!);
      expect(mailto.pathname).toBe(settings.contact.email);
      expect(mailto.searchParams.get('subject')).toBe(`My selection: ${GALLERY.title}`);
      const body = mailto.searchParams.get('body')!;
      const lines = body.split('\n');
      expect(lines.slice(0, 9)).toEqual([
        'Hello,',
        '',
        `My selection from "${GALLERY.title}": 3 photos.`,
        '',
        'Photo 1 (AN_001.jpg)',
        'Photo 2 (AN_002.jpg): A little tighter, please',
        'Photo 4 (AN_004.jpg)',
        '',
        'File names, for a search in Lightroom: AN_001, AN_002, AN_004',
      ]);
      expect(lines[10]).toMatch(
        new RegExp(`^My selection in the gallery: ${link.replace(/[.?]/g, '\\$&')}[0-9a-f]{8}\\.Cw$`),
      );
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect(page.locator('[data-gallery-status]')).toContainText('Your selection is copied');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(`Hello,\n\n${copied}\n\nThank you!`).toBe(body);

      // Once sent, she sees when and what; a change asks her to send it again, and survives a reload.
      await expect(page.locator('[data-selection-sent]')).toHaveText(/^You sent your selection of 3 photos on /);
      await page.getByRole('button', { name: 'Favorite photo 4' }).click();
      await expect(counter(page)).toHaveText('2 of 3 chosen');
      await expect(page.locator('[data-selection-sent="changed"]')).toContainText(
        'have changed it since. Please send it again so the studio has your latest choices.',
      );
      await page.reload();
      await expect(page.locator('[data-selection-sent="changed"]')).toBeVisible(UNLOCK);
      await expectNoAxeViolations(page);
    },
  );

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    test(`at ${width} px the chosen count never covers a photo, from the top to the last row`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await open(page, '', LONG.password, LONG);
      await expect(photos(page).locator('li[data-photo="1"] img')).toBeVisible(UNLOCK);
      const bar = page.locator('[data-selection-pill]');
      await page.getByRole('button', { name: 'Favorite photo 2' }).click();
      await expect(bar).toHaveText('1 of 5 chosen');
      // Kept in view while she scrolls: at the foot of the screen halfway down the photos.
      const list = (await photos(page).boundingBox())!;
      await page.evaluate((y) => scrollTo({ top: y, behavior: 'instant' }), list.y + list.height / 2 - 400);
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(height + 0.5);
      expect(box.y + box.height).toBeGreaterThan(height - 24);
      expect(await coveredPhotos(page)).toEqual([]);
    });
  }

  test('the selection link opens the owner’s copy with those photos marked', async ({ page }) => {
    const link = selectionLink('http://x', galleryRef(seed, GALLERY.id), [1, 3, 5]);
    await open(page, link.slice(link.indexOf('#')));
    await expect(page.locator('[data-picks-notice]')).toHaveText(
      'This selection link marks the 3 photos your client chose: 1, 3, 5.',
    );
    await expect(photos(page).locator('[data-picked]')).toHaveCount(3);
    for (const n of [1, 3, 5]) {
      await expect(photos(page).locator(`[data-photo="${n}"]`)).toContainText('Chosen by your client');
    }
    // A selection link of another gallery marks nothing (this browser now keeps her access).
    await page.goto(`/private-gallery#picks=${'0'.repeat(8)}.FQ`);
    await page.reload();
    await expect(page.locator('[data-picks-notice]')).toHaveText(/belongs to another gallery/);
    await expect(photos(page).locator('[data-picked]')).toHaveCount(0);
  });

  test('a partner link opens only its photos, view-only', { tag: '@quick' }, async ({ page }) => {
    await open(page, `#access=${toBase64Url(partner.secret)}`, null);
    await expect(photos(page).getByRole('img')).toHaveCount(2, UNLOCK);
    await expect(page.getByText('Shared with you, privately')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Favorite/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Your selection|Your favorites|Download/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Request/Reset Password' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open photo 2' }).click();
    const viewer = page.getByRole('dialog', { name: 'Private photo viewer' });
    await expect(viewer.locator('[data-full-state]')).toHaveAttribute('data-full-state', 'ready', UNLOCK);
    await expect(viewer.getByRole('button', { name: /Download|Favorite/ })).toHaveCount(0);
    await expect(viewer.getByRole('textbox')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the slideshow advances, pauses on a key or a swipe, and cuts under reduced motion', async ({ page }) => {
    await open(page);
    await page.clock.install();
    await page.getByRole('button', { name: 'Play the slideshow' }).click();
    const show = page.getByRole('dialog', { name: 'Slideshow' });
    const slide = show.locator('[data-slide]');
    await expect(slide).toHaveAttribute('data-slide', '1');
    await expect(show).toHaveAttribute('data-transition', 'fade');
    await page.clock.runFor(5_100);
    await expect(slide).toHaveAttribute('data-slide', '2');
    await page.keyboard.press('ArrowRight');
    await expect(show).toHaveAttribute('data-slideshow', 'paused');
    await expect(slide).toHaveAttribute('data-slide', '3');
    await page.clock.runFor(15_000);
    await expect(slide).toHaveAttribute('data-slide', '3');
    await expect(show.getByRole('button', { name: 'Play' })).toBeFocused();
    await page.keyboard.press(' ');
    await expect(show).toHaveAttribute('data-slideshow', 'playing');
    await page.clock.runFor(5_100);
    await expect(slide).toHaveAttribute('data-slide', '4');
    // A swipe to the left shows the next photo and pauses.
    await show.locator('img').evaluate((img) => {
      const at = (type: string, x: number) =>
        img.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType: 'touch', clientX: x, clientY: 200 }));
      at('pointerdown', 300);
      at('pointerup', 100);
    });
    await expect(slide).toHaveAttribute('data-slide', '5');
    await expect(show).toHaveAttribute('data-slideshow', 'paused');
    await page.keyboard.press('Escape');
    await expect(show).toBeHidden();

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Play the slideshow' }).click();
    await expect(show).toHaveAttribute('data-transition', 'cut');
    await page.keyboard.press('ArrowRight');
    await expect(slide).toHaveAttribute('data-slide', '2');
    expect(await slide.evaluate((img) => img.getAnimations().length)).toBe(0);
  });
});
