import { fileURLToPath } from 'node:url';
import { fillTokens, tokenValues } from './tokens';
import { loadSettings } from './settings';

/**
 * Sätteri mdast plugin: fills %tokens% in the text of Markdown and MDX bodies at build time,
 * so posts and pages quote the current prices from content/settings.yaml.
 */
export function markdownTokensPlugin() {
  const values = tokenValues(loadSettings());
  return {
    name: 'studio-tokens',
    text(node: { value: string }, context: { fileURL: URL | undefined }) {
      const where = context.fileURL ? fileURLToPath(context.fileURL) : 'markdown';
      const value = fillTokens(node.value, values, where);
      return value === node.value ? undefined : { type: 'text' as const, value };
    },
  };
}
