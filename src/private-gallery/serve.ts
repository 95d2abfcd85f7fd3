/**
 * What the host answers at /vault/<name> (functions/vault/): the manifest, never cached, and the
 * sealed files, cached for a year (a name never changes its bytes' meaning); 404 for anything else.
 * The host does not apply dist/_headers to a Function's responses, so they carry the site's
 * security headers here, with a policy that lets them run or show nothing.
 */
import { IMMUTABLE_CACHE, SECURITY_HEADERS } from '../lib/security/security.ts';
/** The manifest's name (format/seal.ts writes it; that module is Node-only). */
const MANIFEST = 'manifest.json';

/** The part of an R2 bucket binding the Function uses. */
export interface VaultBucket {
  get(key: string): Promise<{ body: ReadableStream; size: number; httpEtag: string } | null>;
}

/** A published name: the manifest, or a sealed file's name (24 hex digits from the seed, format/seal.ts). */
export const VAULT_NAME = /^(manifest\.json|[0-9a-f]{24}\.bin)$/;

const headers = (extra: Record<string, string>) =>
  new Headers({
    ...SECURITY_HEADERS,
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    ...extra,
  });

export async function vaultResponse(request: Request, bucket: VaultBucket, name: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: headers({ Allow: 'GET, HEAD' }) });
  }
  const object = VAULT_NAME.test(name) ? await bucket.get(name) : null;
  if (!object) {
    return new Response('Not found', {
      status: 404,
      headers: headers({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }),
    });
  }
  const manifest = name === MANIFEST;
  const out = headers({
    'Content-Type': manifest ? 'application/json' : 'application/octet-stream',
    'Cache-Control': manifest ? 'no-store' : IMMUTABLE_CACHE,
    'Content-Length': String(object.size),
    ETag: object.httpEtag,
  });
  return new Response(request.method === 'HEAD' ? null : object.body, { headers: out });
}
