import { listInFileOrder, oncePerBuild } from './collections';
import { presetImage } from './images';
import { IMAGE_PRESETS } from '@/lib/images/image-presets';
import type { FilterOption, GalleryImage } from '@/lib/portfolio/portfolio';

// Grid: 3 columns from 768 px (at most ~390 px wide each); on phones the first of every three
// spans both columns and the other two share a row.
const GRID_SIZES = '(min-width: 1280px) 390px, (min-width: 768px) calc((100vw - 7rem) / 3)';
const PHONE_WIDE = 'calc(100vw - 2.5rem)';
const PHONE_HALF = 'calc(50vw - 1.625rem)';
// The lightbox fits a 2:3 portrait into the viewport, leaving 9rem for the caption and buttons:
// about min(100vw, (100vh - 9rem) * 2/3). Written as a media condition, not min(), which WebKit's
// sizes parser rejects and reads as 100vw (an iPhone in landscape or a laptop then fetches the
// 1600w file for a photo ~500 px wide). Narrower than 2:3 the width is the limit (at most 6rem
// generous in between); wider, the height is.
const LIGHTBOX_SIZES = '(max-aspect-ratio: 2/3) 100vw, calc((100vh - 9rem) * 2 / 3)';

/** The filter buttons above the portfolio, in the order the owner wrote them (the schema checks their ids). */
export async function portfolioFilters(): Promise<FilterOption[]> {
  return (await listInFileOrder('portfolioFilters')).map(({ data }) => ({ id: data.id, label: data.label }));
}

/**
 * Every portfolio photo as the gallery island receives it, in the order the owner wrote them. Made
 * once per build: the portfolio, each category's file and each category page all read it.
 */
export const portfolioImages = oncePerBuild(loadPortfolioImages);

async function loadPortfolioImages(): Promise<GalleryImage[]> {
  const entries = await listInFileOrder('portfolio');
  const positionInCategory = new Map<string, number>();
  return Promise.all(
    entries.map(async ({ id, data }) => {
      const position = positionInCategory.get(data.category) ?? 0;
      positionInCategory.set(data.category, position + 1);
      const sizes = `${GRID_SIZES}, ${position % 3 === 0 ? PHONE_WIDE : PHONE_HALF}`;
      // Thumbnails are cropped to the grid's 4:5 on the server, so no byte is spent on hidden pixels;
      // a phone at 3x gets at most 800 too (a 2.3x image for the wide tile), which keeps the grid's
      // first view under its 600 KB budget with real photos.
      const [thumb, large] = await Promise.all([
        presetImage(data.image, IMAGE_PRESETS.gridTile, sizes),
        presetImage(data.image, IMAGE_PRESETS.lightbox, LIGHTBOX_SIZES),
      ]);
      return {
        id,
        category: data.category,
        alt: data.alt,
        overlay: data.overlay,
        thumb,
        large,
      };
    }),
  );
}
