import { memo, useCallback, useRef } from 'react';
import { useNearViewport } from '@/private-gallery/ui/hooks/useNearViewport';
import type { ThumbState } from '@/private-gallery/client/viewer';
import type { VaultImage } from '@/private-gallery/format/types';
import { HeartIcon } from './HeartIcon';
import { ThumbnailFailure } from './ThumbnailFailure';

/** Thumbnails start loading this far before they scroll into view. */
const PRELOAD_MARGIN = '600px 0px';

export interface ThumbnailProps {
  image: VaultImage;
  /** The photo's number (1-based), as the client sees it. */
  number: number;
  state: ThumbState | undefined;
  /** Whether it is a favorite; undefined in a view-only gallery (no heart). */
  favorite: boolean | undefined;
  /** Her note on it (proofing). */
  note?: string | undefined;
  /** Marked by a selection link (the owner's view). */
  picked?: boolean | undefined;
  onNeed: (index: number) => void;
  onRetry: (index: number) => void;
  onOpen: (index: number, opener: HTMLButtonElement) => void;
  onToggleFavorite: (number: number) => void;
}

/**
 * One photo of the grid: asks for its thumbnail as it comes near the viewport, shows a placeholder
 * until then, opens the viewer, and carries its favorite heart. Drawn again only when its own props
 * change, so a thumbnail arriving redraws its own tile, not every tile of the grid.
 */
export const Thumbnail = memo(function Thumbnail({
  image,
  number,
  state,
  favorite,
  note,
  picked,
  onNeed,
  onRetry,
  onOpen,
  onToggleFavorite,
}: ThumbnailProps) {
  const ref = useRef<HTMLLIElement>(null);
  const index = number - 1;
  const need = useCallback(() => onNeed(index), [onNeed, index]);
  useNearViewport(ref, need, PRELOAD_MARGIN);
  return (
    <li ref={ref} className="relative" data-photo={number} data-picked={picked || undefined}>
      {state && 'error' in state ? (
        <ThumbnailFailure number={number} onRetry={() => onRetry(index)} />
      ) : (
        <ThumbnailButton image={image} number={number} state={state} onOpen={(opener) => onOpen(index, opener)} />
      )}
      {favorite !== undefined && (
        <FavoriteButton number={number} favorite={favorite} onToggle={() => onToggleFavorite(number)} />
      )}
      <p className="mt-2 text-xs tracking-[0.2em] text-muted uppercase" aria-hidden={picked ? undefined : true}>
        {number}
        {picked && <span className="ml-2 text-plum normal-case">· Chosen by your client</span>}
      </p>
      {note && (
        <p className="mt-1 line-clamp-2 text-sm text-ink/80 italic" data-note>
          <span className="sr-only">Your note on photo {number}: </span>
          {note}
        </p>
      )}
    </li>
  );
});

/**
 * The photo's button, the shape of its thumbnail (the whole photo, its own aspect, from the index:
 * the grid keeps its place before it loads, so nothing moves): the thumbnail once loaded, a
 * placeholder until then; opens the viewer.
 */
function ThumbnailButton({
  image,
  number,
  state,
  onOpen,
}: {
  image: VaultImage;
  number: number;
  state: { url: string } | undefined;
  onOpen: (opener: HTMLButtonElement) => void;
}) {
  return (
    <button
      type="button"
      onClick={(event) => onOpen(event.currentTarget)}
      className="block w-full overflow-hidden rounded-sm bg-linen shadow-sm"
      style={{ aspectRatio: `${image.thumb.width} / ${image.thumb.height}` }}
      aria-label={`Open photo ${number}`}
    >
      {state ? (
        <img
          src={state.url}
          alt={image.alt}
          width={image.thumb.width}
          height={image.thumb.height}
          className="block size-full object-contain transition-transform duration-500 hover:scale-[1.02] motion-reduce:transition-none"
        />
      ) : (
        <span className="block size-full animate-pulse bg-linen motion-reduce:animate-none" />
      )}
    </button>
  );
}

/** Her favorite heart on a photo. */
function FavoriteButton({ number, favorite, onToggle }: { number: number; favorite: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={favorite}
      onClick={onToggle}
      className="absolute top-2 right-2 flex size-11 items-center justify-center rounded-full bg-ivory/90 text-plum shadow ring-1 ring-plum/20"
    >
      <HeartIcon filled={favorite} />
      <span className="sr-only">Favorite photo {number}</span>
    </button>
  );
}
