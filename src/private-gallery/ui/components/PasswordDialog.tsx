import { useEffect, useId, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { useModalDialog } from '@/ui/hooks/useModalDialog';

/** What an unlock attempt tells the dialog: nothing on success, else the error and whether Retry fits. */
type UnlockResult = { ok: true } | { ok: false; error: string; retry: boolean };

/** What she typed: both fields, or her password alone under the name her invitation gave. */
export type Typed = 'name and password' | 'password';

interface Props {
  /** Whether the blocking modal shows. */
  open: boolean;
  /** Why the password is asked for (a stale link, a forgotten device), or ''. */
  reason: string;
  /** Where "Request/Reset Password" leads. */
  requestHref: string;
  /** The gallery her invitation link named, or null: then only her password is asked. */
  invited: string | null;
  onUnlock: (gallery: string, password: string, typed: Typed) => Promise<UnlockResult>;
}

/**
 * The form's fields and its submit: a blank field is focused; after a wrong attempt what she typed
 * stays where it may be right (both fields, the name focused; her password alone is cleared); a
 * failed download keeps both for Retry. The name field shows unless her invitation gave the name
 * (filled in all the same, so a password manager keeps it), until she says it is not her gallery.
 */
function usePasswordForm(onUnlock: Props['onUnlock'], invited: string | null) {
  const nameInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [canRetry, setCanRetry] = useState(false);
  const [busy, setBusy] = useState(false);
  const [nameWanted, setNameWanted] = useState(false);
  const nameShown = !invited || nameWanted;
  useEffect(() => {
    if (invited && nameInput.current) nameInput.current.value = invited;
  }, [invited]);
  useEffect(() => {
    if (nameWanted) nameInput.current?.focus();
  }, [nameWanted]);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nameField = nameInput.current;
    const field = input.current;
    if (!nameField || !field || busy) return;
    const gallery = nameField.value.trim();
    const password = field.value.trim();
    // A blank or whitespace-only name or password does nothing (but lead to the field to fill).
    if (!gallery || !password) {
      (gallery || !nameShown ? field : nameField).focus();
      return;
    }
    setBusy(true);
    setError('');
    setCanRetry(false);
    const result = await onUnlock(gallery, password, nameShown ? 'name and password' : 'password');
    setBusy(false);
    if (result.ok) return;
    setError(result.error);
    setCanRetry(result.retry);
    // Her password alone is wrong: cleared, to type again. Both typed: either may be the wrong one,
    // so both stay, from the first. A failed download keeps both, ready for Retry.
    if (!result.retry && !nameShown) field.value = '';
    (!result.retry && nameShown ? nameField : field).focus();
  };
  const showName = () => setNameWanted(true);
  return { nameInput, input, error, canRetry, busy, submit, nameShown, showName };
}

/**
 * The password stage: a modal that Escape does not dismiss, with an accessible error. It asks for
 * the gallery's name (its folder id, never published: the password is salted with it, so one
 * guess tests one gallery) and the password; a password manager keeps them as a username and
 * password. Her invitation link names her gallery, so she types only her password (the spec's
 * one-field gate), with "Not your gallery?" to change the name.
 */
export function PasswordDialog({ open, reason, requestHref, invited, onUnlock }: Props) {
  const { nameInput, input, error, canRetry, busy, submit, nameShown, showName } = usePasswordForm(onUnlock, invited);
  // Blocking: Escape does not dismiss it, and it opens again if a browser closes it anyway. Her first
  // field is focused, unless she is in the card already (opened before this code came, she may be
  // typing her password).
  const modal = useModalDialog(open, {
    onOpen: (dialog) => {
      if (!dialog.contains(document.activeElement)) (nameShown ? nameInput : input).current?.focus();
    },
  });
  const titleId = useId();
  const errorId = useId();
  const reasonId = useId();

  const describedBy = [reason ? reasonId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const invalid = error && !canRetry ? true : undefined;

  return (
    <dialog
      {...modal.props}
      data-password-dialog
      aria-labelledby={titleId}
      className="fixed inset-0 z-[70] m-0 h-dvh max-h-none w-full max-w-none place-items-center overflow-y-auto border-0 bg-plum-deep p-5 text-ink open:grid"
    >
      <div className="w-full max-w-lg rounded-sm bg-ivory px-7 py-10 text-center shadow-2xl sm:px-12 sm:py-14">
        <DialogIntro titleId={titleId} nameShown={nameShown} />
        {reason && (
          <p id={reasonId} data-password-reason className="mt-4 rounded-sm bg-linen p-3 text-sm text-ink">
            {reason}
          </p>
        )}
        {/* method="dialog": even before the script runs, submitting never sends the password anywhere. */}
        <form method="dialog" onSubmit={submit} className="mt-8 text-left" noValidate>
          <GalleryFields
            nameInput={nameInput}
            input={input}
            name={{ shown: nameShown, show: showName }}
            invalid={invalid}
            describedBy={describedBy}
          />
          <p id={errorId} role="alert" className="mt-3 min-h-6 text-sm font-medium text-[#9b1c31]">
            {error}
          </p>
          <DialogActions busy={busy} canRetry={canRetry} requestHref={requestHref} />
        </form>
      </div>
    </dialog>
  );
}

/** The title and the line under it: for both fields, or for her password alone. */
function DialogIntro({ titleId, nameShown }: { titleId: string; nameShown: boolean }) {
  return (
    <>
      <p className="eyebrow mb-4">Private client gallery</p>
      <h2 id={titleId} className="text-4xl sm:text-5xl">
        {nameShown ? 'Enter Your Gallery Name and Password' : 'Enter Your Gallery Password'}
      </h2>
      <p className="mt-5 text-base leading-relaxed text-muted">
        {nameShown
          ? 'Your gallery name and password are given to booked clients on request. Please keep them to yourself: sharing them or any image is not permitted.'
          : 'Your password is given to booked clients on request. Please keep it to yourself: sharing it or any image is not permitted.'}
      </p>
    </>
  );
}

const FIELD =
  'mt-2 block min-h-12 w-full rounded-sm border border-plum/40 bg-white px-4 text-base text-ink focus:border-plum';

interface FieldProps {
  invalid: true | undefined;
  describedBy: string;
}

/**
 * The gallery's name (in the page but hidden when her invitation gave it) and the password, as a
 * password manager keeps a username and password; "Not your gallery?" shows the name to change.
 */
function GalleryFields({
  nameInput,
  input,
  name,
  ...field
}: FieldProps & {
  nameInput: RefObject<HTMLInputElement | null>;
  input: RefObject<HTMLInputElement | null>;
  name: { shown: boolean; show: () => void };
}) {
  return (
    <>
      <NameField nameInput={nameInput} shown={name.shown} {...field} />
      <label
        htmlFor="gallery-password"
        className={`block text-sm font-medium text-plum-deep ${name.shown ? 'mt-5' : ''}`}
      >
        Password
      </label>
      <input
        ref={input}
        id="gallery-password"
        name="password"
        type="password"
        required
        autoComplete="current-password"
        aria-invalid={field.invalid}
        aria-describedby={field.describedBy || undefined}
        className={FIELD}
      />
      {!name.shown && (
        <button type="button" onClick={name.show} className="mt-3 text-sm text-plum underline underline-offset-4">
          Not your gallery?
        </button>
      )}
    </>
  );
}

/** The gallery's name, with its hint. */
function NameField({
  nameInput,
  shown,
  invalid,
  describedBy,
}: FieldProps & { nameInput: RefObject<HTMLInputElement | null>; shown: boolean }) {
  const hintId = useId();
  return (
    <div hidden={!shown} data-gallery-name-field>
      <label htmlFor="gallery-name" className="block text-sm font-medium text-plum-deep">
        Gallery name
      </label>
      <p id={hintId} className="mt-1 text-sm text-muted">
        As written in your invitation, for example jenna-2026-10
      </p>
      <input
        ref={nameInput}
        id="gallery-name"
        name="gallery"
        type="text"
        required
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        aria-invalid={invalid}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        className={FIELD}
      />
    </div>
  );
}

/** Unlock (Retry after a failed download), Take Me Back, and Request/Reset Password. */
function DialogActions({ busy, canRetry, requestHref }: { busy: boolean; canRetry: boolean; requestHref: string }) {
  return (
    <>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Checking…' : canRetry ? 'Retry' : 'Unlock Gallery'}
        </button>
        <a href="/" className="btn btn-outline text-plum">
          Take Me Back
        </a>
      </div>
      <p className="mt-6 text-center text-sm">
        <a href={requestHref} className="text-plum underline underline-offset-4">
          Request/Reset Password
        </a>
      </p>
    </>
  );
}
