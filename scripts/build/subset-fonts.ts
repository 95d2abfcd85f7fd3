// `npm run fonts`: writes the small "core" WOFF2 files (src/assets/fonts/) that every page preloads,
// from the @fontsource-variable Latin files and the ranges in src/lib/site/font-subset.ts. Run it after
// changing those ranges or upgrading the font packages; the outputs are committed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import subsetFont from 'subset-font';
import { CORE_RANGES, FONT_FILES } from '../../src/lib/site/font-subset.ts';

const require = createRequire(import.meta.url);
const text = CORE_RANGES.flatMap(([start, end]) =>
  Array.from({ length: end - start + 1 }, (_, i) => String.fromCodePoint(start + i)),
).join('');

for (const { family, latin, core } of FONT_FILES) {
  const source = readFileSync(require.resolve(latin));
  // The site uses weights 300 to 700; the rest of the weight axis is dropped.
  const subset = await subsetFont(source, text, {
    targetFormat: 'woff2',
    variationAxes: { wght: { min: 300, max: 700 } },
    // Default shaping plus lining figures (headings use them). Alternates, small caps, tabular figures
    // (no style asks for them) and other languages' letterforms (`locl`; the site is in English) are
    // dropped: 1.8 KB less for the two files every page loads before its first photo.
    keepFeatures: ['ccmp', 'mark', 'mkmk', 'kern', 'liga', 'clig', 'calt', 'rlig', 'rvrn', 'lnum', 'pnum'],
  });
  mkdirSync(dirname(core), { recursive: true });
  writeFileSync(core, subset);
  console.log(
    `${family}: ${(source.length / 1024).toFixed(1)} KB Latin → ${(subset.length / 1024).toFixed(1)} KB core (${core})`,
  );
}
