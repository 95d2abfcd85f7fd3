import { useCallback, useRef, useState } from 'react';
import { useFavorites } from '@/private-gallery/ui/hooks/useFavorites';
import { useFullPhoto } from '@/private-gallery/ui/hooks/useFullPhoto';
import { usePhotoDownload } from '@/private-gallery/ui/hooks/usePhotoDownload';
import { useThumbnails } from '@/private-gallery/ui/hooks/useThumbnails';
import { useZipDownload } from '@/private-gallery/ui/hooks/useZipDownload';
import type { Unlocked } from '@/private-gallery/client/unlock';
import { AccessControls } from '@/private-gallery/ui/components/AccessControls';
import { DownloadPanel } from '@/private-gallery/ui/components/DownloadPanel';
import { FavoritesPanel } from '@/private-gallery/ui/components/FavoritesPanel';
import { GalleryHeader } from '@/private-gallery/ui/components/GalleryHeader';
import { GalleryViewer } from '@/private-gallery/ui/components/GalleryViewer';
import { ThumbnailGrid } from '@/private-gallery/ui/components/ThumbnailGrid';

// The closed-gallery notice writes the last day the same way.

interface Props {
  unlocked: Unlocked;
  studioEmail: string;
  requestHref: string;
  onForget: () => void;
}

/** The gallery stage: thumbnails decrypted as they come into view, the viewer, favorites, downloads. */
export function OpenGallery({ unlocked, studioEmail, requestHref, onForget }: Props) {
  const { index } = unlocked;
  const images = index.images;
  const { thumbs, need, retry } = useThumbnails(unlocked);
  const { favorites, toggle } = useFavorites(index.id, images.length);
  const [viewer, setViewer] = useState<number | null>(null);
  const full = useFullPhoto(unlocked, viewer, need);
  const [status, setStatus] = useState('');
  const downloadPhoto = usePhotoDownload(unlocked, setStatus);
  const { zip, downloadZip } = useZipDownload(unlocked);
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

  return (
    <div data-client-gallery>
      <GalleryHeader title={index.title} count={images.length} expires={index.expires} />

      <ThumbnailGrid
        images={images}
        thumbs={thumbs}
        favorites={favorites}
        onNeed={need}
        onRetry={retry}
        onOpen={openViewer}
        onToggleFavorite={toggle}
      />

      <p role="status" className="mt-6 min-h-6 text-center text-sm text-muted" data-gallery-status>
        {status}
      </p>

      <FavoritesPanel title={index.title} favorites={favorites} studioEmail={studioEmail} onStatus={setStatus} />

      {index.downloads !== 'none' && (
        <DownloadPanel
          images={images}
          downloads={index.downloads}
          favorites={favorites}
          zip={zip}
          onDownloadZip={downloadZip}
        />
      )}

      <AccessControls requestHref={requestHref} onForget={onForget} />

      <GalleryViewer
        index={index}
        thumbs={thumbs}
        full={full.full}
        viewer={viewer}
        favorites={favorites}
        onViewerChange={setViewer}
        onClose={closeViewer}
        onRetryFull={full.retry}
        onToggleFavorite={toggle}
        onDownload={downloadPhoto}
      />
    </div>
  );
}
