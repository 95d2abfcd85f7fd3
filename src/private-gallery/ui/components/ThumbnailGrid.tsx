import { startTransition, useEffect, useState } from 'react';
import type { ThumbState } from '@/private-gallery/client/viewer';
import type { VaultImage } from '@/private-gallery/format/types';
import { Thumbnail, type ThumbnailProps } from './Thumbnail';

interface Props extends Pick<ThumbnailProps, 'onNeed' | 'onRetry' | 'onOpen' | 'onToggleFavorite'> {
  images: VaultImage[];
  /** Thumbnails decrypted so far (or failed), by 0-based index. */
  thumbs: Record<number, ThumbState>;
  /** Favorite photo numbers (1-based). */
  favorites: number[];
  /** View-only (a partner's): no hearts. */
  viewOnly?: boolean;
  /** Her notes by photo number (proofing). */
  notes?: Record<number, string> | undefined;
  /** Photo numbers a selection link marks (the owner's view). */
  picked?: number[] | undefined;
}

/**
 * Tiles drawn as the gallery opens: more than its first screen and the rows below it that load
 * with it (12 thumbnails on a 390 px phone). The others are drawn just after, in a transition React
 * sets aside for anything else, so a large gallery's tiles do not hold back the first thumbnails.
 */
const FIRST_TILES = 24;

/**
 * Every photo of the gallery, numbered, in a grid of thumbnails decrypted as they scroll in: each
 * photo whole, in its own aspect, at the top of its row.
 */
export function ThumbnailGrid({
  images,
  thumbs,
  favorites,
  viewOnly = false,
  notes,
  picked,
  onNeed,
  onRetry,
  onOpen,
  onToggleFavorite,
}: Props) {
  const [drawn, setDrawn] = useState(() => Math.min(images.length, FIRST_TILES));
  useEffect(() => {
    if (drawn < images.length) startTransition(() => setDrawn(images.length));
  }, [drawn, images.length]);
  return (
    <ul className="grid grid-cols-2 items-start gap-4 sm:grid-cols-3 sm:gap-6" aria-label="Your private photos">
      {images.slice(0, drawn).map((image, i) => (
        <Thumbnail
          key={i}
          image={image}
          number={i + 1}
          state={thumbs[i]}
          favorite={viewOnly ? undefined : favorites.includes(i + 1)}
          note={notes?.[i + 1]}
          picked={picked?.includes(i + 1)}
          onNeed={onNeed}
          onRetry={onRetry}
          onOpen={onOpen}
          onToggleFavorite={onToggleFavorite}
        />
      ))}
    </ul>
  );
}
