import { settings } from './settings';
import { fillTokens, tokenValues } from './tokens';

const values = tokenValues(settings);

/**
 * Fills the %tokens% in text the owner wrote (%session-fee%, %brand%, …) with their values from
 * content/settings.yaml; a misspelt token throws, naming `where` (the file it came from).
 */
export function fillSettingTokens(text: string, where?: string): string {
  return fillTokens(text, values, where);
}
