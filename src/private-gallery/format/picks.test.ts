import { describe, expect, it } from 'vitest';
import { decodePicks, encodePicks, picksIn, selectionLink } from './picks';

const GALLERY = '3f2a9c1e0b7d4c5a8e6f1a2b3c4d5e6f';

describe('the selection link (#picks=)', () => {
  it('round-trips any set of photo numbers, sorted and without repeats', () => {
    for (const numbers of [[], [1], [8, 9], [3, 7, 12], [1, 2, 3, 64, 65, 500], [999, 1]]) {
      const decoded = decodePicks(encodePicks(GALLERY, numbers));
      expect(decoded).toEqual({ gallery: GALLERY.slice(0, 8), numbers: [...new Set(numbers)].sort((a, b) => a - b) });
    }
  });

  it('is compact: 60 picks up to photo 296 take one bit per photo: 37 bytes, 50 characters', () => {
    const picks = Array.from({ length: 60 }, (_, i) => 5 * i + 1);
    const link = selectionLink('https://coastlightstudio.com', GALLERY, picks);
    const fragment = link.slice(link.indexOf('#'));
    expect(fragment).toBe(`#picks=${encodePicks(GALLERY, picks)}`);
    // '#picks=', the gallery's 8 characters and a dot, then the bits.
    expect(fragment.length).toBe(7 + 9 + 50);
    expect(link.length).toBeLessThan(120);
    expect(picksIn(fragment)?.numbers).toEqual(picks);
  });

  it('reads nothing from what is not a selection link', () => {
    expect(picksIn('#access=abc')).toBeNull();
    expect(decodePicks('nothex!!.AQ')).toBeNull();
    expect(decodePicks('3f2a9c1e.A*Q')).toBeNull();
    expect(decodePicks('3f2a9c1eAQ')).toBeNull();
  });
});
