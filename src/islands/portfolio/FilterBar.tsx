import type { FilterId, FilterOption } from '@/lib/portfolio/portfolio';

interface Props {
  filters: FilterOption[];
  selected: FilterId;
  onChoose: (filter: FilterId) => void;
  /** A pointer over or a finger on a button: its photos can start on their way before the click. */
  onIntent: (filter: FilterId) => void;
}

/** The filter buttons above the gallery; the chosen one is pressed. */
export function FilterBar({ filters, selected, onChoose, onIntent }: Props) {
  return (
    <div
      role="group"
      aria-label="Filter the portfolio"
      // Phones: one row that scrolls sideways, so the first photos stay in view; wider screens wrap.
      className="-mx-5 flex [scrollbar-width:none] gap-2 overflow-x-auto px-5 pb-2 md:mx-0 md:flex-wrap md:justify-center md:gap-3 md:overflow-visible md:px-0"
    >
      {filters.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={option.id === selected}
          aria-controls="portfolio-gallery"
          onClick={() => onChoose(option.id)}
          onPointerEnter={() => onIntent(option.id)}
          onTouchStart={() => onIntent(option.id)}
          onFocus={() => onIntent(option.id)}
          className="min-h-11 shrink-0 rounded-full border border-plum/25 px-4 py-2 text-xs font-medium tracking-[0.14em] whitespace-nowrap text-plum-deep uppercase transition-colors duration-300 hover:border-plum hover:bg-blush/40 aria-pressed:border-plum-deep aria-pressed:bg-plum-deep aria-pressed:text-ivory md:px-6 md:text-[0.8rem]"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
