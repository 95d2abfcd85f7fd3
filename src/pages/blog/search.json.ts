import type { APIRoute } from 'astro';
import { getPublishedPosts, searchIndex } from '@/data/blog';

/** What /blog?search= looks through: downloaded only when a visitor searches. */
export const GET: APIRoute = async () => Response.json(searchIndex(await getPublishedPosts()));
