import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../../lib/browser/fake-storage';
import type { VaultIndex } from '../format/types';
import {
  INBOX_PATH,
  MAX_INBOX_BYTES,
  newStudioKey,
  openInboxMessage,
  studioPublicKey,
  type InboxPost,
} from '../format/inbox';
import {
  asksFirst,
  INBOX_TIMEOUT_MS,
  inboxMessage,
  sendButtonView,
  sendSelection,
  sentLine,
  sentToStudio,
  shortSendQuestion,
  type SendOutcome,
} from './inbox';
import { loadSent, saveSent, selectionMailto, selectionText } from './selection';

const studioKey = await newStudioKey();
const index: VaultIndex = {
  id: '0123456789abcdef0123456789abcdef',
  title: 'Ana, November 2026',
  expires: null,
  downloads: 'web',
  images: [1, 2, 3, 4].map((n) => ({
    name: String(n).padStart(2, '0'),
    source: `AN_00${n}.jpg`,
  })) as unknown as VaultIndex['images'],
  selection: { included: 3, extraPhotoPrice: null, strict: true },
  inbox: { token: 'dG9rZW4tb2YtdGhlLWdhbGxlcnk', key: await studioPublicKey(studioKey) },
};
const picks = [1, 2, 4];
const notes = { 2: 'A little tighter, please' };
const link = 'https://coastlight.example/private-gallery#picks=01234567.Cw';
const NOW = new Date('2026-11-27T18:40:00.000Z');

/** A fetch that answers with this status (and body), recording what it was sent. */
function answering(status: number, body = '', headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(body, { status, headers });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const send = (fetch: typeof globalThis.fetch) => sendSelection({ index, picks, notes, link, fetch, now: () => NOW });

afterEach(() => {
  vi.useRealTimers();
});

describe('the message she sends to the studio', () => {
  it('holds the title, the count against her package, each pick with its file name and note, the Lightroom line, the link and the email’s text word for word', () => {
    const message = inboxMessage({ index, picks, notes, link, now: NOW });
    expect(message).toEqual({
      v: 1,
      title: 'Ana, November 2026',
      gallery: index.id,
      sentAt: '2026-11-27T18:40:00.000Z',
      included: 3,
      picks: [
        { number: 1, file: 'AN_001.jpg', note: '' },
        { number: 2, file: 'AN_002.jpg', note: 'A little tighter, please' },
        { number: 4, file: 'AN_004.jpg', note: '' },
      ],
      lightroom: 'AN_001, AN_002, AN_004',
      link,
      text: selectionText(index.title, index.images, picks, notes, link),
    });
    // The email fallback holds the same text.
    const body = new URL(selectionMailto('studio@example.com', index.title, message.text)).searchParams.get('body');
    expect(body).toBe(`Hello,\n\n${message.text}\n\nThank you!`);
  });
});

describe('sending it', () => {
  it('201: seals it to the studio key, posts it with the gallery token to the inbox, and is sent at the host’s time', async () => {
    const { fetch, calls } = answering(201, JSON.stringify({ sent: '2026-11-27T18:40:02.000Z' }), {
      'content-type': 'application/json',
    });
    const outcome = await send(fetch);
    expect(outcome).toEqual({ state: 'sent', at: '2026-11-27T18:40:02.000Z' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(INBOX_PATH);
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('application/json');
    const post = JSON.parse(String(calls[0]!.init.body)) as InboxPost;
    expect(post.token).toBe(index.inbox!.token);
    // No name, note or file name travels outside the ciphertext.
    expect(String(calls[0]!.init.body)).not.toMatch(/AN_00|tighter|Ana/);
    const opened = await openInboxMessage(post.message, studioKey);
    expect(opened.text).toBe(selectionText(index.title, index.images, picks, notes, link));
    expect(opened.picks.map((p) => p.file)).toEqual(['AN_001.jpg', 'AN_002.jpg', 'AN_004.jpg']);
  });

  it('201 without a readable time: sent at her own clock', async () => {
    const { fetch } = answering(201, 'Stored.');
    expect(await send(fetch)).toEqual({ state: 'sent', at: NOW.toISOString() });
  });

  it.each<[number, SendOutcome['state']]>([
    [403, 'refused'],
    [413, 'too-large'],
    [400, 'unreadable'],
    [429, 'too-many'],
    [500, 'failed'],
    [503, 'failed'],
    [404, 'failed'],
  ])('%i: %s', async (status, state) => {
    const { fetch } = answering(status, 'No.');
    expect(await send(fetch)).toMatchObject({ state });
  });

  it('offline (fetch rejects with a TypeError): failed, may retry', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof globalThis.fetch;
    expect(await send(fetch)).toEqual({ state: 'failed', reason: 'offline' });
  });

  it('a host that stalls past 10 s: the post is aborted and she is told it timed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let signal: AbortSignal | undefined;
    const fetch = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    ) as unknown as typeof globalThis.fetch;
    const pending = send(fetch);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(INBOX_TIMEOUT_MS - 100);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await pending).toEqual({ state: 'failed', reason: 'timeout' });
    expect(signal?.aborted).toBe(true);
    expect(INBOX_TIMEOUT_MS).toBe(10_000);
  });

  it('a selection too large to send is not posted at all', async () => {
    const { fetch } = answering(201);
    const long = Object.fromEntries([1, 2, 3, 4].map((n) => [n, 'x'.repeat(MAX_INBOX_BYTES / 3)]));
    expect(await sendSelection({ index, picks, notes: long, link, fetch, now: () => NOW })).toEqual({
      state: 'too-large',
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('what she reads', () => {
  const at = (iso: string) => new Date(iso);
  it('once: "Sent to the studio on <date> at <time>"', () => {
    const line = sentLine({ at: '2026-11-27T18:40:00.000Z', picks, notes, to: 'studio' }, false);
    const local = at('2026-11-27T18:40:00.000Z');
    const date = local.toLocaleDateString('en-US', { month: 'long', day: 'numeric' });
    const time = local.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(line).toBe(`Sent to the studio on ${date} at ${time}.`);
  });

  it('again after a change: both dates', () => {
    const line = sentLine(
      { first: '2026-11-27T18:40:00.000Z', at: '2026-11-28T09:15:00.000Z', picks, notes, to: 'studio' },
      false,
    );
    expect(line).toMatch(/^Sent to the studio on November 2\d at .+ and sent again on November 2\d at .+\.$/);
  });

  it('changed since: asks her to send it again', () => {
    expect(sentLine({ at: '2026-11-27T18:40:00.000Z', picks, notes, to: 'studio' }, true)).toMatch(
      /^Sent to the studio on .+, and you have changed your selection since\. Please send it again so the studio has your latest choices\.$/,
    );
  });
});

describe('what is kept', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('both dates survive a reload once she has sent it again; an email before does not count as a first send', () => {
    vi.stubGlobal('window', { localStorage: fakeStorage() });
    const byEmail = { at: '2026-11-26T10:00:00.000Z', picks: [1], notes: {} };
    const once = sentToStudio(byEmail, '2026-11-27T18:40:00.000Z', [1, 2], {});
    expect(once).toEqual({ at: '2026-11-27T18:40:00.000Z', picks: [1, 2], notes: {}, to: 'studio' });
    const again = sentToStudio(once, '2026-11-28T09:15:00.000Z', picks, notes);
    const third = sentToStudio(again, '2026-11-29T09:15:00.000Z', picks, notes);
    expect(third.first).toBe('2026-11-27T18:40:00.000Z');
    saveSent(index.id, third);
    expect(loadSent(index.id, 4)).toEqual({
      at: '2026-11-29T09:15:00.000Z',
      first: '2026-11-27T18:40:00.000Z',
      to: 'studio',
      picks,
      notes,
    });
  });
});

describe('the send button', () => {
  const toStudio = { at: '2026-11-27T18:40:00.000Z', picks, notes, to: 'studio' as const };
  const byEmail = { at: '2026-11-27T18:40:00.000Z', picks, notes };

  it('reads as done once the studio has her selection, and Send again once she changes it', () => {
    expect(sendButtonView({ state: 'idle' }, null, false)).toEqual({ label: 'Send my selection', done: false });
    expect(sendButtonView({ state: 'sending' }, null, false)).toEqual({ label: 'Sending…', done: false });
    expect(sendButtonView({ state: 'sent', at: toStudio.at }, toStudio, false)).toEqual({
      label: 'Sent to the studio',
      done: true,
    });
    // Kept across a reload: the page starts idle, her last send is remembered.
    expect(sendButtonView({ state: 'idle' }, toStudio, false)).toEqual({ label: 'Sent to the studio', done: true });
    expect(sendButtonView({ state: 'sent', at: toStudio.at }, toStudio, true)).toEqual({
      label: 'Send again',
      done: false,
    });
    // Sent by email or copied: the studio's inbox has not had it, so the button still sends.
    expect(sendButtonView({ state: 'idle' }, byEmail, false)).toEqual({ label: 'Send my selection', done: false });
    expect(sendButtonView({ state: 'idle' }, byEmail, true)).toEqual({ label: 'Send again', done: false });
  });

  it('offers Retry after a failure worth retrying, never reading as done', () => {
    expect(sendButtonView({ state: 'failed', reason: 'offline' }, toStudio, true)).toEqual({
      label: 'Retry',
      done: false,
    });
    expect(sendButtonView({ state: 'refused' }, null, false)).toEqual({ label: 'Send my selection', done: false });
    expect(sendButtonView({ state: 'refused' }, toStudio, true)).toEqual({ label: 'Send again', done: false });
  });

  it('asks first with fewer photos than her package includes, until she has said to send fewer once', () => {
    const rules = { included: 3, extraPhotoPrice: null, strict: false };
    expect(asksFirst(1, rules, false)).toBe(true);
    expect(asksFirst(2, rules, false)).toBe(true);
    expect(asksFirst(2, rules, true)).toBe(false);
    expect(asksFirst(3, rules, false)).toBe(false);
    expect(asksFirst(4, rules, false)).toBe(false);
    // Plain favorites (no package): never asks.
    expect(asksFirst(1, undefined, false)).toBe(false);
    expect(shortSendQuestion(1, 3)).toEqual({
      title: 'Send fewer photos than your package includes?',
      text: 'You have chosen 1 of the 3 photos your package includes. Send your selection now, or keep choosing?',
      send: 'Send 1 photo',
      stay: 'Keep choosing',
    });
    expect(shortSendQuestion(2, 10).send).toBe('Send 2 photos');
  });
});
