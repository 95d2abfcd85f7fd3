// A change that cannot be taken back, behind a confirmation, an island: its button opens a native
// modal dialog (the site's own useModalDialog: the page behind inert, focus kept inside and given
// back to the button), which says what will happen (`html`, rendered on her computer) and sends the
// change for the gallery `gallery` the desk's one way (ChangeForm.tsx sendChange); "Keep it" and Escape close it,
// nothing sent.
import { useState, type FormEvent } from 'react';
import { useModalDialog } from '../../ui/hooks/useModalDialog.ts';
import { sendChange, type ChangeTarget } from './ChangeForm.tsx';

export interface ConfirmProps extends ChangeTarget {
  /** The dialog's id (the tests' and a link's handle). */
  id: string;
  title: string;
  /** The button that opens it, and words after it for a screen reader. */
  label: string;
  hidden?: string;
  gallery: string;
  confirm: string;
  keep: string;
  /** What it will do, as the page rendered it. */
  html: string;
}

export function Confirm({ id, title, label, hidden, gallery, confirm, keep, html, ...target }: ConfirmProps) {
  const [open, setOpen] = useState(false);
  const { props } = useModalDialog(open, { onDismiss: () => setOpen(false) });
  const titleId = `${id}-title`;
  // From its own id, not useId: each island renders apart, and two would make the same id.
  const bodyId = `${id}-body`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void sendChange(event.currentTarget, target, () => setOpen(false));
  };
  return (
    <>
      <button type="button" className="btn btn-quiet" data-dialog={id} onClick={() => setOpen(true)}>
        {label}
        {hidden ? <span className="visually-hidden">{hidden}</span> : null}…
      </button>
      <dialog id={id} aria-labelledby={titleId} aria-describedby={bodyId} {...props}>
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId} dangerouslySetInnerHTML={{ __html: html }} />
        <form className="flex flex-wrap gap-3" onSubmit={submit}>
          <input type="hidden" name="id" value={gallery} />
          <button type="submit" className="btn btn-danger">
            {confirm}
          </button>
          <button type="button" className="btn btn-quiet" onClick={() => setOpen(false)}>
            {keep}
          </button>
        </form>
      </dialog>
    </>
  );
}
