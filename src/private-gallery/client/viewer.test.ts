import { describe, expect, it } from 'vitest';
import { BLANK, viewerImages } from './viewer';
import type { VaultFile, VaultImage } from '../format/crypto';

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
