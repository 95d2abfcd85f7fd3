/**
 * Web fonts are split in two by character range so that pages download only what they show:
 * a small "core" file (preloaded) with the characters nearly every page uses, and the rest of the
 * Latin set, which the browser fetches only for a page that contains one of those characters.
 * `npm run fonts` writes the core files from the same ranges (src/assets/fonts/).
 */
export type CodePointRange = readonly [start: number, end: number];

/** The Latin subset of Google Fonts, which the @fontsource-variable "latin" files cover. */
export const LATIN_RANGES: readonly CodePointRange[] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** Printable ASCII, no-break space, ©, ·, è, é, en and em dashes, curly quotes, bullet, ellipsis. */
export const CORE_RANGES: readonly CodePointRange[] = [
  [0x0020, 0x007e],
  [0x00a0, 0x00a0],
  [0x00a9, 0x00a9],
  [0x00b7, 0x00b7],
  [0x00e8, 0x00e9],
  [0x2013, 0x2014],
  [0x2018, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
];

/** Ranges of `from` that are not in `remove`, merged and sorted. */
export function subtractRanges(from: readonly CodePointRange[], remove: readonly CodePointRange[]): CodePointRange[] {
  let result: CodePointRange[] = [...from].sort((a, b) => a[0] - b[0]);
  for (const [rs, re] of remove) {
    result = result.flatMap(([s, e]): CodePointRange[] => {
      if (re < s || rs > e) return [[s, e]];
      const parts: CodePointRange[] = [];
      if (rs > s) parts.push([s, rs - 1]);
      if (re < e) parts.push([re + 1, e]);
      return parts;
    });
  }
  return result;
}

/** The Latin characters that are not in the core file. */
export const EXTENDED_RANGES: readonly CodePointRange[] = subtractRanges(LATIN_RANGES, CORE_RANGES);

/** CSS `unicode-range` values, e.g. ["U+20-7E", "U+A9"]. */
export function toUnicodeRange(ranges: readonly CodePointRange[]): [string, ...string[]] {
  const hex = (n: number) => n.toString(16).toUpperCase();
  const values = ranges.map(([s, e]) => (s === e ? `U+${hex(s)}` : `U+${hex(s)}-${hex(e)}`));
  if (values.length === 0) throw new Error('font-subset: empty range list');
  return values as [string, ...string[]];
}

/** True when the code point falls in one of the ranges. */
export function inRanges(codePoint: number, ranges: readonly CodePointRange[]): boolean {
  return ranges.some(([s, e]) => codePoint >= s && codePoint <= e);
}

/** The two families: their CSS variable, npm source (full Latin file) and the committed core file. */
export const FONT_FILES = [
  {
    family: 'Cormorant Garamond',
    cssVariable: '--font-cormorant',
    latin: '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
    core: './src/assets/fonts/cormorant-garamond-core-wght-normal.woff2',
  },
  {
    family: 'Jost',
    cssVariable: '--font-jost',
    latin: '@fontsource-variable/jost/files/jost-latin-wght-normal.woff2',
    core: './src/assets/fonts/jost-core-wght-normal.woff2',
  },
] as const;
