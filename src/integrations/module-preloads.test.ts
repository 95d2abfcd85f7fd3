import { describe, expect, it } from 'vitest';
import { staticImports, stillToLoad } from './module-preloads';

// The private gallery's island and the open gallery it imports when idle, as the build writes them.
const bundle = {
  '_astro/PrivateGallery.js': { type: 'chunk', imports: ['_astro/react.js', '_astro/storage.js', '_astro/dialog.js'] },
  '_astro/storage.js': { type: 'chunk', imports: ['_astro/arrival.js'] },
  '_astro/arrival.js': { type: 'chunk', imports: [] },
  '_astro/react.js': { type: 'chunk', imports: [] },
  '_astro/dialog.js': { type: 'chunk', imports: ['_astro/react.js'] },
  '_astro/OpenGallery.js': {
    type: 'chunk',
    imports: ['_astro/react.js', '_astro/storage.js', '_astro/Lightbox.js', '_astro/slides.js'],
  },
  '_astro/Lightbox.js': { type: 'chunk', imports: ['_astro/dialog.js'] },
  '_astro/slides.js': { type: 'chunk', imports: [] },
  '_astro/page.css': { type: 'asset' },
};

describe('module preloads', () => {
  it("finds every chunk an importer has loaded before it runs, through its imports' imports", () => {
    expect([...staticImports(bundle, '_astro/PrivateGallery.js')].sort()).toEqual([
      '_astro/PrivateGallery.js',
      '_astro/arrival.js',
      '_astro/dialog.js',
      '_astro/react.js',
      '_astro/storage.js',
    ]);
  });

  it('preloads only what the importing chunk has not loaded: the open gallery and its own new chunks', () => {
    const deps = [
      '_astro/OpenGallery.js',
      '_astro/react.js',
      '_astro/storage.js',
      '_astro/arrival.js',
      '_astro/Lightbox.js',
      '_astro/dialog.js',
      '_astro/slides.js',
    ];
    expect(stillToLoad(bundle, '_astro/PrivateGallery.js', deps)).toEqual([
      '_astro/OpenGallery.js',
      '_astro/Lightbox.js',
      '_astro/slides.js',
    ]);
  });

  it('keeps every preload when it does not know the importer', () => {
    expect(stillToLoad(bundle, '_astro/unknown.js', ['_astro/react.js'])).toEqual(['_astro/react.js']);
  });
});
