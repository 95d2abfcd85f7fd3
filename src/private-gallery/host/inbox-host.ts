/**
 * The studio's inbox on the host (issue 34): `POST /vault/inbox` stores one sealed message, which
 * the host cannot read, and gives nothing back. A message is stored only with an open gallery's
 * inbox token (checked by its hash against INBOX_TOKENS, which publishing writes), at most
 * MAX_INBOX_BYTES, at most INBOX_DAILY_LIMIT a day (UTC) per gallery; anything else is a 4xx with
 * nothing written. Stored under `inbox/<tag>/<YYYY-MM-DD>/<32 hex>.json`: names outside serve.ts's
 * VAULT_NAME, so every read of them is a 404. Only the owner's command reads them.
 *
 * The day's limit holds however many posts arrive at once: a gallery has INBOX_DAILY_LIMIT fixed
 * names a day (its slots, slotNames), and a message is written only into a free one, with R2's
 * conditional put (`onlyIf: { etagDoesNotMatch: '*' }`, null when the name is taken), which R2
 * decides atomically. Listing the day's folder first only says which slots to try; when every
 * slot is taken the post is answered 429 and nothing is written.
 */
import { randomBytes, toHex } from '../format/encodings.ts';
import { inboxTokenHash, INBOX_DAILY_LIMIT, isInboxEnvelope, MAX_INBOX_BYTES } from '../format/inbox.ts';
import { INBOX_PREFIX, INBOX_TOKENS, parseInboxTokens } from './inbox-tokens.ts';
import { headers, plain, vaultResponse, type VaultBucket } from './serve.ts';

/** What the inbox needs of the R2 binding besides reading: writing one object, counting a day's. */
export interface InboxBucket extends VaultBucket {
  /** With `onlyIf: { etagDoesNotMatch: '*' }`, written only when `key` is free: null when it is not. */
  put(
    key: string,
    value: string,
    options?: { httpMetadata?: { contentType?: string }; onlyIf?: { etagDoesNotMatch: '*' } },
  ): Promise<unknown>;
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

/**
 * A gallery's slots for one day, in `folder` (`inbox/<tag>/<day>/`): INBOX_DAILY_LIMIT names of
 * 32 hex digits, the first half of SHA-256("inbox slot", folder, slot number), so the owner's
 * command reads them as it always read a message's name.
 */
export async function slotNames(folder: string): Promise<string[]> {
  const slots = Array.from({ length: INBOX_DAILY_LIMIT }, async (_, slot) => {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`inbox slot\n${folder}\n${slot}`));
    return `${folder}${toHex(new Uint8Array(digest).slice(0, 16))}.json`;
  });
  return Promise.all(slots);
}

/**
 * Writes `message` into a free slot of the day's `folder`: the free ones as the listing shows
 * them, in a random order (posts at once then rarely try the same), each put only if absent.
 * False when every slot is taken (or the day already holds INBOX_DAILY_LIMIT messages).
 */
async function storeInSlot(bucket: InboxBucket, folder: string, message: string): Promise<boolean> {
  const today = await bucket.list({ prefix: folder, limit: INBOX_DAILY_LIMIT + 1 });
  if (today.objects.length >= INBOX_DAILY_LIMIT) return false;
  const taken = new Set(today.objects.map((object) => object.key));
  const free = (await slotNames(folder)).filter((name) => !taken.has(name));
  for (let i = free.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1);
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  for (const name of free) {
    const written = await bucket.put(name, message, {
      httpMetadata: { contentType: 'application/json' },
      onlyIf: { etagDoesNotMatch: '*' },
    });
    if (written) return true;
  }
  return false;
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
  if (!(await storeInSlot(bucket, folder, JSON.stringify(post.message)))) {
    return plain(429, 'This gallery has sent all the messages it can today.', { 'Retry-After': untilTomorrow(now) });
  }
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
