import type { Settings } from './settings';
import { usd } from './settings';

/**
 * Owner-facing tokens: writing %session-fee% in a post, FAQ answer or page renders the current
 * value from content/settings.yaml, so prices and numbers are written once.
 */
export function tokenValues(s: Settings): Record<string, string> {
  return {
    brand: s.brand.name,
    city: s.business.city,
    'session-fee': usd(s.offer.sessionFee),
    'collections-from': usd(s.offer.collectionsFrom),
    'payment-plan-months': String(s.offer.paymentPlanMonths),
    'session-hours': s.offer.sessionHours,
    outfits: String(s.offer.outfits),
    'looks-to-bring': s.offer.looksToBring,
    'reply-hours': String(s.offer.replyWithinHours),
    guests: String(s.offer.guestsAllowed),
  };
}

const TOKEN = /%([a-z]+(?:-[a-z]+)*)%/g;

/** Replaces every %token% in `text`; an unknown token throws, naming it and `where`. */
export function fillTokens(text: string, values: Record<string, string>, where = 'text'): string {
  return text.replace(TOKEN, (match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(
        `${where}: unknown token ${match}. Known tokens: ${Object.keys(values)
          .map((k) => `%${k}%`)
          .join(', ')}`,
      );
    }
    return value;
  });
}
