/** The viewer's round close button, top right. */
export function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="absolute top-3 right-3 flex size-12 items-center justify-center rounded-full bg-ivory/10 text-ivory ring-1 ring-ivory/30 transition-colors hover:bg-ivory/20 md:top-5 md:right-5"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
        <path d="M6 6l12 12M18 6L6 18" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span className="sr-only">Close</span>
    </button>
  );
}

/** The previous and next arrows at the sides, for a viewer with more than one photo. */
export function StepButtons({ onStep }: { onStep: (by: -1 | 1) => void }) {
  return (
    <>
      <button
        type="button"
        onClick={() => onStep(-1)}
        className="absolute top-1/2 left-2 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-ink/60 text-ivory ring-1 ring-ivory/30 transition-colors hover:bg-ink/80 md:left-6"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
          <path d="M15 5l-7 7 7 7" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">Previous photo</span>
      </button>
      <button
        type="button"
        onClick={() => onStep(1)}
        className="absolute top-1/2 right-2 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-ink/60 text-ivory ring-1 ring-ivory/30 transition-colors hover:bg-ink/80 md:right-6"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
          <path d="M9 5l7 7-7 7" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">Next photo</span>
      </button>
    </>
  );
}
