/**
 * The one place pages read blog posts from: published posts, newest first, with %tokens% filled.
 * The rules themselves are plain functions (unit-tested) in src/lib/blog/posts.ts, and those of the
 * list and its search in src/lib/blog/blog-list.ts; this file only adds Astro's collection and image APIs.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { ImageMetadata } from 'astro';
import { fillSettingTokens } from '@/lib/content/text';
import { postHref } from '@/lib/site/routes';
import { IMAGE_PRESETS } from '@/lib/images/image-presets';
import { markdownToPlainText, searchText, type BlogCard } from '@/lib/blog/blog-list';
import { oncePerBuild } from './collections';
import { presetImage } from './images';
import { assertUniqueIds, formatLongDate, isoDate, isPublished, sortNewestFirst } from '@/lib/blog/posts';

export interface Post {
  /** The address: /blog/<slug>, from the file name. */
  slug: string;
  href: string;
  /** Where the owner edits it, e.g. content/blog/my-post.mdx (for error messages). */
  file: string;
  id: number;
  title: string;
  excerpt: string;
  metaDescription: string;
  publishDate: Date;
  updatedDate: Date | undefined;
  /** "October 7, 2025". */
  dateText: string;
  /** "2025-10-07". */
  dateIso: string;
  categories: string[];
  tags: string[];
  keywords: string[];
  image: ImageMetadata;
  imageAlt: string;
  /** Body as plain text with tokens filled, for search. */
  bodyText: string;
  entry: CollectionEntry<'blog'>;
}

function toPost(entry: CollectionEntry<'blog'>): Post {
  const file = entry.filePath ?? `content/blog/${entry.id}.mdx`;
  const { data } = entry;
  const fill = (text: string) => fillSettingTokens(text, file);
  return {
    slug: entry.id,
    href: postHref(entry.id),
    file,
    id: data.id,
    title: fill(data.title),
    excerpt: fill(data.excerpt),
    metaDescription: fill(data.metaDescription),
    publishDate: data.publishDate,
    updatedDate: data.updatedDate,
    dateText: formatLongDate(data.publishDate),
    dateIso: isoDate(data.publishDate),
    categories: data.categories,
    tags: data.tags,
    keywords: data.keywords,
    image: data.featuredImage,
    imageAlt: data.featuredImageAlt,
    bodyText: markdownToPlainText(fill(entry.body ?? '')),
    entry,
  };
}

const publishedOnce = oncePerBuild(() => loadPosts(false));

/**
 * Published posts, newest first. Drafts are left out of production builds and shown only while
 * previewing with `npm run dev`. Fails the build if two posts share an id number.
 */
export function getPublishedPosts(): Promise<Post[]> {
  // The mode, not DEV/PROD: those follow NODE_ENV, and a build run with NODE_ENV=test or development
  // (some CI setups) must still leave drafts out. Only `astro dev` runs in development mode.
  if (import.meta.env.MODE === 'development') return loadPosts(true);
  return publishedOnce();
}

async function loadPosts(includeDrafts: boolean): Promise<Post[]> {
  const entries = await getCollection('blog');
  assertUniqueIds(entries.map((entry) => ({ id: entry.data.id, file: entry.filePath ?? entry.id })));
  return sortNewestFirst(entries.filter((entry) => isPublished(entry.data, includeDrafts)).map(toPost));
}

/** The search index /blog downloads when a visitor searches: slug → every word a search may match. */
export function searchIndex(posts: Post[]): Record<string, string> {
  return Object.fromEntries(
    posts.map((post) => [
      post.slug,
      searchText({
        title: post.title,
        excerpt: post.excerpt,
        categories: post.categories,
        tags: post.tags,
        body: post.bodyText,
      }),
    ]),
  );
}

/** A post's featured photo for the BlogList island's cards (IMAGE_PRESETS.post; the card sets its sizes). */
export async function featuredImageSources(post: Post): Promise<BlogCard['image']> {
  const { sizes: _sizes, avifSrcset: _avif, ...image } = await presetImage(post.image, IMAGE_PRESETS.post, '');
  return { ...image, alt: post.imageAlt };
}
