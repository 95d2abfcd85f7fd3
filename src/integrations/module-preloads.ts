import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/** What the preload lists need of the client build's output: each chunk's static imports. */
type Bundle = Record<string, { type: string; imports?: string[] }>;

/** The chunks `host` imports statically, directly or through another, `host` included. */
export function staticImports(bundle: Bundle, host: string): Set<string> {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name)) return;
    found.add(name);
    for (const imported of bundle[name]?.imports ?? []) visit(imported);
  };
  visit(host);
  return found;
}

/**
 * The modules a dynamic import asks the browser to preload (Vite's `<link rel="modulepreload">`),
 * without those the importing chunk imports statically: running, it has loaded them already.
 * Firefox answers a modulepreload of a module it has already loaded with an `error` event (the
 * private gallery's open-gallery code listed React and six more of its island's own chunks, 7 error
 * events on every load); WebKit and Chromium fire `load`. The modules still to load keep their
 * preloads, fetched side by side.
 */
export function stillToLoad(bundle: Bundle, host: string, deps: string[]): string[] {
  const loaded = staticImports(bundle, host);
  return deps.filter((dep) => !loaded.has(dep));
}

/**
 * Vite lists, for each dynamic import, every chunk the imported one needs, the importer's own
 * imports included: this integration leaves those out (stillToLoad). Its plugin reads the client
 * build's chunks as they are written, before Vite's own plugin fills the lists in, and sets the
 * option from a plugin's config hook: Astro's build writes its own `build.modulePreload` over the
 * one in astro.config's `vite`.
 */
export default function modulePreloads(): AstroIntegration {
  let bundle: Bundle = {};
  const plugin: Plugin = {
    name: 'module-preloads',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId, hostType }) =>
            hostType === 'js' ? stillToLoad(bundle, hostId, deps) : deps,
        },
      },
    }),
    generateBundle(_options, output) {
      bundle = output as Bundle;
    },
  };
  return {
    name: 'module-preloads',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [plugin] } });
      },
    },
  };
}
