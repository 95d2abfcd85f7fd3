import { selectionLink } from '@/private-gallery/format/picks';
import { counterText, selectionMailto, selectionText, type Notes, type Sent } from '@/private-gallery/client/selection';
import type { SelectionRules, VaultIndex } from '@/private-gallery/format/types';

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
  onSent: () => void;
  onStatus: (status: string) => void;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Her selection against her package: the counter, then sending it to the studio by email or copy; what she sent, and when. */
export function SelectionPanel({ index, rules, picks, notes, sent, changed, studioEmail, onSent, onStatus }: Props) {
  const text = selectionText(index.title, index.images, picks, notes, selectionLink(location.origin, index.id, picks));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      onSent();
      onStatus('Your selection is copied. Paste it into a message to the studio.');
    } catch {
      onStatus('Copying is not available here. Please use Send my selection instead.');
    }
  };

  return (
    <section
      aria-labelledby="selection-heading"
      className="mx-auto mt-10 max-w-2xl rounded-sm bg-linen p-6 text-center"
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
      {sent && (
        <p className="mt-3 text-sm" data-selection-sent={changed ? 'changed' : 'sent'}>
          {changed
            ? `You sent your selection on ${when(sent.at)} and have changed it since. Please send it again so the studio has your latest choices.`
            : `You sent your selection of ${sent.picks.length} ${sent.picks.length === 1 ? 'photo' : 'photos'} on ${when(sent.at)}.`}
        </p>
      )}
      {picks.length > 0 && (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a className="btn btn-primary" href={selectionMailto(studioEmail, index.title, text)} onClick={onSent}>
            Send my selection
          </a>
          <button type="button" className="btn btn-outline text-plum" onClick={() => void copy()}>
            Copy
          </button>
        </div>
      )}
    </section>
  );
}
