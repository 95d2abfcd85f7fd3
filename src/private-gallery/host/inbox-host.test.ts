import { describe, expect, it } from 'vitest';
import {
  inboxTokenHash,
  MAX_INBOX_BYTES,
  newInboxToken,
  newStudioKey,
  openInboxMessage,
  sealInboxMessage,
  studioPublicKey,
  type InboxMessage,
} from '../format/inbox';
import { INBOX_TOKENS } from './inbox-tokens';
import { vaultRoute, type InboxBucket } from './inbox-host';

const NOW = Date.parse('2026-11-27T18:00:00Z');
const TAG = 'a'.repeat(32);
const CLOSED_TAG = 'b'.repeat(32);

/** A bucket in memory: what the Function reads, writes and lists. */
function memoryBucket(objects: Record<string, string> = {}) {
  const bucket: InboxBucket & { objects: Record<string, string> } = {
    objects,
    get: async (key) => {
      const data = objects[key];
      if (data === undefined) return null;
      const bytes = new TextEncoder().encode(data);
      return { body: new Response(bytes).body!, size: bytes.length, httpEtag: '"e"' };
    },
    // R2's answer: the object written, or null when `onlyIf: { etagDoesNotMatch: '*' }` finds the name taken.
    put: async (key, value, options) => {
      if (options?.onlyIf?.etagDoesNotMatch === '*' && key in objects) return null;
      objects[key] = value;
      return { key };
    },
    list: async ({ prefix, limit = 1000 }) => ({
      objects: Object.keys(objects)
        .filter((key) => key.startsWith(prefix))
        .slice(0, limit)
        .map((key) => ({ key })),
    }),
  };
  return bucket;
}

/** Waits a few milliseconds, as each call to R2 does. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8));

/**
 * The memory bucket with R2's delays: each call waits before it acts, and a conditional put
 * checks the name when the write lands, as R2 does.
 */
function r2Like(memory: ReturnType<typeof memoryBucket>) {
  const bucket: typeof memory = {
    ...memory,
    get: async (key) => (await pause(), memory.get(key)),
    list: async (options) => (await pause(), memory.list(options)),
    put: async (key, value, options) => (await pause(), memory.put(key, value, options)),
  };
  return bucket;
}

const studio = await newStudioKey();
const token = newInboxToken();
const closedToken = newInboxToken();
const pastToken = newInboxToken();
const message: InboxMessage = {
  v: 1,
  title: 'Jenna, October',
  gallery: 'f'.repeat(32),
  sentAt: '2026-11-27T17:59:00.000Z',
  included: 2,
  picks: [{ number: 3, file: 'IMG_0412.jpg', note: 'this one for the wall' }],
  lightroom: 'IMG_0412.jpg',
  link: 'https://example.com/private-gallery#picks=3',
  text: 'Photo 3 (IMG_0412.jpg): this one for the wall',
};
const envelope = await sealInboxMessage(message, await studioPublicKey(studio));

/** The bucket as publishing leaves it: an open gallery's token, and one past its closing instant. */
async function published() {
  return memoryBucket({
    [INBOX_TOKENS]: JSON.stringify({
      v: 1,
      tokens: {
        [await inboxTokenHash(token)]: { gallery: TAG },
        [await inboxTokenHash(pastToken)]: { gallery: CLOSED_TAG, closes: NOW - 1 },
      },
    }),
  });
}
const messagesIn = (bucket: { objects: Record<string, string> }) =>
  Object.keys(bucket.objects).filter((key) => key.startsWith('inbox/'));

const post = (body: BodyInit, headers: Record<string, string> = {}, method = 'POST') =>
  new Request('https://studio.example/vault/inbox', {
    method,
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
    // A stream body needs it (undici); the Function reads it the same way.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);

const send = (bucket: InboxBucket, body: BodyInit, headers?: Record<string, string>, notify?: () => void) =>
  vaultRoute(post(body, headers), bucket, 'inbox', NOW, notify);

describe('POST /vault/inbox', () => {
  it('stores a sealed message under inbox/<tag>/<day>/<slot>.json and answers 201 with the host time', async () => {
    const bucket = await published();
    let notices = 0;
    const response = await send(bucket, JSON.stringify({ token, message: envelope }), {}, () => notices++);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ sent: '2026-11-27T18:00:00.000Z' });
    const stored = messagesIn(bucket);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(new RegExp(`^inbox/${TAG}/2026-11-27/[0-9a-f]{32}\\.json$`));
    expect(bucket.objects[stored[0]!]).toBe(JSON.stringify(envelope));
    expect(await openInboxMessage(JSON.parse(bucket.objects[stored[0]!]!), studio)).toEqual(message);
    expect(notices).toBe(1);
    // Every read of what was stored, or of the inbox, is a 404.
    for (const name of [stored[0]!, 'inbox', 'inbox/', INBOX_TOKENS]) {
      for (const method of ['GET', 'HEAD']) {
        const read = await vaultRoute(new Request(`https://x/vault/${name}`, { method }), bucket, name, NOW);
        expect(read.status, `${method} ${name}`).toBe(404);
      }
    }
  });

  it('refuses what is not a message with 400, and writes nothing', async () => {
    const bucket = await published();
    for (const body of [
      'not json',
      '[]',
      JSON.stringify({ token }),
      JSON.stringify({ token: 'short', message: envelope }),
      JSON.stringify({ token, message: { ...envelope, v: 2 } }),
      JSON.stringify({ token, message: { ...envelope, data: 'not base64url!' } }),
    ]) {
      const response = await send(bucket, body);
      expect(response.status, body).toBe(400);
      expect(await response.text()).toBe('This is not a message the studio can take.');
    }
    expect(messagesIn(bucket)).toEqual([]);
  });

  it('refuses a forged token, a closed gallery and one past its closing instant with 403, and writes nothing', async () => {
    const bucket = await published();
    for (const forged of [newInboxToken(), closedToken, pastToken]) {
      const response = await send(bucket, JSON.stringify({ token: forged, message: envelope }));
      expect(response.status).toBe(403);
      expect(await response.text()).toBe('This gallery no longer takes messages.');
    }
    // No token list at all (nothing published with an inbox): refused the same.
    const empty = memoryBucket();
    expect((await send(empty, JSON.stringify({ token, message: envelope }))).status).toBe(403);
    expect([...messagesIn(bucket), ...messagesIn(empty)]).toEqual([]);
  });

  it('answers 503 when the token list cannot be read, and writes nothing', async () => {
    const bucket = memoryBucket({ [INBOX_TOKENS]: '{"v":1,"tokens":' });
    const response = await send(bucket, JSON.stringify({ token, message: envelope }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(messagesIn(bucket)).toEqual([]);
  });

  it('refuses over 32 KB with 413, by its Content-Length or by the bytes when it lies, and writes nothing', async () => {
    const bucket = await published();
    const big = JSON.stringify({ token, message: { ...envelope, data: 'A'.repeat(MAX_INBOX_BYTES) } });
    const declared = await send(bucket, big, { 'Content-Length': String(big.length) });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe('This message is too large.');
    // A body that says it is small and is not: counted as it is read, never buffered past the limit.
    let pulled = 0;
    const chunk = new TextEncoder().encode('A'.repeat(8192));
    const lying = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        if (pulled > 10 * MAX_INBOX_BYTES) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await send(bucket, lying, { 'Content-Length': '100' });
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(MAX_INBOX_BYTES + 3 * chunk.length);
    expect(messagesIn(bucket)).toEqual([]);
  });

  it('takes 20 a day for a gallery and answers the 21st with 429 and Retry-After until midnight UTC', async () => {
    const bucket = await published();
    const body = JSON.stringify({ token, message: envelope });
    // The promise, written out: 20 a day (format/inbox.ts), whatever the constant says.
    for (let i = 0; i < 20; i++) expect((await send(bucket, body)).status).toBe(201);
    const refused = await send(bucket, body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(6 * 3600));
    expect(await refused.text()).toBe('This gallery has sent all the messages it can today.');
    expect(messagesIn(bucket)).toHaveLength(20);
    // The next day (UTC) counts again.
    const tomorrow = await vaultRoute(post(body), bucket, 'inbox', NOW + 6 * 3600_000);
    expect(tomorrow.status).toBe(201);
  });

  it('stores exactly 20 of 60 posts sent at once to a bucket as slow as R2, answers the other 40 with 429 and sends 20 notices', async () => {
    const bucket = r2Like(await published());
    const body = JSON.stringify({ token, message: envelope });
    let notices = 0;
    const answers = await Promise.all(Array.from({ length: 60 }, () => send(bucket, body, {}, () => notices++)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    expect(messagesIn(bucket)).toHaveLength(20);
    expect(Object.keys(bucket.objects)).toHaveLength(21); // her 20 messages and the token list
    for (const name of messagesIn(bucket)) expect(bucket.objects[name]).toBe(JSON.stringify(envelope));
    expect(notices).toBe(20);
  });

  it('answers 405 with Allow: POST for any other write to /vault/inbox, and writes nothing', async () => {
    const bucket = await published();
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await vaultRoute(
        post(JSON.stringify({ token, message: envelope }), {}, method),
        bucket,
        'inbox',
      );
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    // A POST anywhere else is the vault's: 405, GET and HEAD only.
    const elsewhere = await vaultRoute(post('{}'), bucket, 'manifest.json');
    expect(elsewhere.status).toBe(405);
    expect(messagesIn(bucket)).toEqual([]);
  });
});
