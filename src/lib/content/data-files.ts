/** The owner's YAML lists, by collection: read by the content loaders and for their file order. */
export const DATA_FILES = {
  testimonials: 'content/testimonials.yaml',
  faq: 'content/faq.yaml',
  eroticaFaq: 'content/erotica-faq.yaml',
  hero: 'content/hero.yaml',
  press: 'content/press.yaml',
  portfolio: 'content/portfolio.yaml',
  portfolioFilters: 'content/portfolio-filters.yaml',
  beforeAfter: 'content/before-after.yaml',
  eroticaSamples: 'content/erotica-samples.yaml',
} as const;

export type DataCollection = keyof typeof DATA_FILES;
