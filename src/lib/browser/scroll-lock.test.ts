import { describe, expect, it } from 'vitest';
import { lockPageScroll } from './scroll-lock';

const root = (clientWidth: number, style = { overflow: '', paddingRight: '' }) => ({ clientWidth, style });

describe('lockPageScroll', () => {
  it('hides overflow and pads for a scrollbar that takes space', () => {
    const page = root(1425);
    const undo = lockPageScroll(page, 1440);
    expect(page.style).toEqual({ overflow: 'hidden', paddingRight: '15px' });
    undo();
    expect(page.style).toEqual({ overflow: '', paddingRight: '' });
  });

  it('adds no padding where scrollbars overlay the page', () => {
    const page = root(390);
    lockPageScroll(page, 390);
    expect(page.style).toEqual({ overflow: 'hidden', paddingRight: '' });
  });

  it('restores the inline styles it found', () => {
    const page = root(1000, { overflow: 'auto', paddingRight: '4px' });
    const undo = lockPageScroll(page, 1017);
    expect(page.style).toEqual({ overflow: 'hidden', paddingRight: '17px' });
    undo();
    expect(page.style).toEqual({ overflow: 'auto', paddingRight: '4px' });
  });
});
