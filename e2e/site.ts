import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const DIST = join(import.meta.dirname, '..', 'dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** Every page route in the build (from dist/), e.g. "/", "/about"; the 404 page is excluded. */
export function builtRoutes(): string[] {
  return htmlFiles(DIST)
    .map(
      (file) =>
        '/' +
        relative(DIST, file)
          .replace(/\/?index\.html$/, '')
          .replace(/\.html$/, ''),
    )
    .filter((route) => route !== '/404')
    .sort();
}
