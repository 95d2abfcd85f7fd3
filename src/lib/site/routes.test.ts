import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  categoryDataHref,
  categoryPageHref,
  CONTACT_FORM_HREF,
  CONTACT_FORM_ID,
  FILE_ROUTES,
  NOINDEX_PATHS,
  NOT_FOUND_ROUTE,
  postHref,
  ROUTES,
  STORY_HREF,
  STORY_ID,
} from './routes';
import { HEADER_NAV, FOOTER_NAV } from './navigation';

const pageFile = (route: string) =>
  route === '/' ? 'src/pages/index.astro' : [`src/pages${route}.astro`, `src/pages${route}/index.astro`];

describe('addresses', () => {
  it('names each page by the file that builds it', () => {
    for (const route of Object.values(ROUTES)) {
      const files = [pageFile(route)].flat();
      expect(
        files.some((file) => existsSync(file)),
        `${route}: ${files.join(' or ')}`,
      ).toBe(true);
    }
  });

  it('names the not-found page by its file, and keeps it out of the index', () => {
    expect(existsSync(`src/pages${NOT_FOUND_ROUTE}.astro`), NOT_FOUND_ROUTE).toBe(true);
    expect(NOINDEX_PATHS).toContain(NOT_FOUND_ROUTE);
  });

  it('names each file beside the pages by the file that builds it', () => {
    for (const [name, route] of Object.entries(FILE_ROUTES)) {
      // @astrojs/sitemap writes the sitemap; no file in src/pages/ does.
      if (name === 'sitemap') continue;
      expect(existsSync(`src/pages${route}.ts`), `${route}: src/pages${route}.ts`).toBe(true);
    }
  });

  it('writes a post under the blog', () => {
    expect(postHref('rain-room')).toBe('/blog/rain-room');
  });

  it("writes a portfolio category's pages and its file under the portfolio, where their files are", () => {
    expect(categoryPageHref('classic')).toBe('/portfolio/classic');
    expect(categoryPageHref('classic', 2)).toBe('/portfolio/classic/2');
    expect(categoryDataHref('rain-room')).toBe('/portfolio/rain-room.json');
    expect(existsSync(`src/pages${ROUTES.portfolio}/[category]/[...page].astro`)).toBe(true);
    expect(existsSync(`src/pages${ROUTES.portfolio}/[category].json.ts`)).toBe(true);
  });

  it('leads to the contact section and its form on the home page', () => {
    expect(STORY_HREF).toBe(`${ROUTES.home}#${STORY_ID}`);
    expect(CONTACT_FORM_HREF).toBe(`${ROUTES.home}#${CONTACT_FORM_ID}`);
  });

  it('leads every menu entry to one of the addresses', () => {
    const routes = new Set<string>(Object.values(ROUTES));
    for (const { href } of [...HEADER_NAV, ...FOOTER_NAV])
      expect(routes.has(new URL(href, 'http://site').pathname)).toBe(true);
  });
});
