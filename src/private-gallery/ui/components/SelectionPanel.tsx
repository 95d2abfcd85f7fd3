import { useCallback, useEffect, useId, useRef } from 'react';
import { copyThenSay } from '@/private-gallery/client/copy';
import { selectionLink } from '@/private-gallery/format/picks';
import { counterText, selectionMailto, selectionText, type Notes, type Sent } from '@/private-gallery/client/selection';
import { failureText, sendButtonView, sentLine, shortSendQuestion } from '@/private-gallery/client/inbox';
import type { SelectionRules, VaultIndex } from '@/private-gallery/format/types';
import { useInboxSend, type InboxSendState } from '@/private-gallery/ui/hooks/useInboxSend';

interface Props {
  index: VaultIndex;
  rules: SelectionRules;
  /** Chosen photo numbers (1-based). */
  picks: number[];
  notes: Notes;
  sent: Sent | null;
  /** Whether she changed her selection after sending it. */
  changed: boolean;
  studioEmail: string;
  /** She sent it: to the studio's inbox (at the host's time), or by email or copy (no arguments). */
  onSent: (to?: 'studio', at?: string) => void;
  onStatus: (status: string) => void;
}

/** The sentence under the buttons while sending or after a send that did not arrive; '' otherwise. */
const sendText = (status: InboxSendState) =>
  status.state === 'sending'
    ? 'Sending your selection to the studio…'
    : status.state === 'idle' || status.state === 'sent'
      ? ''
      : failureText(status);

/**
 * Her selection against her package: the counter, then sending it to the studio (to the studio's
 * inbox from the page when the gallery has one, with email as the fallback; else by email), or
 * copying it; what she sent, and when.
 */
export function SelectionPanel({ index, rules, picks, notes, sent, changed, studioEmail, onSent, onStatus }: Props) {
  const link = selectionLink(location.origin, index.id, picks);
  const text = selectionText(index.title, index.images, picks, notes, link);
  const mailto = selectionMailto(studioEmail, index.title, text);
  const toStudio = useCallback((at: string) => onSent('studio', at), [onSent]);
  const sending = useInboxSend(index, picks, notes, link, toStudio);
  const { status } = sending;
  const inbox = index.inbox ? { ...sending, view: sendButtonView(status, sent, changed), chosen: picks.length } : null;
  const copy = () =>
    copyThenSay(
      text,
      {
        copied: 'Your selection is copied. Paste it into a message to the studio.',
        failed: index.inbox
          ? 'Copying is not available here. Please use Send it by email instead.'
          : 'Copying is not available here. Please use Send my selection instead.',
        onCopied: () => onSent(),
      },
      onStatus,
    );

  return (
    <section
      aria-labelledby="selection-heading"
      className="mx-auto mt-10 max-w-2xl rounded-sm bg-linen p-6 text-center"
      data-inbox={index.inbox ? 'studio' : 'email'}
    >
      <h3 id="selection-heading" className="text-2xl">
        Your selection
      </h3>
      <p className="mt-3 text-lg" data-selection-counter>
        {counterText(picks.length, rules)}
      </p>
      <p className="mt-2 text-sm text-muted">
        Your package includes {rules.included} photos. Tap the heart on the ones you love; open a photo to leave a note
        for the studio.
      </p>
      {/* Polite: what she sent, and how a send ends, read out when it changes without moving her focus. */}
      <div role="status" aria-live="polite" data-send-state={status.state}>
        {sent && (
          <p className="mt-3 text-sm" data-selection-sent={changed ? 'changed' : 'sent'}>
            {sentLine(sent, changed)}
          </p>
        )}
        {index.inbox && sendText(status) && (
          <p className="mt-3 text-sm" data-send-message>
            {sendText(status)}
          </p>
        )}
      </div>
      {picks.length > 0 && (
        <SendButtons inbox={inbox} included={rules.included} mailto={mailto} onSent={onSent} copy={copy} />
      )}
    </section>
  );
}

interface SendButtonsProps {
  /** The studio's inbox and where sending to it stands; null without one: her email is the way, as before it existed. */
  inbox: (ReturnType<typeof useInboxSend> & { view: ReturnType<typeof sendButtonView>; chosen: number }) | null;
  included: number;
  mailto: string;
  onSent: () => void;
  copy: () => Promise<boolean>;
}

/** Send (to the studio's inbox, or by email), the question before sending fewer, the email fallback after a failed send, and Copy. */
function SendButtons({ inbox, included, mailto, onSent, copy }: SendButtonsProps) {
  const sendButton = useRef<HTMLButtonElement>(null);
  const status = inbox?.status.state ?? 'idle';
  const failed = status !== 'idle' && status !== 'sending' && status !== 'sent';
  /** Back to the send button once the question is answered (it is still there: her focus stays on it). */
  const answered = (answer: () => void) => () => {
    sendButton.current?.focus();
    answer();
  };
  return (
    <>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {inbox ? (
          <>
            {/* One button throughout (Send, Sending…, Retry, Sent, Send again): her focus stays on it. */}
            <button
              ref={sendButton}
              type="button"
              className="btn btn-primary aria-disabled:cursor-default aria-disabled:opacity-70"
              aria-disabled={status === 'sending' || inbox.view.done}
              onClick={() => !inbox.view.done && inbox.press()}
              data-send-button
            >
              {inbox.view.label}
            </button>
            {failed && (
              <a className="btn btn-outline text-plum" href={mailto} onClick={() => onSent()}>
                Send it by email
              </a>
            )}
          </>
        ) : (
          <a className="btn btn-primary" href={mailto} onClick={() => onSent()}>
            Send my selection
          </a>
        )}
        <button type="button" className="btn btn-outline text-plum" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      {inbox?.asking && (
        <ShortSendQuestion
          chosen={inbox.chosen}
          included={included}
          onSend={answered(inbox.confirm)}
          onStay={answered(inbox.cancel)}
        />
      )}
    </>
  );
}

/** Asked once before sending fewer photos than her package includes: send them, or keep choosing. */
function ShortSendQuestion(props: { chosen: number; included: number; onSend: () => void; onStay: () => void }) {
  const question = shortSendQuestion(props.chosen, props.included);
  const titleId = useId();
  const textId = useId();
  const send = useRef<HTMLButtonElement>(null);
  // Shown on her press: her focus moves to the answer that sends, as a dialog's would.
  useEffect(() => send.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="mt-5 rounded-sm border border-plum/40 bg-ivory p-5 text-center"
      data-short-send
    >
      <p id={titleId} className="font-medium text-plum-deep">
        {question.title}
      </p>
      <p id={textId} className="mt-2 text-sm">
        {question.text}
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <button ref={send} type="button" className="btn btn-primary" onClick={props.onSend}>
          {question.send}
        </button>
        <button type="button" className="btn btn-outline text-plum" onClick={props.onStay}>
          {question.stay}
        </button>
      </div>
    </div>
  );
}
