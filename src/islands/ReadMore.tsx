import { useEffect, useId, useRef, useState } from 'react';
import { withErrorBoundary } from '@/ui/ErrorBoundary';

interface Props {
  /** Plain-text paragraphs shown after the visitor asks for more. */
  more: string[];
  moreLabel?: string;
  lessLabel?: string;
}

/**
 * A Read More / Read Less toggle below a summary. The extra text is in the server HTML, closed with
 * hidden="until-found" (on the <studio-panel> element Accordion declares) so find-in-page opens it.
 */
function ReadMore({ more, moreLabel = 'Read More', lessLabel = 'Read Less' }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panel = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const onMatch = () => setOpen(true);
    el.addEventListener('beforematch', onMatch);
    return () => el.removeEventListener('beforematch', onMatch);
  }, []);

  return (
    <div>
      <studio-panel
        id={panelId}
        ref={(el) => {
          panel.current = el;
        }}
        hidden={open ? undefined : 'until-found'}
        className="block space-y-5"
      >
        {more.map((paragraph, index) => (
          <p key={index} className="first:mt-5">
            {paragraph}
          </p>
        ))}
      </studio-panel>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="btn btn-outline mt-8 text-plum"
      >
        {open ? lessLabel : moreLabel}
      </button>
    </div>
  );
}

export default withErrorBoundary(ReadMore);
