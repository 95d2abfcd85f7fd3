import { describe, expect, it } from 'vitest';
import { HEADER_OFFSET, homeFragment, isScrolledPast, STORY_SCROLL_MARGIN, targetScrollY } from './scroll';

describe('scroll helpers', () => {
  it('places an element the offset below the top', () => {
    expect(targetScrollY(500, 1000, HEADER_OFFSET)).toBe(1420);
    expect(targetScrollY(500, 0, STORY_SCROLL_MARGIN)).toBe(404);
  });

  it('never scrolls above the page', () => {
    expect(targetScrollY(20, 0, HEADER_OFFSET)).toBe(0);
  });

  it('turns the header opaque strictly past 50 px', () => {
    expect(isScrolledPast(0)).toBe(false);
    expect(isScrolledPast(50)).toBe(false);
    expect(isScrolledPast(51)).toBe(true);
  });

  it('recognises links to the home page and their fragment', () => {
    const origin = 'https://studio.example.com';
    expect(homeFragment('/#story-begins', origin)).toBe('story-begins');
    expect(homeFragment('https://studio.example.com/#hero', origin)).toBe('hero');
    expect(homeFragment('/', origin)).toBe('');
    expect(homeFragment('/about#boudoir-experience', origin)).toBeNull();
    expect(homeFragment('https://elsewhere.example.com/#x', origin)).toBeNull();
  });
});
