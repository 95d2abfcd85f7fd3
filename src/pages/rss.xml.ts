import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getPublishedPosts } from '@/data/blog';
import { settings } from '@/lib/content/settings';

export const GET: APIRoute = async ({ site }) => {
  const posts = await getPublishedPosts();
  return rss({
    title: `${settings.brand.name} Journal`,
    description: `Boudoir preparation, style and self-love from ${settings.brand.name} in ${settings.business.city}, Florida.`,
    site: site ?? settings.siteUrl,
    trailingSlash: false,
    items: posts.map((post) => ({
      title: post.title,
      link: post.href,
      pubDate: post.publishDate,
      description: post.excerpt,
      categories: post.categories,
    })),
    customData: '<language>en-us</language>',
  });
};
