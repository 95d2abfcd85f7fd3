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
  const galleries = listGalleries(join(root, 'private'));
  partner = newShare(galleries[0]!, [2, 4]);
  const vault = join(root, 'vault');
  await buildVault(vault, galleries, {
    kdf: kdfFor(newSalt()),
    passwords: new Map([[GALLERY.id, GALLERY.password]]),
    seed,
    shares: new Map([[GALLERY.id, [partner]]]),
  });
  fixture = { root, galleries: [], salt: '', seed: new Uint8Array(), linkSecrets: new Map(), vault, links: new Map() };
});

const photos = (page: Page) => page.getByRole('list', { name: 'Your private photos' });
const counter = (page: Page) => page.locator('[data-selection-counter]');
const UNLOCK = { timeout: 20_000 };

async function open(page: Page, hash = '', password: string | null = GALLERY.password) {
  await serveVault(page, fixture);
  await page.goto(`/private-gallery${hash}`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'I am 18+' }).click();
  if (password) {
    await page.getByLabel('Gallery name', { exact: true }).fill(GALLERY.id);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
  }
  await expect(page.getByRole('heading', { name: GALLERY.title })).toBeVisible(UNLOCK);
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
