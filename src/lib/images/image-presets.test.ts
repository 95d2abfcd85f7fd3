import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { avifEncoding, IMAGE_PRESETS, mainEncoding, MASTER_LONG_SIDE, presetTableRows } from './image-presets';

/** The rows of the first table under "## Photos" in docs/performance.md, as trimmed cells (header and rule left out). */
function photosTable(): string[][] {
  const lines = readFileSync('docs/performance.md', 'utf8').split('## Photos')[1]!.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start + 2, end).map((row) =>
    row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

describe('image presets', () => {
  it('are the Photos table of docs/performance.md, row for row', () => {
    expect(photosTable()).toEqual(presetTableRows());
  });

  it('give each use its format and quality as astro:assets takes them, leaving out a default quality', () => {
    expect(mainEncoding(IMAGE_PRESETS.hero)).toStrictEqual({ format: 'webp', quality: 72 });
    expect(mainEncoding(IMAGE_PRESETS.headshot)).toStrictEqual({ format: 'webp' });
    expect(mainEncoding(IMAGE_PRESETS.shareCard)).toStrictEqual({ format: 'jpg', quality: 80 });
    expect(avifEncoding(IMAGE_PRESETS.gridTile)).toStrictEqual({ format: 'avif', quality: 40 });
    expect(avifEncoding(IMAGE_PRESETS.sample)).toStrictEqual({ format: 'avif' });
    expect(avifEncoding(IMAGE_PRESETS.beforeAfter.phone)).toStrictEqual({ format: 'avif', quality: 45 });
    expect(avifEncoding(IMAGE_PRESETS.lightbox)).toBeUndefined();
  });

  it('make nothing wider than a master, and each largest width is the image itself', () => {
    for (const [name, preset] of Object.entries(IMAGE_PRESETS)) {
      expect(Math.max(...preset.widths), name).toBe(preset.width);
      expect(preset.width, name).toBeLessThan(MASTER_LONG_SIDE);
    }
  });
});
