import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../../lib/browser/fake-storage';
import type { SelectionRules, VaultImage } from '../format/types';
import {
  changedSince,
  choiceRefused,
  counterText,
  forgetSelection,
  limitNotice,
  loadNotes,
  loadSent,
  MAX_NOTE,
  saveNotes,
  saveSent,
  selectionMailto,
  selectionText,
  setNote,
} from './selection';

const soft: SelectionRules = { included: 3, extraPhotoPrice: '$35', strict: false };
const strict: SelectionRules = { included: 3, extraPhotoPrice: null, strict: true };
const GALLERY = '0123456789abcdef0123456789abcdef';

describe('a selection with a limit', () => {
  it('counts against the photos her package includes', () => {
    expect(counterText(2, { ...soft, included: 25 })).toBe('2 of 25 chosen');
    expect(counterText(12, { ...soft, included: 25 })).toBe('12 of 25 chosen');
  });

  it('a soft limit lets her choose more and says what each extra photo costs', () => {
    expect(choiceRefused([1, 2, 3], 4, soft)).toBe(false);
    expect(limitNotice([1, 2, 3], soft)).toBeNull();
    expect(limitNotice([1, 2, 3, 4], soft)).toBe(
      'You have chosen one photo more than the 3 your package includes. Each extra photo is $35.',
    );
    expect(limitNotice([1, 2, 3, 4, 5], { ...soft, extraPhotoPrice: null })).toBe(
      'You have chosen 2 photos more than the 3 your package includes. The studio will confirm the price of extra photos with you.',
    );
  });

  it('a strict limit stops her at it, but she may always unchoose', () => {
    expect(choiceRefused([1, 2], 4, strict)).toBe(false);
    expect(choiceRefused([1, 2, 3], 4, strict)).toBe(true);
    expect(choiceRefused([1, 2, 3], 2, strict)).toBe(false);
    expect(limitNotice([1, 2, 3], strict, true)).toBe(
      'Your package includes 3 photos. To choose this one, first remove one you have chosen.',
    );
  });

  it('without included, favorites have no limit', () => {
    expect(choiceRefused([1, 2, 3, 4, 5], 6, undefined)).toBe(false);
    expect(limitNotice([1, 2, 3, 4, 5], undefined)).toBeNull();
  });
});

describe('notes and what she sent, kept per gallery', () => {
  beforeEach(() => vi.stubGlobal('window', { localStorage: fakeStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps notes of at most 280 characters, drops empty ones and those of photos not in the gallery', () => {
    let notes = setNote({}, 2, 'x'.repeat(400));
    expect(notes[2]).toHaveLength(MAX_NOTE);
    notes = setNote(notes, 3, 'cropped tighter');
    notes = setNote(notes, 2, '   ');
    expect(notes).toEqual({ 3: 'cropped tighter' });
    saveNotes(GALLERY, { ...notes, 9: 'not a photo' });
    expect(loadNotes(GALLERY, 4)).toEqual({ 3: 'cropped tighter' });
    expect(window.localStorage.getItem(`galleryNotes:${GALLERY}`)).toContain('cropped tighter');
  });

  it('remembers what was sent and tells a change of photos or notes', () => {
    const sent = { at: '2026-11-25T14:02:00.000Z', picks: [1, 3], notes: { 3: 'tighter' } };
    saveSent(GALLERY, sent);
    expect(loadSent(GALLERY, 4)).toEqual(sent);
    expect(changedSince(sent, [1, 3], { 3: 'tighter' })).toBe(false);
    expect(changedSince(sent, [1, 3, 4], { 3: 'tighter' })).toBe(true);
    expect(changedSince(sent, [1, 3], { 3: 'tighter, please' })).toBe(true);
    forgetSelection(GALLERY);
    expect(loadSent(GALLERY, 4)).toBeNull();
  });
});

describe('the message to the studio', () => {
  const images = [1, 2, 3, 4].map((n) => ({ source: `IMG_04${10 + n}.jpg` }) as VaultImage);
  const text = selectionText(
    'Jenna, October 2026',
    images,
    [1, 3, 4],
    { 3: 'cropped tighter' },
    'https://x/private-gallery#picks=01234567.DQ',
  );

  it('holds the title, the count, each number with its file name and note, one line of names and the link', () => {
    expect(text).toBe(
      [
        'My selection from "Jenna, October 2026": 3 photos.',
        '',
        'Photo 1 (IMG_0411.jpg)',
        'Photo 3 (IMG_0413.jpg): cropped tighter',
        'Photo 4 (IMG_0414.jpg)',
        '',
        'File names, for a search in Lightroom: IMG_0411, IMG_0413, IMG_0414',
        '',
        'My selection in the gallery: https://x/private-gallery#picks=01234567.DQ',
      ].join('\n'),
    );
  });

  it('goes into a prefilled email to the studio', () => {
    const mailto = selectionMailto('hello@studio.test', 'Jenna, October 2026', text);
    expect(
      mailto.startsWith('mailto:hello@studio.test?subject=My%20selection%3A%20Jenna%2C%20October%202026&body='),
    ).toBe(true);
    expect(decodeURIComponent(mailto.split('&body=')[1]!)).toBe(`Hello,\n\n${text}\n\nThank you!`);
  });
});
