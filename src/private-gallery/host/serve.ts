/**
 * What the host answers at /vault/<name> (functions/vault/): the manifest, never cached, and the
 * sealed files, revalidated on every use (SEALED_CACHE); 404 for anything else.
 * The host does not apply dist/_headers to a Function's responses, so they carry the site's
 * security headers here, with a policy that lets them run or show nothing.
 *
 * Expiry is the host's, not only the browser's: publishing writes a schedule (SCHEDULE) of object
 * names and the instant each closes, and from that instant the Function answers 410 Gone for them,
 * whatever a visitor's clock says and without a publish. The schedule's name is outside VAULT_NAME,
 * so it is read here and never served.
 */
import { SECURITY_HEADERS } from '../../lib/security/security.ts';
import { parseSchedule, SCHEDULE } from './schedule.ts';
/** The manifest's name (format/seal.ts writes it; that module is Node-only). */
const MANIFEST = 'manifest.json';

/**
 * Every sealed file, dated or not, is revalidated on every use: kept by a browser, asked of the
 * host again (a 304 while unchanged, no bytes sent), never shown from a cache alone. A lifetime
 * that ends at the closing instant would not do: a browser judges a cached copy fresh by its own
 * clock, so one set back after viewing keeps it fresh past the close. An undated gallery has no
 * instant but can close at any time (`close`, `remove`), so its files are asked for too.
 */
export const SEALED_CACHE = 'no-cache';

/** The part of an R2 bucket binding the Function uses. */
export interface VaultBucket {
  get(key: string): Promise<{ body: ReadableStream; size: number; httpEtag: string } | null>;
}

/** A published name: the manifest, or a sealed file's name (24 hex digits from the seed, format/seal.ts). */
export const VAULT_NAME = /^(manifest\.json|[0-9a-f]{24}\.bin)$/;

/**
 * The schedule, read from the bucket on every request (beside the object itself, so it costs no
 * extra wait): a publish takes effect at once, in every isolate. Only its parsing is kept, by the
 * object's ETag (its bytes' hash), so an unchanged schedule is not parsed again.
 */
let parsed: { etag: string; closing: Map<string, number> } | null = null;
async function readSchedule(bucket: VaultBucket): Promise<Map<string, number>> {
  const object = await bucket.get(SCHEDULE);
  if (!object) return new Map();
  if (parsed && parsed.etag === object.httpEtag) {
    await object.body.cancel();
    return parsed.closing;
  }
  const closing = parseSchedule(await new Response(object.body).text());
  parsed = { etag: object.httpEtag, closing };
  return closing;
}

/** The site's security headers, with a policy that lets a response run or show nothing. */
export const headers = (extra: Record<string, string>) =>
  new Headers({
    ...SECURITY_HEADERS,
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    ...extra,
  });

/** A plain-text answer, never cached. */
export const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: headers({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra }),
  });

/** Whether If-None-Match names this ETag (weak or strong, or *). */
const matches = (ifNoneMatch: string | null, etag: string) =>
  !!ifNoneMatch &&
  ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag.replace(/^W\//, '');
  });

export async function vaultResponse(
  request: Request,
  bucket: VaultBucket,
  name: string,
  /** The host's clock (ms); a test's fixed one. */
  now: number = Date.now(),
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plain(405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  if (!VAULT_NAME.test(name)) return plain(404, 'Not found');
  const manifest = name === MANIFEST;
  let object: Awaited<ReturnType<VaultBucket['get']>>;
  if (manifest) object = await bucket.get(name);
  else {
    const [found, schedule] = await Promise.all([bucket.get(name), readSchedule(bucket).catch(() => null)]);
    object = found;
    // A schedule that cannot be read: no sealed file is served, rather than one past its date.
    if (!schedule) {
      await object?.body.cancel();
      return plain(503, 'The private galleries are unavailable for a moment. Please try again.', {
        'Retry-After': '60',
      });
    }
    const closes = schedule.get(name);
    if (closes !== undefined && now >= closes) {
      await object?.body.cancel();
      return plain(410, 'Gone');
    }
  }
  if (!object) return plain(404, 'Not found');
  // A sealed file is revalidated on every use (a 304 when unchanged), so no browser keeps it past
  // its gallery's close: a kept copy is checked by the host's clock and bucket, not the device's.
  const cache = manifest ? 'no-store' : SEALED_CACHE;
  if (!manifest && matches(request.headers.get('If-None-Match'), object.httpEtag)) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers: headers({ 'Cache-Control': cache, ETag: object.httpEtag }) });
  }
  const out = headers({
    'Content-Type': manifest ? 'application/json' : 'application/octet-stream',
    'Cache-Control': cache,
    'Content-Length': String(object.size),
    ETag: object.httpEtag,
  });
  if (request.method === 'HEAD') await object.body.cancel();
  return new Response(request.method === 'HEAD' ? null : object.body, { headers: out });
}
