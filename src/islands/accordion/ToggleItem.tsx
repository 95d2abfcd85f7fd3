import type { ReactNode } from 'react';
import { ICON_CLASS, TRIGGER_CLASS, type AccordionVariant } from './classes';
import { PanelBody } from './PanelBody';

interface Props {
  /** The id the button and panel ids are built from. */
  id: string;
  index: number;
  title: string;
  paragraphs?: string[] | undefined;
  variant: AccordionVariant;
  heading: 'h2' | 'h3' | 'h4';
  open: boolean;
  onToggle: (index: number) => void;
  panelRef: (element: HTMLElement | null) => void;
  children?: ReactNode;
}

/** The id of an item's button, from the accordion's own id and the item's position. */
export function toggleButtonId(id: string, index: number): string {
  return `${id}-button-${index}`;
}

/** An item once hydrated: a button in a heading, and its panel closed with hidden="until-found". */
export function ToggleItem({
  id,
  index,
  title,
  paragraphs,
  variant,
  heading: Heading,
  open,
  onToggle,
  panelRef,
  children,
}: Props) {
  const buttonId = toggleButtonId(id, index);
  const panelId = `${id}-panel-${index}`;
  return (
    <div data-value={index} data-state={open ? 'open' : 'closed'}>
      <Heading className="m-0 font-sans text-base text-pretty">
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onToggle(index)}
          className={TRIGGER_CLASS[variant]}
        >
          <span>{title}</span>
          <span aria-hidden="true" className={`${ICON_CLASS} ${open ? 'rotate-45' : ''}`}>
            +
          </span>
        </button>
      </Heading>
      <studio-panel
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        ref={panelRef}
        hidden={open ? undefined : 'until-found'}
        className="block"
      >
        {/* Spacing lives inside: a closed until-found panel keeps its own padding, so it would leave a gap. */}
        <PanelBody variant={variant} paragraphs={paragraphs}>
          {children}
        </PanelBody>
      </studio-panel>
    </div>
  );
}
