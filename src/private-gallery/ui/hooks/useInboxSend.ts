import { useCallback, useRef, useState } from 'react';
import { sendSelection, type SendOutcome } from '@/private-gallery/client/inbox';
import type { Notes } from '@/private-gallery/client/selection';
import type { VaultIndex } from '@/private-gallery/format/types';

/** Where sending to the studio's inbox stands: nothing pressed yet, on its way, or how it ended. */
export type InboxSendState = { state: 'idle' } | { state: 'sending' } | SendOutcome;

/**
 * Sends her selection to the studio's inbox on a press, once at a time; a send that the inbox took
 * is handed to onSent with the host's time, to be kept beside her picks and notes.
 */
export function useInboxSend(
  index: VaultIndex,
  picks: number[],
  notes: Notes,
  link: string,
  onSent: (at: string) => void,
) {
  const [status, setStatus] = useState<InboxSendState>({ state: 'idle' });
  const busy = useRef(false);

  const send = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus({ state: 'sending' });
    const outcome = await sendSelection({ index, picks, notes, link });
    busy.current = false;
    if (outcome.state === 'sent') onSent(outcome.at);
    setStatus(outcome);
  }, [index, picks, notes, link, onSent]);

  return { status, send };
}
