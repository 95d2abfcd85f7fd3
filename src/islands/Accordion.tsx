import { useCallback, useId, useState, type ReactNode } from 'react';
import { useBeforeMatch } from './accordion/useBeforeMatch';
import { useDetailsTakeover } from './accordion/useDetailsTakeover';
import { LIST_CLASS, type AccordionVariant } from './accordion/classes';
import { DisclosureItem } from './accordion/DisclosureItem';
import { toggleButtonId, ToggleItem } from './accordion/ToggleItem';
import { withErrorBoundary } from '@/ui/ErrorBoundary';

export interface AccordionItem {
  /** Button text. */
  title: string;
  /** Plain-text paragraphs of the panel. */
  paragraphs?: string[];
}

interface Props {
  items: AccordionItem[];
  /** Heading level that wraps each button, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Visual style. */
  variant?: AccordionVariant;
  /** Rich panel content rendered on the server, for single-item disclosures (e.g. testimonials). */
  children?: ReactNode;
}

// The panel is a custom element because React renders `hidden` on built-in elements as a plain
// boolean, while custom elements keep the string value "until-found" in the server HTML too.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'studio-panel': Omit<HTMLAttributes<HTMLElement>, 'hidden'> & {
        hidden?: 'until-found' | undefined;
        ref?: (el: HTMLElement | null) => void;
      };
    }
  }
}

/**
 * Single-open, collapsible accordion. The server HTML (and the page without JavaScript) is native
 * disclosure: <details> sharing one `name`, so the browser keeps one open, and find-in-page opens
 * the one holding a match. Once hydrated the island takes over with buttons and panels that use
 * hidden="until-found" (the browser fires `beforematch`), keeping whichever item was open.
 * Each item's value is its list position.
 */
function Accordion({ items, headingLevel = 3, variant = 'list', children }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  const focusButton = useCallback(
    (index: number) => document.getElementById(toggleButtonId(baseId, index))?.focus(),
    [baseId],
  );
  const { hydrated, detailsRef } = useDetailsTakeover(setOpen, focusButton);
  const panelRef = useBeforeMatch(items.length, hydrated, setOpen);
  const toggle = useCallback((index: number) => setOpen((current) => (current === index ? null : index)), []);

  return (
    <div className={LIST_CLASS[variant]} data-accordion>
      {items.map((item, index) =>
        hydrated ? (
          <ToggleItem
            key={index}
            id={baseId}
            index={index}
            title={item.title}
            paragraphs={item.paragraphs}
            variant={variant}
            heading={Heading}
            open={open === index}
            onToggle={toggle}
            panelRef={panelRef(index)}
          >
            {children}
          </ToggleItem>
        ) : (
          <DisclosureItem
            key={index}
            name={baseId}
            index={index}
            title={item.title}
            paragraphs={item.paragraphs}
            variant={variant}
            heading={Heading}
            detailsRef={detailsRef(index)}
          >
            {children}
          </DisclosureItem>
        ),
      )}
    </div>
  );
}

export default withErrorBoundary(Accordion);
