import { describe, expect, it } from 'vitest';
import { TEST_FILTERS } from './portfolio-fixtures';
import {
  CATEGORY_PAGE_SIZE,
  categoryImages,
  categoryProblem,
  categoryTotals,
  fetchCategory,
  firstViewImages,
  withCategory,
  expandedAnnouncement,
  filterAnnouncement,
  filterFromSearch,
  filterLabel,
  galleryView,
  hrefForFilter,
  rowHeadingId,
  stepIndex,
  tilePriority,
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

// What the island says and names beside the view (five photos a category, rain room two).
describe('portfolio island texts and names', () => {
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
});

// The page carries only each category's first photos; the rest arrive from the category's file.
describe('portfolio at any size', () => {
  // 500 photos: most of them classic, as an owner with a large portfolio might have.
  const LARGE = [
    ...Array.from({ length: 473 }, (_, n) => image('classic', n + 1)),
    ...(['outdoor', 'fine-art', 'rain-room'] as const).flatMap((c) =>
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => image(c, n)),
    ),
  ];
  const totals = categoryTotals(LARGE);

  it('the page carries the first 3 of each category, at 36 photos or at 500', () => {
    expect(ids(firstViewImages(IMAGES))).toEqual([1, 2, 3].flatMap((n) => CATEGORIES.map((c) => `${c}-${n}`)));
    expect(ids(firstViewImages(LARGE))).toEqual(
      ['classic', 'outdoor', 'fine-art', 'rain-room'].flatMap((c) => [1, 2, 3].map((n) => `${c}-${n}`)),
    );
    expect(totals).toEqual({ classic: 473, outdoor: 9, 'fine-art': 9, 'rain-room': 9 });
  });

  it("'All' and every category's first row need nothing more than the page", () => {
    const preview = firstViewImages(LARGE);
    const all = galleryView(preview, FILTERS, 'all', new Set(), totals);
    expect(all.complete).toBe(true);
    expect(all.images).toHaveLength(9);
    const classic = galleryView(preview, FILTERS, 'classic', new Set(), totals);
    expect(ids(classic.rows[0]!.shown)).toEqual(['classic-1', 'classic-2', 'classic-3']);
    expect(classic.rows[0]!.hidden).toBe(470);
    expect(classic.complete).toBe(false);
  });

  it('View More shows the whole category once its file has arrived, and the viewer steps through all of it', () => {
    const preview = firstViewImages(LARGE);
    const waiting = galleryView(preview, FILTERS, 'classic', new Set(['classic']), totals);
    expect(waiting.rows[0]!.shown).toHaveLength(3);
    expect(waiting.rows[0]!.hidden).toBe(470);
    const arrived = withCategory(preview, 'classic', categoryImages(LARGE, 'classic'));
    const open = galleryView(arrived, FILTERS, 'classic', new Set(['classic']), totals);
    expect(open.complete).toBe(true);
    expect(open.rows[0]!.shown).toHaveLength(473);
    expect(open.rows[0]!.hidden).toBe(0);
    expect(ids(open.images).slice(0, 4)).toEqual(['classic-1', 'classic-2', 'classic-3', 'classic-4']);
    // The other categories keep their previews.
    expect(ids(categoryImages(arrived, 'outdoor'))).toEqual(['outdoor-1', 'outdoor-2', 'outdoor-3']);
  });

  it("puts at least nine photos on each of a category's own pages", () => {
    expect(CATEGORY_PAGE_SIZE).toBeGreaterThanOrEqual(9);
  });

  describe('fetching a category', () => {
    const answer = (status: number, body: unknown) => async () => ({
      ok: status < 400,
      status,
      json: async () => body,
    });

    it('returns its photos from /portfolio/<category>.json', async () => {
      const asked: string[] = [];
      const photos = categoryImages(LARGE, 'outdoor');
      const get = async (url: string) => {
        asked.push(url);
        return answer(200, photos)();
      };
      expect(await fetchCategory('outdoor', get)).toEqual(photos);
      expect(asked).toEqual(['/portfolio/outdoor.json']);
    });

    it('fails on an error status or a file that is not the category', async () => {
      await expect(fetchCategory('outdoor', answer(500, 'Internal error'))).rejects.toThrow('answered 500');
      await expect(fetchCategory('outdoor', answer(200, categoryImages(LARGE, 'classic')))).rejects.toThrow(
        'not a list of outdoor photos',
      );
    });

    it('gives up on a stalled request after its timeout', async () => {
      const stalled = (_url: string, { signal }: { signal: AbortSignal }) =>
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      await expect(fetchCategory('outdoor', stalled, 20)).rejects.toThrow('aborted');
    });
  });

  it('says what failed and what to do', () => {
    expect(categoryProblem('Classic Boudoir')).toBe(
      'The rest of Classic Boudoir could not be loaded. Check your connection, then try again.',
    );
  });
});
