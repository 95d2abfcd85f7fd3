/**
 * The portfolio's photo categories, on their own so that the addresses (site/routes.ts) can name a
 * category without importing the portfolio's rules, which import the addresses.
 */

/** Photo categories, in the order of the filter bar; the portfolio schema accepts only these. */
export const PORTFOLIO_CATEGORIES = ['classic', 'outdoor', 'fine-art', 'rain-room'] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];
