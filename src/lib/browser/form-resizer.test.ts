import { describe, expect, it, vi } from 'vitest';
import { formResizerScript } from './form-resizer';

type Listener = (event: { target: unknown }) => void;
interface Inserted {
  src: string;
  async: boolean;
  attributes: Record<string, string>;
  listeners: Record<string, () => void>;
}

/** A document and a frame just rich enough for the script, recording what it does. */
function page(resizer: string | null) {
  const captured = new Set<Listener>();
  const inserted: Inserted[] = [];
  const frame = {
    id: 'erotica-form-frame',
    nextSibling: 'next',
    getAttribute: (name: string) => (name === 'data-resizer' ? resizer : null),
    parentNode: {
      insertBefore: (node: Inserted, before: unknown) => {
        expect(before).toBe('next');
        inserted.push(node);
      },
    },
  };
  const document = {
    addEventListener: (type: string, listener: Listener, capture: boolean) => {
      expect([type, capture]).toEqual(['load', true]);
      captured.add(listener);
    },
    removeEventListener: (type: string, listener: Listener, capture: boolean) => {
      expect([type, capture]).toEqual(['load', true]);
      captured.delete(listener);
    },
    createElement: (tag: string) => {
      expect(tag).toBe('script');
      const element = {
        src: '',
        async: false,
        attributes: {} as Record<string, string>,
        listeners: {} as Record<string, () => void>,
        setAttribute: (name: string, value: string) => (element.attributes[name] = value),
        addEventListener: (type: string, listener: () => void) => (element.listeners[type] = listener),
      };
      return element;
    },
  };
  const window = { iFrameResize: vi.fn() };
  new Function('document', 'window', formResizerScript('erotica-form-frame'))(document, window);
  /** A load event reaching the document's capture phase. */
  const load = (target: unknown) => [...captured].forEach((listener) => listener({ target }));
  return { frame, load, inserted, window, captured };
}

describe('formResizerScript', () => {
  it('adds nothing until the frame has loaded, then the resizer right after it, which starts on the frame', () => {
    const { frame, load, inserted, window, captured } = page('https://forms.example.com/embed/resizer.js');
    expect(inserted).toEqual([]);
    load({ id: 'some-photo' });
    expect(inserted).toEqual([]);
    load(frame);
    expect(inserted).toHaveLength(1);
    expect(inserted[0]).toMatchObject({
      src: 'https://forms.example.com/embed/resizer.js',
      async: true,
      attributes: { 'data-form-resizer': '' },
    });
    // Once: a second load of the frame adds nothing more.
    expect(captured.size).toBe(0);
    load(frame);
    expect(inserted).toHaveLength(1);
    expect(window.iFrameResize).not.toHaveBeenCalled();
    inserted[0]!.listeners['load']!();
    expect(window.iFrameResize).toHaveBeenCalledWith({}, '#erotica-form-frame');
  });

  it('adds nothing when the frame names no resizer', () => {
    const { frame, load, inserted } = page(null);
    load(frame);
    expect(inserted).toEqual([]);
  });
});
