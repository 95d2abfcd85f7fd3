import { describe, expect, it } from 'vitest';
import {
  inboxMessageOf,
  inboxTokenHash,
  isInboxEnvelope,
  MAX_INBOX_BYTES,
  MAX_INBOX_FILE,
  MAX_INBOX_NOTE,
  MAX_INBOX_PICKS,
  MAX_INBOX_TITLE,
  newInboxToken,
  newStudioKey,
  openInboxMessage,
  sealInboxMessage,
  studioPublicKey,
  UnreadableInboxMessage,
  type InboxMessage,
} from './inbox.ts';

const message: InboxMessage = {
  v: 1,
  title: 'Jenna, October',
  gallery: 'a1b2c3d4e5f60718',
  sentAt: '2026-11-27T18:00:00.000Z',
  included: 2,
  picks: [
    { number: 1, file: 'IMG_0412.jpg', note: 'Softer skin, please' },
    { number: 3, file: 'IMG_0420.jpg', note: '' },
  ],
  lightroom: 'IMG_0412, IMG_0420',
  link: 'https://example.com/private-gallery#picks=x',
  text: 'My selection from "Jenna, October": 2 photos.',
};

describe('the inbox seal', () => {
  it('opens with the studio key it was sealed to, and not with another', async () => {
    const key = await newStudioKey();
    const envelope = await sealInboxMessage(message, await studioPublicKey(key));
    expect(isInboxEnvelope(envelope)).toBe(true);
    expect(await openInboxMessage(envelope, key)).toEqual(message);
    await expect(openInboxMessage(envelope, await newStudioKey())).rejects.toThrow();
  });

  it('names nothing outside its ciphertext, uses a new ephemeral key per message, and refuses a changed byte', async () => {
    const key = await newStudioKey();
    const pub = await studioPublicKey(key);
    const a = await sealInboxMessage(message, pub);
    const b = await sealInboxMessage(message, pub);
    expect(a.key).not.toBe(b.key);
    expect(JSON.stringify(a)).not.toContain('IMG_0412');
    expect(JSON.stringify(a)).not.toContain('Jenna');
    const flipped = a.data.startsWith('A') ? `B${a.data.slice(1)}` : `A${a.data.slice(1)}`;
    await expect(openInboxMessage({ ...a, data: flipped }, key)).rejects.toThrow();
    await expect(openInboxMessage({ ...a, key: b.key }, key)).rejects.toThrow();
  });

  it('keeps a 25-photo selection with notes well under the host limit', async () => {
    const pub = await studioPublicKey(await newStudioKey());
    const picks = Array.from({ length: 25 }, (_, i) => ({
      number: i + 1,
      file: `IMG_${4100 + i}.jpg`,
      note: 'n'.repeat(280),
    }));
    const envelope = await sealInboxMessage({ ...message, picks, text: 'x'.repeat(9000) }, pub);
    expect(JSON.stringify({ token: newInboxToken(), message: envelope }).length).toBeLessThan(MAX_INBOX_BYTES);
  });

  it('opens only a message as the page sends it: every field its type, each string and list within its cap, no other field', async () => {
    // The largest the page sends: notes of 280 characters (its cap), a long title, many picks.
    const picks = Array.from({ length: 300 }, (_, i) => ({
      number: i + 1,
      file: `IMG_${i}.jpg`,
      note: 'n'.repeat(280),
    }));
    const large = { ...message, title: 't'.repeat(MAX_INBOX_TITLE), picks, text: 'x'.repeat(MAX_INBOX_BYTES) };
    expect(inboxMessageOf(large)).toEqual(large);
    const note = (text: string) => [{ number: 1, file: 'IMG_0412.jpg', note: text }];
    expect(inboxMessageOf({ ...message, picks: note(`a\nb${'n'.repeat(MAX_INBOX_NOTE - 3)}`) })).not.toBeNull();
    const refused: Record<string, unknown>[] = [
      { sentAt: 5 },
      { sentAt: 'yesterday' },
      { picks: null },
      { picks: [null] },
      { picks: note('n'.repeat(MAX_INBOX_NOTE + 1)) },
      { picks: [{ number: 1, file: 'f'.repeat(MAX_INBOX_FILE + 1), note: '' }] },
      { picks: [{ number: 0, file: 'IMG_0412.jpg', note: '' }] },
      { picks: [{ number: 1.5, file: 'IMG_0412.jpg', note: '' }] },
      { picks: [{ number: 1, file: 'IMG_0412.jpg', note: '', extra: 1 }] },
      { picks: Array.from({ length: MAX_INBOX_PICKS + 1 }, () => note('')[0]) },
      { title: 't'.repeat(MAX_INBOX_TITLE + 1) },
      { title: { toString: 'x' } },
      { text: 'x'.repeat(MAX_INBOX_BYTES + 1) },
      { included: -1 },
      { gallery: '../ivy' },
      { v: 2 },
      { extra: 'field' },
      { lightroom: undefined },
    ];
    for (const change of refused) expect(inboxMessageOf({ ...message, ...change }), JSON.stringify(change)).toBeNull();
    // Sealed, such a message opens and is refused as unreadable, not as sealed to another key.
    const key = await newStudioKey();
    const sealed = await sealInboxMessage(
      { ...message, picks: null } as unknown as InboxMessage,
      await studioPublicKey(key),
    );
    await expect(openInboxMessage(sealed, key)).rejects.toBeInstanceOf(UnreadableInboxMessage);
    await expect(openInboxMessage(sealed, await newStudioKey())).rejects.not.toBeInstanceOf(UnreadableInboxMessage);
  });

  it('hashes a token to 64 hex digits, the same each time, different per token', async () => {
    const token = newInboxToken();
    const hash = await inboxTokenHash(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await inboxTokenHash(token)).toBe(hash);
    expect(await inboxTokenHash(newInboxToken())).not.toBe(hash);
  });
});
