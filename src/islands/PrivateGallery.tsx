import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { withErrorBoundary } from './ErrorBoundary';
import { AgeGateDialog, type AgeGateTexts } from './AgeGate';
import {
  isAgeVerified,
  isVerified,
  PRIVATE_GALLERY_KEY,
  rememberAge,
  rememberVerified,
  setAgeGateState,
} from '@/lib/gates';
import {
  decryptToUrl,
  fetchManifest,
  unlockWithPassword,
  unlockWithStoredKey,
  type Unlocked,
} from '@/lib/vault-client';
import type { VaultManifest } from '@/lib/vault';

export const WRONG_PASSWORD = 'Incorrect password. Please try again.';

type Stage = 'checking' | 'age' | 'password' | 'unlocking' | 'gallery';

interface Props {
  age: AgeGateTexts;
  /** Where "Request/Reset Password" leads. */
  requestHref: string;
}

interface Photo {
  alt: string;
  thumb: string;
  full: string | null;
  width: number;
  height: number;
}

/** The password stage: a modal that Escape does not dismiss, with an accessible error. */
function PasswordDialog({ open, onUnlock }: { open: boolean; onUnlock: (password: string) => Promise<boolean> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const errorId = useId();

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
    const ok = await onUnlock(password);
    setBusy(false);
    if (!ok) {
      setError(WRONG_PASSWORD);
      field.value = '';
      field.focus();
    }
  };

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
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-2 block min-h-12 w-full rounded-sm border border-plum/40 bg-white px-4 text-base text-ink focus:border-plum"
          />
          <p id={errorId} role="alert" className="mt-3 min-h-6 text-sm font-medium text-[#9b1c31]">
            {error}
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? 'Checking…' : 'Unlock Gallery'}
            </button>
            <a href="/" className="btn btn-outline text-plum">
              Take Me Back
            </a>
          </div>
        </form>
      </div>
    </dialog>
  );
}

function PrivateGallery({ age, requestHref }: Props) {
  const [stage, setStage] = useState<Stage>('checking');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [problem, setProblem] = useState('');
  const manifest = useRef<Promise<VaultManifest> | null>(null);
  const urls = useRef<string[]>([]);

  const getManifest = useCallback(() => (manifest.current ??= fetchManifest()), []);

  const show = useCallback(async ({ key, index }: Unlocked) => {
    setStage('gallery');
    // Thumbnails first, then the full images, each decrypted into an object URL.
    const thumbs = await Promise.all(index.images.map((image) => decryptToUrl(key, image.thumb)));
    urls.current.push(...thumbs);
    setPhotos(
      index.images.map((image, i) => ({
        alt: image.alt,
        thumb: thumbs[i] ?? '',
        full: null,
        width: image.thumb.width,
        height: image.thumb.height,
      })),
    );
    const fulls = await Promise.all(index.images.map((image) => decryptToUrl(key, image.full)));
    urls.current.push(...fulls);
    setPhotos((current) => current.map((photo, i) => ({ ...photo, full: fulls[i] ?? null })));
  }, []);

  // Decide the stage on the client; the head script already showed the right overlay.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      if (!isAgeVerified()) return setStage('age');
      if (!isVerified(PRIVATE_GALLERY_KEY)) return setStage('password');
      setStage('unlocking');
      try {
        const unlocked = await unlockWithStoredKey(await getManifest());
        if (cancelled) return;
        if (unlocked) await show(unlocked);
        else setStage('password');
      } catch (error) {
        if (!cancelled) {
          setProblem((error as Error).message);
          setStage('password');
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [getManifest, show]);

  // Object URLs are released when the visitor leaves.
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  useEffect(() => {
    if (stage !== 'checking') document.documentElement.setAttribute('data-gallery-stage', stage);
    if (stage !== 'checking') setAgeGateState(document.documentElement, stage === 'age' ? 'locked' : 'passed');
  }, [stage]);

  const unlock = async (password: string) => {
    try {
      const unlocked = await unlockWithPassword(await getManifest(), password);
      rememberVerified(PRIVATE_GALLERY_KEY);
      await show(unlocked);
      return true;
    } catch {
      // A wrong password (failed GCM tag) or any failure of the check.
      return false;
    }
  };

  return (
    <div data-private-gallery>
      <AgeGateDialog
        {...age}
        open={stage === 'age'}
        onConfirm={() => {
          rememberAge();
          setStage('password');
        }}
      />
      <PasswordDialog open={stage === 'password'} onUnlock={unlock} />

      {(stage === 'unlocking' || (stage === 'gallery' && photos.length === 0)) && (
        <p role="status" className="py-16 text-center text-muted">
          Unlocking your gallery…
        </p>
      )}
      {problem && stage !== 'gallery' && <p className="sr-only">{problem}</p>}

      {stage === 'gallery' && photos.length > 0 && (
        <>
          <ul className="grid gap-6 sm:grid-cols-3" aria-label="Your private photos">
            {photos.map((photo, index) => (
              <li key={index}>
                <a
                  href={photo.full ?? photo.thumb}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-full={photo.full ? 'ready' : 'loading'}
                  className="block overflow-hidden rounded-sm bg-linen shadow-sm"
                >
                  <img
                    src={photo.thumb}
                    alt={photo.alt}
                    width={photo.width}
                    height={photo.height}
                    className="aspect-[3/2] h-auto w-full object-cover transition-transform duration-500 hover:scale-[1.02] motion-reduce:transition-none"
                  />
                  <span className="sr-only"> (full size, opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}

      {stage === 'gallery' && (
        <p className="mt-12 text-center">
          <a href={requestHref} className="btn btn-outline text-plum">
            Request/Reset Password
          </a>
        </p>
      )}
    </div>
  );
}

export default withErrorBoundary(PrivateGallery);
