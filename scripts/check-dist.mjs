// Checks the built site in dist/: every internal link, image and #fragment resolves.
// Deterministic and fast; runs in `npm test` after `astro build`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const DIST = new URL('../dist/', import.meta.url).pathname;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The site path a built file answers to: dist/about/index.html → /about. */
function routeOf(file) {
  const rel = '/' + relative(DIST, file).replace(/\\/g, '/');
  return rel.replace(/\/index\.html$/, '').replace(/\.html$/, '') || '/';
}

/** The file in dist/ that serves `pathname`, or null. */
function fileFor(pathname) {
  const clean = decodeURIComponent(pathname).replace(/\/$/, '');
  const candidates = [join(DIST, clean), join(DIST, clean, 'index.html'), join(DIST, `${clean}.html`)];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

const ids = new Map();
function idsOf(file) {
  if (!ids.has(file)) {
    const html = readFileSync(file, 'utf8');
    ids.set(file, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])));
  }
  return ids.get(file);
}

// Routes linked from the shell whose pages are still being built; this list only ever shrinks.
const PENDING_ROUTES = new Set([]);

const problems = [];
const files = htmlFiles(DIST);
let checked = 0;
for (const file of files) {
  const html = readFileSync(file, 'utf8');
  const route = routeOf(file);
  const refs = [
    ...[...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]),
    // Case-insensitive: React islands render the attribute as "srcSet".
    ...[...html.matchAll(/\ssrcset="([^"]*)"/gi)].flatMap((m) =>
      m[1].split(',').map((part) => part.trim().split(/\s+/)[0]),
    ),
  ];
  for (const ref of refs) {
    if (!ref || /^(https?:|mailto:|tel:|data:|blob:|javascript:)/.test(ref) || ref.startsWith('//')) continue;
    checked++;
    const url = new URL(ref.replace(/&amp;/g, '&'), `http://site${route === '/' ? '/' : `${route}/`}`);
    const target = url.pathname === '/' ? join(DIST, 'index.html') : fileFor(url.pathname);
    if (!target && PENDING_ROUTES.has(url.pathname)) continue;
    if (!target) {
      problems.push(`${route}: ${ref} → no such file`);
      continue;
    }
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment && target.endsWith('.html') && !idsOf(target).has(fragment)) {
      problems.push(`${route}: ${ref} → no element with id "${fragment}"`);
    }
  }
}

if (problems.length) {
  console.error(`check-dist: ${problems.length} broken reference(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-dist: ${files.length} pages, ${checked} internal references, all resolve`);
