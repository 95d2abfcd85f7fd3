import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  favoritesKey,
  favoritesMailto,
  favoritesText,
  loadFavorites,
  saveFavorites,
  toggleFavorite,
} from './favorites';
import { fakeStorage } from '../../lib/browser/fake-storage';

afterEach(() => vi.unstubAllGlobals());

describe('favorites', () => {
  it('are kept per gallery, sorted, and only for photos that exist', () => {
    vi.stubGlobal('window', { localStorage: fakeStorage() });
    expect(loadFavorites('jenna', 5)).toEqual([]);
    saveFavorites('jenna', [4, 2]);
    expect(loadFavorites('jenna', 5)).toEqual([2, 4]);
    expect(loadFavorites('maria', 5)).toEqual([]);
    window.localStorage.setItem(favoritesKey('jenna'), '[1, 1, 9, "3", 2.5, 5]');
    expect(loadFavorites('jenna', 5)).toEqual([1, 5]);
    window.localStorage.setItem(favoritesKey('jenna'), 'not json');
    expect(loadFavorites('jenna', 5)).toEqual([]);
  });

  it('toggle on and off, in photo order', () => {
    expect(toggleFavorite([], 7)).toEqual([7]);
    expect(toggleFavorite([2, 9], 5)).toEqual([2, 5, 9]);
    expect(toggleFavorite([2, 5, 9], 5)).toEqual([2, 9]);
  });

  it('make a message with the gallery title and the photo numbers, prefilled in an email', () => {
    const text = favoritesText('Jenna, October 2026', [3, 12]);
    expect(text).toBe('My favorites from "Jenna, October 2026": photos 3, 12 (2 in all).');
    // One photo: no plural, and no count of one.
    expect(favoritesText('Jenna, October 2026', [7])).toBe('My favorites from "Jenna, October 2026": photo 7.');
    const url = new URL(favoritesMailto('hello@studio.example.com', 'Jenna, October 2026', [3, 12]));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hello@studio.example.com');
    expect(url.searchParams.get('subject')).toBe('My favorites: Jenna, October 2026');
    expect(url.searchParams.get('body')).toContain(text);
  });
});
