import type { AstroIntegration } from 'astro';

/**
 * `npm run dev` answers /admin with the owner's editor, working on the local repository. The
 * deployed editor is its own site (`npm run build:editor`, dist-editor/), so `npm run build` never
 * holds it: the public site ships no editor code.
 */
export default function editorDev(): AstroIntegration {
  return {
    name: 'editor-dev',
    hooks: {
      'astro:config:setup': ({ command, injectRoute }) => {
        if (command !== 'dev') return;
        injectRoute({ pattern: '/admin', entrypoint: './src/editor/Admin.astro', prerender: false });
        injectRoute({ pattern: '/config.json', entrypoint: './src/editor/config.json.ts', prerender: false });
      },
    },
  };
}
