/**
 * The editor's configuration in local development (`npm run dev`): derived from the same schemas as
 * the deployed one (scripts/build/build-editor.ts), read fresh on every request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { APIRoute } from 'astro';
import { collections } from '../content.config';
import { settings } from '../lib/content/settings';
import { editorConfig, type Collections } from './config';

/** Front matter keys of each page in content/pages/ (which optional fields each page shows). */
export function pageFields(root = process.cwd()): Record<string, string[]> {
  const dir = join(root, 'content/pages');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.md'))
      .map((file) => {
        const frontMatter = readFileSync(join(dir, file), 'utf8').match(/^---\n([\s\S]*?)\n---/)?.[1] ?? '';
        return [file.replace(/\.md$/, ''), Object.keys((parse(frontMatter) as object | null) ?? {})];
      }),
  );
}

export const GET: APIRoute = () =>
  Response.json(
    editorConfig(collections as unknown as Collections, {
      repo: process.env['EDITOR_REPO'] || 'your-account/your-repository',
      branch: process.env['EDITOR_BRANCH'] || 'main',
      siteUrl: settings.siteUrl,
      pageFields: pageFields(),
    }),
  );
