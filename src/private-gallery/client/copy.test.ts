import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyThenSay } from './copy';

afterEach(() => vi.unstubAllGlobals());

describe('copying for the client', () => {
  const said = { copied: 'Your list is copied.', failed: 'Copying is not available here.' };

  it('copies the text, then runs what follows a copy and says it is copied', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const order: string[] = [];
    const copied = await copyThenSay('1, 3, 11', { ...said, onCopied: () => order.push('copied') }, (status) =>
      order.push(status),
    );
    expect(copied).toBe(true);
    expect(writeText).toHaveBeenCalledWith('1, 3, 11');
    expect(order).toEqual(['copied', 'Your list is copied.']);
  });

  it('says copying is not available when the browser refuses or has no clipboard, and runs nothing else', async () => {
    for (const clipboard of [{ writeText: async () => Promise.reject(new Error('denied')) }, undefined]) {
      vi.stubGlobal('navigator', { clipboard });
      const onCopied = vi.fn();
      const statuses: string[] = [];
      expect(await copyThenSay('x', { ...said, onCopied }, (status) => statuses.push(status))).toBe(false);
      expect(statuses).toEqual(['Copying is not available here.']);
      expect(onCopied).not.toHaveBeenCalled();
    }
  });
});
