interface Props {
  /** Her chosen photos (1-based); none in a partner's view. */
  favorites: number[];
  /** 'selection' when her package sets a number, else 'favorites'. */
  kind: 'selection' | 'favorites';
  onPlay: (order: number[]) => void;
  count: number;
}

/** Starts the slideshow: the whole gallery, or only her chosen photos once she has some. */
export function SlideshowButtons({ favorites, kind, onPlay, count }: Props) {
  return (
    <div className="mb-8 flex flex-wrap justify-center gap-3">
      <button
        type="button"
        className="btn btn-outline text-plum"
        onClick={() => onPlay(Array.from({ length: count }, (_, i) => i))}
      >
        Play the slideshow
      </button>
      {favorites.length > 0 && (
        <button type="button" className="btn btn-outline text-plum" onClick={() => onPlay(favorites.map((n) => n - 1))}>
          Play my {kind}
        </button>
      )}
    </div>
  );
}
