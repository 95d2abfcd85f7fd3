import { useCallback, useRef, useState } from 'react';
import { asksFirst, sendSelection, type InboxSendState } from '@/private-gallery/client/inbox';
import type { Notes } from '@/private-gallery/client/selection';
import type { VaultIndex } from '@/private-gallery/format/types';

export type { InboxSendState } from '@/private-gallery/client/inbox';

/**
 * Sends her selection to the studio's inbox on a press, once at a time; a send that the inbox took
 * is handed to onSent with the host's time, to be kept beside her picks and notes. With fewer photos
 * than her package includes, a press first asks (`asking`); once she says to send fewer
 * (`confirm`), it sends, and it does not ask again on this visit.
 */
export function useInboxSend(
  index: VaultIndex,
  picks: number[],
  notes: Notes,
  link: string,
  onSent: (at: string) => void,
) {
  const [status, setStatus] = useState<InboxSendState>({ state: 'idle' });
  const [asking, setAsking] = useState(false);
  const busy = useRef(false);
  const confirmed = useRef(false);

  const send = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus({ state: 'sending' });
    const outcome = await sendSelection({ index, picks, notes, link });
    busy.current = false;
    if (outcome.state === 'sent') onSent(outcome.at);
    setStatus(outcome);
  }, [index, picks, notes, link, onSent]);

  const press = () => {
    if (busy.current) return;
    if (asksFirst(picks.length, index.selection, confirmed.current)) setAsking(true);
    else void send();
  };
  const confirm = () => {
    confirmed.current = true;
    setAsking(false);
    void send();
  };
  const cancel = () => setAsking(false);

  return { status, press, asking, confirm, cancel };
}
