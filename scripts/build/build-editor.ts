// `npm run build:editor`: the owner's browser editor (Sveltia CMS) as its own tiny site in
// dist-editor/, deployed as a second Cloudflare Pages project on its own origin (e.g.
// https://admin.<domain>), so the repository token the editor keeps in the browser is never held by
// the public site's origin. The public dist/ carries no editor code at all.
//
//   dist-editor/admin.html     the editor, answered at /admin (and / redirects there)
//   dist-editor/config.json    its configuration, derived from the build's own schemas
//   dist-editor/_headers       its own page policy (scripts/build/editor-policy.ts)
//   dist-editor/_astro/        the site's built styles and fonts, for previews that look like the site
//
// Environment: EDITOR_REPO (owner/name on GitHub), EDITOR_BRANCH (default main), EDITOR_AUTH_URL
// (the sveltia-cms-auth Worker; without it, sign-in is by personal access token only).
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, createServer, type Plugin } from 'vite';
import type { Collections, EditorOptions } from '../../src/editor/config.ts';
import { editorHeaders } from './editor-policy.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
export const EDITOR_DIST = join(ROOT, 'dist-editor');

/** Stands in for Astro's `astro:content` so content.config.ts loads outside Astro. */
const astroContentStub: Plugin = {
  name: 'astro-content-stub',
  resolveId: (id) => (id === 'astro:content' ? '\0astro-content' : undefined),
  load: (id) => (id === '\0astro-content' ? 'export const defineCollection = (collection) => collection;' : undefined),
};

/**
 * The CMS's stylesheet names its fonts on a CDN (cdn.jsdelivr.net/fontsource), although the package
 * carries the same files: point each at the packaged copy, so the editor asks no other host for them
 * (its policy would block the request). A font the package does not carry stops the build.
 */
const localCmsFonts: Plugin = {
  name: 'local-cms-fonts',
  transform(code, id) {
    if (!id.includes('@sveltia/cms') || !code.includes('cdn.jsdelivr.net/fontsource')) return undefined;
    const output = code.replace(
      /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/g,
      (url, family: string, file: string) => {
        const asset = code.match(new RegExp(`assets/${family}-${file}-[\\w-]+\\.woff2`))?.[0];
        if (!asset) throw new Error(`build:editor: the CMS asks ${url}, which the package does not carry`);
        return `\${new URL(\`${asset}\`, import.meta.url).href}`;
      },
    );
    if (output.includes('cdn.jsdelivr.net/fontsource')) throw new Error('build:editor: a CMS font is still on the CDN');
    return { code: output, map: null };
  },
};

/** Loads the collections and the editor configuration module through Vite (TypeScript, `@/` paths). */
export async function loadEditorConfig(options: Partial<EditorOptions> = {}) {
  const server = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { alias: { '@': join(ROOT, 'src') } },
    plugins: [astroContentStub],
  });
  try {
    // Vite returns each module untyped: these are the modules named. The collections as the editor
    // reads them (defineCollection is the stub above; the editor gives `image()` its own schema).
    const { collections } = (await server.ssrLoadModule('/src/content.config.ts')) as { collections: Collections };
    const editor = (await server.ssrLoadModule('/src/editor/config.ts')) as typeof import('../../src/editor/config.ts');
    const { settings } = (await server.ssrLoadModule(
      '/src/lib/content/settings.ts',
    )) as typeof import('../../src/lib/content/settings.ts');
    const { pageFields } = (await server.ssrLoadModule(
      '/src/editor/config.json.ts',
    )) as typeof import('../../src/editor/config.json.ts');
    const authUrl = process.env['EDITOR_AUTH_URL'];
    const config = editor.editorConfig(collections, {
      repo: process.env['EDITOR_REPO'] || 'your-account/your-repository',
      branch: process.env['EDITOR_BRANCH'] || 'main',
      ...(authUrl ? { authUrl } : {}),
      siteUrl: settings.siteUrl,
      pageFields: pageFields(),
      ...options,
    });
    return { config, editedFiles: editor.editedFiles(config), settings, collections };
  } finally {
    await server.close();
  }
}

/**
 * The site's built stylesheet, its fonts and their @font-face rules (which the site writes inline in
 * each page's head), copied for the post preview; needs `npm run build` first, else the preview
 * uses the CMS's own styles.
 */
function copySiteStyles(out: string): string[] {
  const assets = join(ROOT, 'dist', '_astro');
  if (!existsSync(assets)) return [];
  mkdirSync(join(out, '_astro'), { recursive: true });
  const sheets = readdirSync(assets).filter((name) => name.endsWith('.css'));
  for (const name of sheets) cpSync(join(assets, name), join(out, '_astro', name));
  if (existsSync(join(assets, 'fonts')))
    cpSync(join(assets, 'fonts'), join(out, '_astro', 'fonts'), { recursive: true });
  const home = readFileSync(join(ROOT, 'dist', 'index.html'), 'utf8');
  const faces = [...home.matchAll(/<style>(@font-face[^<]*)<\/style>/g)].map((match) => match[1]).join('\n');
  writeFileSync(join(out, '_astro', 'site-fonts.css'), faces);
  return ['site-fonts.css', ...sheets].map((name) => `/_astro/${name}`);
}

export async function buildEditor(out = EDITOR_DIST) {
  const started = performance.now();
  const { config, settings } = await loadEditorConfig();
  if (!process.env['EDITOR_REPO']) {
    console.warn(
      'build:editor: EDITOR_REPO is not set (owner/name of the site on GitHub): sign-in will not find the files.',
    );
  }
  rmSync(out, { recursive: true, force: true });
  await build({
    root: join(ROOT, 'src/editor'),
    configFile: false,
    logLevel: 'warn',
    base: '/',
    plugins: [localCmsFonts],
    build: {
      outDir: out,
      emptyOutDir: true,
      assetsDir: '_editor',
      // The CMS arrives minified, but its modules joined into one still shrink by a fifth
      // (2.7 → 2.2 MB, 687 → 614 KB with brotli).
      minify: true,
      sourcemap: false,
      chunkSizeWarningLimit: 4096,
      rollupOptions: { input: join(ROOT, 'src/editor/admin.html') },
    },
  });
  const styles = copySiteStyles(out);
  cpSync(join(ROOT, 'public', 'favicon.svg'), join(out, 'favicon.svg'));
  const html = readFileSync(join(out, 'admin.html'), 'utf8')
    .replace('%EDITOR_TITLE%', `${settings.brand.name} · Editor`)
    .replace(
      '  </head>',
      `${styles.map((href) => `    <link rel="preview-style" href="${href}" />\n`).join('')}  </head>`,
    );
  writeFileSync(join(out, 'admin.html'), html);
  writeFileSync(join(out, 'config.json'), JSON.stringify(config, null, 2));
  writeFileSync(join(out, '_headers'), editorHeaders(config));
  // The editor's origin has one page: its root leads there.
  writeFileSync(join(out, '_redirects'), '/ /admin 302\n');
  console.log(`build:editor: dist-editor/ written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.main) await buildEditor();
