import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { IMMUTABLE_CACHE, SECURITY_HEADERS } from '../lib/security';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The policy a built page carries in its <meta http-equiv="content-security-policy">. */
export function metaPolicy(html: string): string | null {
  return (
    html
      .match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i)?.[1]
      ?.replace(/&#39;/g, "'")
      .replace(/[;\s]+$/, '') ?? null
  );
}

/**
 * Writes dist/_headers (Netlify, Cloudflare Pages): the security headers for every path, each
 * page's own CSP (the same as its <meta>, plus frame-ancestors), and long caching for hashed assets.
 */
export default function staticHeaders(): AstroIntegration {
  return {
    name: 'static-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const lines = ['/*', ...Object.entries(SECURITY_HEADERS).map(([k, v]) => `  ${k}: ${v}`), ''];
        lines.push('/_astro/*', `  Cache-Control: ${IMMUTABLE_CACHE}`, '');
        let pages = 0;
        for (const file of htmlFiles(root).sort()) {
          const policy = metaPolicy(readFileSync(file, 'utf8'));
          if (!policy) continue;
          const route =
            '/' +
            relative(root, file)
              .replace(/\/?index\.html$/, '')
              .replace(/\.html$/, '');
          const paths = route === '/' ? ['/'] : route === '/404' ? ['/404', '/404.html'] : [route, `${route}/`];
          for (const path of paths) {
            lines.push(path, `  Content-Security-Policy: ${policy}; frame-ancestors 'none'`, '');
          }
          pages++;
        }
        writeFileSync(join(root, '_headers'), lines.join('\n'));
        logger.info(`_headers written for ${pages} pages`);
      },
    },
  };
}
