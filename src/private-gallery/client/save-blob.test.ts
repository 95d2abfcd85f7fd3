import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_URL_LIFETIME_MS, saveBlob } from './save-blob';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A document with a body that records the links appended to it and what was clicked. */
function fakeDocument() {
  const events: string[] = [];
  const link = {
    href: '',
    download: '',
    hidden: false,
    click: () => events.push(`click ${link.href} as ${link.download}, hidden ${link.hidden}`),
    remove: () => events.push('remove'),
  };
  const document = {
    createElement: (tag: string) => (tag === 'a' ? link : null),
    body: { append: (node: unknown) => events.push(node === link ? 'append' : 'append other') },
  };
  return { document, events };
}

describe('saveBlob', () => {
  it('clicks a hidden download link named for the file, removes it, and releases the URL later', () => {
    vi.useFakeTimers();
    const { document, events } = fakeDocument();
    const revoked: string[] = [];
    vi.stubGlobal('document', document);
    vi.stubGlobal('window', { setTimeout: globalThis.setTimeout });
    vi.stubGlobal('URL', {
      createObjectURL: () => 'blob:photo-1',
      revokeObjectURL: (url: string) => revoked.push(url),
    });

    saveBlob(new Blob(['x']), 'jenna-01.webp');
    expect(events).toEqual(['append', 'click blob:photo-1 as jenna-01.webp, hidden true', 'remove']);
    // The browser may still read the URL just after the click.
    vi.advanceTimersByTime(SAVED_URL_LIFETIME_MS - 1);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:photo-1']);
  });
});
