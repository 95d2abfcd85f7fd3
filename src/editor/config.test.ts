/**
 * The editor's configuration is derived from the build's schemas: these tests check the derivation
 * says what the schemas say (names, required, lengths, patterns, options, list shapes), that a field
 * added to a schema reaches the editor without anyone writing it twice, and that every owner file in
 * content/ is written by exactly one editor collection.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'astro/zod';
import { editedFiles, editorConfig, IMAGE, type Collections } from './config';
import { fieldsOf, type EditorField } from './fields';
import { TEST_FILTERS } from '../lib/portfolio/portfolio-fixtures';

vi.mock('astro:content', () => ({ defineCollection: (collection: unknown) => collection }));
const { collections } = (await import('../content.config')) as unknown as { collections: Collections };

const PAGE_FIELDS = {
  about: ['title', 'description', 'headline', 'headshot', 'headshotAlt', 'experience', 'collection'],
  erotica: ['title', 'description', 'heroHeading', 'heroText', 'claims', 'distinction', 'galleryIntro', 'formIntro'],
  'privacy-policy': ['title', 'description', 'lastUpdated'],
};
const config = editorConfig(collections, {
  repo: 'studio/site',
  branch: 'main',
  siteUrl: 'https://example.com',
  pageFields: PAGE_FIELDS,
});
type Collection = (typeof config.collections)[number];
const collection = (name: string) =>
  config.collections.find((entry) => entry.name === name) as Collection & Record<string, unknown>;
const files = (name: string) => (collection(name) as { files: { name: string; fields: EditorField[] }[] }).files;
const byName = (fields: EditorField[], name: string) => fields.find((entry) => entry.name === name)!;

describe('the editor configuration, derived from the schemas', () => {
  it('asks for every post field with the build rules: required, lengths, dates, lists, draft', () => {
    const fields = (collection('blog') as unknown as { fields: EditorField[] }).fields;
    expect(fields.map((entry) => entry.name)).toEqual([
      'id',
      'title',
      'excerpt',
      'publishDate',
      'updatedDate',
      'featuredImage',
      'featuredImageAlt',
      'categories',
      'tags',
      'metaDescription',
      'keywords',
      'draft',
      'body',
    ]);
    expect(byName(fields, 'metaDescription')).toMatchObject({ minlength: 50, maxlength: 160 });
    expect(byName(fields, 'metaDescription'), 'required (no required: false)').not.toHaveProperty('required');
    expect(byName(fields, 'title')).toMatchObject({ minlength: 1, maxlength: 90 });
    expect(byName(fields, 'id')).toMatchObject({ widget: 'number', value_type: 'int', min: 1 });
    expect(byName(fields, 'publishDate')).toMatchObject({
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      time_format: false,
    });
    expect(byName(fields, 'updatedDate')).toMatchObject({ widget: 'datetime', required: false });
    expect(byName(fields, 'categories')).toMatchObject({
      widget: 'list',
      min: 1,
      field: { widget: 'string', minlength: 1 },
    });
    expect(byName(fields, 'tags')).toMatchObject({ widget: 'list', required: false });
    expect(byName(fields, 'draft')).toMatchObject({ widget: 'boolean', required: false, default: false });
    expect(byName(fields, 'featuredImage')).toMatchObject({
      widget: 'image',
      media_folder: '/content/images/blog',
      public_folder: '../images/blog',
    });
    expect(collection('blog')).toMatchObject({ folder: 'content/blog', extension: 'mdx', format: 'frontmatter' });
  });

  it('keeps settings patterns, number ranges and options as the schemas have them', () => {
    const [settings, home] = files('site');
    const business = byName(settings!.fields, 'business').fields!;
    expect(byName(business, 'latitude')).toMatchObject({ widget: 'number', min: -90, max: 90 });
    expect(byName(business, 'opens').pattern).toEqual([
      '^([01]\\d|2[0-3]):[0-5]\\d$',
      'Must be a 24-hour time like 09:00',
    ]);
    expect(byName(business, 'region')).toMatchObject({ minlength: 2, maxlength: 2 });
    expect(byName(settings!.fields, 'siteUrl').pattern?.[0]).toBe('^https://\\S+$');
    expect(byName(home!.fields, 'experience')).toMatchObject({ widget: 'list', min: 1, field: { widget: 'string' } });
    const portfolio = byName(files('lists').find((file) => file.name === 'portfolio')!.fields, 'items');
    expect(portfolio).toMatchObject({ widget: 'list', root: true });
    expect(byName(portfolio.fields!, 'category').options).toEqual(['classic', 'outdoor', 'fine-art', 'rain-room']);
    expect(byName(portfolio.fields!, 'overlay')).toMatchObject({ maxlength: 20 });
    const filters = byName(files('lists').find((file) => file.name === 'portfolioFilters')!.fields, 'items');
    expect(byName(filters.fields!, 'id').options).toEqual(TEST_FILTERS.map((filter) => filter.id));
  });

  it('gives every page every field of the pages schema that page uses, and the union is the whole schema', () => {
    const pages = files('pages');
    const union = new Set(pages.flatMap((page) => page.fields.map((entry) => entry.name)));
    const schema = (collections['pages']!.schema as (context: { image: () => z.ZodType }) => z.ZodObject)({
      image: () => IMAGE,
    });
    expect([...union].sort()).toEqual([...Object.keys(schema.shape), 'body'].sort());
    const about = pages.find((page) => page.name === 'about')!;
    expect(byName(about.fields, 'experience')).toMatchObject({ widget: 'list', min: 1, required: false });
    expect(byName(about.fields, 'experience').fields!.map((entry) => entry.name)).toEqual(['title', 'text']);
  });

  it('a field added to a schema appears in the editor; one it cannot translate stops the editor build, named', () => {
    const grown = z.object({ title: z.string().min(1), subtitle: z.string().max(40).optional() });
    expect(
      fieldsOf(grown, { image: IMAGE }).map(({ name, required, maxlength }) => ({ name, required, maxlength })),
    ).toEqual([
      { name: 'title', required: undefined, maxlength: undefined },
      { name: 'subtitle', required: false, maxlength: 40 },
    ]);
    const unknown = z.object({ when: z.unknown().transform((value) => String(value)) });
    expect(() => fieldsOf(unknown, { image: IMAGE })).toThrow('when: the schema transforms its value');
    expect(() => fieldsOf(z.object({ at: z.bigint() }), { image: IMAGE })).toThrow(
      'at: the editor has no field for a zod bigint',
    );
  });

  it('edits every owner file in content/ (private galleries excepted)', () => {
    const edited = editedFiles(config);
    const root = process.cwd();
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [relative(root, path)];
      });
    const ownerFiles = walk(join(root, 'content')).filter(
      (path) =>
        !path.startsWith('content/images/') &&
        !path.startsWith('content/private') &&
        path !== 'content/private-gallery-salt.txt',
    );
    const missing = ownerFiles.filter(
      (path) => !edited[path] && !(path.startsWith('content/blog/') && path.endsWith('.mdx')),
    );
    expect(missing, 'owner files no editor collection writes').toEqual([]);
    expect(Object.keys(edited).length).toBe(ownerFiles.length - readdirSync(join(root, 'content/blog')).length + 1);
  });
});
