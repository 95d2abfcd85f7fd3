import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  afterFrames,
  expectNoAxeViolations,
  islandCode,
  pastIdle,
  readJsonLd,
  requestLog,
  waitForIslands,
} from './fixtures';
import { settings } from '../src/lib/content/settings';
import { fillSettingTokens } from '../src/lib/content/text';
import { SAMPLE_POSTS } from '../src/lib/blog/blog-fixtures';

const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The shipped posts, newest first, with the long US date each must show ("October 7, 2025"). */
const SPEC_POSTS = SAMPLE_POSTS.map(({ slug, date }) => {
  const [year, month, dayOfMonth] = date.split('-').map(Number);
  const dateText = `${LONG_MONTHS[month! - 1]} ${dayOfMonth}, ${year}`;
  return [slug, date, dateText] as const;
});

interface ExpectedPost {
  slug: string;
  isoDate: string;
  dateText: string;
  title: string;
  excerpt: string;
  categories: string[];
  tags: string[];
  /** Counted in the source file, so the test follows the owner's edits but not the renderer's mistakes. */
  h2: number;
  h3: number;
  listItems: number;
  boldLines: number;
}

/** What each post must show, read from its source file. */
const POSTS: ExpectedPost[] = SPEC_POSTS.map(([slug, isoDate, dateText]) => {
  const source = readFileSync(`content/blog/${slug}.mdx`, 'utf8');
  const [, frontmatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
  const data = parse(frontmatter) as { title: string; excerpt: string; categories: string[]; tags: string[] };
  const lines = body.split('\n');
  const count = (pattern: RegExp) => lines.filter((line) => pattern.test(line)).length;
  return {
    slug,
    isoDate,
    dateText,
    title: fillSettingTokens(data.title),
    excerpt: fillSettingTokens(data.excerpt),
    categories: data.categories,
    tags: data.tags,
    h2: count(/^## /),
    h3: count(/^### /),
    listItems: count(/^- /),
    boldLines: count(/^\*\*[^*]+\*\*$/),
  };
});
const TITLES = POSTS.map((post) => post.title);

/** The posts a search should find, worked out naively from the source files (every word, anywhere). */
function expectedMatches(term: string): string[] {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return POSTS.filter((post) => {
    const body = fillSettingTokens(readFileSync(`content/blog/${post.slug}.mdx`, 'utf8').split(/^---$/m)[2] ?? '');
    const text = [post.title, post.excerpt, ...post.categories, ...post.tags, body].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  }).map((post) => post.title);
}

// The list's module, asked for again by Astro with ?astro-retry= after a failure.
const LIST_CODE = /\/_astro\/BlogList\.[^/]+\.js(\?|$)/;
const cards = (page: Page) => page.locator('[data-blog-list] article');
const cardTitles = (page: Page) => page.locator('[data-blog-list] article h2');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Blog pages' });
const previousLink = (page: Page) => pager(page).getByRole('link', { name: 'Previous' });
const nextLink = (page: Page) => pager(page).getByRole('link', { name: 'Next' });
const pageLink = (page: Page, n: number) => pager(page).getByRole('link', { name: `Page ${n}`, exact: true });

async function expectPage(page: Page, n: 1 | 2 | 3) {
  await expect(cardTitles(page)).toHaveText(TITLES.slice((n - 1) * 4, n * 4));
  await expect(pager(page).locator('[aria-current="page"]')).toHaveText(String(n));
  await expect(pager(page).locator('[aria-current]')).toHaveCount(1);
}

test.describe('blog list', () => {
  test(
    'cards show image, title, excerpt and Read More, 4 newest first per page across 3 pages',
    { tag: '@quick' },
    async ({ page }) => {
      await page.goto('/blog');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(cards(page)).toHaveCount(4);
      await expect(cardTitles(page)).toHaveText(TITLES.slice(0, 4));
      for (const [index, post] of POSTS.slice(0, 4).entries()) {
        const card = cards(page).nth(index);
        await expect(card.getByRole('heading', { level: 2 }).getByRole('link')).toHaveAttribute(
          'href',
          `/blog/${post.slug}`,
        );
        await expect(card).toContainText(post.excerpt);
        await expect(card.locator('time')).toHaveText(post.dateText);
        await expect(card.getByRole('link', { name: 'Read More' })).toHaveAttribute('href', `/blog/${post.slug}`);
        const image = card.locator('img');
        await expect(image).toHaveAttribute('srcset', /\.webp \d+w/);
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
      }
      // The first card's photo is above the fold on page 1; the others wait until scrolled to.
      await expect(cards(page).first().locator('img')).toHaveAttribute('loading', 'eager');
      await expect(cards(page).nth(1).locator('img')).toHaveAttribute('loading', 'lazy');

      await waitForIslands(page);
      await nextLink(page).click();
      await expect(page).toHaveURL(/\/blog\?page=2$/);
      await expectPage(page, 2);
      await nextLink(page).click();
      await expect(page).toHaveURL(/\/blog\?page=3$/);
      await expectPage(page, 3);
      await expect(cards(page)).toHaveCount(1);
    },
  );

  test('Previous is disabled on page 1, Next on the last page; aria-current marks the page', async ({ page }) => {
    await page.goto('/blog');
    await waitForIslands(page);
    await expect(pager(page).getByRole('link')).toHaveText([/Previous/, '1', '2', '3', /Next/]);
    await expect(previousLink(page)).toBeDisabled();
    await expect(previousLink(page)).not.toHaveAttribute('href');
    await expect(nextLink(page)).toBeEnabled();
    await expect(nextLink(page)).toHaveAttribute('href', '/blog?page=2');
    await expect(pageLink(page, 1)).toHaveAttribute('aria-current', 'page');
    await expect(pageLink(page, 2)).not.toHaveAttribute('aria-current');

    await pageLink(page, 3).click();
    await expectPage(page, 3);
    await expect(nextLink(page)).toBeDisabled();
    await expect(nextLink(page)).not.toHaveAttribute('href');
    await expect(previousLink(page)).toBeEnabled();
    await expect(previousLink(page)).toHaveAttribute('href', '/blog?page=2');

    await previousLink(page).click();
    await expectPage(page, 2);
    await expect(previousLink(page)).toBeEnabled();
    await expect(nextLink(page)).toBeEnabled();
    // A disabled control does nothing when clicked. The click goes to the link itself (a click at
    // its coordinates could land on a post card while the list re-renders), and it cannot be
    // reached from the keyboard either.
    await pageLink(page, 1).click();
    await expectPage(page, 1);
    await expect(previousLink(page)).toBeDisabled();
    await previousLink(page).dispatchEvent('click');
    await afterFrames(page);
    await expect(page).toHaveURL(/\/blog$/);
    await expectPage(page, 1);
    await previousLink(page).focus();
    await expect(previousLink(page)).not.toBeFocused();
  });

  test('the page lives in the URL: shared links, reload, back and forward', async ({ page }) => {
    // Hydration starts from the server's page 1 and then applies the URL: React must not complain.
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/blog?page=2');
    await expectPage(page, 2);
    await page.reload();
    await expectPage(page, 2);

    await waitForIslands(page);
    await pageLink(page, 3).click();
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    await expectPage(page, 3);
    await pageLink(page, 1).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expectPage(page, 1);

    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    await expectPage(page, 3);
    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expectPage(page, 2);
    await page.goForward();
    await expectPage(page, 3);
    expect(errors).toEqual([]);
  });

  test('junk and out-of-range page values fall back to page 1', async ({ page }) => {
    for (const value of ['0', '4', '99', '-1', '1.5', '2x', 'abc', '']) {
      await page.goto(`/blog?page=${encodeURIComponent(value)}`);
      await waitForIslands(page);
      await expectPage(page, 1);
      await expect(previousLink(page)).toBeDisabled();
    }
  });

  test('changing page scrolls to the top and moves focus to the new posts', async ({ page }) => {
    await page.goto('/blog');
    await waitForIslands(page);
    await nextLink(page).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await nextLink(page).click();
    await expectPage(page, 2);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3_000 }).toBe(0);
    await expect(page.getByRole('region', { name: 'Posts, page 2 of 3' })).toBeFocused();

    await pageLink(page, 3).scrollIntoViewIfNeeded();
    await pageLink(page, 3).click();
    await expectPage(page, 3);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3_000 }).toBe(0);
  });

  test('its code is fetched only when she reaches for the pager, and that first press turns the page in place', async ({
    page,
  }) => {
    // Reading and scrolling page 1 needs no script: the list starts when she presses the pager (or
    // at once for an address with ?page= or ?search=), and the press that started it is kept.
    const log = requestLog(page);
    await page.goto('/blog');
    await waitForIslands(page);
    await pastIdle(page);
    const code = await islandCode(page, 'BlogList');
    expect(log.asked, "the list's code, asked for before any press").not.toContain(code);
    await expect(pager(page)).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    await nextLink(page).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expectPage(page, 2);
    await expect(page.getByRole('region', { name: 'Posts, page 2 of 3' })).toBeFocused();
    expect(log.asked, "the list's code, once she pressed Next").toContain(code);
    const same = await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage);
    expect(same, 'page 2 came without a reload').toBe(true);
  });

  test('two presses on Next before its code has run are both kept, in order', async ({ page }) => {
    await page.goto('/blog');
    await waitForIslands(page);
    const pressed = await page.evaluate(() => {
      const island = document.querySelector('astro-island[component-url*="/BlogList."]')!;
      const next = () =>
        [...island.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Blog pages"] a[href]')].find((link) =>
          link.textContent?.includes('Next'),
        )!;
      next().click();
      next().click();
      return island.hasAttribute('ssr');
    });
    expect(pressed, 'both pressed while the list was its server HTML').toBe(true);
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    await expectPage(page, 3);
    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expectPage(page, 2);
  });

  test('Next pressed before its code has arrived looks pressed until page 2 answers it', async ({ page }) => {
    // On a low-tier phone over slow 4G the list's code takes a second or more to arrive; a press that
    // shows nothing for that long gets pressed again, and two presses are page 3.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(LIST_CODE, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/blog');
    await waitForIslands(page);
    await nextLink(page).click();
    await expect(nextLink(page)).toHaveAttribute('data-held', '');
    const look = await nextLink(page).evaluate((link) => {
      const style = getComputedStyle(link);
      return { opacity: style.opacity, cursor: style.cursor };
    });
    expect(look, 'Next, while its press waits for the code').toEqual({ opacity: '0.7', cursor: 'progress' });
    await expect(page).toHaveURL(/\/blog$/);
    await expectPage(page, 1);
    release();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expectPage(page, 2);
    await expect(page.locator('[data-held]'), 'a control still shown pressed').toHaveCount(0);
  });

  test('Next pressed with Ctrl or Cmd before its code has run opens page 2 in a new tab, as a link does', async ({
    page,
    context,
  }) => {
    await page.goto('/blog');
    await waitForIslands(page);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      nextLink(page).click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await expect(tab).toHaveURL(/\/blog\?page=2$/);
    await expect(page).toHaveURL(/\/blog$/);
    await expectPage(page, 1);
    await tab.close();
  });

  test('should its code fail to load, a press on Next still opens page 2, as a plain link', async ({ page }) => {
    // Astro asks twice (the second time a second later, with ?astro-retry=); both fail here.
    await page.route(LIST_CODE, (route) => route.abort());
    await page.goto('/blog');
    await waitForIslands(page);
    await nextLink(page).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    // The page 2 address cannot draw page 2 without the list's code either: the server's page 1
    // shows (blog/index.astro), and its pager still works as links.
    await expect(page.locator('[data-blog-list]')).toBeVisible({ timeout: 15_000 });
    await expect(cardTitles(page)).toHaveText(TITLES.slice(0, 4));
  });

  test('without JavaScript the first page is in the HTML and every post has a link', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog');
    await expect(cardTitles(page)).toHaveText(TITLES.slice(0, 4));
    const all = page.getByRole('navigation', { name: 'All posts' }).getByRole('link');
    await expect(all).toHaveText(TITLES);
    for (const [index, post] of POSTS.entries()) {
      await expect(all.nth(index)).toHaveAttribute('href', `/blog/${post.slug}`);
    }
    // The pager cannot work without JavaScript, so it stays out of sight.
    await expect(pager(page)).toBeHidden();
    await context.close();
  });
});

test.describe('blog search (/blog?search=)', () => {
  const search = async (page: Page, term: string) => {
    await page.goto(`/blog?search=${encodeURIComponent(term)}`);
    await waitForIslands(page);
  };
  const status = (page: Page) => page.locator('[data-blog-list] [role="status"]');
  const titlesOf = (slugs: string[]) => POSTS.filter((post) => slugs.includes(post.slug)).map((post) => post.title);

  test('finds words in the body, case-insensitive, and says how many matched', { tag: '@quick' }, async ({ page }) => {
    await search(page, 'CHAMBRAY');
    await expect(status(page)).toContainText('1 post matches');
    await expect(status(page).locator('q')).toHaveText('CHAMBRAY');
    await expect(cardTitles(page)).toHaveText(titlesOf(['what-to-wear-for-your-boudoir-session']));
    await expect(pager(page)).toHaveCount(0);
  });

  test('finds categories, tags and titles', async ({ page }) => {
    // A category, word by word: every post filed under it matches, and posts that use all three words.
    const styled = expectedMatches('style & wardrobe');
    expect(styled).toEqual(
      expect.arrayContaining(
        titlesOf(['what-to-wear-for-your-boudoir-session', 'capturing-curves-self-love-and-boudoir']),
      ),
    );
    await search(page, 'style & wardrobe');
    await expect(status(page)).toContainText(`${styled.length} posts match`);
    await expect(cardTitles(page)).toHaveText(styled.slice(0, 4));

    // Words that appear only in tags.
    await search(page, 'Body-Positivity');
    await expect(cardTitles(page)).toHaveText(
      titlesOf(['overcoming-excuses-why-you-deserve-boudoir-experience', 'capturing-curves-self-love-and-boudoir']),
    );
    await search(page, 'empowerment');
    await expect(cardTitles(page)).toHaveText(titlesOf(['why-every-woman-deserves-erotica-session']));

    await search(page, 'capturing curves');
    await expect(cardTitles(page)).toHaveText(expectedMatches('capturing curves'));
    await expect(cardTitles(page).first()).toHaveText('Capturing Curves: Self-Love and Boudoir');
  });

  test('searches the text visitors read: prices filled in, never the raw %tokens%', async ({ page }) => {
    await search(page, `${'$'}${settings.offer.sessionFee}`);
    await expect(status(page)).toContainText('9 posts match');
    await search(page, '%session-fee%');
    await expect(page.getByRole('heading', { name: /No posts match/ })).toBeVisible();
  });

  test('many matches are paged 4 at a time with the search kept in the URL', async ({ page }) => {
    expect(expectedMatches('boudoir')).toEqual(TITLES);
    await search(page, 'boudoir');
    await expect(status(page)).toContainText('9 posts match');
    await expectPage(page, 1);
    await nextLink(page).click();
    await expect(page).toHaveURL(/\/blog\?search=boudoir&page=2$/);
    await expectPage(page, 2);
    await page.reload();
    await expectPage(page, 2);
    await expect(status(page)).toContainText('9 posts match');
  });

  test('no match shows a clear message and a way back to all posts', async ({ page }) => {
    await search(page, 'zebra umbrella');
    await expect(page.getByRole('heading', { level: 2, name: /No posts match/ })).toContainText('zebra umbrella');
    await expect(cards(page)).toHaveCount(0);
    await expect(pager(page)).toHaveCount(0);
    await page.locator('[data-no-results]').getByRole('link', { name: 'Show all posts' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expectPage(page, 1);
    await expect(cards(page)).toHaveCount(4);
  });

  test('the search text is shown back as text, never as markup', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await search(page, '<b>x</b>');
    const heading = page.getByRole('heading', { name: /No posts match/ });
    await expect(heading.locator('q')).toHaveText('<b>x</b>');
    await expect(page.locator('[data-blog-list] b')).toHaveCount(0);

    await search(page, '"><img src=x onerror=alert(1)>');
    await expect(heading.locator('q')).toHaveText('"><img src=x onerror=alert(1)>');
    await expect(page.locator('[data-blog-list] img')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test('the address the structured data declares answers searches', async ({ page }) => {
    await page.goto('/');
    const site = (await readJsonLd(page)).find((block) => block['@type'] === 'WebSite') as Record<string, any>;
    const template = new URL(site['potentialAction'].target.urlTemplate.replace('{search_term_string}', 'rain'));
    await page.goto(template.pathname + template.search);
    await waitForIslands(page);
    const expected = expectedMatches('rain');
    expect(expected.length).toBeGreaterThan(1);
    await expect(status(page)).toContainText(`${expected.length} posts match`);
    await expect(cardTitles(page)).toHaveText(expected.slice(0, 4));
  });

  test('axe finds nothing in the results and the no-match state', async ({ page }) => {
    await search(page, 'rain room');
    await expect(cardTitles(page)).toHaveText(expectedMatches('rain room').slice(0, 4));
    await expectNoAxeViolations(page);
    await search(page, 'zebra');
    await expect(page.getByRole('heading', { name: /No posts match/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('blog post pages', () => {
  // West of UTC: a date formatted in the visitor's zone would show the day before.
  test.use({ timezoneId: 'America/Los_Angeles' });

  for (const [index, post] of POSTS.entries()) {
    test(`${post.slug}: title, date, categories, body, CTA, links and structured data`, async ({ page }) => {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
      await page.goto(`/blog/${post.slug}`);
      const main = page.locator('main');

      // The brand follows the title when the whole fits the 70 characters search results show.
      const full = `${post.title} | ${settings.brand.name}`;
      await expect(page).toHaveTitle(full.length <= 70 ? full : post.title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
      await expect(main.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
      await expect(main.locator('time[data-post-date]')).toHaveText(post.dateText);
      await expect(main.locator('time[data-post-date]')).toHaveAttribute('datetime', post.isoDate);
      await expect(main.getByText(post.categories.join(', '), { exact: true })).toBeVisible();
      await expect(main.getByText(post.excerpt, { exact: true })).toBeVisible();

      // In reading order: back link, image, title, excerpt, date, categories (joined by commas), body, CTA.
      const order = await main.evaluate(
        (root, texts) => {
          const byText = (text: string) =>
            [...root.querySelectorAll('p')].find((el) => el.textContent?.trim() === text) ?? null;
          const parts = [
            [...root.querySelectorAll('a')].find((a) => a.textContent?.includes('Back to Blog')) ?? null,
            root.querySelector('img'),
            root.querySelector('h1'),
            byText(texts.excerpt),
            root.querySelector('time[data-post-date]'),
            byText(texts.categories),
            root.querySelector('article.prose-studio'),
            root.querySelector('aside[aria-labelledby="post-cta"]'),
          ];
          if (parts.some((part) => !part)) return parts.map((part) => !!part);
          return parts.every(
            (part, i) => i === 0 || !!(parts[i - 1]!.compareDocumentPosition(part!) & Node.DOCUMENT_POSITION_FOLLOWING),
          );
        },
        { excerpt: post.excerpt, categories: post.categories.join(', ') },
      );
      expect(order, 'back link, image, title, excerpt, date, categories, body, CTA in this order').toBe(true);

      // The featured photo is the LCP image: loaded eagerly at high priority.
      const photo = main.locator('img').first();
      await expect(photo).toHaveAttribute('loading', 'eager');
      await expect(photo).toHaveAttribute('fetchpriority', 'high');
      await expect(photo).not.toHaveAttribute('alt', '');
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      // Body rendered by the Markdown rules of docs/owner.md: headings, bold lines as paragraphs, lists, no stray Markdown.
      const article = main.locator('article.prose-studio');
      await expect(article.locator('h2')).toHaveCount(post.h2);
      await expect(article.locator('h3')).toHaveCount(post.h3);
      await expect(article.locator('ul > li')).toHaveCount(post.listItems);
      expect(post.h2).toBeGreaterThan(2);
      expect(post.listItems).toBeGreaterThan(2);
      const boldParagraphs = await article
        .locator('p')
        .evaluateAll(
          (ps) =>
            ps.filter(
              (p) =>
                p.children.length === 1 &&
                p.firstElementChild?.tagName === 'STRONG' &&
                p.textContent === p.firstElementChild.textContent,
            ).length,
        );
      expect(boldParagraphs).toBe(post.boldLines);
      const text = (await article.textContent()) ?? '';
      expect(text).not.toMatch(/\*\*|^#{2,4} |%[a-z-]+%/m);

      // Booking CTA.
      await expect(main.getByRole('link', { name: /Book Your Experience/ })).toHaveAttribute('href', '/#story-begins');
      const consult = main.getByRole('link', { name: /Complimentary Consult/ });
      await expect(consult).toHaveAttribute('href', settings.booking.schedulerUrl);
      await expect(consult).toHaveAttribute('target', '_blank');
      await expect(consult).toHaveAttribute('rel', 'noopener noreferrer');

      // Previous (older) and next (newer) posts.
      const more = page.getByRole('navigation', { name: 'More posts' });
      const older = POSTS[index + 1];
      const newer = POSTS[index - 1];
      if (older) {
        await expect(more.getByRole('link', { name: /Previous post/ })).toHaveAttribute('href', `/blog/${older.slug}`);
        await expect(more.getByRole('link', { name: /Previous post/ })).toContainText(older.title);
      } else {
        await expect(more.getByRole('link', { name: /Previous post/ })).toHaveCount(0);
      }
      if (newer) {
        await expect(more.getByRole('link', { name: /Next post/ })).toHaveAttribute('href', `/blog/${newer.slug}`);
      } else {
        await expect(more.getByRole('link', { name: /Next post/ })).toHaveCount(0);
      }

      // Head: description, canonical, Open Graph article tags.
      const canonical = new URL(`/blog/${post.slug}`, settings.siteUrl).href;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', post.isoDate);
      await expect(page.locator('meta[property="article:tag"]')).toHaveCount(post.tags.length);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThanOrEqual(50);
      expect(description?.length).toBeLessThanOrEqual(160);

      // BlogPosting structured data.
      const posting = (await readJsonLd(page)).find((block) => block['@type'] === 'BlogPosting') as Record<string, any>;
      expect(posting).toBeTruthy();
      expect(posting['headline']).toBe(post.title);
      expect(posting['datePublished']).toBe(post.isoDate);
      expect(posting['url']).toBe(canonical);
      expect(posting['description']).toBe(description);
      expect(posting['image']).toMatch(/^https:\/\/.+\.jpg$/);
      expect(posting['author']).toMatchObject({ '@type': 'Organization', name: settings.brand.name });
      expect(posting['publisher']).toMatchObject({ '@type': 'Organization', name: settings.brand.name });
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(posting['image']).toBe(ogImage);
      const imagePath = new URL(posting['image'] as string).pathname;
      expect((await page.request.get(imagePath)).status()).toBe(200);
    });
  }

  test('no client JavaScript beyond the shared page shell', async ({ page }) => {
    const scripts = async (path: string) => {
      await page.goto(path);
      return page
        .locator('script[src], script[type="module"]')
        .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).src || (el.textContent ?? '').trim()).sort());
    };
    const shell = await scripts('/privacy-policy');
    const post = await scripts(`/blog/${POSTS[0]!.slug}`);
    expect(post).toEqual(shell);
    await expect(page.locator('astro-island')).toHaveCount(0);
  });

  test('previous links walk through all nine posts, newest to oldest', async ({ page }) => {
    test.slow(); // nine page loads
    await page.goto(`/blog/${POSTS[0]!.slug}`);
    const visited = [];
    for (;;) {
      visited.push(await page.getByRole('heading', { level: 1 }).textContent());
      const previous = page
        .getByRole('navigation', { name: 'More posts' })
        .getByRole('link', { name: /Previous post/ });
      if ((await previous.count()) === 0) break;
      await previous.click();
    }
    expect(visited).toEqual(TITLES);
  });

  test('a card opens its post and Back to Blog returns to the list', async ({ page }) => {
    await page.goto('/blog');
    await cards(page).nth(1).getByRole('link', { name: 'Read More' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${POSTS[1]!.slug}$`));
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('axe finds nothing on a post', async ({ page }) => {
    await page.goto(`/blog/${POSTS[3]!.slug}`);
    await expectNoAxeViolations(page);
  });
});

test.describe('feed', () => {
  test('/rss.xml is valid RSS with every post: title, link, date and description', async ({ page, request }) => {
    const response = await request.get('/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const xml = await response.text();

    await page.goto('/blog');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
    const feed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      const text = (el: Element, tag: string) => el.getElementsByTagName(tag)[0]?.textContent ?? null;
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        root: doc.documentElement.nodeName,
        version: doc.documentElement.getAttribute('version'),
        channelTitle: text(doc.getElementsByTagName('channel')[0]!, 'title'),
        items: [...doc.getElementsByTagName('item')].map((item) => ({
          title: text(item, 'title'),
          link: text(item, 'link'),
          pubDate: text(item, 'pubDate'),
          description: text(item, 'description'),
        })),
      };
    }, xml);

    expect(feed.error).toBe(false);
    expect(feed.root).toBe('rss');
    expect(feed.version).toBe('2.0');
    expect(feed.channelTitle).toContain(settings.brand.name);
    expect(feed.items).toHaveLength(9);
    for (const [index, post] of POSTS.entries()) {
      const item = feed.items[index]!;
      expect(item.title).toBe(post.title);
      expect(item.link).toBe(new URL(`/blog/${post.slug}`, settings.siteUrl).href);
      expect(new Date(item.pubDate!).toISOString().slice(0, 10)).toBe(post.isoDate);
      expect(item.description).toBe(post.excerpt);
      const target = await request.get(new URL(item.link!).pathname);
      expect(target.status(), item.link!).toBe(200);
    }
  });
});

test('axe finds nothing on the blog list', async ({ page }) => {
  await page.goto('/blog?page=2');
  await waitForIslands(page);
  await expectPage(page, 2);
  await expectNoAxeViolations(page);
});
