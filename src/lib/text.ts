import { settings } from './settings';
import { fillTokens, tokenValues } from './tokens';

const values = tokenValues(settings);

/** Fills %tokens% in owner-written text with the current settings. */
export function t(text: string, where?: string): string {
  return fillTokens(text, values, where);
}
