import { withErrorBoundary } from '@/ui/ErrorBoundary';
import { AgeGateDialog, type AgeGateTexts } from '@/ui/AgeGateDialog';
import { OpenGallery } from './OpenGallery';
import { ClosedGallery } from '@/private-gallery/ui/components/ClosedGallery';
import { OpenFailed } from '@/private-gallery/ui/components/OpenFailed';
import { PasswordDialog } from '@/private-gallery/ui/components/PasswordDialog';
import { UnlockingStatus } from '@/private-gallery/ui/components/UnlockingStatus';
import { useInvitation } from '@/private-gallery/ui/hooks/useInvitation';
import { usePrivateGalleryStage } from '@/private-gallery/ui/hooks/usePrivateGalleryStage';

interface Props {
  age: AgeGateTexts;
  /** Where "Request/Reset Password" leads. */
  requestHref: string;
  /** The studio's address, for favorites and for closed galleries. */
  studioEmail: string;
}

/**
 * The private client gallery, one stage at a time: the age gate, the password (skipped with a
 * private link or access kept on this device; her name and password, or her password alone under the
 * gallery her invitation link names), then the client's photos, or why they cannot show.
 */
function PrivateGallery({ age, requestHref, studioEmail }: Props) {
  // Before the stage: her invitation's part of the address is read (and taken out) first.
  const invited = useInvitation();
  const { stage, unlocked, reason, problem, confirmAge, retry, unlock, forget, closed } = usePrivateGalleryStage();
  const onForget = () => void forget();

  return (
    <div data-private-gallery>
      <AgeGateDialog {...age} open={stage === 'age'} onConfirm={confirmAge} />
      <PasswordDialog
        open={stage === 'password'}
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
        <OpenGallery
          key={unlocked.index.id}
          unlocked={unlocked}
          studioEmail={studioEmail}
          requestHref={requestHref}
          onForget={onForget}
          onClosed={closed}
        />
      )}
    </div>
  );
}

export default withErrorBoundary(PrivateGallery);
