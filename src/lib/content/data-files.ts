import { PORTFOLIO_CATEGORIES } from '../portfolio/portfolio.ts';

/** One of the owner's YAML lists: its file, and where its photos go. */
export interface ContentList {
  /** The YAML file, from the project's root. */
  file: string;
  /** The folder under content/images/ its photos go in (the editor's uploads, `npm run photos`). */
  images?: string;
  /** Categories with a folder each inside `images` (content/images/portfolio/classic/…). */
  categories?: readonly string[];
  /**
   * For lists of photos `npm run photos` can fill: the texts the owner writes for each photo, which
   * the command leaves empty (the build stops until she writes them).
   */
  describe?: readonly string[];
}

/**
 * The owner's YAML lists, by collection, written once: the content loaders and their file order,
 * the editor (src/editor/config.ts), `npm run photos` and `npm run placeholders` read this table.
 */
export const CONTENT_LISTS = {
  testimonials: { file: 'content/testimonials.yaml' },
  faq: { file: 'content/faq.yaml' },
  eroticaFaq: { file: 'content/erotica-faq.yaml' },
  hero: { file: 'content/hero.yaml', images: 'hero', describe: ['alt'] },
  press: { file: 'content/press.yaml', images: 'press' },
  portfolio: {
    file: 'content/portfolio.yaml',
    images: 'portfolio',
    categories: PORTFOLIO_CATEGORIES,
    describe: ['alt', 'overlay'],
  },
  portfolioFilters: { file: 'content/portfolio-filters.yaml' },
  beforeAfter: { file: 'content/before-after.yaml', images: 'before-after', describe: ['alt'] },
  eroticaSamples: { file: 'content/erotica-samples.yaml', images: 'erotica', describe: ['alt'] },
} as const satisfies Record<string, ContentList>;

export type DataCollection = keyof typeof CONTENT_LISTS;

/** Each list's YAML file, by collection (CONTENT_LISTS' `file`). */
export const DATA_FILES = Object.fromEntries(
  Object.entries(CONTENT_LISTS).map(([name, list]) => [name, list.file]),
) as { [Name in DataCollection]: (typeof CONTENT_LISTS)[Name]['file'] };

/** A list's photo folders under content/images/: one, or one per category (`portfolio/classic`). */
export function imageFolders(list: ContentList): string[] {
  if (!list.images) return [];
  return list.categories ? list.categories.map((category) => `${list.images}/${category}`) : [list.images];
}
