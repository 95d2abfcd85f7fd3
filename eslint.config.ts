// The linter: TypeScript, Astro components, React hooks and accessibility in JSX.
// Prettier owns formatting; this config carries no style rules. `npm run check` runs it with
// --max-warnings 0.
import type { Linter } from 'eslint';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The layers' import rules (src/lib/README.md), enforced. A folder is named the way its files
// import it: through the alias (`@/ui/Lightbox`) or relatively (`../../ui/Lightbox`).
const folder = (...names: string[]) => `^(@/|(\\.\\./)+)(${names.join('|')})(/|$)`;
const ASTRO_MODULES = { regex: '^astro:', message: 'astro:* modules exist only in the build (src/data/ reads them).' };
/** One folder's forbidden imports, each with why and where the code belongs instead. */
const boundary = (files: string[], patterns: { regex: string; message: string }[]): Linter.Config => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default defineConfig(
  // The editor's build output (npm run build:editor).
  { ignores: ['dist-editor/'] },
  { ignores: ['dist/', '.astro/', '.wrangler/', 'node_modules/', 'reports/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  // Accessibility rules for the JSX of .astro components.
  astro.configs['flat/jsx-a11y-recommended'],
  // The same rules for the React islands (the plugin itself is registered by the Astro preset).
  {
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  {
    files: ['**/*.tsx', 'src/ui/**/*.ts', 'src/islands/**/*.ts', 'src/private-gallery/ui/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are mistakes, except a deliberately ignored argument or rest sibling.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Islands render the server's HTML first and adopt what only the browser knows (storage,
      // media queries, the address's fragment) in an effect right after hydrating; setting state
      // there is the point, not a cascade to avoid.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  boundary(
    ['src/lib/**'],
    [
      {
        regex: folder('ui', 'islands', 'private-gallery', 'data', 'components', 'layouts', 'pages'),
        message: 'src/lib/ is plain TypeScript under everything else: it imports no UI, island, gallery or data code.',
      },
      {
        regex: '^react(-dom)?(/|$)',
        message: 'src/lib/ imports no React: hooks and components go to src/ui/ or an island.',
      },
      ASTRO_MODULES,
    ],
  ),
  boundary(
    ['src/ui/**'],
    [
      {
        regex: folder('islands', 'private-gallery'),
        message: 'src/ui/ is the shared React kit: islands and the private gallery import it, never the other way.',
      },
      {
        regex: folder('data'),
        message: 'src/ui/ takes what it shows as props; only pages and src/data/ read collections.',
      },
      {
        regex: '^(@/lib/content(/|$)|@/content\\.config|(\\.\\./)+content(\\.config)?(/|\\.|$))',
        message: "src/ui/ takes what it shows as props; it reads none of the owner's content.",
      },
      ASTRO_MODULES,
    ],
  ),
  boundary(
    ['src/islands/**'],
    [
      { regex: folder('data'), message: 'Islands receive plain props; only pages and src/data/ read collections.' },
      ASTRO_MODULES,
    ],
  ),
  boundary(
    ['src/private-gallery/**'],
    [
      {
        regex: folder('islands'),
        message: "The private gallery imports no island: what it shares with the site's pages lives in src/ui/.",
      },
    ],
  ),
  {
    // Every Playwright spec takes `test` from e2e/fixtures.ts, so each test fails on a page error,
    // a CSP violation or an outside request whatever it checks.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './fixtures': its fixtures fail a test on page errors.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests walk parsed JSON (JSON-LD, reports) property by property.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
