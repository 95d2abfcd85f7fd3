import type { APIRoute } from 'astro';
import { FILE_ROUTES } from '@/lib/site/routes';

// Gated pages stay crawlable so search engines can read their noindex.
export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${new URL(FILE_ROUTES.sitemap, site).href}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
