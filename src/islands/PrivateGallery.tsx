import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { withErrorBoundary } from './ErrorBoundary';
import { AgeGateDialog, type AgeGateTexts } from './AgeGate';
import { ClientGallery, formatDay } from './ClientGallery';
import {
  isAgeVerified,
  isVerified,
  PRIVATE_GALLERY_KEY,
  rememberAge,
  rememberVerified,
  setAgeGateState,
} from '@/lib/gates';
import { removeStorage } from '@/lib/storage';
import { forgetFavorites } from '@/lib/favorites';
import { isExpired, type VaultManifest } from '@/lib/vault';
import {
  clearAccess,
  fetchManifest,
  LoadError,
  secretFromHash,
  unlockWithPassword,
  unlockWithSecret,
  unlockWithStoredAccess,
  type Unlocked,
} from '@/lib/vault-client';

export const WRONG_PASSWORD = 'Incorrect password. Please try again.';
export const STALE_ACCESS =
  'Your saved access no longer opens a gallery on this device: the password may have changed. Please enter your current password.';
export const STALE_LINK =
  'This private link no longer opens a gallery: it may have been replaced. Please enter your password, or ask the studio for a new link.';

export const BROKEN_LINK =
  'This private link is incomplete: please open the whole link from the message, or enter your password.';

type Stage = 'checking' | 'age' | 'password' | 'unlocking' | 'gallery' | 'closed' | 'failed';

interface Props {
  age: AgeGateTexts;
  /** Where "Request/Reset Password" leads. */
  requestHref: string;
  /** The studio's address, for favorites and for closed galleries. */
  studioEmail: string;
}

type UnlockResult = { ok: true } | { ok: false; error: string; retry: boolean };

/** The password stage: a modal that Escape does not dismiss, with an accessible error. */
function PasswordDialog({
  open,
  reason,
  requestHref,
  onUnlock,
}: {
  open: boolean;
  reason: string;
  requestHref: string;
  onUnlock: (password: string) => Promise<UnlockResult>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [canRetry, setCanRetry] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const errorId = useId();
  const reasonId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      input.current?.focus();
    }
    if (!open && el.open) el.close();
  }, [open]);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = input.current;
    if (!field || busy) return;
    const password = field.value.trim();
    // Blank or whitespace-only input does nothing.
    if (!password) return;
    setBusy(true);
    setError('');
    setCanRetry(false);
    const result = await onUnlock(password);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      setCanRetry(result.retry);
      // A wrong password is cleared; after a download failure it stays, ready for Retry.
      if (!result.retry) field.value = '';
      field.focus();
    }
  };

  const describedBy = [reason ? reasonId : '', error ? errorId : ''].filter(Boolean).join(' ');

  return (
    <dialog
      ref={dialog}
      data-password-dialog
      aria-labelledby={titleId}
      onCancel={(event) => event.preventDefault()}
      onClose={() => {
        if (open) dialog.current?.showModal();
      }}
      className="fixed inset-0 z-[70] m-0 h-dvh max-h-none w-full max-w-none place-items-center overflow-y-auto border-0 bg-plum-deep p-5 text-ink open:grid"
    >
      <div className="w-full max-w-lg rounded-sm bg-ivory px-7 py-10 text-center shadow-2xl sm:px-12 sm:py-14">
        <p className="eyebrow mb-4">Private client gallery</p>
        <h2 id={titleId} className="text-4xl sm:text-5xl">
          Enter Your Gallery Password
        </h2>
        <p className="mt-5 text-base leading-relaxed text-muted">
          The password is given to booked clients on request. Please keep it to yourself: sharing it or any image is not
          permitted.
        </p>
        {reason && (
          <p id={reasonId} data-password-reason className="mt-4 rounded-sm bg-linen p-3 text-sm text-ink">
            {reason}
          </p>
        )}
        {/* method="dialog": even before the script runs, submitting never sends the password anywhere. */}
        <form method="dialog" onSubmit={submit} className="mt-8 text-left" noValidate>
          <label htmlFor="gallery-password" className="block text-sm font-medium text-plum-deep">
            Password
          </label>
          <input
            ref={input}
            id="gallery-password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            aria-invalid={error && !canRetry ? true : undefined}
            aria-describedby={describedBy || undefined}
            className="mt-2 block min-h-12 w-full rounded-sm border border-plum/40 bg-white px-4 text-base text-ink focus:border-plum"
          />
          <p id={errorId} role="alert" className="mt-3 min-h-6 text-sm font-medium text-[#9b1c31]">
            {error}
          </p>
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
        </form>
      </div>
    </dialog>
  );
}

function PrivateGallery({ age, requestHref, studioEmail }: Props) {
  const [stage, setStage] = useState<Stage>('checking');
  const [unlocked, setUnlocked] = useState<Unlocked | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const manifest = useRef<Promise<VaultManifest> | null>(null);
  const linkSecret = useRef<Uint8Array<ArrayBuffer> | null>(null);
  const failedHeading = useRef<HTMLHeadingElement>(null);

  // A failed download is not cached: Retry fetches the manifest again.
  const getManifest = useCallback(() => {
    const pending = (manifest.current ??= fetchManifest());
    pending.catch(() => {
      if (manifest.current === pending) manifest.current = null;
    });
    return pending;
  }, []);

  const show = useCallback((result: Unlocked) => {
    setUnlocked(result);
    setStage(isExpired(result.index.expires) ? 'closed' : 'gallery');
  }, []);

  /** After the age gate: the private link, else the remembered access, else the password. */
  const proceed = useCallback(async () => {
    setProblem('');
    const secret = linkSecret.current;
    if (!secret && !isVerified(PRIVATE_GALLERY_KEY)) {
      // Fetched while she types, so the check starts at once; a failure shows on submit.
      getManifest().catch(() => undefined);
      return setStage('password');
    }
    setStage('unlocking');
    try {
      const current = await getManifest();
      if (secret) {
        const result = await unlockWithSecret(current, secret);
        linkSecret.current = null;
        if (!result) {
          setReason(STALE_LINK);
          return setStage('password');
        }
        rememberVerified(PRIVATE_GALLERY_KEY);
        return show(result);
      }
      const result = await unlockWithStoredAccess(current);
      if (result === 'stale') {
        await clearAccess();
        setReason(STALE_ACCESS);
        return setStage('password');
      }
      if (result === 'none') {
        setReason('Please enter your password to open your gallery on this device.');
        return setStage('password');
      }
      show(result);
    } catch (error) {
      setProblem(
        error instanceof LoadError ? error.message : 'Your gallery could not be opened right now. Please try again.',
      );
      setStage('failed');
    }
  }, [getManifest, show]);

  // Decide the stage on the client; the head script already showed the right overlay.
  useEffect(() => {
    if (/[#&]access=/.test(window.location.hash)) {
      const secret = secretFromHash(window.location.hash);
      if (secret) linkSecret.current = secret;
      else setReason(BROKEN_LINK);
      // The secret leaves the address bar (and so the history) at once.
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    }
    if (!isAgeVerified()) setStage('age');
    else void proceed();
  }, [proceed]);

  useEffect(() => {
    if (stage !== 'checking') document.documentElement.setAttribute('data-gallery-stage', stage);
    if (stage !== 'checking') setAgeGateState(document.documentElement, stage === 'age' ? 'locked' : 'passed');
    if (stage === 'failed') failedHeading.current?.focus();
  }, [stage]);

  const unlock = async (password: string): Promise<UnlockResult> => {
    try {
      const result = await unlockWithPassword(await getManifest(), password);
      if (!result) return { ok: false, error: WRONG_PASSWORD, retry: false };
      rememberVerified(PRIVATE_GALLERY_KEY);
      setReason('');
      show(result);
      return { ok: true };
    } catch (error) {
      if (error instanceof LoadError) return { ok: false, error: error.message, retry: true };
      // A failure of the check itself (e.g. no WebCrypto).
      return { ok: false, error: WRONG_PASSWORD, retry: false };
    }
  };

  const forget = async () => {
    await clearAccess();
    removeStorage('local', PRIVATE_GALLERY_KEY);
    if (unlocked) forgetFavorites(unlocked.index.id);
    setUnlocked(null);
    setReason('This device no longer remembers your gallery.');
    setStage('password');
  };

  return (
    <div data-private-gallery>
      <AgeGateDialog
        {...age}
        open={stage === 'age'}
        onConfirm={() => {
          rememberAge();
          void proceed();
        }}
      />
      <PasswordDialog open={stage === 'password'} reason={reason} requestHref={requestHref} onUnlock={unlock} />

      {stage === 'unlocking' && (
        <p role="status" className="py-16 text-center text-muted">
          Unlocking your gallery…
        </p>
      )}

      {stage === 'failed' && (
        <div role="alert" className="mx-auto max-w-xl py-12 text-center" data-gallery-failed>
          <h2 ref={failedHeading} tabIndex={-1} className="text-3xl">
            Your gallery could not be opened
          </h2>
          <p className="mt-4 text-muted">{problem}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <button type="button" className="btn btn-primary" onClick={() => void proceed()}>
              Retry
            </button>
            <a href={requestHref} className="btn btn-outline text-plum">
              Request/Reset Password
            </a>
          </div>
        </div>
      )}

      {stage === 'closed' && unlocked && (
        <div className="mx-auto max-w-xl py-12 text-center" data-gallery-closed>
          <h2 className="text-4xl">This gallery has closed</h2>
          <p className="mt-4 text-muted">
            “{unlocked.index.title}” was open until {formatDay(unlocked.index.expires ?? '')}. If you would like your
            photographs again, or prints and albums, the studio will be glad to help.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <a href={`mailto:${studioEmail}`} className="btn btn-primary">
              Email the studio
            </a>
            <a href={requestHref} className="btn btn-outline text-plum">
              Contact the studio
            </a>
            <button type="button" className="btn btn-outline text-plum" onClick={() => void forget()}>
              Forget this device
            </button>
          </div>
        </div>
      )}

      {stage === 'gallery' && unlocked && (
        <ClientGallery
          key={unlocked.index.id}
          unlocked={unlocked}
          studioEmail={studioEmail}
          requestHref={requestHref}
          onForget={() => void forget()}
        />
      )}
    </div>
  );
}

export default withErrorBoundary(PrivateGallery);
