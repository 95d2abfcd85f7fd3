import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { builtRoutes } from './site';
import { settings } from '../src/lib/content/settings';
import { NOINDEX_PATHS } from '../src/lib/site/routes';

test('the sitemap lists exactly the indexable routes, every post included @dist', async ({ request }) => {
  const xml = readFileSync('dist/sitemap-0.xml', 'utf8');
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1]!).pathname.replace(/\/$/, '') || '/',
  );
  const indexable = builtRoutes().filter((route) => !NOINDEX_PATHS.some((path) => path === route));
  expect(listed.sort()).toEqual(indexable.sort());
  expect(listed.filter((path) => path.startsWith('/blog/'))).toHaveLength(9);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap-index.xml', settings.siteUrl).href}`);
});

for (const path of NOINDEX_PATHS) {
  test(`${path} is noindex @dist`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(/<meta name="robots" content="noindex[^"]*"/.test(html)).toBe(true);
  });
}
