import { describe, expect, it } from 'vitest';
import { splitClaim } from './claims';

describe('splitClaim', () => {
  it('splits a short label from its sentence', () => {
    expect(splitClaim('Written contract: everything we agree on is set out.')).toEqual({
      label: 'Written contract',
      text: 'Everything we agree on is set out.',
    });
  });

  it('keeps only the first colon as the split', () => {
    expect(splitClaim('ID records: kept per law: 18 U.S.C. 2257')).toEqual({
      label: 'ID records',
      text: 'Kept per law: 18 U.S.C. 2257',
    });
  });

  it('leaves a claim without a short label whole', () => {
    expect(splitClaim('Everything is private')).toEqual({ label: null, text: 'Everything is private' });
    const long = 'A very long opening phrase that is clearly not a label at all: rest';
    expect(splitClaim(long)).toEqual({ label: null, text: long });
  });
});
