// React components (.tsx) for a command run by Node itself, with no build step: Node strips a .ts
// file's types but does not read JSX, so a .tsx file is turned into JavaScript by esbuild (the one
// Astro and Vite bring) as Node loads it, in memory, a few milliseconds a file. The site's own import
// style is understood too: `@/…` is src/, and an import without its extension finds the .ts or .tsx
// file, as Vite finds it for the site. A file's JavaScript is kept between runs (disk-cache.ts).
// Registered once; a module that imports .tsx is then imported
// after it (a static import would be read before the hook exists), e.g.
//   registerJsx();
//   const { deskRoutes } = await import('./routes.ts');
import { existsSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync, version as ESBUILD_VERSION } from 'esbuild';
import { cached, hashOf, keep } from '../../src/desk/server/disk-cache.ts';

const SRC = new URL('../../src/', import.meta.url);
const TRIED = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
let registered = false;

/** The file an extensionless import of the site's style names (`./x` → ./x.ts or ./x.tsx), or null. */
function withExtension(url: URL): string | null {
  if (existsSync(url) && !url.pathname.endsWith('/')) return null;
  for (const ending of TRIED) {
    const candidate = new URL(url.href + ending);
    if (existsSync(candidate)) return candidate.href;
  }
  return null;
}

export function registerJsx(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const alias = specifier.startsWith('@/') ? new URL(specifier.slice(2), SRC).href : null;
      const fromFile = context.parentURL?.startsWith('file:') ? context.parentURL : null;
      const local = alias ?? (fromFile && /^\.\.?\//.test(specifier) ? new URL(specifier, fromFile).href : null);
      if (local && !/\.[cm]?[jt]sx?$|\.json$/.test(new URL(local).pathname)) {
        const found = withExtension(new URL(local));
        if (found) return nextResolve(found, context);
      }
      return nextResolve(alias ?? specifier, context);
    },
    load(url, context, nextLoad) {
      if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
      const path = fileURLToPath(url);
      const source = readFileSync(path, 'utf8');
      // The same file turned before (by this esbuild) is read from the cache instead.
      const key = hashOf([ESBUILD_VERSION, path, source]);
      const code =
        cached('jsx', key) ??
        keep(
          'jsx',
          key,
          transformSync(source, {
            loader: 'tsx',
            jsx: 'automatic',
            format: 'esm',
            target: 'node24',
            sourcefile: path,
            sourcemap: 'inline',
          }).code,
        );
      return { format: 'module', source: code, shortCircuit: true };
    },
  });
}
