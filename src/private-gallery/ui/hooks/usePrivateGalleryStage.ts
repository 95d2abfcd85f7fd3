import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetFavorites } from '@/private-gallery/client/favorites';
import { forgetSelection } from '@/private-gallery/client/selection';
import { isVerified, PRIVATE_GALLERY_KEY, rememberVerified } from '@/lib/browser/gates';
import { takeArrival } from '@/private-gallery/client/arrival';
import {
  accessLinkIn,
  BROKEN_LINK,
  FORGOTTEN,
  galleryStage,
  openWithoutPassword,
  sharedUntilFailure,
  tryPassword,
  type GalleryVault,
  type Stage,
} from '@/private-gallery/client/stages';
import { removeStorage } from '@/lib/browser/storage';
import { STUDIO_TIME_ZONE } from '@/private-gallery/format/dates';
import {
  clearAccess,
  fetchManifest,
  unlockWithPassword,
  unlockWithSecret,
  unlockWithStoredAccess,
  type Unlocked,
} from '@/private-gallery/client/unlock';

/** This browser's vault; a failed manifest download is not kept, so Retry fetches it again. */
const browserVault = (): GalleryVault => ({
  manifest: sharedUntilFailure(() => fetchManifest()),
  withSecret: (manifest, secret) => unlockWithSecret(manifest, secret),
  withStoredAccess: (manifest) => unlockWithStoredAccess(manifest),
  withPassword: (manifest, attempt) => unlockWithPassword(manifest, attempt),
  clearAccess,
  remember: () => void rememberVerified(PRIVATE_GALLERY_KEY),
});

/**
 * The private link she arrived with, if any. The page's script took it out of the address bar and
 * this history entry at once, while the age gate showed (takeArrival); the browser's history and
 * the message it came in keep the whole address: the README says so.
 */
const takeLink = () => accessLinkIn(takeArrival());

/** Mirrors the stage on <html> for the page's CSS. */
function useStageOnPage(stage: Stage) {
  useEffect(() => {
    if (stage === 'checking') return;
    document.documentElement.setAttribute('data-gallery-stage', stage);
  }, [stage]);
}

/** What opening without a password led to: the gallery, closed, a failure to retry, or the password. */
function settle(
  opening: Awaited<ReturnType<typeof openWithoutPassword>>,
  set: {
    show: (result: Unlocked) => void;
    setUnlocked: (unlocked: null) => void;
    setStage: (stage: Stage) => void;
    setProblem: (problem: string) => void;
    setReason: (reason: string) => void;
  },
) {
  if (opening.stage === 'unlocked') return set.show(opening.unlocked);
  if (opening.stage === 'closed') {
    set.setUnlocked(null);
    return set.setStage('closed');
  }
  if (opening.stage === 'failed') {
    set.setProblem(opening.problem);
    return set.setStage('failed');
  }
  set.setReason(opening.reason);
  set.setStage('password');
}

/** Forgets this device's access, its age-gate pass for the gallery, and her favorites and selection. */
async function forgetOnThisDevice(unlocked: Unlocked | null) {
  await clearAccess();
  removeStorage('local', PRIVATE_GALLERY_KEY);
  if (unlocked) {
    forgetFavorites(unlocked.index.id);
    forgetSelection(unlocked.index.id);
  }
}

/**
 * The stage, the opened gallery, why the password is asked and what failed; `show` opens a gallery
 * (closed past its last day, which ends at midnight in the studio's time zone, `timeZone`).
 */
function useStageState(timeZone: string) {
  const [stage, setStage] = useState<Stage>('checking');
  const [unlocked, setUnlocked] = useState<Unlocked | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const show = useCallback(
    (result: Unlocked) => {
      setUnlocked(result);
      setStage(galleryStage(result, new Date(), timeZone));
    },
    [timeZone],
  );
  return { stage, setStage, unlocked, setUnlocked, reason, setReason, problem, setProblem, show };
}

/**
 * The private gallery's stages once she has passed the page's age gate (the island starts only then,
 * client:entered): a private link, kept access or the password, then the gallery (or closed, or a
 * failure to retry). Mirrors the stage on <html> for the page's CSS.
 */
export function usePrivateGalleryStage(timeZone: string = STUDIO_TIME_ZONE) {
  const { stage, setStage, unlocked, setUnlocked, reason, setReason, problem, setProblem, show } =
    useStageState(timeZone);
  const [vault] = useState(browserVault);
  const linkSecret = useRef<Uint8Array<ArrayBuffer> | null>(null);

  /** The private link, else the remembered access, else the password. */
  const proceed = useCallback(async () => {
    setProblem('');
    const secret = linkSecret.current;
    if (!secret && !isVerified(PRIVATE_GALLERY_KEY)) {
      // Fetched while she types, so the check starts at once; a failure shows on submit.
      vault.manifest().catch(() => undefined);
      return setStage('password');
    }
    setStage('unlocking');
    const opening = await openWithoutPassword(vault, secret);
    // A link is used once it has been checked; after a failed download, Retry tries it again.
    if (opening.stage !== 'failed') linkSecret.current = null;
    settle(opening, { show, setUnlocked, setStage, setProblem, setReason });
  }, [vault, show, setUnlocked, setStage, setProblem, setReason]);

  // Decide the stage on the client; the head script already showed the right overlay.
  useEffect(() => {
    const link = takeLink();
    if (link === 'broken') setReason(BROKEN_LINK);
    else if (link) linkSecret.current = link;
    void proceed();
  }, [proceed, setReason]);
  useStageOnPage(stage);

  const unlock = async (gallery: string, password: string, typed?: 'name and password' | 'password') => {
    const attempt = await tryPassword(vault, { gallery, password }, typed);
    if (attempt.ok || attempt.closed) setReason('');
    if (attempt.ok) show(attempt.unlocked);
    else if (attempt.closed) {
      setUnlocked(null);
      setStage('closed');
    }
    return attempt;
  };

  /** The host answered 410 for one of its photos: past its closing date, whatever this device's clock says. */
  const closed = useCallback(() => setStage('closed'), [setStage]);

  const forget = async () => {
    await forgetOnThisDevice(unlocked);
    setUnlocked(null);
    setReason(FORGOTTEN);
    setStage('password');
  };

  return { stage, unlocked, reason, problem, retry: () => void proceed(), unlock, forget, closed };
}
