// html-validate over every page in dist/ (run by `npm run test:dist`), in its flat config: a list of
// config objects, here the one its legacy form converts to (FlatCompat resolves the preset).
import { FlatCompat, esmResolver, type FlatConfig } from 'html-validate';

const compat = new FlatCompat([esmResolver()]);

export default [
  await compat.config({
    extends: ['html-validate:recommended'],
    elements: [
      'html5',
      {
        // The Accordion's panel: a custom element so hidden="until-found" survives server rendering.
        'studio-panel': { flow: true, permittedContent: ['@flow'] },
        // Astro writes its island style (`astro-island{display:contents}`) where the first island is.
        style: { flow: true },
      },
    ],
    rules: {
      // React's server HTML writes srcSet and fetchPriority; attribute names are case-insensitive.
      'attr-case': 'off',
      // React closes void elements as <img/>; both forms are valid HTML.
      'void-style': 'off',
      // React writes boolean attributes as required="" where Astro writes required; both are valid.
      'attribute-boolean-style': 'off',
      // Markdown heading ids such as "1-information-we-collect" are valid HTML ids.
      'valid-id': ['error', { relaxed: true }],
      // The Accordion's panels are regions on a custom element (see above).
      'prefer-native-element': ['error', { exclude: ['region'] }],
    },
  }),
] satisfies FlatConfig;
