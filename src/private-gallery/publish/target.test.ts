import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openTarget, putThrough } from './target';

// The local bucket is wrangler's local runtime (workerd), started for this file: a generous timeout.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const root = mkdtempSync(join(tmpdir(), 'target-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const STREAM_LENGTH = Symbol.for('miniflare.kStreamLength');

/** A stand-in for the bucket binding that keeps what each put was handed. */
function fakeBucket(takesStreams: boolean) {
  const puts: { name: string; value: unknown }[] = [];
  return {
    puts,
    put: async (name: string, value: unknown) => {
      if (value instanceof ReadableStream && !takesStreams) {
        throw new TypeError('Provided readable stream must have a known length');
      }
      puts.push({ name, value });
    },
  };
}

describe('putting a photo file in the bucket', () => {
  it('sends its bytes as they are, not as base64 text, and the local bucket stores them byte for byte', async () => {
    const target = await openTarget({ persistTo: join(root, 'state'), root: process.cwd() });
    try {
      const photo = randomBytes(3_000_000);
      // Handed bytes, wrangler's proxy wrote them as base64 text (Buffer#toString), at 40 to 50 ms
      // of CPU a megabyte; a stream goes as it is.
      const toString = vi.spyOn(Buffer.prototype, 'toString');
      try {
        await target.put('photo-file', photo);
        const asText = toString.mock.calls.filter(
          ([encoding], call) =>
            encoding === 'base64' && (toString.mock.contexts[call] as Buffer).length >= photo.length,
        );
        expect(asText, 'the photo file turned into base64 text').toHaveLength(0);
      } finally {
        toString.mockRestore();
      }
      expect(Buffer.from((await target.get('photo-file'))!).equals(photo)).toBe(true);
      // Text is put as it is.
      await target.put('manifest.json', '{"grants":{}}');
      expect(Buffer.from((await target.get('manifest.json'))!).toString()).toBe('{"grants":{}}');
    } finally {
      await target.close();
    }
  });

  it('hands the bucket a stream carrying its length; a bucket that refuses it gets the bytes, then and after', async () => {
    const bytes = new Uint8Array(randomBytes(70_000));
    const taking = fakeBucket(true);
    await putThrough(taking, 'one', bytes);
    const [put] = taking.puts;
    expect(put!.value).toBeInstanceOf(ReadableStream);
    expect((put!.value as Record<symbol, number>)[STREAM_LENGTH]).toBe(70_000);
    const sent = Buffer.from(await new Response(put!.value as ReadableStream).arrayBuffer());
    expect(sent.equals(bytes)).toBe(true);

    const refusing = fakeBucket(false);
    await putThrough(refusing, 'one', bytes);
    await putThrough(refusing, 'two', bytes);
    expect(refusing.puts.map(({ name, value }) => [name, value])).toEqual([
      ['one', bytes],
      ['two', bytes],
    ]);
  });
});
