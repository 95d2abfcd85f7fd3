import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/**
 * `client:settled`: an island whose first view is its server HTML, hydrated once the page has
 * settled or as soon as the visitor reaches for it (src/lib/browser/settled-directive.ts).
 */
export default function settledDirective(): AstroIntegration {
  return {
    name: 'settled-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'settled',
          entrypoint: fileURLToPath(new URL('../lib/browser/settled-directive.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:settled'?: boolean;
  }
}
