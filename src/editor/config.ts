/**
 * The editor's whole configuration (Sveltia CMS), derived from the build's own schemas: the content
 * collections of src/content.config.ts, the settings and the home page texts. Which file each editor
 * collection writes is listed in EDITED_FILES, so a test can prove every owner file has one.
 */
import { z } from 'astro/zod';
import { CONTENT_LISTS, DATA_FILES, type ContentList, type DataCollection } from '../lib/content/data-files';
import { settingsSchema, SETTINGS_FILE } from '../lib/content/settings';
import { homeCopySchema, HOME_COPY_FILE } from '../lib/content/home-copy';
import { MASTER_LONG_SIDE } from '../lib/images/content-photos';
import { IMAGE_PRESETS } from '../lib/images/image-presets';
import { ROUTES } from '../lib/site/routes';
import { fieldsOf, objectOf, type EditorField, type FieldContext, type FieldHint } from './fields';

/** The longest side of a photo uploaded in the editor, px: a master's size (the site's largest image is 2400). */
export const UPLOAD_MAX_EDGE = MASTER_LONG_SIDE;

type SchemaOrFactory = z.ZodType | ((context: { image: () => z.ZodType }) => z.ZodType);
export type Collections = Record<string, { schema?: SchemaOrFactory }>;

/** Marks photo fields: the collections' `image()` returns this schema. */
export const IMAGE = z.string();

const schemaOf = (collections: Collections, name: string): z.ZodObject => {
  const schema = collections[name]?.schema;
  if (!schema) throw new Error(`content.config.ts has no collection "${name}"`);
  return objectOf(typeof schema === 'function' ? schema({ image: () => IMAGE }) : schema);
};

/** What each YAML list is called in the editor and how an entry is summarised (its file and photo folder: CONTENT_LISTS). */
const LISTS: Record<DataCollection, { label: string; summary: string; hint: string }> = {
  hero: {
    label: 'Hero slideshow',
    summary: '{{alt}}',
    hint: 'The first slide is also the photo a shared link shows.',
  },
  portfolio: {
    label: 'Portfolio',
    summary: '{{category}}: {{overlay}}',
    hint: 'The first three of each category show first.',
  },
  portfolioFilters: {
    label: 'Portfolio filters',
    summary: '{{label}}',
    hint: 'The ids must stay as they are; change the labels freely.',
  },
  beforeAfter: {
    label: 'Before & After',
    summary: '{{alt}}',
    hint: `Landscape 3:2 photos of at least ${IMAGE_PRESETS.beforeAfter.width}×${IMAGE_PRESETS.beforeAfter.height}.`,
  },
  eroticaSamples: {
    label: 'Erotica samples',
    summary: '{{alt}}',
    hint: 'Tasteful sample photos, shown only to visitors who confirmed they are 18 or over.',
  },
  testimonials: {
    label: 'Testimonials',
    summary: '{{author}}',
    hint: 'Featured ones always show on the home page; at least one must be featured.',
  },
  faq: { label: 'FAQ', summary: '{{question}}', hint: `In the order they show on ${ROUTES.faq}.` },
  eroticaFaq: { label: 'Erotica FAQ', summary: '{{question}}', hint: `In the order they show on ${ROUTES.erotica}.` },
  press: { label: 'As Seen In logos', summary: '{{name}}', hint: 'Left to right in the footer.' },
};

const HINTS: Record<string, FieldHint> = {
  publishDate: { date: true, hint: 'Written YYYY-MM-DD.' },
  updatedDate: { date: true, hint: 'Optional: the date of the last real change, on or after the publish date.' },
  metaDescription: { widget: 'text', hint: 'What search results show: 50 to 160 characters.' },
  excerpt: { widget: 'text', hint: 'One or two sentences shown on the card and under the title.' },
  id: { hint: 'A number of its own: one more than the newest post.' },
  categories: { hint: 'At least one, e.g. Preparation.' },
  draft: { hint: 'On keeps the post off the live site.' },
  answer: { widget: 'text', hint: '%session-fee% and the other %tokens% fill in the settings.' },
  quote: { widget: 'text' },
  text: { widget: 'text' },
  heroText: { widget: 'text' },
  galleryIntro: { widget: 'text' },
  formIntro: { widget: 'text' },
  alt: { hint: 'What the photo shows, for visitors who cannot see it.' },
  overlay: { hint: 'One word shown over the photo (at most 20 characters).' },
  featured: { hint: 'On: always shown on the home page.' },
};

/** The id every YAML list entry carries (the collection's entry id): unique, lowercase. */
const ID_FIELD: EditorField = {
  name: 'id',
  label: 'Id',
  widget: 'string',
  hint: 'Unique in this list: lowercase letters, digits and hyphens.',
  pattern: ['^[a-z0-9]+(-[a-z0-9]+)*$', 'Use lowercase letters, digits and hyphens'],
};

/** A list entry's fields, led by its id (unless the schema has its own, e.g. a filter's). */
const withId = (fields: EditorField[]) =>
  fields.some((field) => field.name === 'id') ? fields : [ID_FIELD, ...fields];

const BODY: EditorField = {
  name: 'body',
  label: 'Text',
  widget: 'markdown',
  hint: 'Headings, lists and bold text. No {, }, < or >.',
};

export interface EditorOptions {
  /** owner/name of the site's GitHub repository. */
  repo: string;
  branch: string;
  /** The sveltia-cms-auth Worker's address; without it, sign-in is by personal access token only. */
  authUrl?: string;
  /** Front matter keys each page file uses today (content/pages/<name>.md → keys). */
  pageFields: Record<string, string[]>;
  /** The site's address, for "view on the site" links. */
  siteUrl: string;
  /** The stylesheet the post preview uses (the site's own built CSS). */
  previewStyles?: string[];
}

/** Every owner file or folder and the editor collection (and file) that writes it. */
export function editedFiles(config: ReturnType<typeof editorConfig>): Record<string, string> {
  const files: Record<string, string> = {};
  for (const collection of config.collections) {
    if ('folder' in collection) files[`${collection.folder}/*.${collection.extension}`] = collection.label;
    for (const file of 'files' in collection ? collection.files : [])
      files[file.file] = `${collection.label} → ${file.label}`;
  }
  return files;
}

export function editorConfig(collections: Collections, options: EditorOptions) {
  const context = (area?: string, publicPrefix = './images'): FieldContext => ({
    image: IMAGE,
    hints: HINTS,
    ...(area ? { media: { folder: `/content/images/${area}`, publicFolder: `${publicPrefix}/${area}` } } : {}),
  });
  const blogFields = fieldsOf(schemaOf(collections, 'blog'), context('blog', '../images'));
  const pageSchema = schemaOf(collections, 'pages');
  const pageFields = fieldsOf(pageSchema, context('about', '../images'));
  const lists = (Object.keys(LISTS) as DataCollection[]).map((name) => {
    const list = LISTS[name];
    const { images }: ContentList = CONTENT_LISTS[name];
    return {
      name,
      label: list.label,
      file: DATA_FILES[name],
      fields: [
        {
          name: 'items',
          label: list.label,
          widget: 'list',
          root: true,
          hint: list.hint,
          summary: list.summary,
          fields: withId(fieldsOf(schemaOf(collections, name), context(images))),
        },
      ],
    };
  });
  return {
    backend: {
      name: 'github',
      repo: options.repo,
      branch: options.branch,
      ...(options.authUrl ? { base_url: options.authUrl } : {}),
      commit_messages: {
        create: 'Add {{collection}} “{{slug}}”',
        update: 'Update {{collection}} “{{slug}}”',
        delete: 'Delete {{collection}} “{{slug}}”',
        uploadMedia: 'Add photo “{{path}}”',
        deleteMedia: 'Delete photo “{{path}}”',
      },
    },
    // The studio's own icon (the CMS's default logo is a data: address it would fetch).
    logo: { src: '/favicon.svg' },
    site_url: options.siteUrl,
    display_url: options.siteUrl,
    media_folder: 'content/images',
    public_folder: '/content/images',
    media_libraries: {
      default: {
        config: {
          // Photos are decoded and drawn again by the browser: at most 3200 px on the long side, and
          // nothing of the camera's metadata (GPS, serial, date, owner) survives the new file.
          transformations: {
            raster_image: { format: 'webp', quality: 90, width: UPLOAD_MAX_EDGE, height: UPLOAD_MAX_EDGE },
          },
        },
      },
      // No stock photo services: the site shows the studio's own photographs only.
      stock_assets: false,
    },
    slug: { encoding: 'ascii', clean_accents: true },
    // An optional field left empty is left out of the file, as the schemas expect (an empty
    // updatedDate would be an invalid date).
    output: { omit_empty_optional_fields: true },
    collections: [
      {
        name: 'blog',
        label: 'Blog posts',
        label_singular: 'Post',
        folder: 'content/blog',
        extension: 'mdx',
        format: 'frontmatter',
        create: true,
        slug: '{{slug}}',
        identifier_field: 'title',
        summary: '{{title}} ({{publishDate}}){{draft | ternary(" · draft", "")}}',
        sortable_fields: ['publishDate', 'title'],
        media_folder: '/content/images/blog',
        public_folder: '../images/blog',
        preview_path: 'blog/{{slug}}',
        fields: [...blogFields, BODY],
      },
      {
        name: 'pages',
        label: 'Pages',
        files: Object.entries(options.pageFields).map(([page, keys]) => ({
          name: page,
          label:
            page === 'about'
              ? 'About'
              : page === 'privacy-policy'
                ? 'Privacy policy'
                : page === 'erotica'
                  ? 'Erotica page'
                  : page,
          file: `content/pages/${page}.md`,
          format: 'frontmatter',
          fields: [...pageFields.filter((field) => field.required !== false || keys.includes(field.name)), BODY],
        })),
      },
      {
        name: 'site',
        label: 'Settings and home page',
        files: [
          { name: 'settings', label: 'Settings', file: SETTINGS_FILE, fields: fieldsOf(settingsSchema, context()) },
          { name: 'home', label: 'Home page texts', file: HOME_COPY_FILE, fields: fieldsOf(homeCopySchema, context()) },
        ],
      },
      { name: 'lists', label: 'Photos and lists', files: lists },
    ],
  };
}
