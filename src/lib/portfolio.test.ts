import { describe, expect, it } from 'vitest';
import { TEST_FILTERS } from './portfolio-fixtures';
import {
  filterFromSearch,
  galleryView,
  hrefForFilter,
  stepIndex,
  viewMoreLabel,
  type GalleryImage,
  type PortfolioCategory,
} from './portfolio';

const CATEGORIES: PortfolioCategory[] = ['classic', 'outdoor', 'fine-art', 'rain-room'];
const image = (category: PortfolioCategory, n: number): GalleryImage => {
  const responsive = { src: '', srcset: '', sizes: '', width: 1, height: 1 };
  return { id: `${category}-${n}`, category, alt: 'a', overlay: 'o', thumb: responsive, large: responsive };
};
// Interleaved on purpose: the view must pick by category, not by position.
const IMAGES = [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => CATEGORIES.map((c) => image(c, n)));
const FILTERS = TEST_FILTERS;
const ids = (list: GalleryImage[]) => list.map((i) => i.id);

describe('portfolio view', () => {
  it("'All' shows the first 3 of classic, outdoor and fine-art as three rows", () => {
    const view = galleryView(IMAGES, FILTERS, 'all', new Set());
    expect(view.rows.map((row) => [row.label, ids(row.shown), row.hidden])).toEqual([
      ['Classic Boudoir', ['classic-1', 'classic-2', 'classic-3'], 0],
      ['Outdoor Boudoir', ['outdoor-1', 'outdoor-2', 'outdoor-3'], 0],
      ['Fine Art Nude', ['fine-art-1', 'fine-art-2', 'fine-art-3'], 0],
    ]);
    expect(view.images).toHaveLength(9);
  });

  it('a category shows 3 with 6 more, all 9 once expanded; the lightbox steps through all 9', () => {
    const collapsed = galleryView(IMAGES, FILTERS, 'rain-room', new Set());
    expect(ids(collapsed.rows[0]!.shown)).toEqual(['rain-room-1', 'rain-room-2', 'rain-room-3']);
    expect(collapsed.rows[0]!.hidden).toBe(6);
    expect(collapsed.images).toHaveLength(9);

    const open = galleryView(IMAGES, FILTERS, 'rain-room', new Set(['rain-room']));
    expect(open.rows[0]!.shown).toHaveLength(9);
    expect(open.rows[0]!.hidden).toBe(0);
    // Another category's expansion does not leak.
    expect(galleryView(IMAGES, FILTERS, 'classic', new Set(['rain-room'])).rows[0]!.shown).toHaveLength(3);
  });

  it('the erotica filter shows no photos', () => {
    const view = galleryView(IMAGES, FILTERS, 'erotica', new Set());
    expect(view.kind).toBe('erotica');
    expect(view.images).toEqual([]);
  });

  it('labels the View More button with the category and the count', () => {
    expect(viewMoreLabel('Classic Boudoir', 6)).toBe('View More Classic Boudoir (6 more)');
  });
});

describe('portfolio URL state', () => {
  it('reads ?category=, falling back to all', () => {
    expect(filterFromSearch('?category=outdoor', FILTERS)).toBe('outdoor');
    expect(filterFromSearch('?category=erotica', FILTERS)).toBe('erotica');
    expect(filterFromSearch('?category=nope', FILTERS)).toBe('all');
    expect(filterFromSearch('', FILTERS)).toBe('all');
  });

  it("writes ?category=, and the bare path for 'all'", () => {
    expect(hrefForFilter('https://x.test/portfolio', 'fine-art')).toBe('/portfolio?category=fine-art');
    expect(hrefForFilter('https://x.test/portfolio?category=classic&utm=1', 'all')).toBe('/portfolio?utm=1');
    expect(hrefForFilter('https://x.test/portfolio?category=classic', 'all')).toBe('/portfolio');
  });
});

describe('lightbox stepping', () => {
  it('wraps at both ends', () => {
    expect(stepIndex(0, 1, 9)).toBe(1);
    expect(stepIndex(8, 1, 9)).toBe(0);
    expect(stepIndex(0, -1, 9)).toBe(8);
  });
});
