import { pagerLinks, type PagerLink } from '@/lib/blog/blog-list';
import type { NavigateHandler } from './navigate';

const STEP_LABELS = {
  previous: (
    <>
      <span aria-hidden="true">←</span> Previous
    </>
  ),
  next: (
    <>
      Next <span aria-hidden="true">→</span>
    </>
  ),
};

const pagerBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-medium uppercase transition-colors';
// Compact on phones so Previous, three numbers and Next share one row at 390 px.
const pagerStep = `${pagerBase} px-2.5 text-xs tracking-[0.1em] sm:px-4 sm:text-sm sm:tracking-[0.14em]`;
const pagerNumber = `${pagerBase} w-11 text-sm`;

interface Props {
  page: number;
  pages: number;
  /** The search the pages belong to ('' for none); it stays in every link. */
  search: string;
  onNavigate: NavigateHandler;
}

/** Previous, the page numbers and Next. */
export function BlogPager({ page, pages, search, onNavigate }: Props) {
  return (
    // Without JavaScript its links could not change the page (the list below is the server's page 1):
    // hidden then, where <noscript> lists every post. With it, a press before the island is ready is
    // held until it is (client:reached).
    <nav aria-label="Blog pages" className="mt-20 noscript:hidden">
      <ul className="flex flex-wrap items-center justify-center gap-1.5 sm:gap-2">
        {pagerLinks(page, pages, search).map((link) => (
          <li key={link.kind === 'step' ? link.direction : link.page}>
            <PagerItem link={link} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PagerItem({ link, onNavigate }: { link: PagerLink; onNavigate: NavigateHandler }) {
  const { href } = link;
  if (link.kind === 'number') {
    return link.current ? (
      <a
        href={link.href}
        aria-current="page"
        aria-label={`Page ${link.page}`}
        onClick={(event) => onNavigate(event, link.href)}
        className={`${pagerNumber} bg-plum text-ivory`}
      >
        {link.page}
      </a>
    ) : (
      <a
        href={link.href}
        onClick={(event) => onNavigate(event, link.href)}
        className={`${pagerNumber} text-plum ring-1 ring-plum/20 hover:bg-blush`}
        aria-label={`Page ${link.page}`}
      >
        {link.page}
      </a>
    );
  }
  // A step that leads nowhere stays in place, announced as a disabled link: without an href it
  // cannot be followed or focused, which is the point.
  return href === null ? (
    // eslint-disable-next-line jsx-a11y/anchor-is-valid
    <a role="link" aria-disabled="true" className={`${pagerStep} cursor-not-allowed text-muted`}>
      {STEP_LABELS[link.direction]}
    </a>
  ) : (
    <a
      href={href}
      onClick={(event) => onNavigate(event, href)}
      className={`${pagerStep} text-plum ring-1 ring-plum/25 hover:bg-blush`}
    >
      {STEP_LABELS[link.direction]}
    </a>
  );
}
