import { useCallback, useState } from 'react';
import {
  changedSince,
  choiceRefused,
  limitNotice,
  loadNotes,
  loadSent,
  saveNotes,
  saveSent,
  setNote,
  type Notes,
  type Sent,
} from '@/private-gallery/client/selection';
import { sentToStudio } from '@/private-gallery/client/inbox';
import type { VaultIndex } from '@/private-gallery/format/types';
import { useFavorites } from './useFavorites';

/**
 * Her favorites as a selection: against the photos her package includes (when the gallery says),
 * with a note per photo and what she last sent, all kept in this browser as they change.
 */
export function useSelection(index: VaultIndex, onStatus: (status: string) => void) {
  const count = index.images.length;
  const rules = index.selection;
  const { favorites, toggle } = useFavorites(index.id, count);
  const [notes, setNotes] = useState<Notes>(() => loadNotes(index.id, count));
  const [sent, setSent] = useState<Sent | null>(() => loadSent(index.id, count));

  /** Chooses or unchooses a photo; a strict limit refuses one more and says why; over a soft one, what extras cost. */
  const choose = useCallback(
    (number: number) => {
      if (choiceRefused(favorites, number, rules)) {
        onStatus(limitNotice(favorites, rules, true) ?? '');
        return;
      }
      const adding = !favorites.includes(number);
      toggle(number);
      const next = adding ? [...favorites, number] : favorites.filter((n) => n !== number);
      onStatus((adding && limitNotice(next, rules)) || '');
    },
    [favorites, rules, toggle, onStatus],
  );

  const note = useCallback(
    (number: number, text: string) => {
      setNotes((current) => {
        const next = setNote(current, number, text);
        saveNotes(index.id, next);
        return next;
      });
    },
    [index.id],
  );

  /** Remembers what she sent, and when: to the studio's inbox (at the host's time), or by email or copy. */
  const markSent = useCallback(
    (to?: 'studio', at = new Date().toISOString()) => {
      const value = to === 'studio' ? sentToStudio(sent, at, favorites, notes) : { at, picks: favorites, notes };
      saveSent(index.id, value);
      setSent(value);
    },
    [favorites, notes, index.id, sent],
  );

  const changed = !!sent && changedSince(sent, favorites, notes);
  return { rules, favorites, notes, sent, changed, choose, note, markSent };
}
