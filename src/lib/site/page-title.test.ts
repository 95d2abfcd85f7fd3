import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('adds the brand when the whole title fits in 70 characters', () => {
    expect(pageTitle('What to Wear', 'Coastlight Boudoir')).toBe('What to Wear | Coastlight Boudoir');
  });
  it('drops the brand from long titles', () => {
    const long = 'Overcoming Excuses: Why You Deserve a Boudoir Experience Today';
    expect(pageTitle(long, 'Coastlight Boudoir')).toBe(long);
  });
});
