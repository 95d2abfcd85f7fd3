import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { count, didYouMean, editDistance, foldersPhrase, nearestName } from './words.ts';

describe("the small words of the owner's messages", () => {
  it('counts in the singular for one: "1 photo", "2 photos", "1 gallery", "0 galleries"', () => {
    expect(count(1, 'photo')).toBe('1 photo');
    expect(count(2, 'photo')).toBe('2 photos');
    expect(count(0, 'photo')).toBe('0 photos');
    expect(count(1, 'gallery', 'galleries')).toBe('1 gallery');
    expect(count(0, 'gallery', 'galleries')).toBe('0 galleries');
    expect(count(1, 'old file')).toBe('1 old file');
  });

  it('names each galleries folder once: the sample folder itself is not named twice', () => {
    const root = '/studio/project';
    expect(foldersPhrase('/Users/ada/coastlight-galleries', root)).toBe(
      '/Users/ada/coastlight-galleries and content/private/',
    );
    expect(foldersPhrase(resolve(root, 'content/private'), root)).toBe('content/private/');
  });

  it('edit distance counts insertions, deletions, changes and swapped neighbours as one each', () => {
    expect(editDistance('ivy-2026-10', 'ivy-2026-10')).toBe(0);
    expect(editDistance('ivy-2026-1', 'ivy-2026-10')).toBe(1);
    expect(editDistance('ivy-2026-01', 'ivy-2026-10')).toBe(1);
    expect(editDistance('jenna', 'jena-2026-10')).toBe(9);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests the nearest gallery name for a mistyped one, and nothing when none is near', () => {
    const names = ['ivy-2026-10', 'june-2026-11', 'jenna-2026-10'];
    expect(nearestName('jenna-2026-1', names)).toBe('jenna-2026-10');
    expect(nearestName('june-2026-10', names)).toBe('june-2026-11');
    expect(nearestName('Ivy-2026-10', names)).toBe('ivy-2026-10');
    expect(nearestName('maria-2027-03', names)).toBeNull();
    expect(nearestName('ivy-2026-10', [])).toBeNull();
    expect(didYouMean('jena-2026-10', names)).toBe(' (did you mean "jenna-2026-10"?)');
    expect(didYouMean('maria-2027-03', names)).toBe('');
  });
});
