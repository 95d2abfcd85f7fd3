// eslint-plugin-jsx-a11y ships JavaScript without types: the plugin as ESLint's own types describe
// a plugin, with the flat configs it adds (lib/index.js), for eslint.config.ts.
declare module 'eslint-plugin-jsx-a11y' {
  import type { ESLint, Linter } from 'eslint';

  /** A flat config of the plugin: it names the plugin and sets both its rules and JSX parsing. */
  type FlatConfig = Linter.Config & Required<Pick<Linter.Config, 'plugins' | 'languageOptions' | 'rules'>>;
  const plugin: ESLint.Plugin & { flatConfigs: { recommended: FlatConfig; strict: FlatConfig } };
  export default plugin;
}
