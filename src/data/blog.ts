/**
 * The one place pages read blog posts from: published posts, newest first, with %tokens% filled.
 * The rules themselves are plain functions in src/lib/posts.ts (unit-tested); this file only adds
 * Astro's collection and image APIs.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import { t } from '@/lib/text';
import { postHref } from '@/lib/routes';
import {
  assertUniqueIds,
  formatLongDate,
  isoDate,
  isPublished,
  markdownToPlainText,
  searchText,
  sortNewestFirst,
} from '@/lib/posts';

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
  const fill = (text: string) => t(text, file);
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

let cached: Promise<Post[]> | undefined;

/**
 * Published posts, newest first. Drafts are left out of production builds and shown only while
 * previewing with `npm run dev`. Fails the build if two posts share an id number.
 */
export function getPublishedPosts(): Promise<Post[]> {
  // The mode, not DEV/PROD: those follow NODE_ENV, and a build run with NODE_ENV=test or development
  // (some CI setups) must still leave drafts out. Only `astro dev` runs in development mode.
  // Read once per build; the dev server re-reads so edits show up on reload.
  if (import.meta.env.MODE === 'development') return loadPosts(true);
  cached ??= loadPosts(false);
  return cached;
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

/**
 * Featured photo widths, shared by the cards and the post page so each size is encoded once: from a
 * phone's card up to the post's photo on a large 2x screen. WebP only: every browser the site targets
 * reads it, and AVIF multiplied the build time by eight for a few kilobytes.
 */
export const FEATURED_WIDTHS = [480, 800, 1200, 1600];
export const FEATURED_QUALITY = 70;

export interface ImageSources {
  src: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
}

/** Responsive WebP sources for a post's featured photo at 3:2, for the BlogList island's cards. */
export async function featuredImageSources(post: Post): Promise<ImageSources> {
  const width = Math.max(...FEATURED_WIDTHS);
  const height = Math.round((width * 2) / 3);
  const image = await getImage({
    src: post.image,
    width,
    height,
    widths: FEATURED_WIDTHS,
    fit: 'cover',
    format: 'webp',
    quality: FEATURED_QUALITY,
  });
  return { src: image.src, srcset: image.srcSet.attribute, width, height, alt: post.imageAlt };
}
