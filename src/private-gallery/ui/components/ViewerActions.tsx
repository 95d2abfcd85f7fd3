import type { ReactNode } from 'react';
import { formatBytes } from '@/private-gallery/client/labels';
import type { FullState } from '@/private-gallery/client/viewer';
import type { VaultFile } from '@/private-gallery/format/types';
import { HeartIcon } from './HeartIcon';

interface Props {
  /** The full-size photo, when it is this one's. */
  full: FullState | null;
  /** Whether it is a favorite; undefined in a view-only gallery (no heart). */
  favorite: boolean | undefined;
  /** The file a download gives, or undefined when the gallery has no downloads. */
  file: VaultFile | undefined;
  onRetryFull: () => void;
  onToggleFavorite: () => void;
  onDownload: () => void;
  /** Her note on this photo (proofing). */
  children?: ReactNode;
}

/** Under the photo in the viewer: how the full-size photo is coming, the favorite heart, a download. */
export function ViewerActions({ full, favorite, file, onRetryFull, onToggleFavorite, onDownload, children }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 text-sm">
      <FullPhotoNotice full={full} onRetry={onRetryFull} />
      {favorite !== undefined && (
        <button
          type="button"
          aria-pressed={favorite}
          onClick={onToggleFavorite}
          className="flex items-center gap-2 rounded-full px-4 py-2 ring-1 ring-ivory/40"
        >
          <HeartIcon filled={favorite} />
          Favorite
        </button>
      )}
      {file && (
        <button type="button" onClick={onDownload} className="rounded-full px-4 py-2 ring-1 ring-ivory/40">
          Download ({formatBytes(file.bytes)})
        </button>
      )}
      {children}
    </div>
  );
}

/** Says the full-size photo is loading (nothing once it is shown), or that it failed, with a Retry. */
function FullPhotoNotice({ full, onRetry }: { full: FullState | null; onRetry: () => void }) {
  if (full?.error) {
    return (
      <span role="alert" className="flex items-center gap-3">
        The full-size photo could not be loaded.
        <button type="button" className="rounded-full px-4 py-2 ring-1 ring-ivory/40" onClick={onRetry}>
          Retry
        </button>
      </span>
    );
  }
  return (
    <span role="status" data-full-state={full?.url ? 'ready' : 'loading'}>
      {full?.url ? '' : 'Loading the full-size photo…'}
    </span>
  );
}
