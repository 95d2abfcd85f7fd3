import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { idsInFileOrder, sortByFileOrder } from './file-order';

describe('file order', () => {
  it('reads the ids of a YAML list in written order', () => {
    expect(idsInFileOrder('- id: b\n  x: 1\n- id: a\n- x: no-id\n- id: c\n')).toEqual(['b', 'a', 'c']);
    expect(idsInFileOrder('key: value')).toEqual([]);
  });

  it('sorts entries into that order, unknown ids last', () => {
    const entries = [{ id: 'a' }, { id: 'zz' }, { id: 'c' }, { id: 'b' }];
    expect(sortByFileOrder(entries, ['c', 'b', 'a']).map((e) => e.id)).toEqual(['c', 'b', 'a', 'zz']);
  });

  it('keeps the filter bar in the order of content/portfolio-filters.yaml', () => {
    expect(idsInFileOrder(readFileSync('content/portfolio-filters.yaml', 'utf8'))).toEqual([
      'all',
      'classic',
      'outdoor',
      'fine-art',
      'rain-room',
      'erotica',
    ]);
  });
});
