import { useEffect, useEffectEvent, useRef, useState, type SyntheticEvent } from 'react';

interface Options {
  /** Runs each time the dialog opens, right after showModal(); what it returns runs when it closes. */
  onOpen?: (dialog: HTMLDialogElement) => void | (() => void);
  /**
   * Called when the visitor dismisses the dialog (Escape, or anything else that closes it); may come
   * twice. Without it the dialog is blocking: a cancel request (Escape) is refused, and if the
   * browser closes it anyway (Chrome allows one un-cancelable close), it opens again.
   */
  onDismiss?: () => void;
}

/**
 * Opens a native <dialog> with showModal() while `open` is true and closes it when it turns false,
 * so the page behind is inert and focus stays inside for free. The server renders it closed: it
 * opens once the island has hydrated, or as soon as the element attaches if that comes later.
 * Spread `props` on the <dialog>; `close` shuts it at once (the caller's state should follow).
 */
export function useModalDialog(open: boolean, { onOpen, onDismiss }: Options = {}) {
  // State, not a ref: a dialog that attaches after `open` turned true still runs the effect.
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const wanted = useRef(open);
  const opened = useEffectEvent((element: HTMLDialogElement) => onOpen?.(element));

  useEffect(() => {
    wanted.current = open;
    if (!dialog) return undefined;
    if (!open) {
      if (dialog.open) dialog.close();
      return undefined;
    }
    if (!dialog.open) dialog.showModal();
    return opened(dialog) ?? undefined;
  }, [dialog, open]);

  const props = onDismiss
    ? {
        ref: setDialog,
        onCancel: () => onDismiss(),
        // The 'close' event is queued: a dialog shown again before it arrives (a photo reopened
        // right after a close) is open by then, and that close is over, not this one.
        onClose: (event: SyntheticEvent<HTMLDialogElement>) => {
          if (!event.currentTarget.open) onDismiss();
        },
      }
    : {
        ref: setDialog,
        onCancel: (event: SyntheticEvent<HTMLDialogElement>) => event.preventDefault(),
        onClose: (event: SyntheticEvent<HTMLDialogElement>) => {
          if (wanted.current) event.currentTarget.showModal();
        },
      };

  return { props, close: () => dialog?.close() };
}
