import { describe, expect, it } from 'vitest';
import { CORE_RANGES, EXTENDED_RANGES, LATIN_RANGES, inRanges, subtractRanges, toUnicodeRange } from './font-subset';

describe('font subsets', () => {
  it('subtracts ranges, splitting and dropping as needed', () => {
    expect(subtractRanges([[0, 10]], [[3, 4]])).toEqual([
      [0, 2],
      [5, 10],
    ]);
    expect(subtractRanges([[0, 10]], [[0, 10]])).toEqual([]);
    expect(subtractRanges([[5, 5]], [[0, 3]])).toEqual([[5, 5]]);
  });

  it('formats CSS unicode-range values', () => {
    expect(
      toUnicodeRange([
        [0x20, 0x7e],
        [0xa9, 0xa9],
      ]),
    ).toEqual(['U+20-7E', 'U+A9']);
  });

  it('splits the Latin set into core and extended with no gap and no overlap', () => {
    // One assertion over every code point (65,536 expect calls took seconds on a busy machine).
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) {
      const latin = inRanges(cp, LATIN_RANGES);
      const core = inRanges(cp, CORE_RANGES);
      const extended = inRanges(cp, EXTENDED_RANGES);
      if (core && extended) wrong.push(`U+${cp.toString(16)} in core and extended`);
      if (latin !== (core || extended))
        wrong.push(`U+${cp.toString(16)} latin=${latin} core=${core} extended=${extended}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the characters of the site copy in the core file', () => {
    for (const ch of 'Unveil Your Power. Embrace Your Beauty. ’ “ ” — – … © è é $1,500 & 100%') {
      expect(inRanges(ch.codePointAt(0) ?? 0, CORE_RANGES), ch).toBe(true);
    }
  });
});
