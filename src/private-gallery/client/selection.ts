/**
 * Proofing: her selection against the photos her package includes, a note per photo, and the
 * message that sends it to the studio (by email, or sealed to the studio's inbox: client/inbox.ts). Kept in this browser per gallery,
 * under the gallery's opaque id, beside her favorites (which are the selection's photos).
 */
import { readStorage, removeStorage, writeStorage } from '../../lib/browser/storage';
import type { SelectionRules, VaultImage } from '../format/types';
import { favoritesKey } from './favorites';

/** The longest note on a photo. */
export const MAX_NOTE = 280;
/** Notes by photo number (1-based). */
export type Notes = Record<number, string>;
/** What she sent, and when (ISO). */
export interface Sent {
  /** When she last sent it. */
  at: string;
  picks: number[];
  notes: Notes;
  /** 'studio': the studio's inbox took it (else she opened the email or copied it). */
  to?: 'studio';
  /** When the studio's inbox first took it, when she has sent it again since. */
  first?: string;
}

export const notesKey = (galleryId: string) => `galleryNotes:${galleryId}`;
export const sentKey = (galleryId: string) => `gallerySelectionSent:${galleryId}`;

function readJson(key: string): unknown {
  try {
    return JSON.parse(readStorage('local', key) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/** Only notes on photos of this gallery, each at most MAX_NOTE characters. */
function cleanNotes(value: unknown, count: number): Notes {
  const notes: Notes = {};
  if (!value || typeof value !== 'object') return notes;
  for (const [key, text] of Object.entries(value)) {
    const n = Number(key);
    if (Number.isInteger(n) && n >= 1 && n <= count && typeof text === 'string' && text.trim()) {
      notes[n] = text.slice(0, MAX_NOTE);
    }
  }
  return notes;
}

export const loadNotes = (galleryId: string, count: number) => cleanNotes(readJson(notesKey(galleryId)), count);
export const saveNotes = (galleryId: string, notes: Notes) =>
  writeStorage('local', notesKey(galleryId), JSON.stringify(notes));

/** The notes with this photo's note set (cut to MAX_NOTE), or removed when empty. */
export function setNote(notes: Notes, number: number, text: string): Notes {
  const next = { ...notes };
  if (text.trim()) next[number] = text.slice(0, MAX_NOTE);
  else delete next[number];
  return next;
}

export function loadSent(galleryId: string, count: number): Sent | null {
  const value = readJson(sentKey(galleryId)) as Partial<Sent> | null;
  if (!value || typeof value.at !== 'string' || !Array.isArray(value.picks)) return null;
  const picks = value.picks.filter((n): n is number => Number.isInteger(n) && n >= 1 && n <= count);
  const sent: Sent = { at: value.at, picks, notes: cleanNotes(value.notes, count) };
  if (value.to === 'studio') sent.to = 'studio';
  if (typeof value.first === 'string') sent.first = value.first;
  return sent;
}

export const saveSent = (galleryId: string, sent: Sent) =>
  writeStorage('local', sentKey(galleryId), JSON.stringify(sent));

/** Forgets her notes and what she sent (with her favorites, when her access turns out stale). */
export function forgetSelection(galleryId: string): void {
  removeStorage('local', notesKey(galleryId));
  removeStorage('local', sentKey(galleryId));
}

/**
 * Forgets every gallery's favorites, notes and sent selection kept in this browser: when the saved
 * access has ended (or is of an older format), so that the next person to use a shared device
 * finds none of them, whichever gallery they were chosen in.
 */
export function forgetAllPicks(): void {
  const prefixes = [favoritesKey(''), notesKey(''), sentKey('')];
  try {
    const storage = window.localStorage;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '');
    for (const key of keys) if (prefixes.some((prefix) => key.startsWith(prefix))) removeStorage('local', key);
  } catch {
    // No storage, nothing kept.
  }
}

/** "12 of 25 chosen". */
export const counterText = (count: number, rules: SelectionRules) => `${count} of ${rules.included} chosen`;

/** Whether choosing this photo is refused: a strict limit, reached, and the photo not yet chosen. */
export const choiceRefused = (picks: number[], number: number, rules: SelectionRules | undefined) =>
  !!rules?.strict && !picks.includes(number) && picks.length >= rules.included;

/** What she is told at the limit: why a choice is refused, or what extra photos cost; null within it. */
export function limitNotice(picks: number[], rules: SelectionRules | undefined, refused = false): string | null {
  if (!rules) return null;
  if (refused) {
    return `Your package includes ${rules.included} photos. To choose this one, first remove one you have chosen.`;
  }
  const extra = picks.length - rules.included;
  if (extra <= 0) return null;
  const photos = extra === 1 ? 'one photo' : `${extra} photos`;
  const price = rules.extraPhotoPrice
    ? `Each extra photo is ${rules.extraPhotoPrice}.`
    : 'The studio will confirm the price of extra photos with you.';
  return `You have chosen ${photos} more than the ${rules.included} your package includes. ${price}`;
}

/** Whether her selection differs from what she sent. */
export function changedSince(sent: Sent, picks: number[], notes: Notes): boolean {
  const same = (a: Notes, b: Notes) =>
    JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  return sent.picks.join(',') !== picks.join(',') || !same(sent.notes, notes);
}

/** A photo's file name as the studio knows it (e.g. IMG_0412.jpg), or "photo N" when the index has none. */
export const fileOf = (images: VaultImage[], n: number) => images[n - 1]?.source ?? `photo ${n}`;

/** The chosen photos' file names without extensions, on one line, for a search in Lightroom. */
export const lightroomNames = (images: VaultImage[], picks: number[]) =>
  picks.map((n) => fileOf(images, n).replace(/\.[^.]+$/, '')).join(', ');

/** The message to the studio: title, count, each photo's number, file name and note, one line of file names, the link. */
export function selectionText(
  title: string,
  images: VaultImage[],
  picks: number[],
  notes: Notes,
  link: string,
): string {
  const lines = [
    `My selection from "${title}": ${picks.length} ${picks.length === 1 ? 'photo' : 'photos'}.`,
    '',
    ...picks.map((n) => `Photo ${n} (${fileOf(images, n)})${notes[n] ? `: ${notes[n]}` : ''}`),
    '',
    `File names, for a search in Lightroom: ${lightroomNames(images, picks)}`,
    '',
    `My selection in the gallery: ${link}`,
  ];
  return lines.join('\n');
}

/** A prefilled email to the studio with her selection. */
export function selectionMailto(email: string, title: string, text: string): string {
  const body = `Hello,\n\n${text}\n\nThank you!`;
  return `mailto:${email}?subject=${encodeURIComponent(`My selection: ${title}`)}&body=${encodeURIComponent(body)}`;
}
