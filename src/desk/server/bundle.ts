// The desk's browser code, bundled by esbuild on her computer the first time it is asked for (about
// half a second; no build step): the islands of its pages (src/desk/islands/islands.ts) and the
// preview's gallery (preview-assets.ts). Kept for the desk's run; a failure is not kept.
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';
import { cached, hashOf, keep, once } from './disk-cache.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A module for the browser from `entry` (a path from the project's root), with the site's `@/` paths. */
export async function bundle(entry: string, plugins: Plugin[] = []): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [`${ROOT}${entry}`],
    bundle: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    tsconfig: `${ROOT}tsconfig.json`,
    absWorkingDir: ROOT,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins,
  });
  return result.outputFiles[0]!.text;
}

/**
 * islands.js: the desk's islands, hydrated in her browser. Made from the desk's own files (and the
 * React and esbuild installed): kept between runs (disk-cache.ts) until one of them changes.
 */
export const islandsScript = once(async () => {
  const versions = ['esbuild', 'react', 'react-dom'].map(
    (name) =>
      (JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, 'utf8')) as { version: string }).version,
  );
  const key = hashOf(versions, [`${ROOT}src/desk/`]);
  return cached('islands', key) ?? keep('islands', key, await bundle('src/desk/islands/islands.ts'));
});
