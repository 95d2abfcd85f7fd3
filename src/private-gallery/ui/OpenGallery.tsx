import { useCallback, useRef, useState } from 'react';
import { useFullPhoto } from '@/private-gallery/ui/hooks/useFullPhoto';
import { usePhotoDownload } from '@/private-gallery/ui/hooks/usePhotoDownload';
import { useSelection } from '@/private-gallery/ui/hooks/useSelection';
import { useThumbnails } from '@/private-gallery/ui/hooks/useThumbnails';
import { useZipDownload } from '@/private-gallery/ui/hooks/useZipDownload';
import type { Unlocked } from '@/private-gallery/client/unlock';
import { picksIn } from '@/private-gallery/format/picks';
import { AccessControls } from '@/private-gallery/ui/components/AccessControls';
import { DownloadPanel } from '@/private-gallery/ui/components/DownloadPanel';
import { FavoritesPanel } from '@/private-gallery/ui/components/FavoritesPanel';
import { GalleryHeader } from '@/private-gallery/ui/components/GalleryHeader';
import { GalleryViewer } from '@/private-gallery/ui/components/GalleryViewer';
import { PicksNotice } from '@/private-gallery/ui/components/PicksNotice';
import { SelectionPanel } from '@/private-gallery/ui/components/SelectionPanel';
import { SelectionCounter } from '@/private-gallery/ui/components/SelectionCounter';
import { Slideshow } from '@/private-gallery/ui/components/Slideshow';
import { SlideshowButtons } from '@/private-gallery/ui/components/SlideshowButtons';
import { ThumbnailGrid } from '@/private-gallery/ui/components/ThumbnailGrid';

interface Props {
  unlocked: Unlocked;
  studioEmail: string;
  requestHref: string;
  onForget: () => void;
  /** The host answered 410 Gone for a photo: the gallery has closed (whatever this device's clock says). */
  onClosed?: () => void;
  /** The studio's time zone, where its last day ends (the page's, from the settings). */
  timeZone: string;
}

/** Everything the open gallery holds: thumbnails, her selection, the viewer, the slideshow, downloads. */
function useOpenGallery(unlocked: Unlocked, onClosed: Props['onClosed']) {
  const { index } = unlocked;
  const { thumbs, need, retry } = useThumbnails(unlocked, onClosed);
  const [status, setStatus] = useState('');
  const selection = useSelection(index, setStatus);
  const [picks] = useState(() => picksIn(window.location.hash));
  const [viewer, setViewer] = useState<number | null>(null);
  const [show, setShow] = useState<number[] | null>(null);
  const full = useFullPhoto(unlocked, viewer, need, onClosed);
  const downloadPhoto = usePhotoDownload(unlocked, setStatus, onClosed);
  const { zip, downloadZip } = useZipDownload(unlocked, onClosed);
  const opener = useRef<HTMLButtonElement | null>(null);

  const openViewer = useCallback((i: number, button: HTMLButtonElement) => {
    opener.current = button;
    setViewer(i);
  }, []);

  const closeViewer = () => {
    setViewer(null);
    full.clear();
    // Focus returns to the photo that opened the viewer.
    opener.current?.focus();
  };
  const viewing = { viewer, setViewer, openViewer, closeViewer, full, show, setShow };
  return { thumbs, need, retry, status, setStatus, selection, picks, downloadPhoto, zip, downloadZip, ...viewing };
}

/**
 * The gallery stage: thumbnails decrypted as they come into view, the viewer, the slideshow, her
 * favorites (a selection with notes when her package sets a number), downloads. A partner's view
 * shows the photos only.
 */
export function OpenGallery({ unlocked, studioEmail, requestHref, onForget, onClosed, timeZone: zone }: Props) {
  const { index } = unlocked;
  const images = index.images;
  const partner = index.view === 'partner';
  const gallery = useOpenGallery(unlocked, onClosed);
  const { thumbs, need, status, picks, show } = gallery;
  const { rules, favorites, notes, choose } = gallery.selection;

  return (
    <div data-client-gallery data-view={partner ? 'partner' : 'client'}>
      <GalleryHeader title={index.title} count={images.length} expires={index.expires} partner={partner} zone={zone} />
      {picks && !partner && <PicksNotice picks={picks} galleryId={index.id} count={images.length} />}

      <SlideshowButtons
        favorites={partner ? [] : favorites}
        kind={rules ? 'selection' : 'favorites'}
        count={images.length}
        onPlay={gallery.setShow}
      />

      <div className="relative">
        <ThumbnailGrid
          images={images}
          thumbs={thumbs}
          favorites={favorites}
          viewOnly={partner}
          notes={rules && !partner ? notes : undefined}
          picked={picks && index.id.startsWith(picks.gallery) ? picks.numbers : undefined}
          onNeed={need}
          onRetry={gallery.retry}
          onOpen={gallery.openViewer}
          onToggleFavorite={choose}
        />
        {rules && !partner && <SelectionCounter count={favorites.length} rules={rules} />}
      </div>

      <p role="status" className="mt-6 min-h-6 text-center text-sm text-muted" data-gallery-status>
        {status}
      </p>

      {!partner && <ClientPanels unlocked={unlocked} gallery={gallery} studioEmail={studioEmail} />}

      <AccessControls requestHref={requestHref} onForget={onForget} partner={partner} />

      <Viewer unlocked={unlocked} gallery={gallery} partner={partner} />

      {show && (
        <Slideshow
          unlocked={unlocked}
          thumbs={thumbs}
          need={need}
          order={show}
          onClose={() => gallery.setShow(null)}
          onGone={onClosed}
        />
      )}
    </div>
  );
}

/** What only the client has (never a partner): her selection or favorites to send, and downloads. */
function ClientPanels({
  unlocked: { index },
  gallery,
  studioEmail,
}: {
  unlocked: Unlocked;
  gallery: ReturnType<typeof useOpenGallery>;
  studioEmail: string;
}) {
  const { rules, favorites, notes, sent, changed, markSent } = gallery.selection;
  return (
    <>
      {rules && (
        <SelectionPanel
          index={index}
          rules={rules}
          picks={favorites}
          notes={notes}
          sent={sent}
          changed={changed}
          studioEmail={studioEmail}
          onSent={markSent}
          onStatus={gallery.setStatus}
        />
      )}
      {!rules && (
        <FavoritesPanel
          title={index.title}
          favorites={favorites}
          studioEmail={studioEmail}
          onStatus={gallery.setStatus}
        />
      )}

      {index.downloads !== 'none' && (
        <DownloadPanel
          images={index.images}
          downloads={index.downloads}
          favorites={favorites}
          zip={gallery.zip}
          onDownloadZip={gallery.downloadZip}
        />
      )}
    </>
  );
}

/** The viewer: one photo at a time, with her heart, note and download. */
function Viewer({
  unlocked: { index },
  gallery,
  partner,
}: {
  unlocked: Unlocked;
  gallery: ReturnType<typeof useOpenGallery>;
  partner: boolean;
}) {
  const { rules, favorites, notes, choose, note } = gallery.selection;
  return (
    <GalleryViewer
      index={index}
      thumbs={gallery.thumbs}
      full={gallery.full.full}
      viewer={gallery.viewer}
      favorites={favorites}
      viewOnly={partner}
      notes={rules && !partner ? notes : undefined}
      onNote={note}
      onViewerChange={gallery.setViewer}
      onClose={gallery.closeViewer}
      onRetryFull={gallery.full.retry}
      onToggleFavorite={choose}
      onDownload={gallery.downloadPhoto}
    />
  );
}
