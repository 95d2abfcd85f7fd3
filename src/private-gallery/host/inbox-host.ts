/**
 * The studio's inbox on the host (issue 34): `POST /vault/inbox` stores one sealed message, which
 * the host cannot read, and gives nothing back. A message is stored only with an open gallery's
 * inbox token (checked by its hash against INBOX_TOKENS, which publishing writes), at most
 * MAX_INBOX_BYTES, at most INBOX_DAILY_LIMIT a day (UTC) per gallery; anything else is a 4xx with
 * nothing written. Stored under `inbox/<tag>/<YYYY-MM-DD>/<32 random hex>.json`: names outside
 * serve.ts's VAULT_NAME, so every read of them is a 404. Only the owner's command reads them.
 */
import { randomBytes, toHex } from '../format/encodings.ts';
import { inboxTokenHash, INBOX_DAILY_LIMIT, isInboxEnvelope, MAX_INBOX_BYTES } from '../format/inbox.ts';
import { INBOX_PREFIX, INBOX_TOKENS, parseInboxTokens } from './inbox-tokens.ts';
import { headers, plain, vaultResponse, type VaultBucket } from './serve.ts';

/** What the inbox needs of the R2 binding besides reading: writing one object, counting a day's. */
export interface InboxBucket extends VaultBucket {
  put(key: string, value: string, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  list(options: { prefix: string; limit?: number }): Promise<{ objects: { key: string }[] }>;
}

/** Called once a message is stored (notify.ts): the optional mail to the studio, sent after the answer. */
export type InboxNotice = () => void;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The body, read no further than the limit: null when it is longer. */
async function readCapped(request: Request): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > MAX_INBOX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) bytes.set(chunk, (at += chunk.byteLength) - chunk.byteLength);
  return new TextDecoder().decode(bytes);
}

/** The post's token and envelope, or null when it is not an InboxPost. */
function parsePost(text: string) {
  let post: unknown;
  try {
    post = JSON.parse(text);
  } catch {
    return null;
  }
  if (!post || typeof post !== 'object') return null;
  const { token, message } = post as Record<string, unknown>;
  if (typeof token !== 'string' || !TOKEN.test(token) || !isInboxEnvelope(message)) return null;
  return { token, message: { v: message.v, key: message.key, iv: message.iv, data: message.data } };
}

/** Seconds until the next UTC midnight, when the day's count starts again. */
const untilTomorrow = (now: number) => String(Math.ceil((86_400_000 - (now % 86_400_000)) / 1000));

export async function inboxResponse(
  request: Request,
  bucket: InboxBucket,
  /** The host's clock (ms); a test's fixed one. */
  now: number = Date.now(),
  notify?: InboxNotice,
): Promise<Response> {
  if (request.method !== 'POST') return plain(405, 'Method not allowed', { Allow: 'POST' });
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_INBOX_BYTES) {
    await request.body?.cancel();
    return plain(413, 'This message is too large.');
  }
  const text = await readCapped(request);
  if (text === null) return plain(413, 'This message is too large.');
  const post = parsePost(text);
  if (!post) return plain(400, 'This is not a message the studio can take.');
  let tokens: ReturnType<typeof parseInboxTokens>['tokens'];
  try {
    const object = await bucket.get(INBOX_TOKENS);
    tokens = object ? parseInboxTokens(await new Response(object.body).text()).tokens : {};
  } catch {
    return plain(503, 'The studio cannot take messages for a moment. Please try again.', { 'Retry-After': '60' });
  }
  const line = tokens[await inboxTokenHash(post.token)];
  if (!line || (line.closes !== undefined && now >= line.closes)) {
    return plain(403, 'This gallery no longer takes messages.');
  }
  const day = new Date(now).toISOString().slice(0, 10);
  const folder = `${INBOX_PREFIX}${line.gallery}/${day}/`;
  const today = await bucket.list({ prefix: folder, limit: INBOX_DAILY_LIMIT + 1 });
  if (today.objects.length >= INBOX_DAILY_LIMIT) {
    return plain(429, 'This gallery has sent all the messages it can today.', { 'Retry-After': untilTomorrow(now) });
  }
  // 32 random hex digits: a stored message's name says nothing but its gallery's tag and day.
  await bucket.put(`${folder}${toHex(randomBytes(16))}.json`, JSON.stringify(post.message), {
    httpMetadata: { contentType: 'application/json' },
  });
  notify?.();
  return new Response(JSON.stringify({ sent: new Date(now).toISOString() }), {
    status: 201,
    headers: headers({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }),
  });
}

/**
 * Everything at /vault/<name>: a message posted (or any write) to `inbox` is the inbox's; every
 * read, of `inbox` and `inbox/...` too, is serve.ts's, which answers 404 for any name but the
 * published ones.
 */
export function vaultRoute(
  request: Request,
  bucket: InboxBucket,
  name: string,
  now: number = Date.now(),
  notify?: InboxNotice,
): Promise<Response> {
  if (name === 'inbox' && request.method !== 'GET' && request.method !== 'HEAD') {
    return inboxResponse(request, bucket, now, notify);
  }
  return vaultResponse(request, bucket, name, now);
}
