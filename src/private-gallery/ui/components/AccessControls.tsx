interface Props {
  /** Where to ask the studio for a new or reset password. */
  requestHref: string;
  onForget: () => void;
  /** A partner's view: no password of theirs to ask for, no favorites to forget. */
  partner?: boolean;
}

/** Asking for a new password, and forgetting this device (saved access and favorites). */
export function AccessControls({ requestHref, onForget, partner = false }: Props) {
  return (
    <>
      <div className="mt-12 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        {!partner && (
          <a href={requestHref} className="btn btn-outline text-plum">
            Request/Reset Password
          </a>
        )}
        <button type="button" className="btn btn-outline text-plum" onClick={onForget}>
          Forget this device
        </button>
      </div>
      <p className="mt-3 text-center text-sm text-muted">
        {partner
          ? 'On a shared device, “Forget this device” removes your access to these photos from this browser.'
          : 'On a shared device, “Forget this device” removes your saved access and favorites from this browser.'}
      </p>
    </>
  );
}
