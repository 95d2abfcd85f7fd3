import { useId, type KeyboardEvent } from 'react';
import { MAX_NOTE } from '@/private-gallery/client/selection';

interface Props {
  number: number;
  note: string;
  onNote: (text: string) => void;
}

/** Her note for the studio on the photo the viewer shows, kept as she types (the arrow keys stay in the text). */
export function NoteField({ number, note, onNote }: Props) {
  const id = useId();
  const keepArrows = (event: KeyboardEvent) => {
    if (event.key.startsWith('Arrow')) event.stopPropagation();
  };
  return (
    <div className="flex w-full max-w-md flex-col gap-1 text-left">
      <label htmlFor={id} className="text-xs tracking-wide">
        Note for the studio on photo {number}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={MAX_NOTE}
        value={note}
        placeholder="For example: this one, cropped a little tighter"
        onChange={(event) => onNote(event.target.value)}
        onKeyDown={keepArrows}
        className="rounded-sm bg-ivory/10 p-2 text-ivory ring-1 ring-ivory/40"
        data-note-field
      />
      <span className="text-right text-xs text-ivory/70" aria-live="polite">
        {note.length} / {MAX_NOTE}
      </span>
    </div>
  );
}
