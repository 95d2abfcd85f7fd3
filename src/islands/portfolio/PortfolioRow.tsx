import {
  PREVIEW_COUNT,
  rowHeadingId,
  tilePriority,
  viewMoreLabel,
  type FilterId,
  type GalleryImage,
  type GalleryRow,
} from '@/lib/portfolio/portfolio';
import { LoadProblem } from './LoadProblem';
import { PhotoTile } from './PhotoTile';

interface Props {
  row: GalleryRow;
  /** The row's place on the page (the first row's previews load first). */
  rowIndex: number;
  /** How many photos the category holds in all. */
  total: number;
  /** The 'All' view: the last preview tile offers the category's own gallery. */
  offersGallery: boolean;
  /** Why the rest of the category did not arrive (null when nothing went wrong). */
  problem: string | null;
  onRetry: () => void;
  /** A pointer over or a finger on View Gallery: the category's photos can start on their way. */
  onIntent: (filter: FilterId) => void;
  register: (id: string) => (element: HTMLButtonElement | null) => void;
  onOpen: (image: GalleryImage) => void;
  onViewGallery: (row: GalleryRow) => void;
  onViewMore: (row: GalleryRow) => void;
}

/** One category: its heading and count, its tiles, and View Gallery or View More. */
export function PortfolioRow({
  row,
  rowIndex,
  total,
  offersGallery,
  problem,
  onRetry,
  onIntent,
  register,
  onOpen,
  onViewGallery,
  onViewMore,
}: Props) {
  return (
    <section aria-labelledby={rowHeadingId(row.category)} className="mb-16 last:mb-0 md:mb-24">
      <header className="mb-6 flex items-end justify-between gap-4 border-b border-plum/15 pb-4 md:mb-8">
        <h2 id={rowHeadingId(row.category)} tabIndex={-1} className="text-3xl md:text-4xl">
          {row.label}
        </h2>
        <p className="shrink-0 text-xs tracking-[0.25em] text-muted uppercase">{total} portraits</p>
      </header>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-6">
        {row.shown.map((image, index) => (
          <li key={image.id} className={`group/item relative ${index % 3 === 0 ? 'col-span-2 md:col-span-1' : ''}`}>
            <PhotoTile
              image={image}
              priority={tilePriority(rowIndex, index)}
              onOpen={onOpen}
              register={register(image.id)}
            />
            {offersGallery && index === PREVIEW_COUNT - 1 && (
              <button
                type="button"
                onClick={() => onViewGallery(row)}
                onPointerEnter={() => onIntent(row.category)}
                onTouchStart={() => onIntent(row.category)}
                onFocus={() => onIntent(row.category)}
                className="absolute right-2 bottom-2 inline-flex min-h-10 items-center gap-1.5 rounded-full bg-ivory/95 px-3 py-2 text-[0.7rem] font-medium tracking-[0.12em] text-plum-deep uppercase shadow-md transition-colors hover:bg-blush md:right-4 md:bottom-4 md:px-5 md:text-xs"
              >
                View Gallery<span className="sr-only"> of {row.label}</span> <span aria-hidden="true">→</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {problem && <LoadProblem problem={problem} onRetry={onRetry} />}
      {row.hidden > 0 && (
        <div className="mt-10 text-center">
          <button type="button" className="btn btn-outline text-plum-deep" onClick={() => onViewMore(row)}>
            {viewMoreLabel(row.label, row.hidden)}
          </button>
        </div>
      )}
    </section>
  );
}
