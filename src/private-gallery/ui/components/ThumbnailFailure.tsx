interface Props {
  /** The photo's number (1-based), as the client sees it. */
  number: number;
  onRetry: () => void;
}

/** In place of a thumbnail that could not be loaded: says so, with a Retry. */
export function ThumbnailFailure({ number, onRetry }: Props) {
  return (
    <div
      role="alert"
      className="flex aspect-[3/2] flex-col items-center justify-center gap-3 rounded-sm bg-linen p-4 text-center text-sm text-ink"
    >
      <p>Photo {number} could not be loaded.</p>
      <button type="button" className="btn btn-outline text-plum" onClick={onRetry}>
        Retry<span className="sr-only"> photo {number}</span>
      </button>
    </div>
  );
}
