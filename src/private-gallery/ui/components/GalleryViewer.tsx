import { useMemo } from 'react';
import { Lightbox } from '@/ui/Lightbox';
import { downloadFile } from '@/private-gallery/client/downloads';
import { viewerImages, type FullState, type ThumbState } from '@/private-gallery/client/viewer';
import type { VaultIndex, VaultImage } from '@/private-gallery/format/types';
import type { Notes } from '@/private-gallery/client/selection';
import { NoteField } from './NoteField';
import { ViewerActions } from './ViewerActions';

interface Props {
  index: VaultIndex;
  /** Thumbnails decrypted so far, shown until the full-size photo is ready. */
  thumbs: Record<number, ThumbState>;
  full: FullState | null;
  /** The photo shown (0-based), or null when the viewer is closed. */
  viewer: number | null;
  /** Favorite photo numbers (1-based). */
  favorites: number[];
  onViewerChange: (index: number) => void;
  onClose: () => void;
  onRetryFull: () => void;
  onToggleFavorite: (number: number) => void;
  onDownload: (image: VaultImage, number: number) => Promise<void>;
  /** View-only (a partner's): no heart. */
  viewOnly?: boolean;
  /** Her notes (proofing), written here; absent: no notes. */
  notes?: Notes | undefined;
  onNote?: (number: number, text: string) => void;
}

/** The gallery's photos in the site's viewer, at full size, each with its favorite heart and download. */
export function GalleryViewer({
  index,
  thumbs,
  full,
  viewer,
  favorites,
  onViewerChange,
  onClose,
  onRetryFull,
  onToggleFavorite,
  onDownload,
  viewOnly = false,
  notes,
  onNote,
}: Props) {
  const images = index.images;
  const lightboxImages = useMemo(() => viewerImages(images, thumbs, full), [images, thumbs, full]);
  return (
    <Lightbox
      images={lightboxImages}
      index={viewer}
      label="Private photo viewer"
      labelOf={() => index.title}
      onIndexChange={onViewerChange}
      onClose={onClose}
      actions={(_, i) => {
        const image = images[i];
        if (!image) return null;
        const number = i + 1;
        return (
          <ViewerActions
            full={full?.index === i ? full : null}
            favorite={viewOnly ? undefined : favorites.includes(number)}
            file={downloadFile(image, index.downloads)}
            onRetryFull={onRetryFull}
            onToggleFavorite={() => onToggleFavorite(number)}
            onDownload={() => void onDownload(image, number)}
          >
            {notes && onNote && (
              <NoteField number={number} note={notes[number] ?? ''} onNote={(text) => onNote(number, text)} />
            )}
          </ViewerActions>
        );
      }}
    />
  );
}
