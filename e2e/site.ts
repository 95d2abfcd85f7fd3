import { join } from 'node:path';
import { builtPages } from '../src/lib/site/site-files';
import { NOT_FOUND_ROUTE } from '../src/lib/site/routes';

export const DIST = join(import.meta.dirname, '..', 'dist');

/** Every page route in the build (from dist/), e.g. "/", "/about"; the 404 page is excluded. */
export function builtRoutes(): string[] {
  return builtPages(DIST)
    .map(({ route }) => route)
    .filter((route) => route !== NOT_FOUND_ROUTE);
}
