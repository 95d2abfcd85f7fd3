// What the portfolio costs a visitor before she asks for more, read from a built dist/: the page's
// HTML (raw, gzip and brotli, as the host sends it), the gallery island's props inside it, how
// many photos the page names, and the category files the gallery fetches later (when a visitor
// chooses a filter, View More or steps the viewer past the first photos).
// Used by `npm run audit:photos` (which prints it) and scripts/dist-checks/check-budgets.ts (which holds the
// page to the first view). `node scripts/audits/portfolio-size.ts [dist]` prints it for one build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileHeader, readOptions } from '../shared/options.ts';

const KB = 1024;

/** Distinct photos an HTML text names: grid thumbnails (their file names carry the photo's id). */
export function photosNamed(html: string): Set<string> {
  return new Set([...html.matchAll(/\/_astro\/([\w-]+)\.[\w-]+\.(?:avif|webp|jpe?g|png)/g)].flatMap((m) => m[1] ?? []));
}

/** The portfolio page and its category files in `dist`, in bytes and photos. */
export function portfolioSize(dist: string) {
  const html = readFileSync(join(dist, 'portfolio.html'));
  const text = html.toString('utf8');
  const island = text.match(/<astro-island\b[^>]*component-url="[^"]*PortfolioGallery[^"]*"[^>]*>/)?.[0] ?? '';
  const props = island.match(/\sprops="([^"]*)"/)?.[1] ?? '';
  // The view without JavaScript: from its container (the element, not a style rule naming it) to the
  // closing call to book, which follows it.
  const start = text.search(/<[a-z]+\b[^>]*\sdata-portfolio-static\b/);
  const noScript = start < 0 ? '' : text.slice(start, text.indexOf('id="portfolio-cta"', start));
  const chunkDir = join(dist, 'portfolio');
  const chunks = existsSync(chunkDir)
    ? readdirSync(chunkDir)
        .filter((name) => name.endsWith('.json'))
        .map((name) => ({ name, bytes: readFileSync(join(chunkDir, name)).length }))
    : [];
  return {
    html: html.length,
    gzip: gzipSync(html, { level: 9 }).length,
    brotli: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    props: Buffer.byteLength(props),
    photos: photosNamed(text).size,
    propsPhotos: photosNamed(props).size,
    staticPhotos: [...noScript.matchAll(/<img\b/g)].length,
    chunks: chunks.length,
    chunkBytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    largestChunk: chunks.reduce((max, chunk) => Math.max(max, chunk.bytes), 0),
  };
}

/** What portfolioSize measures: bytes, photos and category files. */
export type PortfolioSize = ReturnType<typeof portfolioSize>;

/** One line for a person: "portfolio.html 129.8 KB (gzip 17.9, brotli 14.2), island props 50.7 KB, …". */
export function describePortfolioSize(size: PortfolioSize): string {
  const kb = (bytes: number) => (bytes / KB).toFixed(1);
  return (
    `portfolio.html ${kb(size.html)} KB (gzip ${kb(size.gzip)}, brotli ${kb(size.brotli)}), ` +
    `island props ${kb(size.props)} KB (${size.propsPhotos} photos), ${size.staticPhotos} photos without JavaScript; ` +
    `${size.chunks} category files, ${kb(size.chunkBytes)} KB in all, largest ${kb(size.largestChunk)} KB`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals } = readOptions({
    name: 'portfolio-size',
    usage: 'node scripts/audits/portfolio-size.ts [dist]',
    help: fileHeader(import.meta.url),
    allowPositionals: true,
  });
  const dist = positionals[0] ?? join(process.cwd(), 'dist');
  const size = portfolioSize(dist);
  console.log(describePortfolioSize(size));
  console.log(JSON.stringify(size));
}
