import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { settings } from '../src/lib/content/settings';

const meta = (page: Page, selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');

// A link pasted in a chat shows these tags: on adults-only and private pages, nothing of the subject.
for (const path of ['/erotica', '/private-gallery']) {
  test(`${path}: a shared link shows the brand card and the studio's name, and the page is noindex`, async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const homeImage = await meta(page, 'property="og:image"');
    await page.goto(path);

    const image = await meta(page, 'property="og:image"');
    expect(image).toMatch(/\/brand-card\.[\w-]+\.jpg$/);
    expect(image).not.toBe(homeImage);
    expect(await meta(page, 'name="twitter:image"')).toBe(image);
    const card = await request.get(new URL(image!).pathname);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/jpeg');

    for (const tag of ['property="og:title"', 'name="twitter:title"']) {
      expect(await meta(page, tag)).toBe(settings.brand.name);
    }
    for (const tag of ['property="og:description"', 'name="twitter:description"']) {
      expect(await meta(page, tag)).toBe(settings.brand.tagline);
    }
    expect(await meta(page, 'name="robots"')).toBe('noindex');
  });
}
