import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { defineCollection } from 'astro:content';
import { file, glob, type Loader, type LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { DATA_FILES } from './lib/content/data-files';
import { slugFromFileName, toCalendarDate } from '@/lib/blog/posts';
import { withRawDates } from '@/lib/content/raw-frontmatter';
import { FILTER_IDS, PORTFOLIO_CATEGORIES } from '@/lib/portfolio/portfolio';

type Entry = { id: string; data: Record<string, unknown>; filePath?: string };

/** Runs `check` on every entry a loader hands to validation (it may replace the entry's data). */
function beforeValidation(loader: Loader, check: (entry: Entry) => Record<string, unknown>): Loader {
  return {
    ...loader,
    load: (context: LoaderContext) =>
      loader.load({
        ...context,
        parseData: ((entry: Entry) =>
          context.parseData({ ...entry, data: check(entry) })) as LoaderContext['parseData'],
      }),
  };
}

/** Posts: dates are judged by the text written, so YAML cannot roll 2025-02-30 over to March 2. */
const DATE_FIELDS = ['publishDate', 'updatedDate'] as const;
const checkPostDates = (entry: Entry) =>
  entry.filePath ? withRawDates(entry.data, readFileSync(entry.filePath, 'utf8'), DATE_FIELDS) : entry.data;

/**
 * YAML lists: a photo that does not exist stops the build naming the file, the entry and the field
 * (Astro's own message names only the image path).
 */
const checkImages =
  (dataFile: string, fields: readonly string[]) =>
  (entry: Entry): Record<string, unknown> => {
    for (const field of fields) {
      const value = entry.data[field];
      if (typeof value !== 'string' || !value.startsWith('.')) continue;
      const yaml = entry.filePath ? resolve(entry.filePath) : resolve(dataFile);
      const path = resolve(dirname(yaml), value);
      if (!existsSync(path)) {
        throw new Error(
          `${dataFile} → entry "${entry.id}" → ${field}: the image ${value} does not exist ` +
            `(looked for ${relative(dirname(dirname(yaml)), path)}). Check the file name, or add the photo there.`,
        );
      }
    }
    return entry.data;
  };

/** A YAML list whose `imageFields` hold photo paths relative to the YAML file. */
const yamlWithImages = (dataFile: string, imageFields: readonly string[]) =>
  beforeValidation(file(dataFile), checkImages(dataFile, imageFields));

/**
 * Stops the build when a YAML list has fewer entries than its page needs (counted among those
 * `counted` picks, e.g. featured quotes), naming the file and what to add. Lists have no upper limit:
 * the owner may add entries freely.
 */
const atLeast = (
  loader: Loader,
  dataFile: string,
  minimum: number,
  what: string,
  counted: (data: Record<string, unknown>) => boolean = () => true,
): Loader => ({
  ...loader,
  load: async (context: LoaderContext) => {
    await loader.load(context);
    const found = context.store.values().filter((entry) => counted(entry.data)).length;
    if (found < minimum) {
      throw new Error(`${dataFile}: needs at least ${minimum} ${what}, found ${found}.`);
    }
  },
});

/** Owner-written text: non-empty, trimmed. */
const text = () => z.string().trim().min(1);

/** Post text: non-empty, trimmed, with messages that tell the owner what to do. */
const postText = () =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? 'is missing: add it between the --- lines' : 'must be text'),
    })
    .trim()
    .min(1, 'is empty');

/** A calendar date written YYYY-MM-DD, e.g. 2025-10-07. */
const calendarDate = () =>
  z.unknown().transform((value, ctx) => {
    const date = toCalendarDate(value);
    if (date) return date;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message:
        value === undefined
          ? 'is missing: add a date written YYYY-MM-DD'
          : 'must be a real date written YYYY-MM-DD, e.g. 2025-10-07',
    });
    return z.NEVER;
  });

/**
 * Fails on frontmatter fields the schema does not know, naming each one: a misspelt optional field
 * ("Draft:", "updateDate:") would otherwise be dropped silently, and "slug:" must not override the file name.
 */
const onlyKnownFields = <T extends z.ZodObject>(schema: T) =>
  z.preprocess((raw, ctx) => {
    if (raw && typeof raw === 'object') {
      for (const key of Object.keys(raw)) {
        if (!(key in schema.shape)) {
          ctx.issues.push({
            code: 'custom',
            input: raw,
            path: [key],
            message: `is not a field a post can have: check the spelling (fields: ${Object.keys(schema.shape).join(', ')})`,
          });
        }
      }
    }
    return raw;
  }, schema);

const blog = defineCollection({
  // One file per post; the file name is the post's address (/blog/<file-name>), so it is unique by
  // construction, and slugFromFileName rejects names that would make odd addresses.
  loader: beforeValidation(
    glob({ pattern: '*.mdx', base: './content/blog', generateId: ({ entry }) => slugFromFileName(entry) }),
    checkPostDates,
  ),
  schema: ({ image }) =>
    onlyKnownFields(
      z.object({
        /** A unique number for the post. */
        id: z.number({ error: 'must be a whole number, unique to this post' }).int().positive(),
        /** The headline shown on the card and the post. */
        title: postText().max(90, 'is too long: keep it under 90 characters'),
        /** One or two sentences shown on the card and under the title. */
        excerpt: postText().max(260, 'is too long: keep it to one or two sentences (at most 260 characters)'),
        /** Publication date, written YYYY-MM-DD. */
        publishDate: calendarDate(),
        /** Optional date of the last meaningful edit, YYYY-MM-DD. */
        updatedDate: calendarDate().optional(),
        /** The photo at the top of the post, in content/images/blog/. */
        featuredImage: image(),
        /** What the featured photo shows, for visitors who cannot see it. */
        featuredImageAlt: postText(),
        /** At least one category, e.g. ["Preparation"]. */
        categories: z.array(postText()).min(1, 'needs at least one category, e.g. ["Preparation"]'),
        /** Short lowercase tags. */
        tags: z.array(postText()).default([]),
        /** The summary search engines show: 50 to 160 characters. */
        metaDescription: postText()
          .min(50, 'is too short for search results: write 50 to 160 characters')
          .max(160, 'is too long: search results cut it off after about 160 characters'),
        /** Search phrases this post answers. */
        keywords: z.array(postText()).default([]),
        /** true keeps the post out of the published site. */
        draft: z.boolean({ error: 'must be true or false' }).default(false),
      }),
    ).refine((post) => !post.updatedDate || post.updatedDate >= post.publishDate, {
      path: ['updatedDate'],
      message: 'must be on or after publishDate',
    }),
});

const testimonials = defineCollection({
  loader: atLeast(
    file(DATA_FILES.testimonials),
    DATA_FILES.testimonials,
    1,
    'testimonial with featured: true (featured quotes are the ones always shown)',
    (data) => data['featured'] === true,
  ),
  schema: z.object({
    /** The client's words. */
    quote: text(),
    /** How the client is named, e.g. "Danielle R." */
    author: text(),
    /** true: always shown on the home page; the others are behind 'View More Client Stories'. */
    featured: z.boolean().default(false),
  }),
});

const questionAnswer = z.object({
  /** The question as a visitor would ask it. */
  question: text(),
  /** A plain-text answer; %tokens% are filled from settings. */
  answer: text(),
});

const faq = defineCollection({
  loader: atLeast(file(DATA_FILES.faq), DATA_FILES.faq, 1, 'question'),
  schema: questionAnswer,
});
const eroticaFaq = defineCollection({
  loader: atLeast(file(DATA_FILES.eroticaFaq), DATA_FILES.eroticaFaq, 1, 'question'),
  schema: questionAnswer,
});

const hero = defineCollection({
  // At least one: the slideshow shows it, and it is the default link-preview photo.
  loader: atLeast(yamlWithImages(DATA_FILES.hero, ['image']), DATA_FILES.hero, 1, 'slide'),
  schema: ({ image }) => z.object({ image: image(), alt: text() }),
});

const press = defineCollection({
  loader: yamlWithImages(DATA_FILES.press, ['logo']),
  schema: ({ image }) => z.object({ name: text(), logo: image() }),
});

const portfolio = defineCollection({
  loader: yamlWithImages(DATA_FILES.portfolio, ['image']),
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
  loader: file(DATA_FILES.portfolioFilters),
  schema: z.object({
    /** Which filter the button is: all, classic, outdoor, fine-art, rain-room or erotica. */
    id: z.enum(FILTER_IDS),
    /** The button's text. */
    label: text(),
  }),
});

const eroticaSamples = defineCollection({
  loader: atLeast(yamlWithImages(DATA_FILES.eroticaSamples, ['image']), DATA_FILES.eroticaSamples, 1, 'sample photo'),
  schema: ({ image }) =>
    z.object({
      /** A tasteful sample photo in content/images/erotica/. */
      image: image(),
      /** What the photo shows, for visitors who cannot see it. */
      alt: text(),
    }),
});

const beforeAfter = defineCollection({
  loader: yamlWithImages(DATA_FILES.beforeAfter, ['image']),
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
      // Each page uses some of the fields below; the page that needs one says so when it reads it.
      /** About: the large heading at the top. */
      headline: text().optional(),
      /** About: the photographer's portrait, in content/images/about/. */
      headshot: image().optional(),
      /** About: what the portrait shows, for visitors who cannot see it. */
      headshotAlt: text().optional(),
      /** Privacy policy: the date shown as "Last Updated", as you want it written. */
      lastUpdated: text().optional(),
      /** About: the "Boudoir Experience" steps, each a title and a paragraph. */
      experience: z
        .array(z.object({ title: text(), text: text() }))
        .min(1)
        .optional(),
      /** About: the "Collection" items, each a title and a paragraph. */
      collection: z
        .array(z.object({ title: text(), text: text() }))
        .min(1)
        .optional(),
      /** Erotica: the heading over the first photo. */
      heroHeading: text().optional(),
      /** Erotica: the paragraph under that heading. */
      heroText: text().optional(),
      /** Erotica: the promises under the heading; "Label: the rest" sets the label apart. */
      claims: z.array(text()).min(1).optional(),
      /** Erotica: boudoir versus erotica, a summary and the paragraphs "Read more" reveals. */
      distinction: z.object({ summary: text(), more: z.array(text()).min(1) }).optional(),
      /** Erotica: the private client gallery's rules, shown with its buttons. */
      galleryIntro: text().optional(),
      /** Erotica: the paragraph above the inquiry form. */
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
