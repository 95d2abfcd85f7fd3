import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  headerPolicy,
  IMMUTABLE_CACHE,
  SECURITY_HEADERS,
  SITE_ONLY_ROUTES,
  siteOnlyPolicy,
} from '../lib/security/security';
import { unhashedInlineScripts } from '../lib/security/inline-script';
import { builtPages } from '../lib/site/site-files';
import { NOT_FOUND_ROUTE } from '../lib/site/routes';

/** The policy a built page carries in its <meta http-equiv="content-security-policy">. */
export function metaPolicy(html: string): string | null {
  return (
    html
      .match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i)?.[1]
      ?.replace(/&#39;/g, "'")
      .replace(/[;\s]+$/, '') ?? null
  );
}

export interface PagePolicy {
  route: string;
  /** The complete policy the host sends for the page. */
  policy: string;
}

/**
 * The text of dist/_headers (Cloudflare Pages' format). Every response carries exactly one
 * Content-Security-Policy: `/*` sends the not-found page's policy (unknown paths are answered with
 * that page), and each page's block first detaches it (`! Content-Security-Policy`) and then sends
 * the page's own. Without the detach the host would join both policies into one comma-separated
 * header, which browsers enforce as two policies and scanners reject.
 */
export function headersFile(pages: PagePolicy[]): string {
  const fallback = pages.find((page) => page.route === NOT_FOUND_ROUTE) ?? pages[0];
  const block = (path: string, headers: string[]) => [path, ...headers.map((line) => `  ${line}`), ''];
  const lines = [
    ...block('/*', [
      ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
      ...(fallback ? [`Content-Security-Policy: ${fallback.policy}`] : []),
    ]),
    ...block('/_astro/*', [`Cache-Control: ${IMMUTABLE_CACHE}`]),
  ];
  for (const { route, policy } of pages) {
    lines.push(...block(route, ['! Content-Security-Policy', `Content-Security-Policy: ${policy}`]));
  }
  return lines.join('\n');
}

/**
 * Reads every built page's policy, refuses a page whose inline script is not covered by a hash in
 * it (the host's header would block that script), and writes dist/_headers.
 */
export function pagePolicies(dist: string): PagePolicy[] {
  const problems: string[] = [];
  const pages: PagePolicy[] = [];
  for (const { file, route } of builtPages(dist)) {
    let html = readFileSync(file, 'utf8');
    let meta = metaPolicy(html);
    if (!meta) {
      problems.push(`${relative(dist, file)}: no Content-Security-Policy <meta>`);
      continue;
    }
    if ((SITE_ONLY_ROUTES as readonly string[]).includes(route)) {
      // The page's own <meta> too, so every server (the host, `npm start`) enforces the tight policy.
      const tight = siteOnlyPolicy(meta);
      html = html.replace(/(<meta http-equiv="content-security-policy" content=")[^"]+"/i, (_, start: string) => {
        return `${start}${tight.replace(/'/g, '&#39;')}"`;
      });
      writeFileSync(file, html);
      meta = tight;
    }
    for (const code of unhashedInlineScripts(html, meta)) {
      problems.push(
        `${relative(dist, file)}: an inline script has no hash in the page's policy (write it with <InlineScript>): ${code.slice(0, 80)}`,
      );
    }
    pages.push({ route, policy: headerPolicy(meta) });
  }
  if (problems.length) throw new Error(`Content-Security-Policy:\n  ${problems.join('\n  ')}`);
  return pages;
}

export default function staticHeaders(): AstroIntegration {
  return {
    name: 'static-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = pagePolicies(root);
        writeFileSync(join(root, '_headers'), headersFile(pages));
        logger.info(`_headers written for ${pages.length} pages, one policy each`);
      },
    },
  };
}
