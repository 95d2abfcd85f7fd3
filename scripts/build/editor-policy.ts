// The editor's response headers (dist-editor/_headers): the site's own security headers, and a
// page policy as tight as Sveltia CMS allows. What it needs beyond the site's policy, and why:
//   script-src 'wasm-unsafe-eval'   WebP encoding of uploaded photos in WebAssembly (Safari)
//   style-src 'unsafe-inline'       the CMS injects its component styles as <style> elements
//   img-src blob: data:             previews of photos read from the repository or just picked
//   img-src avatars.githubusercontent.com   the signed-in account's picture
//   connect-src api.github.com      the repository itself (reading, committing); a configuration
//                                   that names its own API (the backend's api_root, as for GitHub
//                                   Enterprise Server or the tests' local stand-in) gets that origin
//   connect-src www.githubstatus.com   whether GitHub has an incident (shown as a warning)
//   connect-src blob: data:         the CMS reads picked photos, and its logo before the configuration
//                                   names ours, with fetch(); neither reaches the network
//   worker-src blob:                HEIC photos from an iPhone are decoded in a worker
//   frame-src blob:                 the preview pane is a frame the editor writes itself
// No 'unsafe-eval' and no inline script. Cross-Origin-Opener-Policy is same-origin-allow-popups:
// same-origin would cut the sign-in popup's link back to the editor.
import type { GitHubBackend } from '@sveltia/cms';
import { SECURITY_HEADERS, IMMUTABLE_CACHE } from '../../src/lib/security/security.ts';

/** What the policy reads of an editor configuration: the addresses its GitHub backend reaches. */
export interface PolicyConfig {
  backend: Pick<GitHubBackend, 'base_url' | 'api_root' | 'graphql_api_root'>;
}

export const GITHUB_API = 'https://api.github.com';
/** GitHub's status page: the editor warns the owner when GitHub has an incident. */
export const GITHUB_STATUS = 'https://www.githubstatus.com';

/** The editor page's Content-Security-Policy for a configuration (its auth Worker, if any). */
export function editorPolicy(config: PolicyConfig): string {
  const origin = (url: string | undefined) => (url ? new URL(url).origin : '');
  const auth = origin(config.backend.base_url);
  const api = [origin(config.backend.api_root), origin(config.backend.graphql_api_root)];
  const list = (...items: string[]) => [...new Set(items.filter(Boolean))].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    "font-src 'self'",
    `connect-src ${list("'self'", 'blob:', 'data:', GITHUB_API, GITHUB_STATUS, auth, ...api)}`,
    "worker-src 'self' blob:",
    'frame-src blob:',
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/** The editor's headers: every response is noindex and carries the site's security headers. */
export function editorHeaders(config: PolicyConfig): string {
  const headers = {
    ...SECURITY_HEADERS,
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': editorPolicy(config),
  };
  return [
    '/*',
    ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
    '',
    '/_editor/*',
    `  Cache-Control: ${IMMUTABLE_CACHE}`,
    '',
  ].join('\n');
}
