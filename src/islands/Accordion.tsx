import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { withErrorBoundary } from './ErrorBoundary';

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
  variant?: 'list' | 'disclosure';
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

const ICON_CLASS =
  'shrink-0 text-2xl leading-none text-bronze transition-transform duration-300 motion-reduce:transition-none';
const PANEL_CLASS = { list: 'pb-6 text-base leading-relaxed text-ink', disclosure: 'pt-10' } as const;
const TRIGGER_CLASS = {
  list: 'flex w-full items-center justify-between gap-6 py-5 text-left text-lg font-medium text-plum-deep hover:text-plum',
  disclosure: 'btn btn-outline mx-auto text-plum',
} as const;

/** A panel's content, the same before and after hydration: its paragraphs, or the rich children. */
function PanelBody({
  variant,
  paragraphs,
  children,
}: {
  variant: 'list' | 'disclosure';
  paragraphs?: string[] | undefined;
  children?: ReactNode;
}) {
  return (
    <div className={PANEL_CLASS[variant]}>
      {paragraphs?.map((paragraph, p) => (
        <p key={p} className="mt-3 first:mt-0">
          {paragraph}
        </p>
      ))}
      {variant === 'disclosure' && children}
    </div>
  );
}

/**
 * Single-open, collapsible accordion. The server HTML (and the page without JavaScript) is native
 * disclosure: <details> sharing one `name`, so the browser keeps one open, and find-in-page opens
 * the one holding a match. Once hydrated the island takes over with buttons and panels that use
 * hidden="until-found" (the browser fires `beforematch`), keeping whichever item was open.
 * Each item's value is its list position.
 */
function Accordion({ items, headingLevel = 3, variant = 'list', children }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const panels = useRef<(HTMLElement | null)[]>([]);
  const disclosures = useRef<(HTMLDetailsElement | null)[]>([]);
  const focusButton = useRef<number | null>(null);
  const Heading = `h${headingLevel}` as const;

  // Take over from the native disclosure, keeping what the visitor already opened or focused.
  useEffect(() => {
    const opened = disclosures.current.findIndex((details) => details?.open);
    const focused = disclosures.current.findIndex((details) => details?.contains(document.activeElement));
    if (opened >= 0) setOpen(opened);
    if (focused >= 0) focusButton.current = focused;
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (!hydrated || focusButton.current === null) return;
    document.getElementById(`${baseId}-button-${focusButton.current}`)?.focus();
    focusButton.current = null;
  }, [hydrated, baseId]);

  const toggle = useCallback((index: number) => setOpen((current) => (current === index ? null : index)), []);

  // Find-in-page opens a closed panel that contains a match.
  useEffect(() => {
    const cleanups = panels.current.map((panel, index) => {
      if (!panel) return () => {};
      const onMatch = () => setOpen(index);
      panel.addEventListener('beforematch', onMatch);
      return () => panel.removeEventListener('beforematch', onMatch);
    });
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [items.length, hydrated]);

  if (!hydrated) {
    return (
      <div className={variant === 'list' ? 'divide-y divide-plum/15 border-y border-plum/15' : ''} data-accordion>
        {items.map((item, index) => (
          <details
            key={index}
            name={baseId}
            data-value={index}
            className="group/item"
            ref={(el) => {
              disclosures.current[index] = el;
            }}
          >
            <summary
              className={`${TRIGGER_CLASS[variant]} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
            >
              <Heading className="m-0 text-pretty text-inherit [font:inherit]">{item.title}</Heading>
              <span aria-hidden="true" className={`${ICON_CLASS} group-open/item:rotate-45`}>
                +
              </span>
            </summary>
            <PanelBody variant={variant} paragraphs={item.paragraphs}>
              {children}
            </PanelBody>
          </details>
        ))}
      </div>
    );
  }

  return (
    <div className={variant === 'list' ? 'divide-y divide-plum/15 border-y border-plum/15' : ''} data-accordion>
      {items.map((item, index) => {
        const isOpen = open === index;
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={index} data-value={index} data-state={isOpen ? 'open' : 'closed'}>
            <Heading className="m-0 font-sans text-base text-pretty">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                className={TRIGGER_CLASS[variant]}
              >
                <span>{item.title}</span>
                <span aria-hidden="true" className={`${ICON_CLASS} ${isOpen ? 'rotate-45' : ''}`}>
                  +
                </span>
              </button>
            </Heading>
            <studio-panel
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              ref={(el) => {
                panels.current[index] = el;
              }}
              hidden={isOpen ? undefined : 'until-found'}
              className="block"
            >
              {/* Spacing lives inside: a closed until-found panel keeps its own padding, so it would leave a gap. */}
              <PanelBody variant={variant} paragraphs={item.paragraphs}>
                {children}
              </PanelBody>
            </studio-panel>
          </div>
        );
      })}
    </div>
  );
}

export default withErrorBoundary(Accordion);
