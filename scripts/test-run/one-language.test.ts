import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keptJavaScript, NOT_YET_CONVERTED, strayJavaScript } from './one-language.ts';

describe('one language', () => {
  it('finds a new .mjs, .js or .cjs file anywhere; not a kept one, a TypeScript one or one not yet converted', () => {
    const files = [
      'scripts/audits/new-bench.mjs',
      'e2e/helper.js',
      'tailwind.config.cjs',
      'scripts/audits/audit.ts',
      'scripts/shared/options.d.mts',
      'public/vendor.js',
      ...NOT_YET_CONVERTED,
    ];
    expect(strayJavaScript(files, ['public/vendor.js'])).toEqual([
      'scripts/audits/new-bench.mjs',
      'e2e/helper.js',
      'tailwind.config.cjs',
    ]);
  });

  it("keeps only the JavaScript files CONTRIBUTING.md's section lists; today, none", () => {
    const page = [
      '## House rules',
      '- `src/elsewhere.js`: not this section',
      '## One language',
      'Text naming `eslint.config.js` in passing.',
      '- `public/vendor.js`: served as it is',
      '- `astro.config.ts`: not JavaScript',
      '## Commits',
      '- `scripts/later.mjs`: nor this one',
    ].join('\n');
    expect(keptJavaScript(page)).toEqual(['public/vendor.js']);
    expect(() => keptJavaScript('## Commits\n')).toThrow(/no "## One language" section/);
    expect(keptJavaScript(readFileSync('CONTRIBUTING.md', 'utf8'))).toEqual([]);
  });
});
