import { test, expect, expectNoAxeViolations, tapAtHydration, tappedAtHydration, waitForIslands } from './fixtures';
import type { Page } from '@playwright/test';
import { settings } from '../src/lib/content/settings';
import { HERO_SCROLL_DELAY_MS } from '../src/lib/browser/scroll';
import { FADE_MS, HERO_PHOTO_TIMING, SLIDE_INTERVAL_MS } from '../src/lib/browser/slides';
import { SETTLE_AFTER_LOAD_MS } from '../src/lib/browser/settled-directive';

/** Records fbq calls made by the page. */
async function stubPixel(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as unknown as { __fbqCalls: unknown[][] }).__fbqCalls = calls;
    (window as unknown as { fbq: (...args: unknown[]) => void }).fbq = (...args: unknown[]) => calls.push(args);
  });
}
const pixelCalls = (page: Page) => page.evaluate(() => (window as unknown as { __fbqCalls: unknown[][] }).__fbqCalls);
const storyTop = (page: Page) =>
  page.locator('#story-begins').evaluate((el) => Math.round(el.getBoundingClientRect().top));
/** True once the story section sits where the header offset puts it (92-100 px from the top). */
const storyTopInBand = async (page: Page) => {
  const top = await storyTop(page);
  return top >= 92 && top <= 100;
};
const selectedSlide = (page: Page) =>
  page.locator('[data-indicator][aria-current="true"]').getAttribute('data-indicator');

test.describe('home sections', () => {
  test('are in their order with their texts and targets', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/');
    const ids = await page.locator('main > section').evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual([
      'hero',
      'experience',
      'transformations',
      'say-yes',
      'testimonials',
      'your-turn',
      'story-begins',
    ]);

    const hero = page.locator('#hero');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Unveil Your Power. Embrace Your Beauty.');
    await expect(hero).toContainText('Brevard County');
    await expect(hero.getByRole('link', { name: 'Book Your Experience' })).toHaveAttribute('href', '/#story-begins');
    await expect(hero.getByRole('link', { name: 'Scroll down to the experience' })).toHaveAttribute(
      'href',
      '#experience',
    );

    const experience = page.locator('#experience');
    await expect(experience.getByRole('heading')).toHaveText(
      "Let's Create the Version of You You've Always Felt Inside.",
    );
    await expect(experience.locator('p:not(.eyebrow)')).toHaveCount(2);
    await expect(experience).toContainText('lighting');
    await expect(experience).toContainText('pose');
    await expect(experience).toContainText('expression');
    await expect(experience.getByRole('link', { name: 'Explore the Experience →' })).toHaveAttribute(
      'href',
      '/about#boudoir-experience',
    );

    const transformations = page.locator('#transformations');
    await expect(transformations.locator('blockquote')).toHaveCount(1);
    await expect(transformations).toContainText('same day');
    await expect(transformations.getByRole('link', { name: 'See Before & After Transformations →' })).toHaveAttribute(
      'href',
      '/before-after',
    );

    const sayYes = page.locator('#say-yes');
    await expect(sayYes.getByRole('heading')).toHaveText("You don't need to be 'ready.'");
    await expect(sayYes).toContainText('You just need to say yes');
    await expect(sayYes.getByRole('link', { name: 'Book Your Experience →' })).toHaveAttribute(
      'href',
      '/#story-begins',
    );

    const yourTurn = page.locator('#your-turn');
    await expect(yourTurn.getByRole('heading')).toHaveText("Now It's Your Turn.");
    const consult = yourTurn.getByRole('link', { name: /Book Your Complimentary Consult Now →/ });
    await expect(consult).toHaveAttribute('href', settings.booking.schedulerUrl);
    await expect(consult).toHaveAttribute('target', '_blank');
    await expect(consult).toHaveAttribute('rel', 'noopener noreferrer');

    const story = page.locator('#story-begins');
    await expect(story.getByRole('heading')).toHaveText('This Is Where Your Story Begins');
    await expect(story).toContainText('We typically reply within 24 hours — because your story matters.');
    expect(await story.evaluate((el) => getComputedStyle(el).scrollMarginTop)).toBe('96px');
  });

  test('contact form iframe, its fallback link and the #contact-form anchor', async ({ page, isMobile, request }) => {
    // Served in a template without an address: made, with its address, once the page has loaded
    // (never parsed with the page, never before the first paint).
    const html = await (await request.get('/')).text();
    const served = html.match(/<template data-contact-frame><iframe[^>]*data-src[^>]*>/)?.[0] ?? '';
    expect(served).toContain(`data-src="${settings.booking.contactFormUrl}"`);
    expect(served).not.toMatch(/\ssrc=/);
    await page.goto('/');
    const frame = page.locator('#contact-form iframe');
    await expect(frame).toHaveAttribute('src', settings.booking.contactFormUrl);
    await expect(frame).toHaveAttribute('title', /Contact form/);
    await expect(frame).toHaveAttribute('loading', 'lazy');
    const height = await frame.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBe(isMobile ? 760 : 820);
    const fallback = page.getByRole('link', { name: /Having trouble\? Open the form in a new tab/ });
    await expect(fallback).toHaveAttribute('href', settings.booking.contactFormUrl);
    await expect(fallback).toHaveAttribute('target', '_blank');
    await expect(fallback).toHaveAttribute('rel', 'noopener noreferrer');
    // The form host is blocked in tests, as when it fails for a visitor: the link stays usable.
    await fallback.scrollIntoViewIfNeeded();
    await expect(fallback).toBeVisible();
  });

  test('without JavaScript the contact form is the plain frame', { tag: '@desktop' }, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('#contact-form iframe[src]')).toHaveAttribute('src', settings.booking.contactFormUrl);
    await expect(page.locator('#contact-form iframe[data-src]')).toBeHidden();
    await context.close();
  });
});

/**
 * Opens the home page and presses "Show slide 3" at the load event, with `keys` held, while the
 * slideshow is still its server HTML (which it checks).
 */
async function pressThirdIndicatorAtLoad(page: Page, keys: Pick<MouseEventInit, 'ctrlKey' | 'shiftKey'>) {
  await page.addInitScript((init) => {
    addEventListener('load', () => {
      const island = document.querySelector('#hero astro-island');
      const w = window as unknown as { __pressedAtLoad: { serverHtml: boolean } };
      w.__pressedAtLoad = { serverHtml: island?.hasAttribute('ssr') ?? false };
      document
        .querySelector<HTMLButtonElement>('#hero [data-indicator="2"]')!
        .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
    });
  }, keys);
  await page.goto('/');
  const pressed = await page.evaluate(
    () => (window as unknown as { __pressedAtLoad?: { serverHtml: boolean } }).__pressedAtLoad,
  );
  expect(pressed, 'pressed while the slideshow was its server HTML').toEqual({ serverHtml: true });
}

test.describe('hero slideshow', () => {
  test(
    'first image is in the server HTML, eager and high priority, after the stylesheet and fonts; the others are not in the first view',
    { tag: '@quick' },
    async ({ page, request }) => {
      const html = await (await request.get('/')).text();
      // Every request in the order the page makes them: the hero photo comes after what the headline
      // needs (the stylesheet and the preloaded fonts), which the <head> asks for first.
      const requested: { url: string; type: string }[] = [];
      page.on('request', (r) => requested.push({ url: r.url(), type: r.resourceType() }));
      // What was asked for by the load event: the later slides are fetched only a while after it
      // (and before they show), a while a busy test machine can spend before the checks below.
      let byLoad: string[] = [];
      page.once('load', () => (byLoad = requested.map((r) => r.url)));
      await page.goto('/', { waitUntil: 'load' });
      const slides = page.locator('[data-slide]');
      // Slides 2 and 3 have no image yet, so the first view fetches one hero photo.
      expect(await slides.nth(1).locator('img').count()).toBe(0);
      expect(await slides.nth(2).locator('img').count()).toBe(0);
      expect(byLoad.filter((url) => /hero-01/.test(url)).length, 'the first photo by the load event').toBeGreaterThan(
        0,
      );
      expect(byLoad.filter((url) => /hero-0[23]/.test(url))).toEqual([]);
      await expect(slides).toHaveCount(3);
      const first = slides.nth(0).locator('img');
      // The spec: "First image eager": fetched as soon as the browser finds it, at high priority.
      await expect(first).toHaveAttribute('loading', 'eager');
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      await expect(first).toHaveAttribute('elementtiming', HERO_PHOTO_TIMING);
      await expect
        .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(first).toHaveAttribute('srcset', /480w.*2400w/);
      const firstSrc = await first.getAttribute('src');
      const order = (test: (r: { url: string; type: string }) => boolean) => requested.findIndex(test);
      const heroAt = order((r) => /hero-01/.test(r.url));
      const stylesheetAt = order((r) => r.type === 'stylesheet');
      const preloadedFonts = [...html.matchAll(/<link\b[^>]*>/gi)]
        .map(([tag]) => tag)
        .filter((tag) => /rel="preload"/i.test(tag) && /as="font"/i.test(tag))
        .map((tag) => tag.match(/href="([^"]+)"/i)?.[1] ?? '');
      expect(heroAt, 'hero photo requested').toBeGreaterThan(-1);
      expect(stylesheetAt, 'stylesheet requested').toBeGreaterThan(-1);
      expect(preloadedFonts.length, 'fonts preloaded by the head').toBeGreaterThan(0);
      expect(stylesheetAt, 'the stylesheet before the hero photo').toBeLessThan(heroAt);
      for (const font of preloadedFonts) {
        const fontAt = order((r) => new URL(r.url).pathname === font);
        expect(fontAt, `${font} requested`).toBeGreaterThan(-1);
        expect(fontAt, `${font} before the hero photo`).toBeLessThan(heroAt);
      }
      // The browser reports the photo's paint under its element-timing name (the audit's "hero photo visible").
      const painted = await page.evaluate(
        (name) =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list
                .getEntries()
                .find((e) => (e as PerformanceEntry & { identifier: string }).identifier === name);
              if (entry) resolve((entry as PerformanceEntry & { renderTime: number }).renderTime);
            }).observe({ type: 'element', buffered: true });
          }),
        HERO_PHOTO_TIMING,
      );
      expect(painted).toBeGreaterThan(0);
      // Server HTML (before any script): the first slide with its priority and full srcset.
      const serverImg = html.match(/<img[^>]*hero-01[^>]*>/i)?.[0] ?? '';
      expect(serverImg, 'first slide in the server HTML').not.toBe('');
      expect(/fetchpriority="high"/i.test(serverImg), 'fetchpriority high').toBe(true);
      expect(/loading="eager"/i.test(serverImg), 'eager').toBe(true);
      expect(serverImg.includes(`elementtiming="${HERO_PHOTO_TIMING}"`), 'element timing name').toBe(true);
      expect(serverImg.includes(firstSrc ?? 'missing'), 'same src as hydrated').toBe(true);
      expect(/hero-0[23]/.test(html.replace(/<astro-island[^>]*>/g, '')), 'later slides in the server markup').toBe(
        false,
      );
    },
  );

  test("a later slide's photo is lazy and low priority when it comes", async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page, '#hero');
    await page.locator('[data-indicator="1"]').click();
    const second = page.locator('[data-slide="1"] img');
    await expect(second).toHaveAttribute('loading', 'lazy');
    await expect(second).toHaveAttribute('fetchpriority', 'low');
    await expect(second).not.toHaveAttribute('elementtiming');
    await expect
      .poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('the next slide is loaded before autoplay shows it', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page, '#hero');
    // Autoplay advances after 5 s; the photo was fetched ahead, so it is complete as the slide shows.
    await expect(page.locator('[data-slide="1"]')).toHaveAttribute('aria-hidden', 'false', { timeout: 10_000 });
    const shown = await page
      .locator('[data-slide="1"] img')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(shown).toBe(true);
  });

  test('hydration keeps the first image: it is requested once', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => {
      if (/hero-01/.test(r.url())) requests.push(r.url());
    });
    await page.goto('/');
    await waitForIslands(page, '#hero');
    await page.waitForLoadState('networkidle');
    // Chromium may pick a second srcset width while a phone viewport settles; what hydration must
    // never do is request the same image again.
    expect(requests.length).toBeGreaterThan(0);
    expect(new Set(requests).size).toBe(requests.length);
  });

  test('advances on its own every 5 s and wraps', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page, '#hero');
    // Jump to the last slide (the 5 s wait starts again there), then record in the page when each
    // slide becomes the active one: the next two advances wrap to the first and then go to the second.
    await page.locator('[data-indicator="2"]').click();
    await expect(page.locator('[data-indicator="2"]')).toHaveAttribute('aria-current', 'true');
    await page.evaluate((interval) => {
      const w = window as unknown as { __activeAt: [string, number][]; __referenceLate?: number };
      w.__activeAt = [];
      new MutationObserver((records) => {
        for (const { target } of records) {
          const slide = target as HTMLElement;
          if (!slide.hasAttribute('data-active')) continue;
          w.__activeAt.push([slide.dataset['slide']!, performance.now()]);
          // A reference timer of the same length, started at the first advance: how late this host
          // runs a timer right now (a loaded CI machine can hold a page's timers back by a second).
          if (w.__activeAt.length === 1) {
            const from = performance.now();
            setTimeout(() => (w.__referenceLate = performance.now() - from - interval), interval);
          }
        }
      }).observe(document.querySelector('#hero')!, { subtree: true, attributeFilter: ['data-active'] });
    }, SLIDE_INTERVAL_MS);
    const recorded = () =>
      page.evaluate(() => {
        const w = window as unknown as { __activeAt: [string, number][]; __referenceLate?: number };
        return { activeAt: w.__activeAt, referenceLate: w.__referenceLate };
      });
    await expect.poll(async () => (await recorded()).activeAt.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await recorded()).referenceLate, { timeout: 15_000 }).toBeDefined();
    const { activeAt, referenceLate } = await recorded();
    const [[first, firstAt], [second, secondAt]] = activeAt as [[string, number], [string, number]];
    expect([first, second]).toEqual(['0', '1']);
    // One interval between two advances: a timer never fires early, and a busy page runs it late by
    // a frame or two, plus however late the host held the reference timer back.
    expect(secondAt - firstAt).toBeGreaterThanOrEqual(SLIDE_INTERVAL_MS - 20);
    expect(secondAt - firstAt).toBeLessThan(SLIDE_INTERVAL_MS + 300 + Math.max(0, referenceLate!));
  });

  test('cross-fade takes about one second', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page, '#hero');
    // Autoplay could be halfway through a fade when the test starts: pause it, and time a fade
    // to a slide that is fully out of sight.
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    const target = (await selectedSlide(page)) === '1' ? '2' : '1';
    await expect
      .poll(() =>
        page.evaluate((n) => Number(getComputedStyle(document.querySelector(`[data-slide="${n}"]`)!).opacity), target),
      )
      .toBe(0);
    // Read inside the page, frame by frame: the slide's opacity and the opacity transitions the
    // browser runs on it (their duration and easing, from the Web Animations API). A loaded host
    // delays frames, never the animation's own clock, so the fade is judged by what the browser
    // was asked to run and when, counted in frames, and by wall time only where load cannot help.
    const frames = await page.evaluate(async (n) => {
      const slide = document.querySelector<HTMLElement>(`[data-slide="${n}"]`)!;
      const start = performance.now();
      document.querySelector<HTMLButtonElement>(`[data-indicator="${n}"]`)!.click();
      const seen: { at: number; opacity: number; transitions: { duration: number; easing: string }[] }[] = [];
      for (;;) {
        const at = (await new Promise<number>(requestAnimationFrame)) - start;
        const transitions = slide
          .getAnimations()
          .filter((a): a is CSSTransition => a instanceof CSSTransition && a.transitionProperty === 'opacity')
          .map((a) => ({ duration: Number(a.effect!.getTiming().duration), easing: a.effect!.getTiming().easing! }));
        const opacity = Number(getComputedStyle(slide).opacity);
        seen.push({ at, opacity, transitions });
        if ((opacity === 1 && transitions.length === 0) || at > 20_000) return seen;
      }
    }, target);
    const running = frames.flatMap((frame) => frame.transitions);
    // The fade is the site's own transition: FADE_MS long and linear, every time it is (re)started.
    expect(running.length, 'frames with an opacity transition running').toBeGreaterThan(0);
    expect(new Set(running.map(({ duration, easing }) => `${duration} ms ${easing}`))).toEqual(
      new Set([`${FADE_MS} ms linear`]),
    );
    // It starts at once: a transition runs in the first or second frame after the press...
    expect(
      frames.findIndex((frame) => frame.transitions.length > 0),
      'frames before the fade starts',
    ).toBeLessThanOrEqual(1);
    // ...and the incoming slide never goes back on its way in.
    expect(
      frames.findLastIndex(
        (frame, index) => frame.transitions.length > 0 && index > 0 && frames[index - 1]!.opacity > frame.opacity,
      ),
      'a frame where the incoming slide went back',
    ).toBe(-1);
    // It ends fully shown, and not sooner than 98 % of FADE_MS (a linear transition that no load
    // can shorten).
    const last = frames.at(-1)!;
    expect(last.opacity).toBe(1);
    const shown98 = frames.find((frame) => frame.opacity >= 0.98)!;
    expect(shown98.at).toBeGreaterThan(0.98 * FADE_MS - 20);
  });

  test('indicators have names, jump to their slide and mark the active one', { tag: '@quick' }, async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page, '#hero');
    const indicators = page.getByRole('button', { name: /^Show slide \d$/ });
    await expect(indicators).toHaveCount(3);
    await page.getByRole('button', { name: 'Show slide 3' }).click();
    await expect(page.getByRole('button', { name: 'Show slide 3' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Show slide 1' })).not.toHaveAttribute('aria-current', 'true');
    await expect(page.locator('[data-slide="2"]')).toHaveAttribute('aria-hidden', 'false');
  });

  test('an indicator pressed the moment the slideshow hydrates is kept', async ({ page }) => {
    // The carousel starts a task after hydration (so that neither makes one long task); a press in
    // between is a real visitor's press and must still take her to that slide.
    await tapAtHydration(page, '#hero [data-indicator="2"]');
    await page.goto('/');
    await expect.poll(() => tappedAtHydration(page), 'the tap at hydration').toBe(true);
    await expect(page.getByRole('button', { name: 'Show slide 3' })).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('[data-slide="2"]')).toHaveAttribute('aria-hidden', 'false');
    await expect(page.locator('[data-slide="2"]')).toHaveAttribute('data-active', '');
  });

  test(
    'its script waits until the page has settled, and a press before that is kept',
    { tag: '@quick' },
    async ({ page }) => {
      // At the load event the slideshow is still its server HTML: its script starts SETTLE_AFTER_LOAD_MS
      // later, or at once when the visitor reaches for it. A press then takes her to her slide.
      await pressThirdIndicatorAtLoad(page, {});
      await expect(page.getByRole('button', { name: 'Show slide 3' })).toHaveAttribute('aria-current', 'true');
      await expect(page.locator('[data-slide="2"]')).toHaveAttribute('aria-hidden', 'false');
      await expect(page.locator('[data-slide="2"]')).toHaveAttribute('data-active', '');
    },
  );

  test(
    'a press with a modifier key held before its script has run is kept too',
    { tag: '@desktop' },
    async ({ page }) => {
      // Ctrl held on a laptop's trackpad, or Shift: a button's press is hers whatever keys are down.
      await pressThirdIndicatorAtLoad(page, { ctrlKey: true, shiftKey: true });
      await expect(page.getByRole('button', { name: 'Show slide 3' })).toHaveAttribute('aria-current', 'true');
    },
  );

  test('untouched, its script is fetched only once the page has settled', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page, '#hero');
    // The browser's own record: when the load event began and when the island's code was asked for.
    // The directive sets its timer inside the load event, which starts at loadEventStart; the page's
    // other load listeners may run after it, so loadEventEnd can be later than the timer's start.
    const { loaded, fetched } = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const island = document.querySelector('#hero astro-island')!;
      const url = new URL(island.getAttribute('component-url')!, location.href).href;
      const entry = performance.getEntriesByType('resource').find((resource) => resource.name === url);
      return { loaded: navigation!.loadEventStart, fetched: entry?.startTime ?? null };
    });
    expect(fetched, 'the slideshow script was fetched').not.toBeNull();
    // A timer never fires early: the fetch starts no sooner than SETTLE_AFTER_LOAD_MS after the load
    // event began (5 ms for the clock's coarsened resolution).
    expect(fetched!).toBeGreaterThanOrEqual(loaded + SETTLE_AFTER_LOAD_MS - 5);
  });

  test('the first slide changes 5 s after the page was first painted', { tag: '@desktop' }, async ({ page }) => {
    // Its script starts later than the first paint; the first change still comes 5 s after the
    // paint. A reference timer of 5 s started at the first paint says when that is on this host (a
    // loaded machine runs timers late), and the change must come with it.
    await page.addInitScript((interval) => {
      const w = window as unknown as { __referenceAt?: number; __changedAt?: number };
      new PerformanceObserver((list, observer) => {
        const paint = list.getEntriesByName('first-contentful-paint')[0];
        if (!paint) return;
        observer.disconnect();
        setTimeout(
          () => (w.__referenceAt = performance.now()),
          Math.max(0, interval - (performance.now() - paint.startTime)),
        );
      }).observe({ type: 'paint', buffered: true });
      new MutationObserver((records, observer) => {
        if (
          records.some(
            ({ target }) =>
              (target as HTMLElement).dataset['slide'] === '1' && (target as HTMLElement).hasAttribute('data-active'),
          )
        ) {
          w.__changedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, attributeFilter: ['data-active'] });
    }, SLIDE_INTERVAL_MS);
    await page.goto('/');
    const times = () =>
      page.evaluate(() => {
        const w = window as unknown as { __referenceAt?: number; __changedAt?: number };
        return { reference: w.__referenceAt, changed: w.__changedAt };
      });
    await expect.poll(async () => Object.values(await times()).filter(Boolean).length, { timeout: 15_000 }).toBe(2);
    const { reference, changed } = await times();
    expect(Math.abs(changed! - reference!)).toBeLessThan(300);
  });

  test('pause stops the show and play resumes it', { tag: '@desktop' }, async ({ page }) => {
    // The page's timers run on a test clock from the start, autoplay's among them (a clock
    // installed later would not see a timer already set): six seconds then pass at once.
    await page.clock.install();
    await page.goto('/');
    await waitForIslands(page, '#hero');
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    const paused = await selectedSlide(page);
    await page.clock.runFor(6000);
    expect(await selectedSlide(page)).toBe(paused);
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.clock.runFor(5000);
    await expect.poll(() => selectedSlide(page)).toBe(String((Number(paused) + 1) % 3));
  });

  test('under reduced motion it neither advances nor animates', { tag: '@desktop' }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // On a test clock from the start, so a timer autoplay set while hydrating would run too.
    await page.clock.install();
    await page.goto('/');
    await waitForIslands(page, '#hero');
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.clock.runFor(6000);
    expect(await selectedSlide(page)).toBe('0');
    await page.getByRole('button', { name: 'Show slide 2' }).click();
    // No cross-fade: the chosen slide is fully shown at once.
    expect(await page.locator('[data-slide="1"]').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });
});

test.describe('testimonials', () => {
  test('2 featured with 5 stars, 11 more behind View More Client Stories', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/');
    const featured = page.locator('[data-testimonial="featured"]');
    await expect(featured).toHaveCount(2);
    for (const card of await featured.all()) {
      await expect(card.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
      await expect(card.locator('blockquote')).not.toBeEmpty();
    }
    const more = page.locator('[data-testimonial="more"]');
    await expect(more).toHaveCount(11);
    await expect(more.first()).toBeHidden();

    await waitForIslands(page, '#testimonials');
    const button = page.getByRole('button', { name: 'View More Client Stories' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    for (const item of await more.all()) await expect(item).toBeVisible();
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(panel).toBeVisible();
    await expectNoAxeViolations(page);

    // Collapsible: a second press closes it again.
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(more.first()).toBeHidden();
  });

  test('works from the keyboard and keeps the stories in the HTML', { tag: '@desktop' }, async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    // A closed native <details> (find-in-page opens it) until the island takes over.
    expect(/<details name="[^"]+" data-value="0"/.test(html), 'closed disclosure in the server HTML').toBe(true);
    expect(html.match(/data-testimonial="more"/g)?.length, 'all 11 stories in the server HTML').toBe(11);
    await page.goto('/');
    await waitForIslands(page, '#testimonials');
    const button = page.getByRole('button', { name: 'View More Client Stories' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('scroll to story', () => {
  test('arriving with #story-begins scrolls there and records one CTAtoForm event', async ({ page }) => {
    await stubPixel(page);
    await page.goto('/#story-begins');
    await expect.poll(() => storyTopInBand(page)).toBe(true);
    await expect.poll(async () => (await pixelCalls(page)).length).toBeGreaterThan(0);
    const events = (await pixelCalls(page)).filter((call) => call[1] === 'CTAtoForm');
    expect(events).toEqual([['trackCustom', 'CTAtoForm', { location: 'Hero' }]]);
  });

  test(
    'the session flag scrollToStory=1 scrolls there, is cleared and records one event',
    { tag: '@desktop' },
    async ({ page }) => {
      await stubPixel(page);
      await page.goto('/privacy-policy');
      await page.evaluate(() => sessionStorage.setItem('scrollToStory', '1'));
      await page.goto('/');
      await expect.poll(() => storyTopInBand(page)).toBe(true);
      await expect.poll(async () => (await pixelCalls(page)).length).toBeGreaterThan(0);
      expect(await page.evaluate(() => sessionStorage.getItem('scrollToStory'))).toBeNull();
      const events = (await pixelCalls(page)).filter((call) => call[1] === 'CTAtoForm');
      expect(events).toHaveLength(1);
    },
  );

  test('no scroll and no event on a plain visit', { tag: '@desktop' }, async ({ page }) => {
    await stubPixel(page);
    // The page's timers run on a test clock: well past the moment a scroll would be scheduled.
    await page.clock.install();
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.clock.runFor(HERO_SCROLL_DELAY_MS + 1000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await pixelCalls(page)).toEqual([]);
  });

  test('storage that throws does not break the page', { tag: '@desktop' }, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      Object.defineProperty(window, 'sessionStorage', {
        get() {
          throw new DOMException('blocked', 'SecurityError');
        },
      });
    });
    await page.goto('/#story-begins');
    await expect.poll(() => storyTopInBand(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('booking buttons on the home page scroll in place with an 80 px offset', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    const loads: string[] = [];
    page.on('load', () => loads.push('load'));
    await page.locator('#say-yes').getByRole('link', { name: 'Book Your Experience →' }).click();
    await expect(page).toHaveURL(/#story-begins$/);
    // The smooth scroll comes down from far below: wait for it to land, then check where.
    await expect.poll(() => storyTop(page), { timeout: 10_000 }).toBeLessThanOrEqual(82);
    expect(await storyTop(page)).toBeGreaterThanOrEqual(78);
    expect(loads).toEqual([]);
  });
});
