import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect, expectNoAxeViolations, readJsonLd, waitForIslands } from './fixtures';
import type { Page } from '@playwright/test';
import { settings } from '../src/lib/content/settings';
import { fillSettingTokens } from '../src/lib/content/text';

// What the owner wrote, in file order, with %tokens% filled: the page must show exactly this.
const FAQ_FILE = 'content/faq.yaml';
const expected = (parse(readFileSync(FAQ_FILE, 'utf8')) as { question: string; answer: string }[]).map((item) => ({
  question: fillSettingTokens(item.question, FAQ_FILE),
  answer: fillSettingTokens(item.answer, FAQ_FILE),
}));

const items = (page: Page) => page.locator('[data-accordion] > [data-value]');
const buttons = (page: Page) => page.locator('[data-accordion] button[aria-controls]');
const panelOf = async (page: Page, index: number) =>
  page.locator(`[id="${await buttons(page).nth(index).getAttribute('aria-controls')}"]`);
const expandedStates = (page: Page) =>
  buttons(page).evaluateAll((list) => list.map((b) => b.getAttribute('aria-expanded')));

test.describe('FAQ page', () => {
  test('heading and the 11 questions in the owner order, tokens filled', async ({ page }) => {
    await page.goto('/faq');
    await waitForIslands(page, '#questions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    expect(expected).toHaveLength(11);
    await expect(items(page)).toHaveCount(11);
    await expect(page.locator('[data-accordion] button > span:first-child')).toHaveText(
      expected.map((item) => item.question),
    );
    // Each item's value is its list position.
    expect(await items(page).evaluateAll((list) => list.map((el) => el.getAttribute('data-value')))).toEqual(
      expected.map((_, index) => String(index)),
    );
    await expect(page.locator('main')).toContainText('$495');
    await expect(page.locator('main')).not.toContainText('%');
  });

  test('single-open and collapsible', { tag: '@quick' }, async ({ page }) => {
    await page.goto('/faq');
    await waitForIslands(page, '#questions');
    expect(await expandedStates(page)).toEqual(Array(11).fill('false'));

    await buttons(page).nth(0).click();
    await expect(buttons(page).nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(await panelOf(page, 0)).toBeVisible();
    await expect(await panelOf(page, 0)).toHaveText(expected[0]!.answer);

    // Opening another closes the first: one open at a time.
    await buttons(page).nth(5).click();
    await expect(buttons(page).nth(5)).toHaveAttribute('aria-expanded', 'true');
    await expect(buttons(page).nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(await panelOf(page, 0)).toBeHidden();
    expect((await expandedStates(page)).filter((state) => state === 'true')).toHaveLength(1);

    // Collapsible: pressing the open one closes it, leaving none open.
    await buttons(page).nth(5).click();
    await expect(buttons(page).nth(5)).toHaveAttribute('aria-expanded', 'false');
    await expect(await panelOf(page, 5)).toBeHidden();
    expect(await expandedStates(page)).toEqual(Array(11).fill('false'));
  });

  test('FAQPage structured data equals the visible questions and answers', async ({ page }) => {
    await page.goto('/faq');
    await waitForIslands(page, '#questions');
    const faq = (await readJsonLd(page)).find((block) => block['@type'] === 'FAQPage') as {
      mainEntity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
    };
    expect(faq, 'FAQPage JSON-LD').toBeTruthy();
    const questions = await page.locator('[data-accordion] button > span:first-child').allTextContents();
    const answers = await page
      .locator('[data-accordion] [role="region"]')
      .evaluateAll((panels) => panels.map((panel) => panel.textContent?.replace(/\s+/g, ' ').trim()));
    expect(questions).toHaveLength(11);
    expect(faq.mainEntity.map((q) => q.name)).toEqual(questions);
    expect(faq.mainEntity.map((q) => q.acceptedAnswer.text)).toEqual(answers);
    expect(faq.mainEntity.every((q) => q['@type'] === 'Question' && q.acceptedAnswer['@type'] === 'Answer')).toBe(true);
    // And both equal the owner's text with the tokens filled.
    expect(faq.mainEntity.map((q) => ({ question: q.name, answer: q.acceptedAnswer.text }))).toEqual(expected);
  });

  test('BreadcrumbList is Home > FAQ', async ({ page }) => {
    await page.goto('/faq');
    const crumbs = (await readJsonLd(page)).find((block) => block['@type'] === 'BreadcrumbList') as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: new URL('/', settings.siteUrl).href },
      { '@type': 'ListItem', position: 2, name: 'FAQ', item: new URL('/faq', settings.siteUrl).href },
    ]);
  });

  test('ends with Ready to Plan Your Dream Session? and the scheduler in a new tab', async ({ page }) => {
    await page.goto('/faq');
    const cta = page.locator('section', {
      has: page.getByRole('heading', { name: 'Ready to Plan Your Dream Session?' }),
    });
    await expect(cta.getByRole('heading', { level: 2 })).toHaveText('Ready to Plan Your Dream Session?');
    const link = cta.getByRole('link', { name: /Let's Plan Your Dream Session Together →/ });
    await expect(link).toHaveAttribute('href', settings.booking.schedulerUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
  });

  test('axe finds nothing with an answer open', async ({ page }) => {
    await page.goto('/faq');
    await waitForIslands(page, '#questions');
    await buttons(page).nth(2).click();
    await expect(await panelOf(page, 2)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('FAQ page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every answer is in the server HTML, in closed native disclosures that find-in-page opens', async ({ page }) => {
    await page.goto('/faq');
    const disclosures = page.locator('[data-accordion] > details');
    await expect(disclosures).toHaveCount(11);
    expect(await disclosures.evaluateAll((list) => list.map((d) => (d as HTMLDetailsElement).open))).toEqual(
      Array(11).fill(false),
    );
    // One name for all: the browser keeps a single answer open.
    expect(new Set(await disclosures.evaluateAll((list) => list.map((d) => d.getAttribute('name')))).size).toBe(1);
    await expect(disclosures.locator('summary > :is(h2, h3)')).toHaveText(expected.map((item) => item.question));
    expect(
      await disclosures.evaluateAll((list) =>
        list.map((d) => d.querySelector(':scope > :not(summary)')?.textContent?.trim()),
      ),
    ).toEqual(expected.map((item) => item.answer));
  });
});
