import type { APIRoute, GetStaticPaths } from 'astro';
import { portfolioImages } from '@/data/portfolio';
import { categoryImages, PORTFOLIO_CATEGORIES, type PortfolioCategory } from '@/lib/portfolio/portfolio';

/**
 * Every photo of one category (/portfolio/classic.json), as the gallery island shows it: fetched
 * when a visitor chooses the category, so /portfolio itself carries only the first view.
 */
export const getStaticPaths = (() =>
  PORTFOLIO_CATEGORIES.map((category) => ({ params: { category } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  Response.json(categoryImages(await portfolioImages(), params['category'] as PortfolioCategory));
