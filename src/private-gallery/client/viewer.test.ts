import { describe, expect, it } from 'vitest';
import { BLANK, viewerImages, viewerRole } from './viewer';
import type { VaultFile, VaultImage } from '../format/types';

const file = (name: string, width: number, height: number): VaultFile => ({
  file: name,
  width,
  height,
  type: 'image/webp',
  bytes: 1,
});
const images: VaultImage[] = [1, 2, 3].map((n) => ({
  id: String(n),
  key: { iv: '', data: '' },
  alt: `Photo ${n}`,
  name: String(n),
  thumb: file(`t${n}`, 600, 400),
  full: file(`f${n}`, 2400, 1600),
}));

describe('viewerImages', () => {
  it('show the full-size photo where it is ready, the thumbnail until then, and a blank image before that', () => {
    const shown = viewerImages(
      images,
      { 0: { url: 'blob:thumb-1' }, 1: { url: 'blob:thumb-2' } },
      { index: 1, url: 'blob:full-2' },
    );
    expect(shown.map((image) => image.large.src)).toEqual(['blob:thumb-1', 'blob:full-2', BLANK]);
  });

  it('keep the thumbnail while the full-size photo loads or after it failed, and a blank image for a failed thumbnail', () => {
    const thumbs = { 0: { url: 'blob:thumb-1' }, 2: { error: 'offline' } };
    expect(viewerImages(images, thumbs, { index: 0 })[0]!.large.src).toBe('blob:thumb-1');
    expect(viewerImages(images, thumbs, { index: 0, error: 'offline' })[0]!.large.src).toBe('blob:thumb-1');
    expect(viewerImages(images, thumbs, null)[2]!.large.src).toBe(BLANK);
  });

  it('give every photo its index as id, its alt text, no overlay and the full-size dimensions', () => {
    expect(viewerImages(images, {}, null)[2]).toEqual({
      id: '2',
      alt: 'Photo 3',
      overlay: '',
      large: { src: BLANK, width: 2400, height: 1600 },
    });
  });
});

describe('viewerRole', () => {
  /** A photo as publishing lists it: a 640 px thumbnail, a 1600 px screen copy, a 2400 px large copy. */
  const photo = (width: number, height: number, screen = true): VaultImage => {
    const scaled = (long: number) => {
      const ratio = Math.min(1, long / Math.max(width, height));
      return [Math.round(width * ratio), Math.round(height * ratio)] as const;
    };
    return {
      ...images[0]!,
      thumb: file('t', 640, Math.round((640 * height) / width)),
      ...(screen ? { screen: file('s', ...scaled(1600)) } : {}),
      full: file('f', ...scaled(2400)),
    };
  };
  const portrait = photo(4000, 6000);
  const landscape = photo(6000, 4000);
  const screen = (width: number, height: number, pixelRatio: number) => ({ width, height, pixelRatio });

  it('show the screen copy on phones at 3x, portrait or landscape photo, and on a laptop at 1x', () => {
    for (const phone of [screen(390, 844, 3), screen(430, 932, 3), screen(375, 667, 2), screen(844, 390, 3)]) {
      expect(viewerRole(portrait, phone)).toBe('screen');
      expect(viewerRole(landscape, phone)).toBe('screen');
    }
    expect(viewerRole(landscape, screen(1440, 900, 1))).toBe('screen');
    expect(viewerRole(landscape, screen(1920, 1080, 1))).toBe('screen');
    expect(viewerRole(portrait, screen(1440, 900, 1))).toBe('screen');
  });

  it('show the large copy where the screen would show more than the screen copy holds: laptops at 2x, wide screens, tablets in portrait', () => {
    expect(viewerRole(landscape, screen(1440, 900, 2))).toBe('full');
    // A portrait photo on that laptop is 1,800 device pixels tall at most: the screen copy holds 89%.
    expect(viewerRole(portrait, screen(1440, 900, 2))).toBe('screen');
    expect(viewerRole(landscape, screen(2560, 1440, 1))).toBe('full');
    expect(viewerRole(portrait, screen(820, 1180, 2))).toBe('full');
    // The same tablet shows a landscape photo at 1,640 px across: the screen copy holds it.
    expect(viewerRole(landscape, screen(820, 1180, 2))).toBe('screen');
  });

  it('show the screen copy of a photo no larger than it anywhere, and the large copy of an index without screen copies', () => {
    const small = photo(1200, 800);
    expect([small.screen!.width, small.screen!.height]).toEqual([small.full.width, small.full.height]);
    expect(viewerRole(small, screen(2560, 1440, 2))).toBe('screen');
    expect(viewerRole(photo(6000, 4000, false), screen(390, 844, 3))).toBe('full');
  });
});
