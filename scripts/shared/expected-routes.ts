// The pages a build must hold, from the sources rather than from dist/: every route of ROUTES, a
// page per post in content/blog/ (drafts left out), the first page of each portfolio category, and the not-found
// page. A check that walks dist/ compares what it found with this, so an empty or half-built
// dist/ fails it instead of passing with nothing to check.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { categoryPageHref, NOT_FOUND_ROUTE, postHref, ROUTES } from '../../src/lib/site/routes.ts';
import { PORTFOLIO_CATEGORIES } from '../../src/lib/portfolio/portfolio.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every route the build must hold, sorted; `notFound: false` leaves the 404 page out. */
/** Which routes to expect: `notFound: false` leaves the 404 page out; `root` is the project's folder. */
export interface ExpectedRoutesOptions {
  notFound?: boolean;
  root?: string;
}

export function expectedRoutes({ notFound = true, root = ROOT }: ExpectedRoutesOptions = {}): string[] {
  const posts = readdirSync(join(root, 'content', 'blog'))
    .filter((name) => name.endsWith('.mdx'))
    // A draft is kept off the live site.
    .filter(
      (name) =>
        !/^---\n[\s\S]*?^draft: true$[\s\S]*?^---$/m.test(readFileSync(join(root, 'content', 'blog', name), 'utf8')),
    )
    .map((name) => postHref(name.replace(/\.mdx$/, '')));
  return [
    ...Object.values(ROUTES),
    ...posts,
    ...PORTFOLIO_CATEGORIES.map((category) => categoryPageHref(category)),
    ...(notFound ? [NOT_FOUND_ROUTE] : []),
  ].sort();
}

/** The expected routes `found` lacks (empty when every one is there). */
export function missingRoutes(found: Iterable<string>, options?: ExpectedRoutesOptions): string[] {
  const have = new Set(found);
  return expectedRoutes(options).filter((route) => !have.has(route));
}
