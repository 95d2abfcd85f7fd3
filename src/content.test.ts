/**
 * The content the site ships with, counted. The build accepts any number of entries (the owner may
 * add a question or a testimonial; src/content.config.ts keeps only the minimums a page needs), so
 * these counts live here: they fail when the shipped files drift from the agreed launch content,
 * e.g. a question deleted by mistake or a featured flag lost in an edit.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { DATA_FILES } from './lib/content/data-files';
import { parseHomeCopy } from './lib/content/home-copy';
import { parseGalleryFile } from './private-gallery/publish/gallery-file';
import { PORTFOLIO_CATEGORIES } from './lib/portfolio/portfolio';
import { TEST_FILTERS } from './lib/portfolio/portfolio-fixtures';

type Item = Record<string, unknown>;
const list = (file: string) => parse(readFileSync(file, 'utf8')) as Item[];
/** The frontmatter of a Markdown page, as YAML. */
const frontmatter = (file: string) =>
  parse(/^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'))?.[1] ?? '') as Item;

describe('home page content', () => {
  it('has 3 hero slides', () => {
    expect(list(DATA_FILES.hero)).toHaveLength(3);
  });

  it('has 2 experience paragraphs', () => {
    expect(parseHomeCopy(readFileSync('content/home.yaml', 'utf8')).experience).toHaveLength(2);
  });

  it('has 2 featured testimonials and 11 more', () => {
    const testimonials = list(DATA_FILES.testimonials);
    expect(testimonials.filter((item) => item['featured'] === true)).toHaveLength(2);
    expect(testimonials.filter((item) => item['featured'] !== true)).toHaveLength(11);
  });

  it('shows 7 press logos in the footer', () => {
    expect(list(DATA_FILES.press)).toHaveLength(7);
  });
});

describe('FAQ content', () => {
  it('has 11 questions on /faq', () => {
    expect(list(DATA_FILES.faq)).toHaveLength(11);
  });

  it('has 4 questions on /erotica', () => {
    expect(list(DATA_FILES.eroticaFaq)).toHaveLength(4);
  });
});

describe('erotica page content', () => {
  it('has 4 claims and 3 sample photos', () => {
    expect(frontmatter('content/pages/erotica.md')['claims']).toHaveLength(4);
    expect(list(DATA_FILES.eroticaSamples)).toHaveLength(3);
  });
});

describe('portfolio content', () => {
  it('has 9 photos in each of the 4 categories, 36 in all', () => {
    const photos = list(DATA_FILES.portfolio);
    expect(photos).toHaveLength(36);
    for (const category of PORTFOLIO_CATEGORIES) {
      expect(
        photos.filter((photo) => photo['category'] === category),
        category,
      ).toHaveLength(9);
    }
  });

  it('has the six filter buttons, left to right', () => {
    expect(list(DATA_FILES.portfolioFilters).map((filter) => filter['label'])).toEqual(
      TEST_FILTERS.map((filter) => filter.label),
    );
  });
});

describe('other pages', () => {
  it('has 10 before and after photos', () => {
    expect(list(DATA_FILES.beforeAfter)).toHaveLength(10);
  });

  it('has 3 items in the About page collection', () => {
    expect(frontmatter('content/pages/about.md')['collection']).toHaveLength(3);
  });

  it('has 9 published blog posts', () => {
    const posts = readdirSync('content/blog').filter((name) => name.endsWith('.mdx'));
    const published = posts.filter((name) => frontmatter(`content/blog/${name}`)['draft'] !== true);
    expect(published).toHaveLength(9);
  });

  it('has a preview private gallery of 3 photos', () => {
    const file = 'content/private/preview/gallery.yaml';
    expect(parseGalleryFile(readFileSync(file, 'utf8'), file).photos).toHaveLength(3);
  });
});
