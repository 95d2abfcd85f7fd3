import { describe, expect, it } from 'vitest';
import { TEST_FILTERS } from './portfolio-fixtures';
import { galleryView, type GalleryImage, type PortfolioCategory } from './portfolio';
import {
  categoryImages,
  expandedAnnouncement,
  filterAnnouncement,
  filterLabel,
  firstHiddenImage,
  rowHeadingId,
  tilePriority,
} from './portfolio-gallery';

const image = (category: PortfolioCategory, n: number): GalleryImage => {
  const responsive = { src: '', srcset: '', sizes: '', width: 1, height: 1 };
  return { id: `${category}-${n}`, category, alt: 'a', overlay: 'o', thumb: responsive, large: responsive };
};
// Interleaved on purpose: lookups must pick by category, not by position. Rain room has only 2 photos.
const IMAGES = [1, 2, 3, 4, 5].flatMap((n) =>
  (['classic', 'outdoor', 'fine-art', 'rain-room'] as const)
    .filter((c) => c !== 'rain-room' || n <= 2)
    .map((c) => image(c, n)),
);
const FILTERS = TEST_FILTERS;

describe('portfolio gallery names', () => {
  it('labels a filter as the bar does, and an unknown one by its id', () => {
    expect(filterLabel(FILTERS, 'fine-art')).toBe('Fine Art Nude');
    expect(filterLabel(FILTERS, 'erotica')).toBe('Erotica Photography');
    expect(filterLabel(FILTERS, 'studio')).toBe('studio');
  });

  it('gives each row heading its own id', () => {
    expect(rowHeadingId('rain-room')).toBe('portfolio-rain-room');
  });
});

describe('portfolio gallery photos', () => {
  it("lists a category's photos in order", () => {
    expect(categoryImages(IMAGES, 'outdoor').map((i) => i.id)).toEqual([1, 2, 3, 4, 5].map((n) => `outdoor-${n}`));
  });

  it('finds the first photo View More reveals: the fourth, if there is one', () => {
    expect(firstHiddenImage(IMAGES, 'classic')?.id).toBe('classic-4');
    expect(firstHiddenImage(IMAGES, 'rain-room')).toBeUndefined();
  });

  it("loads the first row's three previews at once, the very first with high priority, the rest lazily", () => {
    expect([0, 1, 2, 3].map((index) => tilePriority(0, index))).toEqual(['high', 'eager', 'eager', 'lazy']);
    expect([0, 1, 2].map((index) => tilePriority(1, index))).toEqual(['lazy', 'lazy', 'lazy']);
  });
});

describe('portfolio gallery announcements', () => {
  it("counts the photos a filter shows: three rows of three for 'All', a category's preview otherwise", () => {
    const all = galleryView(IMAGES, FILTERS, 'all', new Set());
    expect(filterAnnouncement('all', 'All', all)).toBe('All: showing 9 photos.');
    const rain = galleryView(IMAGES, FILTERS, 'rain-room', new Set());
    expect(filterAnnouncement('rain-room', 'Rain Room', rain)).toBe('Rain Room: showing 2 photos.');
  });

  it('says erotica is shown on its own page', () => {
    const view = galleryView(IMAGES, FILTERS, 'erotica', new Set());
    expect(filterAnnouncement('erotica', 'Erotica Photography', view)).toBe(
      'Erotica Photography: shown on its own adults-only page.',
    );
  });

  it('announces every photo of an expanded row', () => {
    expect(expandedAnnouncement('Classic Boudoir', 9)).toBe('Classic Boudoir: showing all 9 photos.');
  });
});
