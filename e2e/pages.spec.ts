import { test, expect, expectNoAxeViolations } from './fixtures';
import { builtRoutes } from './site';

const routes = builtRoutes();

test('every built page has its own title and meta description', async ({ page }) => {
  // One visit per built page (19): more than one default test budget on a busy machine.
  test.setTimeout(120_000);
  expect(routes.length).toBeGreaterThan(1);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const route of routes) {
    await page.goto(route);
    const title = await page.title();
    const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    expect(title, `${route} title`).not.toBe('');
    expect(description.length, `${route} description length`).toBeGreaterThanOrEqual(50);
    expect(titles.get(title), `title of ${route} repeats`).toBeUndefined();
    expect(descriptions.get(description), `description of ${route} repeats`).toBeUndefined();
    titles.set(title, route);
    descriptions.set(description, route);
  }
});

for (const route of routes) {
  test(`axe finds no WCAG 2.2 A/AA violations on ${route}`, async ({ page }) => {
    await page.goto(route);
    await expectNoAxeViolations(page);
  });
}
