import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/**
 * The site's own client directives:
 * - `client:settled`: an island whose first view is its server HTML, hydrated once the page has
 *   settled or as soon as the visitor reaches for it (src/lib/browser/settled-directive.ts);
 * - `client:reached`: a list whose server HTML is its first view, hydrated when the visitor reaches
 *   for one of its controls or at once when the address asks for a view only it can draw
 *   (src/lib/browser/reached-directive.ts);
 * - `client:entered`: an island behind the age gate, hydrated once the gate is passed
 *   (src/lib/browser/entered-directive.ts).
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
        addClientDirective({
          name: 'reached',
          entrypoint: fileURLToPath(new URL('../lib/browser/reached-directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'entered',
          entrypoint: fileURLToPath(new URL('../lib/browser/entered-directive.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:settled'?: boolean;
    'client:reached'?: boolean | string;
    'client:entered'?: boolean;
  }
}
