import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Locator, Page } from '@playwright/test';
import { test, expect, afterFrames, expectNoAxeViolations, waitForIslands } from './fixtures';
import { TEST_FILTERS } from '../src/lib/portfolio/portfolio-fixtures';

interface Photo {
  id: string;
  category: 'classic' | 'outdoor' | 'fine-art' | 'rain-room';
  alt: string;
  overlay: string;
}
const PHOTOS = parse(readFileSync('content/portfolio.yaml', 'utf8')) as Photo[];
const inCategory = (category: Photo['category']) => PHOTOS.filter((photo) => photo.category === category);
const idsOf = (photos: Photo[]) => photos.map((photo) => photo.id);

const FILTER_LABELS = TEST_FILTERS.map((filter) => filter.label);
const CATEGORIES = [
  ['classic', 'Classic Boudoir'],
  ['outdoor', 'Outdoor Boudoir'],
  ['fine-art', 'Fine Art Nude'],
  ['rain-room', 'Rain Room'],
] as const;
// 'All' previews the first three of these, in this order.
const ALL_VIEW = ['classic', 'outdoor', 'fine-art'] as const;
const ALL_VIEW_IDS = ALL_VIEW.flatMap((category) => idsOf(inCategory(category).slice(0, 3)));

const filters = (page: Page) => page.getByRole('group', { name: 'Filter the portfolio' }).getByRole('button');
const filter = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter the portfolio' }).getByRole('button', { name, exact: true });
const tiles = (page: Page) => page.locator('#portfolio-gallery [data-tile]');
const tileIds = (page: Page) => tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-tile')));
const lightbox = (page: Page) => page.getByRole('dialog', { name: 'Portfolio photo viewer' });
const lightboxImage = (page: Page) => page.locator('[data-lightbox-image]');
/** The large file of a photo as the page lists it, e.g. "classic-04" → the basename astro:assets made. */
const largeName = (id: string) => new RegExp(`/_astro/${id}\\.[^/]+\\.webp$`);

async function open(page: Page, path = '/portfolio') {
  await page.goto(path);
  await waitForIslands(page);
}

async function expectOverlayOpacity(tile: Locator, opacity: '0' | '1') {
  await expect.poll(() => tile.locator('[data-overlay]').evaluate((el) => getComputedStyle(el).opacity)).toBe(opacity);
}

test.describe('portfolio filters', () => {
  test(
    'six filter buttons in order; aria-pressed marks the active one',
    { tag: ['@desktop', '@quick'] },
    async ({ page }) => {
      await open(page);
      await expect(filters(page)).toHaveText([...FILTER_LABELS]);
      await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
      for (const label of FILTER_LABELS.slice(1)) {
        await expect(filter(page, label)).toHaveAttribute('aria-pressed', 'false');
      }
      await filter(page, 'Fine Art Nude').click();
      await expect(filter(page, 'Fine Art Nude')).toHaveAttribute('aria-pressed', 'true');
      await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'false');
      await expect(page.locator('[aria-pressed="true"]')).toHaveCount(1);
    },
  );

  test("'All' shows the first 3 of classic, outdoor and fine-art as three rows", async ({ page }) => {
    await open(page);
    const rows = page.locator('#portfolio-gallery section');
    await expect(rows).toHaveCount(3);
    await expect(rows.getByRole('heading', { level: 2 })).toHaveText([
      'Classic Boudoir',
      'Outdoor Boudoir',
      'Fine Art Nude',
    ]);
    for (const [index, category] of ALL_VIEW.entries()) {
      const ids = await rows
        .nth(index)
        .locator('[data-tile]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-tile')));
      expect(ids).toEqual(idsOf(inCategory(category).slice(0, 3)));
    }
    // 'View Gallery →' sits on the third tile of each row, and nowhere else.
    const viewGallery = page.getByRole('button', { name: /^View Gallery/ });
    await expect(viewGallery).toHaveCount(3);
    for (let index = 0; index < 3; index++) {
      const item = rows.nth(index).locator('li').nth(2);
      await expect(item.getByRole('button', { name: /^View Gallery/ })).toContainText('View Gallery');
      await expect(item.getByRole('button', { name: /^View Gallery/ })).toContainText('→');
    }
    await expect(page.getByRole('button', { name: /^View More/ })).toHaveCount(0);
  });

  for (const [index, [category, label]] of ALL_VIEW.map((c) => CATEGORIES.find(([id]) => id === c)!).entries()) {
    test(`'View Gallery →' on row ${index + 1} switches to ${label}`, { tag: '@desktop' }, async ({ page }) => {
      await open(page);
      await page.getByRole('button', { name: `View Gallery of ${label}` }).click();
      await expect(filter(page, label)).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(new RegExp(`/portfolio\\?category=${category}$`));
      await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory(category).slice(0, 3)));
      await expect(page.getByRole('heading', { level: 2, name: label })).toBeFocused();
    });
  }

  for (const [category, label] of CATEGORIES) {
    test(
      `${label} shows 3, then 'View More ${label} (6 more)' shows all 9`,
      // The quick tier's one category: the others work the same way.
      { tag: category === CATEGORIES[0]![0] ? ['@desktop', '@quick'] : '@desktop' },
      async ({ page }) => {
        await open(page);
        await filter(page, label).click();
        expect(inCategory(category)).toHaveLength(9);
        await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory(category).slice(0, 3)));
        const more = page.getByRole('button', { name: /^View More/ });
        await expect(more).toHaveText(`View More ${label} (6 more)`);
        await more.click();
        await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory(category)));
        await expect(more).toHaveCount(0);
        // The button is gone, so focus moves to the first photo it revealed.
        await expect(tiles(page).nth(3)).toBeFocused();
        await expect(page.getByRole('button', { name: /^View Gallery/ })).toHaveCount(0);
      },
    );
  }

  test('changing the filter resets every expansion', { tag: '@desktop' }, async ({ page }) => {
    await open(page);
    await filter(page, 'Classic Boudoir').click();
    await page.getByRole('button', { name: 'View More Classic Boudoir (6 more)' }).click();
    await expect(tiles(page)).toHaveCount(9);

    await filter(page, 'Outdoor Boudoir').click();
    await expect(tiles(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'View More Outdoor Boudoir (6 more)' }).click();
    await expect(tiles(page)).toHaveCount(9);

    await filter(page, 'Classic Boudoir').click();
    await expect(tiles(page)).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'View More Classic Boudoir (6 more)' })).toBeVisible();

    await filter(page, 'All').click();
    await filter(page, 'Outdoor Boudoir').click();
    await expect(tiles(page)).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'View More Outdoor Boudoir (6 more)' })).toBeVisible();
  });

  test('the erotica filter shows no photos and a note pointing to /erotica', { tag: '@desktop' }, async ({ page }) => {
    await open(page);
    await filter(page, 'Erotica Photography').click();
    await expect(tiles(page)).toHaveCount(0);
    await expect(page.locator('#portfolio-gallery img')).toHaveCount(0);
    await expect(page.locator('#portfolio-gallery')).toContainText('18');
    const link = page.locator('#portfolio-gallery').getByRole('link', { name: /Erotica page/ });
    await expect(link).toHaveAttribute('href', '/erotica');
    await expect(page).toHaveURL(/\?category=erotica$/);
    await expectNoAxeViolations(page);
  });
});

test.describe('portfolio URL state', () => {
  test(
    'a shared link opens the same view; reload keeps it; All drops the parameter',
    { tag: '@desktop' },
    async ({ page }) => {
      await open(page, '/portfolio?category=rain-room');
      await expect(filter(page, 'Rain Room')).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory('rain-room').slice(0, 3)));

      await filter(page, 'Outdoor Boudoir').click();
      await expect(page).toHaveURL(/\/portfolio\?category=outdoor$/);
      await page.reload();
      await waitForIslands(page);
      await expect(filter(page, 'Outdoor Boudoir')).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory('outdoor').slice(0, 3)));

      await filter(page, 'All').click();
      await expect(page).toHaveURL(/\/portfolio$/);
      await expect(tiles(page)).toHaveCount(9);
    },
  );

  test('back and forward step through the filters chosen', { tag: '@desktop' }, async ({ page }) => {
    await open(page);
    await filter(page, 'Classic Boudoir').click();
    await expect(page).toHaveURL(/\?category=classic$/);
    await filter(page, 'Fine Art Nude').click();
    await expect(page).toHaveURL(/\?category=fine-art$/);

    await page.goBack();
    await expect(page).toHaveURL(/\?category=classic$/);
    await expect(filter(page, 'Classic Boudoir')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory('classic').slice(0, 3)));

    await page.goBack();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => tileIds(page)).toEqual(ALL_VIEW_IDS);

    await page.goForward();
    await expect(filter(page, 'Classic Boudoir')).toHaveAttribute('aria-pressed', 'true');
  });

  test('an unknown category falls back to All', { tag: '@desktop' }, async ({ page }) => {
    await open(page, '/portfolio?category=nope');
    await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect(tiles(page)).toHaveCount(9);
  });
});

test.describe('portfolio tiles', () => {
  test('tiles are buttons named by their word and description', { tag: '@desktop' }, async ({ page }) => {
    await open(page);
    for (const id of ALL_VIEW_IDS) {
      const photo = PHOTOS.find((p) => p.id === id)!;
      const tile = page.getByRole('button', { name: `${photo.overlay}: ${photo.alt}`, exact: true });
      await expect(tile).toHaveCount(1);
      await expect(tile.locator('img')).toHaveAttribute('alt', photo.alt);
    }
  });

  test('the overlay word shows on hover and on keyboard focus', async ({ page, isMobile }) => {
    await open(page);
    const first = tiles(page).first();
    const second = tiles(page).nth(1);
    const word = PHOTOS.find((p) => p.id === ALL_VIEW_IDS[0])!.overlay;
    await expect(first.locator('[data-overlay]')).toHaveText(word);
    if (isMobile) {
      // Touch screens cannot hover: the word is always shown, in a small label.
      await expectOverlayOpacity(first, '1');
      await expect(first.locator('[data-overlay]')).toBeVisible();
      return;
    }
    await expectOverlayOpacity(first, '0');
    await first.hover();
    await expectOverlayOpacity(first, '1');
    await page.mouse.move(5, 5);
    await expectOverlayOpacity(first, '0');

    await expectOverlayOpacity(second, '0');
    await first.focus();
    await page.keyboard.press('Tab');
    await expect(second).toBeFocused();
    await expectOverlayOpacity(second, '1');
  });

  test('thumbnails are responsive, sized, and lazy below the first row', async ({ page }) => {
    await open(page);
    const images = page.locator('#portfolio-gallery [data-tile] img');
    await expect(images).toHaveCount(9);
    for (let index = 0; index < 9; index++) {
      const img = images.nth(index);
      await expect(img).toHaveAttribute('srcset', /(\S+ \d+w, ){3,}\S+ \d+w/);
      await expect(img).toHaveAttribute('sizes', /vw/);
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await expect(img).toHaveAttribute('height', /^\d+$/);
      await expect(img).toHaveAttribute('loading', index < 3 ? 'eager' : 'lazy');
    }
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    // AVIF first, WebP for browsers without it: both list the same widths.
    const avif = page.locator('#portfolio-gallery [data-tile] picture source[type="image/avif"]');
    await expect(avif).toHaveCount(9);
    await expect(avif.first()).toHaveAttribute('srcset', /(\S+\.avif \d+w, ){3,}\S+\.avif \d+w/);
    // The browser picks a grid-sized file, never one wider than 1000 px.
    const picked = await images.first().evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
    const candidate = [(await images.first().getAttribute('srcset'))!, (await avif.first().getAttribute('srcset'))!]
      .join(', ')
      .split(', ')
      .find((entry) => entry.startsWith(new URL(picked).pathname));
    expect(Number(candidate?.split(' ')[1]?.replace('w', ''))).toBeLessThanOrEqual(1000);
  });

  test('the first tile is preloaded from the head with its own srcset, and fetched once', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') fetched.push(new URL(request.url()).pathname);
    });
    await open(page);
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveCount(1);
    const avif = page.locator('#portfolio-gallery [data-tile] picture source[type="image/avif"]').first();
    await expect(preload).toHaveAttribute('type', 'image/avif');
    await expect(preload).toHaveAttribute('fetchpriority', 'high');
    await expect(preload).toHaveAttribute('imagesrcset', (await avif.getAttribute('srcset'))!);
    await expect(preload).toHaveAttribute('imagesizes', (await avif.getAttribute('sizes'))!);
    const shown = await page
      .locator('#portfolio-gallery [data-tile] img')
      .first()
      .evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    // The preloaded file is the one the tile shows, not a second download of another width.
    const firstTileFiles = fetched.filter((path) => path.startsWith(shown.split('.')[0]!));
    expect(firstTileFiles).toEqual([shown]);
  });
});

test.describe('portfolio lightbox', () => {
  test(
    'opens on click, loads the large photo only then, closes with the button and returns focus',
    { tag: '@quick' },
    async ({ page }) => {
      const large: string[] = [];
      page.on('request', (request) => {
        if (/\/_astro\/classic-01\.[^/]+\.webp$/.test(request.url())) large.push(request.url());
      });
      await open(page);
      await expect(lightbox(page)).toBeHidden();
      await expect(lightboxImage(page)).toHaveCount(0);
      const thumbsBefore = [...large];

      const first = tiles(page).first();
      await first.click();
      await expect(lightbox(page)).toBeVisible();
      // Opened with showModal(): modal, so the page behind is inert.
      expect(await page.locator('dialog').evaluate((el) => el.matches(':modal'))).toBe(true);
      await expect(lightboxImage(page)).toHaveAttribute('alt', PHOTOS[0]!.alt);
      await expect(lightboxImage(page)).toHaveAttribute('srcset', /1600w/);
      await expect
        .poll(() => lightboxImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const loaded = await lightboxImage(page).evaluate((img: HTMLImageElement) => img.currentSrc);
      // The large file was requested after the click, not with the grid.
      expect(thumbsBefore).not.toContain(loaded);
      expect(large).toContain(loaded);
      // It fills the screen.
      const box = (await lightbox(page).boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
      expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);

      await lightbox(page).getByRole('button', { name: 'Close' }).click();
      await expect(lightbox(page)).toBeHidden();
      await expect(lightboxImage(page)).toHaveCount(0);
      await expect(first).toBeFocused();
    },
  );

  test('the backdrop and Escape close it; focus returns to the tile each time', async ({ page }) => {
    await open(page);
    const tile = tiles(page).nth(4);
    await tile.click();
    await expect(lightbox(page)).toBeVisible();
    // The dark area around the photo (bottom-left corner, clear of every button) is the backdrop.
    await page.mouse.click(6, page.viewportSize()!.height - 6);
    await expect(lightbox(page)).toBeHidden();
    await expect(tile).toBeFocused();

    await tile.press('Enter');
    await expect(lightbox(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox(page)).toBeHidden();
    await expect(tile).toBeFocused();

    // A click on the photo itself does not close it.
    await tile.click();
    await lightboxImage(page).click();
    await expect(lightbox(page)).toBeVisible();
  });

  test(
    'a photo reopened right after a close stays open: the close before it does not shut it again',
    { tag: '@quick' },
    async ({ page }) => {
      // CI (ci12) once lost the Enter that reopened the viewer right after a backdrop click: the
      // dialog's 'close' event, queued by the first close, arrived after the reopen and closed it.
      // Here the reopen comes before that queued event, every time.
      await open(page);
      const tile = tiles(page).nth(4);
      await tile.click();
      await expect(lightbox(page)).toBeVisible();
      const reopened = await page.evaluate(async () => {
        const dialog = document.querySelector<HTMLDialogElement>('dialog[open]')!;
        const tile = document.querySelectorAll<HTMLElement>('#portfolio-gallery [data-tile]')[4]!;
        const microtasks = async () => {
          for (let i = 0; i < 5; i++) await Promise.resolve();
        };
        dialog.click(); // the backdrop: closes at once, and queues the dialog's 'close' event
        await microtasks();
        const closed = !dialog.open;
        tile.click(); // reopened before that event is delivered
        await microtasks();
        const openAgain = dialog.open;
        await new Promise((resolve) => setTimeout(resolve, 200));
        return { closed, openAgain, stillOpen: dialog.open };
      });
      expect(reopened).toEqual({ closed: true, openAgain: true, stillOpen: true });
      await expect(lightbox(page)).toBeVisible();
    },
  );

  test('arrow keys and on-screen buttons step through the current filter, wrapping', async ({ page }) => {
    await open(page);
    const position = page.locator('[data-lightbox-position]');

    // All: the 9 shown.
    await tiles(page).first().click();
    await expect(lightbox(page)).toContainText('1 of 9');
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText('2');
    await expect(lightboxImage(page)).toHaveAttribute('src', largeName(ALL_VIEW_IDS[1]!));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText('9');
    await expect(lightboxImage(page)).toHaveAttribute('src', largeName(ALL_VIEW_IDS[8]!));
    await lightbox(page).getByRole('button', { name: 'Next photo' }).click();
    await expect(position).toHaveText('1');
    await lightbox(page).getByRole('button', { name: 'Previous photo' }).click();
    await expect(position).toHaveText('9');
    await page.keyboard.press('Escape');

    // A category: all of its 9 photos, even before View More.
    await filter(page, 'Rain Room').click();
    const rain = idsOf(inCategory('rain-room'));
    await tiles(page).nth(2).click();
    await expect(lightbox(page)).toContainText('3 of 9');
    await page.keyboard.press('ArrowRight');
    await expect(lightboxImage(page)).toHaveAttribute('src', largeName(rain[3]!));
    await expect(lightboxImage(page)).toHaveAttribute('alt', inCategory('rain-room')[3]!.alt);
    await page.keyboard.press('Escape');
    await expect(tiles(page).nth(2)).toBeFocused();
  });

  test(
    'a sideways swipe steps to the next and the previous photo',
    { tag: ['@phone', '@quick-phone'] },
    async ({ page }) => {
      await open(page);
      await tiles(page).first().click();
      await expect(lightbox(page)).toContainText('1 of 9');
      const position = page.locator('[data-lightbox-position]');
      // A real finger through the browser's touch input, not synthetic DOM events.
      const cdp = await page.context().newCDPSession(page);
      const swipe = async (fromX: number, toX: number) => {
        const y = 420;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
        for (let step = 1; step <= 5; step++) {
          const x = fromX + ((toX - fromX) * step) / 5;
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      await swipe(320, 70);
      await expect(position).toHaveText('2');
      await expect(lightboxImage(page)).toHaveAttribute('src', largeName(ALL_VIEW_IDS[1]!));
      await swipe(70, 320);
      await expect(position).toHaveText('1');
      // A short drag is not a swipe, and the viewer stays open.
      await swipe(200, 180);
      await expect(position).toHaveText('1');
      await expect(lightbox(page)).toBeVisible();
    },
  );

  test('the page behind does not scroll while it is open', async ({ page }) => {
    await open(page);
    await tiles(page).nth(3).scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await tiles(page).nth(3).click();
    await expect(lightbox(page)).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.move(20, 300);
    await page.mouse.wheel(0, 800);
    await page.keyboard.press('PageDown');
    await afterFrames(page, 6);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('axe finds no violations with the lightbox open', async ({ page }) => {
    await open(page);
    await tiles(page).first().click();
    await expect(lightbox(page)).toBeVisible();
    await expect.poll(() => lightboxImage(page).evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('axe finds no violations in an expanded category', async ({ page }) => {
    await open(page);
    await filter(page, 'Classic Boudoir').click();
    await page.getByRole('button', { name: /^View More/ }).click();
    await expect(tiles(page)).toHaveCount(9);
    await expectNoAxeViolations(page);
  });
});

test.describe('portfolio page', () => {
  test(
    'hydrates without console errors (server and client render the same view)',
    { tag: '@desktop' },
    async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await open(page);
      await open(page, '/portfolio?category=classic');
      await expect(tiles(page)).toHaveCount(3);
      expect(problems).toEqual([]);
    },
  );

  test(
    "should the gallery's code fail to load, the plain list takes its place: every category, its first photos and a link to the rest",
    { tag: '@desktop' },
    async ({ page }) => {
      // Astro asks twice (the second time a second later, with ?astro-retry=); both fail here.
      await page.route(/\/_astro\/PortfolioGallery\.[^/]+\.js(\?|$)/, (route) => route.abort());
      await page.goto('/portfolio');
      const plain = page.locator('[data-portfolio-static]');
      await expect(plain.getByRole('heading', { level: 2 })).toHaveText([
        'Classic Boudoir',
        'Outdoor Boudoir',
        'Fine Art Nude',
        'Rain Room',
      ]);
      for (const section of await plain.locator('section').all()) {
        await expect(section.getByRole('link', { name: /^See all 9 .+ portraits/ })).toHaveAttribute(
          'href',
          /^\/portfolio\/[a-z-]+$/,
        );
      }
      await expect(page.getByRole('group', { name: 'Filter the portfolio' })).toBeHidden();
      await expect(tiles(page).first()).toBeHidden();
      await expectNoAxeViolations(page);
    },
  );

  test("closing CTA 'Ready to see yourself this way?' with a booking button", { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page).toHaveTitle(/^Boudoir Portfolio \| /);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Ready to see yourself this way?' })).toBeVisible();
    const book = page.getByRole('link', { name: /^Book Your Session/ });
    await expect(book).toHaveAttribute('href', '/#story-begins');
  });
});

// The page carries each category's first three photos; the rest of a category comes from its file
// (/portfolio/<category>.json) when a visitor chooses it.
test.describe('portfolio photos on demand', () => {
  const categoryFiles = (page: Page) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/portfolio\/.+\.json$/.test(pathname)) asked.push(pathname);
    });
    return asked;
  };

  test("'All' fetches no category file by itself; a category's file comes once, however often it is chosen", async ({
    page,
  }) => {
    const asked = categoryFiles(page);
    await open(page);
    await expect(tiles(page)).toHaveCount(9);
    await afterFrames(page, 10);
    expect(asked).toEqual([]);
    // The props carry the first view only: three photos of each category, not all 36.
    const props = (await page.locator('astro-island[component-url*="PortfolioGallery"]').getAttribute('props'))!;
    expect(
      props
        .match(/_astro\/[\w-]+-\d\d\.[\w-]+\.webp/g)
        ?.map((url) => url.split('.')[0])
        .filter((name, index, all) => all.indexOf(name) === index),
    ).toHaveLength(12);

    await filter(page, 'Rain Room').click();
    await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory('rain-room').slice(0, 3)));
    await page.getByRole('button', { name: 'View More Rain Room (6 more)' }).click();
    await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory('rain-room')));
    await filter(page, 'All').click();
    await filter(page, 'Rain Room').click();
    await page.getByRole('button', { name: 'View More Rain Room (6 more)' }).click();
    await expect(tiles(page)).toHaveCount(9);
    expect(asked.filter((path) => path === '/portfolio/rain-room.json')).toHaveLength(1);
  });

  test(
    'a failed category file says so at once and Try again brings the photos',
    { tag: '@quick' },
    async ({ page }) => {
      // Two category loads and a retry: beside the unit tests on CI's loaded host, the phone run
      // reached the 45 s limit at its last click (it passed on its retry, which fails CI).
      test.slow();
      let failing = true;
      await page.route('**/portfolio/classic.json', (route) =>
        failing ? route.fulfill({ status: 500, body: 'Internal error' }) : route.fallback(),
      );
      await open(page);
      await filter(page, 'Classic Boudoir').click();
      const problem = page.getByRole('alert').filter({ hasText: 'The rest of Classic Boudoir' });
      await expect(problem).toHaveText(
        /The rest of Classic Boudoir could not be loaded\. Check your connection, then try again\.\s*Try again/,
      );
      // The first row is on the page already, and stays.
      await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory('classic').slice(0, 3)));
      await page.getByRole('button', { name: 'View More Classic Boudoir (6 more)' }).click();
      await expect(tiles(page)).toHaveCount(3);

      failing = false;
      await problem.getByRole('button', { name: 'Try again' }).click();
      await expect(problem).toHaveCount(0);
      // View More was asked for: the whole category shows, focus on the first photo it revealed.
      await expect.poll(() => tileIds(page)).toEqual(idsOf(inCategory('classic')));
      await expect(tiles(page).nth(3)).toBeFocused();
    },
  );

  test('a stalled category file is given up after 8 seconds, with Try again', { tag: '@desktop' }, async ({ page }) => {
    await page.route('**/portfolio/outdoor.json', () => undefined);
    await open(page);
    // The gallery's timers on a paused test clock from here: the request starts after it is installed.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await filter(page, 'Outdoor Boudoir').click();
    await page.getByRole('button', { name: 'View More Outdoor Boudoir (6 more)' }).click();
    const problem = page.getByRole('alert').filter({ hasText: 'The rest of Outdoor Boudoir' });
    await page.clock.runFor(7000);
    await expect(problem).toHaveCount(0);
    await expect(tiles(page)).toHaveCount(3);
    await page.clock.runFor(1500);
    await expect(problem).toContainText('could not be loaded');
    await expect(problem.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('a photo opened before the rest of its category arrives opens at its place in the whole category', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/portfolio/fine-art.json', async (route) => {
      await held;
      await route.fallback();
    });
    await open(page);
    await filter(page, 'Fine Art Nude').click();
    await tiles(page).nth(2).click();
    await afterFrames(page, 2);
    await expect(lightbox(page)).toBeHidden();
    release();
    await expect(lightbox(page)).toContainText('3 of 9');
    await page.keyboard.press('ArrowRight');
    await expect(lightboxImage(page)).toHaveAttribute('src', largeName(idsOf(inCategory('fine-art'))[3]!));
  });
});

test.describe('portfolio without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every category shows its first 3 photos, and its own page shows all of them, each loaded', async ({ page }) => {
    await page.goto('/portfolio');
    const gallery = page.locator('[data-portfolio-static]');
    for (const [category, label] of CATEGORIES) {
      const section = gallery.locator('section', { has: page.getByRole('heading', { level: 2, name: label }) });
      await expect(section).toContainText('9 portraits');
      expect(await section.locator('img').evaluateAll((els) => els.map((el) => el.getAttribute('alt')))).toEqual(
        inCategory(category)
          .slice(0, 3)
          .map((photo) => photo.alt),
      );
      await expect(section.getByRole('link', { name: `See all 9 ${label} portraits` })).toHaveAttribute(
        'href',
        `/portfolio/${category}`,
      );
    }
    // The island's grid, filters and buttons need JavaScript, so they are not shown.
    await expect(page.locator('#portfolio-gallery')).toBeHidden();

    await gallery.getByRole('link', { name: 'See all 9 Rain Room portraits' }).click();
    await expect(page).toHaveURL(/\/portfolio\/rain-room$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rain Room');
    const images = page.getByRole('region', { name: 'Rain Room' }).locator('img');
    expect(await images.evaluateAll((els) => els.map((el) => el.getAttribute('alt')))).toEqual(
      inCategory('rain-room').map((photo) => photo.alt),
    );
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect(img).toBeVisible();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThan(0);
    }
    // Each photo opens its large image; the way back leads to the portfolio, on this category.
    await expect(page.getByRole('link', { name: /The whole portfolio/ })).toHaveAttribute(
      'href',
      '/portfolio?category=rain-room',
    );
  });
});
