interface Props {
  count: number;
  selected: number;
  playing: boolean;
  onSelect: (index: number) => void;
  onTogglePlay: () => void;
}

/** One indicator per slide (the shown one is current) and the pause / play button. */
export function SlideControls({ count, selected, playing, onSelect, onTogglePlay }: Props) {
  return (
    // Indicators and pause only work with JavaScript (without it the first slide simply stays).
    <div className="absolute inset-x-0 bottom-16 z-20 flex items-center justify-center gap-2 noscript:hidden">
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className="group grid h-11 w-11 place-items-center"
          aria-label={`Show slide ${index + 1}`}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => onSelect(index)}
          data-indicator={index}
        >
          <span
            aria-hidden="true"
            className="block h-2.5 w-2.5 rounded-full border border-ivory/90 transition-colors group-aria-[current=true]:bg-ivory forced-colors:border-[CanvasText] forced-colors:group-aria-[current=true]:bg-[Highlight]"
          />
        </button>
      ))}
      <button
        type="button"
        className="ml-2 inline-flex h-11 items-center rounded-full px-4 text-xs tracking-[0.15em] text-ivory uppercase ring-1 ring-ivory/50 hover:bg-ivory/10"
        onClick={onTogglePlay}
        data-play-toggle
      >
        {playing ? 'Pause slideshow' : 'Play slideshow'}
      </button>
    </div>
  );
}
