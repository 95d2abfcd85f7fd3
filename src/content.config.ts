import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Owner-written text: non-empty, trimmed. */
const text = () => z.string().trim().min(1);

const blog = defineCollection({
  // One file per post; the file name is the post's address (/blog/<file-name>).
  loader: glob({ pattern: '*.mdx', base: './content/blog' }),
  schema: ({ image }) =>
    z.object({
      /** A unique number for the post. */
      id: z.number().int().positive(),
      /** The headline shown on the card and the post. */
      title: text().max(90),
      /** One or two sentences shown on the card and under the title. */
      excerpt: text().max(260),
      /** Publication date, written YYYY-MM-DD. */
      publishDate: z.coerce.date(),
      /** Optional date of the last meaningful edit, YYYY-MM-DD. */
      updatedDate: z.coerce.date().optional(),
      /** The photo at the top of the post, in content/images/blog/. */
      featuredImage: image(),
      /** What the featured photo shows, for visitors who cannot see it. */
      featuredImageAlt: text(),
      /** At least one category, e.g. ["Preparation"]. */
      categories: z.array(text()).min(1),
      /** Short lowercase tags. */
      tags: z.array(text()).default([]),
      /** The summary search engines show: 50 to 160 characters. */
      metaDescription: text().min(50).max(160),
      /** Search phrases this post answers. */
      keywords: z.array(text()).default([]),
      /** true keeps the post out of the published site. */
      draft: z.boolean().default(false),
    }),
});

const testimonials = defineCollection({
  loader: file('content/testimonials.yaml'),
  schema: z.object({
    /** The client's words. */
    quote: text(),
    /** How the client is named, e.g. "Danielle R." */
    author: text(),
    /** Featured quotes are always shown (exactly two). */
    featured: z.boolean().default(false),
  }),
});

const questionAnswer = z.object({
  /** The question as a visitor would ask it. */
  question: text(),
  /** A plain-text answer; %tokens% are filled from settings. */
  answer: text(),
});

const faq = defineCollection({ loader: file('content/faq.yaml'), schema: questionAnswer });
const eroticaFaq = defineCollection({ loader: file('content/erotica-faq.yaml'), schema: questionAnswer });

const hero = defineCollection({
  loader: file('content/hero.yaml'),
  schema: ({ image }) => z.object({ image: image(), alt: text() }),
});

const press = defineCollection({
  loader: file('content/press.yaml'),
  schema: ({ image }) => z.object({ name: text(), logo: image() }),
});

export const PORTFOLIO_CATEGORIES = ['classic', 'outdoor', 'fine-art', 'rain-room'] as const;

const portfolio = defineCollection({
  loader: file('content/portfolio.yaml'),
  schema: ({ image }) =>
    z.object({
      image: image(),
      /** One of: classic, outdoor, fine-art, rain-room. */
      category: z.enum(PORTFOLIO_CATEGORIES),
      alt: text(),
      /** The single word shown over the photo on hover. */
      overlay: text().max(20),
    }),
});

const portfolioFilters = defineCollection({
  loader: file('content/portfolio-filters.yaml'),
  schema: z.object({ label: text() }),
});

const eroticaSamples = defineCollection({
  loader: file('content/erotica-samples.yaml'),
  schema: ({ image }) =>
    z.object({
      /** A tasteful sample photo in content/images/erotica/. */
      image: image(),
      /** What the photo shows, for visitors who cannot see it. */
      alt: text(),
    }),
});

const beforeAfter = defineCollection({
  loader: file('content/before-after.yaml'),
  schema: ({ image }) => z.object({ image: image(), alt: text() }),
});

const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/pages' }),
  schema: ({ image }) =>
    z.object({
      /** The page's title in search results and the browser tab. */
      title: text(),
      /** The page's summary for search results: 50 to 160 characters. */
      description: text().min(50).max(160),
      headline: text().optional(),
      headshot: image().optional(),
      headshotAlt: text().optional(),
      lastUpdated: text().optional(),
      experience: z.array(z.object({ title: text(), text: text() })).optional(),
      collection: z.array(z.object({ title: text(), text: text() })).optional(),
      heroHeading: text().optional(),
      heroText: text().optional(),
      claims: z.array(text()).optional(),
      distinction: z.object({ summary: text(), more: z.array(text()).min(1) }).optional(),
      galleryIntro: text().optional(),
      formIntro: text().optional(),
    }),
});

export const collections = {
  blog,
  testimonials,
  faq,
  eroticaFaq,
  eroticaSamples,
  hero,
  press,
  portfolio,
  portfolioFilters,
  beforeAfter,
  pages,
};
