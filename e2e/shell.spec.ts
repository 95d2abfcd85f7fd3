import { readFileSync } from 'node:fs';
import { test, expect, expectNoAxeViolations, readJsonLd } from './fixtures';
import { settings } from '../src/lib/content/settings';

const HEADER_ENTRIES = [
  ['Home', '/#hero'],
  ['Portfolio', '/portfolio'],
  ['Erotica (18+)', '/erotica'],
  ['Blog', '/blog'],
  ['Before / After', '/before-after'],
  ['About', '/about'],
  ['FAQs', '/faq'],
  ['Contact', '/#story-begins'],
] as const;

const FOOTER_ENTRIES = [
  ['About', '/about'],
  ['Portfolio', '/portfolio'],
  ['Before / After', '/before-after'],
  ['FAQs', '/faq'],
  ['Blog', '/blog'],
  ['Contact', '/#story-begins'],
  ['Privacy Policy', '/privacy-policy'],
] as const;

test.describe('header', () => {
  test('has every entry in order with its target, and Book Session', { tag: '@quick' }, async ({ page, isMobile }) => {
    await page.goto('/privacy-policy');
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (isMobile) await nav.getByRole('button', { name: 'Menu' }).click();
    const links = nav.locator('#site-menu a');
    await expect(links).toHaveText(HEADER_ENTRIES.map(([label]) => label));
    for (const [index, [, href]] of HEADER_ENTRIES.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', href);
    }
    await expect(page.locator('header a', { hasText: 'Book Session' })).toHaveAttribute('href', '/#story-begins');
  });

  test('skip link is the first focusable element and moves focus to main', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('is transparent at the top and opaque after scrolling past 50 px', async ({ page }) => {
    await page.goto('/privacy-policy');
    const header = page.locator('#site-header');
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    // Scrolls, then waits until the page has handled the scroll (its event and the next frame), so
    // the header's state is read after the page's scroll handler ran, not before.
    const scrollTo = (y: number) =>
      page.evaluate(
        (top) =>
          new Promise<number>((resolve) => {
            window.addEventListener('scroll', () => requestAnimationFrame(() => resolve(window.scrollY)), {
              once: true,
            });
            window.scrollTo({ top, behavior: 'instant' });
          }),
        y,
      );
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    expect(await scrollTo(50)).toBe(50);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(await scrollTo(51)).toBe(51);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');
    expect(await scrollTo(0)).toBe(0);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('logo returns to the home page', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.locator('header [data-logo]').click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

// The toggle exists on small screens only: the desktop project leaves out tests tagged @phone.
test.describe('mobile menu', { tag: '@phone' }, () => {
  test(
    'opens and closes with the toggle, Escape, and when an entry is chosen',
    { tag: '@quick-phone' },
    async ({ page }) => {
      await page.goto('/privacy-policy');
      const toggle = page.getByRole('button', { name: 'Menu' });
      const menu = page.locator('#site-menu');
      await expect(toggle).toHaveAttribute('aria-controls', 'site-menu');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      await toggle.click();
      await expect(menu).toBeHidden();

      await toggle.click();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();

      await page.goto('/');
      await toggle.click();
      await menu.getByRole('link', { name: 'Contact' }).click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();
    },
  );

  test('axe finds nothing with the menu open', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectNoAxeViolations(page);
  });
});

test.describe('footer', () => {
  test(
    'Your privacy choices: the opt-out is saved in this browser, shown on every copy, and can be undone',
    { tag: ['@desktop', '@quick'] },
    async ({ page }) => {
      await page.goto('/privacy-policy');
      // The page's own control and the footer's: one choice, both kept in step.
      const boxes = page.getByRole('checkbox', { name: /Don't share my visits with advertising partners/ });
      await expect(boxes).toHaveCount(2);
      await expect(boxes.first()).not.toBeChecked();
      await boxes.first().check();
      await expect(boxes.nth(1)).toBeChecked();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(
        'Saved: this browser will not share your visits with advertising partners.',
      );
      expect(await page.evaluate(() => localStorage.getItem('adPixelOptOut'))).toBe('yes');
      await page.reload();
      await expect(boxes.nth(1)).toBeChecked();
      await boxes.nth(1).uncheck();
      await expect(boxes.first()).not.toBeChecked();
      expect(await page.evaluate(() => localStorage.getItem('adPixelOptOut'))).toBeNull();
    },
  );

  test('links, mailto, social profiles and the current year', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/privacy-policy');
    const footerNav = page.getByRole('navigation', { name: 'Footer' });
    const links = footerNav.getByRole('link');
    await expect(links).toHaveText(FOOTER_ENTRIES.map(([label]) => label));
    for (const [index, [, href]] of FOOTER_ENTRIES.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', href);
    }
    const footer = page.locator('footer');
    await expect(footer.locator(`a[href="mailto:${settings.contact.email}"]`)).toBeVisible();
    const socials = footer.getByRole('list', { name: 'Social profiles' }).getByRole('link');
    await expect(socials).toHaveCount(3);
    const profiles = [settings.social.photos, settings.social.network, settings.social.video];
    for (const [index, profile] of profiles.entries()) {
      const link = socials.nth(index);
      await expect(link).toHaveAttribute('href', profile.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAccessibleName(`${profile.label} (opens in a new tab)`);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${settings.brand.name}`);
  });

  test('copyright year follows the visitor clock, not the build', { tag: '@desktop' }, async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-06-01T12:00:00'));
    await page.goto('/privacy-policy');
    await expect(page.locator('[data-current-year]')).toHaveText('2031');
  });

  test('As Seen In shows 7 logos that fade in on scroll', async ({ page }) => {
    await page.goto('/privacy-policy');
    const logos = page.locator('footer .fade-in-on-scroll');
    await expect(logos).toHaveCount(7);
    // In the order of content/press.yaml.
    const names = [...readFileSync('content/press.yaml', 'utf8').matchAll(/^ {2}name: (.+)$/gm)].map((m) => m[1]);
    await expect(logos.locator('img')).toHaveCount(7);
    expect(await logos.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(names);
    await expect(logos.first()).not.toHaveClass(/is-visible/);
    await logos.first().scrollIntoViewIfNeeded();
    await expect(logos.first()).toHaveClass(/is-visible/);
    await expect.poll(() => logos.first().evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  test('under reduced motion the logos are shown without animation', { tag: '@desktop' }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/privacy-policy');
    const first = page.locator('footer .fade-in-on-scroll').first();
    expect(await first.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await first.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
  });

  test('Contact from another page goes home and lands on the contact section', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/#story-begins$/);
    await expect
      .poll(() => page.locator('#story-begins').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(100);
    await expect(page.locator('#story-begins')).toBeInViewport();
  });

  test('a jump to the footer leaves its links where they landed: nothing above them grows after the jump', async ({
    page,
  }) => {
    await page.goto('/');
    // Every frame from before the jump for 1.5 s: where the Contact link is on the screen, and the scroll.
    await page.evaluate(() => {
      const w = window as unknown as { __frames: { top: number; y: number }[]; __done: boolean };
      w.__frames = [];
      w.__done = false;
      const link = [...document.querySelectorAll('footer a')].find((a) => a.textContent?.trim() === 'Contact')!;
      const start = performance.now();
      const frame = () => {
        w.__frames.push({ top: Math.round(link.getBoundingClientRect().top), y: Math.round(scrollY) });
        if (performance.now() - start < 1500) requestAnimationFrame(frame);
        else w.__done = true;
      };
      frame();
    });
    // A jump, as the End key or a fling does: the sections between are passed over undrawn.
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Contact' })
      .scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __done: boolean }).__done)).toBe(true);
    const frames = await page.evaluate(
      () => (window as unknown as { __frames: { top: number; y: number }[] }).__frames,
    );
    const jumped = frames.findIndex((f) => f.y > 0);
    expect(jumped, 'the jump was seen').toBeGreaterThan(0);
    // Where the link sits on the screen, frame by frame (the browser may move the scroll to keep it there).
    const tops = frames.slice(jumped).map((f) => f.top);
    expect(new Set(tops), 'where the link sits after the jump').toEqual(new Set([tops[0]]));
  });

  test('Contact on the home page scrolls in place with an 80 px offset', async ({ page }) => {
    await page.goto('/');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    // What the press reached, and whether anything had refused it: once in CI (a loaded host) the
    // address never changed, and this says where the press went if it happens again.
    await page.evaluate(() => {
      const w = window as unknown as { __pressed: string[] };
      w.__pressed = [];
      document.addEventListener(
        'click',
        (event) =>
          w.__pressed.push(`${(event.target as Element).outerHTML.slice(0, 60)} refused=${event.defaultPrevented}`),
        true,
      );
    });
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact' }).click();
    const pressed = await page.evaluate(() => (window as unknown as { __pressed: string[] }).__pressed);
    expect(pressed, 'what the press reached').toEqual([
      expect.stringMatching(/^<a href="\/#story-begins"[^]* refused=false$/),
    ]);
    await expect(page).toHaveURL(/\/#story-begins$/);
    await expect
      .poll(() => page.locator('#story-begins').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(78);
    const top = await page.locator('#story-begins').evaluate((el) => Math.round(el.getBoundingClientRect().top));
    expect(top).toBeLessThanOrEqual(82);
    expect(navigations.filter((url) => !url.includes('#'))).toEqual([]);
  });
});

test.describe('head', () => {
  test('home title and the business structured data', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(`Florida Boudoir Photographer | ${settings.brand.name}`);
    const blocks = await readJsonLd(page);
    const business = blocks.find((b) => b['@type'] === 'ProfessionalService') as Record<string, any>;
    expect(business).toBeTruthy();
    expect(business['name']).toBe(settings.brand.name);
    expect(business['email']).toBe(settings.contact.email);
    expect(business['telephone']).toBe('Contact via website');
    expect(business['priceRange']).toBe('$$');
    expect(business['address']).toMatchObject({ addressLocality: 'Titusville', addressRegion: 'FL' });
    expect(business['geo']).toMatchObject({ latitude: 28.61, longitude: -80.81 });
    expect(business['openingHoursSpecification'][0]).toMatchObject({ opens: '09:00', closes: '18:00' });
    expect(business['openingHoursSpecification'][0].dayOfWeek).toHaveLength(7);
    expect(business['sameAs']).toEqual([
      settings.social.photos.url,
      settings.social.network.url,
      settings.social.video.url,
    ]);
    expect(business['image']).toMatch(/^https:\/\//);

    const site = blocks.find((b) => b['@type'] === 'WebSite') as Record<string, any>;
    expect(site['potentialAction']['@type']).toBe('SearchAction');
    expect(site['potentialAction'].target.urlTemplate).toBe(
      `${new URL(settings.siteUrl).origin}/blog?search={search_term_string}`,
    );
  });

  test('canonical, Open Graph and Twitter tags', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/privacy-policy');
    const canonical = new URL('/privacy-policy', settings.siteUrl).href;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https:\/\/.+\.jpg$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(1);
    await expect(page.locator('link[rel="icon"]')).toHaveCount(2);
  });
});

test.describe('not found', () => {
  test('an unknown path shows the 404 page, noindex and nofollow', { tag: '@desktop' }, async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('main p', { hasText: /^404$/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Page Not Found/);
    await expect(
      page.getByText("The page you're looking for seems to have wandered off. Let's get you back on track."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'View Portfolio' })).toHaveAttribute('href', '/portfolio');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
    await expectNoAxeViolations(page);
  });

  test('an unknown post shows Post Not Found with Back to Blog', { tag: '@desktop' }, async ({ page }) => {
    const response = await page.goto('/blog/unknown');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found');
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    await expect(page.getByText('Page Not Found')).toBeHidden();
    await expect(page).toHaveTitle(/^Post Not Found/);
    await expectNoAxeViolations(page);
  });
});

test.describe('privacy policy', () => {
  test('nine numbered sections in order, the date and a mailto link', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      '1. Information We Collect',
      '2. How We Use Your Information',
      '3. Confidentiality & Image Privacy',
      '4. Cookies & Analytics',
      '5. Data Security',
      '6. Third-Party Links',
      '7. Your Rights',
      '8. Updates to This Policy',
      '9. Contact Us',
      // The footer's own headings follow the article.
      'As Seen In',
      'Explore',
      'Say hello',
    ]);
    await expect(page.getByText('Last Updated: October 2025')).toBeVisible();
    await expect(page.locator(`main a[href="mailto:${settings.contact.email}"]`)).toBeVisible();
    await expect(page.locator('main')).toContainText('payment');
    await expectNoAxeViolations(page);
  });
});
