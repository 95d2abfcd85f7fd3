/**
 * Hashes for inline scripts. The page's Content-Security-Policy (its <meta> and the host's header,
 * which covers the whole document) allows an inline script only by the SHA-256 of its exact text,
 * so every inline script is written through one component that registers that hash.
 */
import { createHash } from 'node:crypto';

/** The CSP source for `code`: 'sha256-<base64 of its SHA-256>' without the quotes. */
export function scriptHash(code: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
}

/** A script element runs code when it has no src and no data type (JSON-LD is data, not code). */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'module', 'application/javascript']);

/** The text of every inline script in `html` that a browser would execute. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => {
      if (/\ssrc\s*=/i.test(attributes)) return false;
      const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase() ?? '';
      return EXECUTABLE_TYPES.has(type);
    })
    .map(([, , code = '']) => code);
}

/** The inline scripts in `html` whose hash is not among the `script-src` sources of `policy`. */
export function unhashedInlineScripts(html: string, policy: string): string[] {
  const scriptSrc =
    policy
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src ')) ?? '';
  const allowed = new Set(scriptSrc.split(/\s+/).slice(1));
  return inlineScripts(html).filter((code) => !allowed.has(`'${scriptHash(code)}'`));
}
