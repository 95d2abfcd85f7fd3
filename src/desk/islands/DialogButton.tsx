// A button that opens one of the page's confirmations (a <dialog>, by id), an island.
export function DialogButton({ dialog, label, hidden }: { dialog: string; label: string; hidden?: string }) {
  const open = () => (document.getElementById(dialog) as HTMLDialogElement | null)?.showModal();
  return (
    <button type="button" className="btn btn-quiet" data-dialog={dialog} onClick={open}>
      {label}
      {hidden ? <span className="visually-hidden">{hidden}</span> : null}…
    </button>
  );
}
