/**
 * How the built site in dist/ maps to URLs: the one place that knows it. The build writes one
 * file per page (Astro's `build.format: 'file'`) and every URL is written without a trailing
 * slash, so the host serves each URL directly with 200:
 *
 *   dist/index.html            → /
 *   dist/about.html            → /about
 *   dist/blog/some-post.html   → /blog/some-post
 *   dist/404.html              → /404 (and every unknown path, with status 404)
 *
 * `/about/` and `/about.html` are redirects on the host, so nothing in the site links to them.
 * Used by the build (dist/_headers), the dist checks, the budgets, the audit and the e2e tests.
 * Node only (it reads the file system); never import it from an island.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The URL path a page's file answers to: 'about.html' → '/about', 'index.html' → '/'. */
export function routeOfFile(relativePath: string): string {
  const path = relativePath
    .split(sep)
    .join('/')
    .replace(/\.html$/, '');
  if (path === 'index') return '/';
  return '/' + path.replace(/\/index$/, '');
}

/** The file (relative to dist/) that serves `route`: '/about' → 'about.html', '/' → 'index.html'. */
export function fileOfRoute(route: string): string {
  const clean = route.replace(/\/+$/, '');
  return clean === '' ? 'index.html' : `${clean.slice(1)}.html`;
}

/** Every file below `dir`, absolute paths, sorted. */
export function allFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? allFiles(path) : [path];
    })
    .sort();
}

export interface BuiltPage {
  /** Absolute path of the HTML file. */
  file: string;
  /** The URL path it answers to. */
  route: string;
}

/** Every page in `dist`, sorted by route (the not-found page included). */
export function builtPages(dist: string): BuiltPage[] {
  return allFiles(dist)
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({ file, route: routeOfFile(relative(dist, file)) }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * The file in `dist` that the host serves for `pathname` with status 200, or null: a page's
 * route or the exact path of an asset. `/about/` and `/about.html` give null: the host answers
 * them with a redirect, so a link to them costs a round trip.
 */
export function fileForPath(dist: string, pathname: string): string | null {
  const clean = decodeURIComponent(pathname);
  if (clean !== '/' && (clean.endsWith('/') || clean.endsWith('.html'))) return null;
  for (const path of [join(dist, fileOfRoute(clean)), join(dist, clean)]) {
    try {
      if (statSync(path).isFile()) return path;
    } catch {
      // not this one
    }
  }
  return null;
}
