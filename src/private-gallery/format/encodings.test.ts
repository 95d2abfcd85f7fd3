import { describe, expect, it } from 'vitest';
import { fromBase64, fromBase64Url, randomBytes, toBase64, toBase64Url, toHex } from './encodings';

describe('links and expiry', () => {
  it('carries a link secret in URL-safe base64', () => {
    const data = new Uint8Array(32).map((_, i) => i * 8 + 250);
    const text = toBase64Url(data);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(data);
  });
});

describe('encodings', () => {
  it('reads back what it writes: base64 of every byte value, hex in two lower-case digits a byte', () => {
    const every = new Uint8Array(256).map((_, i) => i);
    expect(fromBase64(toBase64(every))).toEqual(every);
    expect(toHex(new Uint8Array([0, 15, 16, 255]))).toBe('000f10ff');
    expect(randomBytes(24)).toHaveLength(24);
    expect(toBase64(randomBytes(16))).not.toBe(toBase64(randomBytes(16)));
  });
});
