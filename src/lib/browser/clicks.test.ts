import { describe, expect, it } from 'vitest';
import { isModifiedClick, type ClickLike } from './clicks';

const plain: ClickLike = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe('isModifiedClick', () => {
  it('is false for a plain click with the main button', () => {
    expect(isModifiedClick(plain)).toBe(false);
  });

  it('is true for the middle or the secondary button', () => {
    expect(isModifiedClick({ ...plain, button: 1 })).toBe(true);
    expect(isModifiedClick({ ...plain, button: 2 })).toBe(true);
  });

  it.each(['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)('is true with %s held', (key) => {
    expect(isModifiedClick({ ...plain, [key]: true })).toBe(true);
  });
});
