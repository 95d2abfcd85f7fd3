// Byte budgets over dist/, deterministic (no browser): prints a table and fails on a miss.
// - HTML of any page <= 60 KB gzip; CSS per page <= 15 KB gzip.
// - JS loaded before the first interaction (module scripts, inline scripts, and the islands that
//   hydrate on load or idle, with every chunk they import) <= 90 KB gzip on pages with islands.
// - Pages without islands load no island or framework JS, only the shell script (<= 2 KB gzip:
//   header state, menu, copyright year).
// - Home page first-view image bytes at 390 px width (3x screens) <= 250 KB.
// - The portfolio page carries its first view only, whatever the portfolio's size: its island's
//   props and its view without JavaScript name at most the first PREVIEW_COUNT photos of each
//   category; every category with more has its file (/portfolio/<category>.json) for the rest.
// - Fonts: at most two families, WOFF2 only, font-display swap, a metric-matched fallback face per
//   family; only each family's core face (src/lib/site/font-subset.ts) is preloaded, <= 40 KB together.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CORE_RANGES, toUnicodeRange } from '../../src/lib/site/font-subset.ts';
import { builtPages } from '../../src/lib/site/site-files.ts';
import { PORTFOLIO_CATEGORIES, PREVIEW_COUNT } from '../../src/lib/portfolio/portfolio.ts';
import { portfolioSize } from '../audits/portfolio-size.ts';

const DIST = new URL('../../dist/', import.meta.url).pathname;
const KB = 1024;
const BUDGET = {
  html: 60 * KB,
  css: 15 * KB,
  jsIsland: 90 * KB,
  jsShell: 2 * KB,
  homeImages: 250 * KB,
  fontPreload: 40 * KB,
};

const CORE_UNICODE_RANGE = `unicode-range:${toUnicodeRange(CORE_RANGES).join(',')};`;
const gz = (text: string): number => gzipSync(text, { level: 9 }).length;
const file = (url: string): string => join(DIST, decodeURIComponent(url.split('?')[0] ?? ''));
const read = (url: string): string => readFileSync(file(url), 'utf8');

/** A module and every chunk it imports statically, each counted once. */
function moduleGraph(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const code = read(url);
  const dir = url.slice(0, url.lastIndexOf('/') + 1);
  for (const [, spec] of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    if (spec) moduleGraph(new URL(spec, `http://x${dir}`).pathname, seen);
  }
  return seen;
}

/** One page's row of the table, in KB. */
interface Row {
  route: string;
  islands: number;
  htmlKb: number;
  cssKb: number;
  jsKb: number;
  fontKb: number;
  /** The home page's first-view images at 390 px, 3x. */
  homeImageKb?: number;
}
const rows: Row[] = [];
const misses: string[] = [];
for (const { file: path, route } of builtPages(DIST)) {
  const html = readFileSync(path, 'utf8');
  const htmlGz = gz(html);

  const cssLinks = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const cssGz = gz(cssLinks.map(read).join('') + inlineCss);

  const faces = [...inlineCss.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1] ?? '');
  const webFaces = faces.filter((face) => !/fallback:/.test(face));
  const familyOf = (face: string): string => face.match(/font-family:"?([^;"]+)"?;/)?.[1] ?? '';
  const families = new Set(webFaces.map(familyOf));
  if (families.size > 2) misses.push(`${route}: ${families.size} font families > 2`);
  for (const family of families) {
    const fallback = faces.find((face) => familyOf(face).startsWith(`${family} fallback:`));
    if (!fallback || !/size-adjust:/.test(fallback)) misses.push(`${route}: ${family} has no metric-matched fallback`);
  }
  for (const face of webFaces) {
    if (!/font-display:swap/.test(face)) misses.push(`${route}: a font face without font-display:swap`);
    if (!/^src:url\("[^"]+\.woff2"\) format\("woff2"\);/.test(face.replace(/^font-family:[^;]+;/, '')))
      misses.push(`${route}: a font face that is not one WOFF2 file`);
  }
  const coreFonts = webFaces
    .filter((face) => face.includes(CORE_UNICODE_RANGE))
    .map((face) => face.match(/url\("([^"]+)"\)/)?.[1]);
  const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1] ?? '');
  const preloadBytes = preloads.reduce((sum, url) => sum + statSync(file(url)).size, 0);
  if (preloads.length !== families.size || preloads.some((url) => !coreFonts.includes(url)))
    misses.push(`${route}: preloads ${preloads.join(', ')} instead of the core faces ${coreFonts.join(', ')}`);
  if (preloadBytes > BUDGET.fontPreload)
    misses.push(`${route}: preloaded fonts ${(preloadBytes / KB).toFixed(1)} KB > ${BUDGET.fontPreload / KB}`);

  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
  const eager = islands.filter((tag) => /client="(load|idle|only)"/.test(tag));
  const modules = new Set<string>();
  for (const [, src] of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g))
    if (src) moduleGraph(src, modules);
  for (const tag of eager) {
    for (const [, , url] of tag.matchAll(/(component-url|renderer-url)="([^"]+)"/g)) if (url) moduleGraph(url, modules);
  }
  const inlineJs = [
    ...html.matchAll(/<script(?![^>]*(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((m) => m[1])
    .join('');
  const jsGz = gz([...modules].map(read).join('') + inlineJs);

  const row: Row = {
    route,
    islands: islands.length,
    htmlKb: htmlGz / KB,
    cssKb: cssGz / KB,
    jsKb: jsGz / KB,
    fontKb: preloadBytes / KB,
  };
  if (htmlGz > BUDGET.html) misses.push(`${route}: HTML ${row.htmlKb.toFixed(1)} KB gzip > 60`);
  if (cssGz > BUDGET.css) misses.push(`${route}: CSS ${row.cssKb.toFixed(1)} KB gzip > 15`);
  if (islands.length && jsGz > BUDGET.jsIsland) misses.push(`${route}: JS ${row.jsKb.toFixed(1)} KB gzip > 90`);
  if (!islands.length) {
    const framework = [...modules].filter((m) => /client\.|react|ErrorBoundary/i.test(m));
    if (framework.length) misses.push(`${route}: loads island/framework JS without an island: ${framework.join(', ')}`);
    if (jsGz > BUDGET.jsShell) misses.push(`${route}: shell JS ${row.jsKb.toFixed(1)} KB gzip > 2`);
  }

  if (route === '/') {
    // Eager images, each at the candidate a 390 px wide, 3x screen picks for a full-width slot.
    const needed = 390 * 3;
    let bytes = 0;
    for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
      const [img] = match;
      if (/loading="lazy"/i.test(img)) continue;
      // In a <picture>, a browser that reads AVIF (every one the site targets) takes its AVIF source.
      const before = html.slice(0, match.index);
      const picture = before.lastIndexOf('<picture') > before.lastIndexOf('</picture>');
      const avif = picture
        ? before.slice(before.lastIndexOf('<picture')).match(/type="image\/avif"[^>]*srcset="([^"]+)"/i)
        : null;
      const srcset = avif?.[1] ?? img.match(/srcset="([^"]+)"/i)?.[1];
      const src = img.match(/\ssrc="([^"]+)"/i)?.[1];
      const candidates = (srcset ?? '')
        .split(',')
        .map((c) => c.trim().split(/\s+/))
        .flatMap(([url, w]) => (url && w?.endsWith('w') ? [{ url, w: parseInt(w, 10) }] : []))
        .sort((a, b) => a.w - b.w);
      const chosen = candidates.find((c) => c.w >= needed) ?? candidates.at(-1);
      const url = chosen?.url ?? src;
      if (url && !url.startsWith('data:') && existsSync(file(url))) bytes += statSync(file(url)).size;
    }
    row.homeImageKb = bytes / KB;
    if (bytes > BUDGET.homeImages) misses.push(`/: first-view images ${(bytes / KB).toFixed(0)} KB > 250`);
  }
  rows.push(row);
}

// The portfolio page weighs the same at 36 photos or 500: the rest of each category is in its file.
const portfolio = portfolioSize(DIST);
const firstView = PORTFOLIO_CATEGORIES.length * PREVIEW_COUNT;
if (portfolio.propsPhotos > firstView)
  misses.push(`/portfolio: the gallery's props carry ${portfolio.propsPhotos} photos > ${firstView} (the first view)`);
if (portfolio.staticPhotos > firstView)
  misses.push(`/portfolio: the view without JavaScript shows ${portfolio.staticPhotos} photos > ${firstView}`);
for (const category of PORTFOLIO_CATEGORIES)
  if (!existsSync(join(DIST, `portfolio/${category}.json`))) misses.push(`/portfolio: no file for ${category}`);

rows.sort((a, b) => a.route.localeCompare(b.route));
console.log('route'.padEnd(60), 'islands  HTML KB  CSS KB  JS KB (gzip, before interaction)  fonts KB (preloaded)');
for (const r of rows) {
  console.log(
    `${r.route.padEnd(60)} ${String(r.islands).padStart(7)} ${r.htmlKb.toFixed(1).padStart(8)} ${r.cssKb.toFixed(1).padStart(7)} ${r.jsKb.toFixed(1).padStart(6)} ${r.fontKb.toFixed(1).padStart(8)}${r.homeImageKb !== undefined ? `   first-view images ${r.homeImageKb.toFixed(0)} KB at 390 px` : ''}`,
  );
}
if (misses.length) {
  console.error(`check-budgets: ${misses.length} budget(s) missed:\n  ${misses.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-budgets: ${rows.length} pages within budget`);
