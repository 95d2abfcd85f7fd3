import { describe, expect, it } from 'vitest';
import { idsInYamlOrder, inFileOrder, readYamlOrder, sortByIdOrder } from './order';

describe('file order', () => {
  it('reads the ids of a YAML list in order', () => {
    expect(idsInYamlOrder('- id: zebra\n  q: a\n- id: apple\n  q: b\n- q: no id\n')).toEqual(['zebra', 'apple']);
    expect(idsInYamlOrder('key: value')).toEqual([]);
  });

  it('sorts entries into that order, unknown ids last', () => {
    const entries = [{ id: 'apple' }, { id: 'mango' }, { id: 'zebra' }, { id: 'kiwi' }];
    expect(sortByIdOrder(entries, ['zebra', 'apple']).map((e) => e.id)).toEqual(['zebra', 'apple', 'kiwi', 'mango']);
  });

  it('keeps the owner order of the real FAQ files, not alphabetical', () => {
    const ids = readYamlOrder('content/faq.yaml');
    expect(ids).toHaveLength(11);
    expect(ids[0]).toBe('booking');
    expect(ids.at(-1)).toBe('location');
    const shuffled = [...ids].sort().map((id) => ({ id }));
    expect(inFileOrder(shuffled, 'content/faq.yaml').map((e) => e.id)).toEqual(ids);
    expect(readYamlOrder('content/erotica-faq.yaml')).toEqual([
      'explicitness',
      'public-images',
      'direction',
      'couples',
    ]);
  });
});
