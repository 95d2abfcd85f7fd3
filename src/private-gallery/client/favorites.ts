/**
 * A client's favorites: photo numbers (1-based, as she sees them), kept in this browser per
 * gallery under the gallery's opaque id (never its name), and the message that tells the studio
 * which ones she chose. Nothing is uploaded.
 */
import { readStorage, removeStorage, writeStorage } from '../../lib/browser/storage';

const PREFIX = 'galleryFavorites:';

/** localStorage key of a gallery's favorites, by the gallery's opaque id. */
export const favoritesKey = (galleryId: string): string => `${PREFIX}${galleryId}`;

/** Removes favorites kept by an older format, under a gallery's folder name instead of its opaque id. */
export function forgetNamedFavorites(): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(PREFIX) && !/^[0-9a-f]{32}$/.test(key.slice(PREFIX.length))) removeStorage('local', key);
    }
  } catch {
    // No storage, nothing kept.
  }
}

export function loadFavorites(galleryId: string, count: number): number[] {
  try {
    const value = JSON.parse(readStorage('local', favoritesKey(galleryId)) ?? '[]') as unknown;
    if (!Array.isArray(value)) return [];
    return [...new Set(value)]
      .filter((n): n is number => Number.isInteger(n) && n >= 1 && n <= count)
      .sort((a, b) => a - b);
  } catch {
    return [];
  }
}

export function saveFavorites(galleryId: string, numbers: number[]): boolean {
  return writeStorage('local', favoritesKey(galleryId), JSON.stringify(numbers));
}

export function forgetFavorites(galleryId: string): void {
  removeStorage('local', favoritesKey(galleryId));
}

/** Adds or removes a photo number, keeping the list sorted. */
export function toggleFavorite(numbers: number[], number: number): number[] {
  return numbers.includes(number) ? numbers.filter((n) => n !== number) : [...numbers, number].sort((a, b) => a - b);
}

/** The plain text for the studio: the gallery title and the photo numbers. */
export function favoritesText(title: string, numbers: number[]): string {
  if (numbers.length === 1) return `My favorites from "${title}": photo ${numbers[0]}.`;
  return `My favorites from "${title}": photos ${numbers.join(', ')} (${numbers.length} in all).`;
}

/** A prefilled email to the studio with the favorites. */
export function favoritesMailto(email: string, title: string, numbers: number[]): string {
  const subject = `My favorites: ${title}`;
  const body = `Hello,\n\n${favoritesText(title, numbers)}\n\nThank you!`;
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
