import { describe, expect, it } from 'vitest';
import { inboxTokenHash, newInboxToken, newStudioKey, sealInboxMessage, studioPublicKey } from '../format/inbox';
import type { InboxBucket } from './inbox-host';
import { inboxNotice, NOTICE, notifyWorker, type NotifyBinding } from './inbox-notify';
import { INBOX_TOKENS } from './inbox-tokens';
import { onRequest } from '../../../functions/vault/[[path]]';

const token = newInboxToken();
const envelope = await sealInboxMessage(
  {
    v: 1,
    title: 'Jenna, October',
    gallery: 'f'.repeat(32),
    sentAt: '2026-11-27T17:59:00.000Z',
    included: 2,
    picks: [{ number: 3, file: 'IMG_0412.jpg', note: 'for the wall' }],
    lightroom: 'IMG_0412.jpg',
    link: 'https://example.com/private-gallery#picks=3',
    text: 'Photo 3 (IMG_0412.jpg): for the wall',
  },
  await studioPublicKey(await newStudioKey()),
);

async function bucket(): Promise<InboxBucket> {
  const objects: Record<string, string> = {
    [INBOX_TOKENS]: JSON.stringify({ v: 1, tokens: { [await inboxTokenHash(token)]: { gallery: 'a'.repeat(32) } } }),
  };
  return {
    get: async (key) =>
      objects[key] === undefined ? null : { body: new Response(objects[key]).body!, size: 0, httpEtag: '"e"' },
    // As R2: with onlyIf etagDoesNotMatch '*', written only when the name is free (null when taken).
    put: async (key, value, options) => {
      if (options?.onlyIf && objects[key] !== undefined) return null;
      objects[key] = value;
      return { key };
    },
    list: async ({ prefix }) => ({
      objects: Object.keys(objects)
        .filter((k) => k.startsWith(prefix))
        .map((key) => ({ key })),
    }),
  };
}

/** The Function as the host calls it: a binding double for INBOX_NOTIFY, its waitUntil collected. */
async function call(body: string, notify?: NotifyBinding) {
  const waited: Promise<unknown>[] = [];
  const response = await onRequest({
    request: new Request('https://studio.example/vault/inbox', { method: 'POST', body }),
    env: { VAULT: await bucket(), ...(notify ? { INBOX_NOTIFY: notify } : {}) },
    params: { path: ['inbox'] },
    waitUntil: (promise) => void waited.push(promise),
  });
  await Promise.all(waited);
  return { response, waited };
}

describe("the studio's optional notice", () => {
  it('is asked of the INBOX_NOTIFY Worker once per stored message, and never for a refused one', async () => {
    const calls: { url: string; method: string | undefined }[] = [];
    const binding: NotifyBinding = {
      fetch: async (url, init) => {
        calls.push({ url, method: init?.method });
        return new Response(null, { status: 204 });
      },
    };
    const sent = await call(JSON.stringify({ token, message: envelope }), binding);
    expect(sent.response.status).toBe(201);
    expect(calls).toEqual([{ url: 'https://inbox-notify/', method: 'POST' }]);
    const forged = await call(JSON.stringify({ token: newInboxToken(), message: envelope }), binding);
    expect(forged.response.status).toBe(403);
    expect(calls).toHaveLength(1);
  });

  it('is off without the binding, and a failing Worker never changes her answer', async () => {
    const { response, waited } = await call(JSON.stringify({ token, message: envelope }));
    expect(response.status).toBe(201);
    expect(waited).toEqual([]);
    const failing = await call(JSON.stringify({ token, message: envelope }), {
      fetch: async () => {
        throw new Error('mail is down');
      },
    });
    expect(failing.response.status).toBe(201);
    expect(inboxNotice(undefined, () => {})).toBeUndefined();
  });

  it('the Worker sends the one fixed mail, with no gallery, name, photo or note in it', async () => {
    const mails: unknown[] = [];
    const env = {
      EMAIL: { send: async (message: unknown) => void mails.push(message) },
      INBOX_FROM: 'selections@studio.example',
      INBOX_TO: 'owner@studio.example',
    };
    const response = await notifyWorker(new Request('https://inbox-notify/', { method: 'POST' }), env);
    expect(response.status).toBe(204);
    expect(mails).toEqual([
      {
        from: 'selections@studio.example',
        to: 'owner@studio.example',
        subject: 'A new selection is waiting',
        text: 'A client has sent you her selection from one of your private galleries.\n\nTo read it, run this on your computer: npm run galleries -- inbox\n',
      },
    ]);
    expect(NOTICE.text).not.toMatch(/Jenna|IMG_|wall/);
    expect((await notifyWorker(new Request('https://inbox-notify/'), env)).status).toBe(405);
    expect(mails).toHaveLength(1);
  });
});
