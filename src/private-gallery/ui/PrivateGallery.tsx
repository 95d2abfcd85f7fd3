import { lazy, Suspense, useEffect, useState } from 'react';
import { withErrorBoundary } from '@/ui/ErrorBoundary';
import { ClosedGallery } from '@/private-gallery/ui/components/ClosedGallery';
import { OpenFailed } from '@/private-gallery/ui/components/OpenFailed';
import { PasswordDialog } from '@/private-gallery/ui/components/PasswordDialog';
import { UnlockingStatus } from '@/private-gallery/ui/components/UnlockingStatus';
import { useInvitation } from '@/private-gallery/ui/hooks/useInvitation';
import { usePrivateGalleryStage } from '@/private-gallery/ui/hooks/usePrivateGalleryStage';
import { STUDIO_TIME_ZONE } from '@/private-gallery/format/dates';

/**
 * The open gallery's code (its grid, viewer, choosing, downloads) is its own chunk: none of it is needed
 * before her first tap (the age gate, her password), so the page's first JavaScript stays within its
 * budget (scripts/dist-checks/check-budgets.ts). It is fetched as soon as the page is idle, so the
 * gallery does not wait for it after Unlock.
 */
const loadOpenGallery = () => import('./OpenGallery').then((module) => ({ default: module.OpenGallery }));
const OpenGallery = lazy(loadOpenGallery);

/**
 * Whether her password card was opened before this island's code came (at her press on the age
 * gate, early-card.ts): then it stays open while the island decides, the same card with what she
 * typed, never closed and opened again.
 */
const openedEarly = () =>
  typeof document !== 'undefined' &&
  document.querySelector<HTMLDialogElement>('dialog[data-password-dialog]')?.open === true;

interface Props {
  /** Where "Request/Reset Password" leads. */
  requestHref: string;
  /** The studio's address, for favorites and for closed galleries. */
  studioEmail: string;
  /** The studio's time zone (the settings' `business.timeZone`, at build time): a last day ends at its midnight. */
  timeZone?: string;
}

/**
 * The private client gallery, one stage at a time, once she has passed the page's age gate (drawn
 * without React, src/components/AgeGate.astro; this island starts only then, client:entered): the
 * password (skipped with a private link or access kept on this device; her name and password, or her
 * password alone under the gallery her invitation link names), then the client's photos, or why they
 * cannot show.
 */
function PrivateGallery({ requestHref, studioEmail, timeZone = STUDIO_TIME_ZONE }: Props) {
  // Before the stage: the gallery her invitation names, from the address the page's script took.
  const invited = useInvitation();
  const { stage, unlocked, reason, problem, retry, unlock, forget, closed } = usePrivateGalleryStage(timeZone);
  const onForget = () => void forget();
  const [early] = useState(openedEarly);
  useEffect(() => {
    const warm = () => void loadOpenGallery();
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(warm, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(warm, 200);
    return () => clearTimeout(timer);
  }, []);

  return (
    // Her first keystroke in the password dialog fetches the open gallery's code too, if the idle
    // moment has not come yet: it is there when she presses Unlock, not fetched beside her key's
    // derivation and the index.
    <div data-private-gallery onInput={() => void loadOpenGallery()}>
      <PasswordDialog
        open={stage === 'password' || (early && stage === 'checking')}
        reason={reason}
        requestHref={requestHref}
        invited={invited}
        onUnlock={unlock}
      />

      {stage === 'unlocking' && <UnlockingStatus />}

      {stage === 'failed' && <OpenFailed problem={problem} requestHref={requestHref} onRetry={retry} />}

      {stage === 'closed' && (
        <ClosedGallery
          gallery={unlocked?.index ?? null}
          studioEmail={studioEmail}
          requestHref={requestHref}
          onForget={onForget}
        />
      )}

      {stage === 'gallery' && unlocked && (
        <Suspense fallback={<UnlockingStatus />}>
          <OpenGallery
            key={unlocked.index.id}
            unlocked={unlocked}
            studioEmail={studioEmail}
            requestHref={requestHref}
            onForget={onForget}
            onClosed={closed}
            timeZone={timeZone}
          />
        </Suspense>
      )}
    </div>
  );
}

export default withErrorBoundary(PrivateGallery);
