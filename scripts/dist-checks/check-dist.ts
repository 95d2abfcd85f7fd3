// Checks the built site in dist/: every internal link, image and #fragment resolves.
// Deterministic and fast; runs in `npm test` after `astro build`.
import { readFileSync } from 'node:fs';
import { builtPages, fileForPath } from '../../src/lib/site/site-files.ts';
import { missingRoutes } from '../shared/expected-routes.ts';
import { parse } from 'yaml';
import type { Settings } from '../../src/lib/content/settings.ts';

const DIST = new URL('../../dist/', import.meta.url).pathname;

/** The ids of each page read so far, by file. */
const ids = new Map<string, Set<string | undefined>>();
function idsOf(file: string): Set<string | undefined> {
  let found = ids.get(file);
  if (!found) {
    const html = readFileSync(file, 'utf8');
    found = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    ids.set(file, found);
  }
  return found;
}

// Routes linked from the shell whose pages are still being built; this list only ever shrinks.
const PENDING_ROUTES = new Set<string>([]);

const problems: string[] = [];
const files = builtPages(DIST);
// Every page the sources call for is there to be checked: an empty or partial dist/ is a failure,
// not a pass with nothing to check.
for (const route of missingRoutes(files.map((page) => page.route))) problems.push(`${route}: no page in dist/`);
let checked = 0;
for (const { file, route } of files) {
  const html = readFileSync(file, 'utf8');
  const refs = [
    ...[...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]),
    // Case-insensitive: React islands render the attribute as "srcSet".
    ...[...html.matchAll(/\ssrcset="([^"]*)"/gi)].flatMap((m) =>
      (m[1] ?? '').split(',').map((part) => part.trim().split(/\s+/)[0]),
    ),
  ];
  for (const ref of refs) {
    if (!ref || /^(https?:|mailto:|tel:|data:|blob:|javascript:)/.test(ref) || ref.startsWith('//')) continue;
    checked++;
    const url = new URL(ref.replace(/&amp;/g, '&'), `http://site${route}`);
    // A link the host would answer with a redirect (/about/, /about.html) counts as broken.
    const target = fileForPath(DIST, url.pathname);
    if (!target && PENDING_ROUTES.has(url.pathname)) continue;
    if (!target) {
      problems.push(`${route}: ${ref} → no file served at that address without a redirect`);
      continue;
    }
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment && target.endsWith('.html') && !idsOf(target).has(fragment)) {
      problems.push(`${route}: ${ref} → no element with id "${fragment}"`);
    }
  }
}

if (checked === 0) problems.push('no internal reference found in any page');

// The private gallery's page decides "open until" and its closing in the studio's time zone, the one
// content/settings.yaml names: the built page hands that zone to its island, not a default.
// The file as written, not through its schema (which fills in a default zone): the zone it names.
const written = parse(readFileSync(new URL('../../content/settings.yaml', import.meta.url), 'utf8')) as {
  business?: Partial<Pick<Settings['business'], 'timeZone'>>;
} | null;
const zone = written?.business?.timeZone;
const gallery = files.find((page) => page.route === '/private-gallery');
const islandProps = gallery
  ? [...readFileSync(gallery.file, 'utf8').matchAll(/<astro-island[^>]*\sprops="([^"]*)"/g)].map(
      (m) =>
        // Astro's serialized props: each value is [type, value], so a string prop is [0, "…"].
        JSON.parse((m[1] ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { timeZone?: [number, string] },
    )
  : [];
const handed = islandProps.map((props) => props.timeZone?.[1]).filter(Boolean);
if (!zone) problems.push('content/settings.yaml: business.timeZone is missing');
else if (!handed.includes(zone)) {
  problems.push(
    `/private-gallery: the gallery's island is not handed the studio's time zone ${zone} (got ${JSON.stringify(handed)})`,
  );
}

if (problems.length) {
  console.error(
    `check-dist: ${problems.length} problem(s) (missing pages or broken references):\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`check-dist: ${files.length} pages, ${checked} internal references, all resolve`);
