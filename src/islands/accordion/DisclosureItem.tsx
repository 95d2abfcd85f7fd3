import type { ReactNode } from 'react';
import { ICON_CLASS, TRIGGER_CLASS, type AccordionVariant } from './classes';
import { PanelBody } from './PanelBody';

interface Props {
  /** Shared by every item of the accordion, so the browser keeps one open. */
  name: string;
  index: number;
  title: string;
  paragraphs?: string[] | undefined;
  variant: AccordionVariant;
  heading: 'h2' | 'h3' | 'h4';
  detailsRef: (element: HTMLDetailsElement | null) => void;
  children?: ReactNode;
}

/** An item before hydration (and without JavaScript): a native <details>. */
export function DisclosureItem({
  name,
  index,
  title,
  paragraphs,
  variant,
  heading: Heading,
  detailsRef,
  children,
}: Props) {
  return (
    <details name={name} data-value={index} className="group/item" ref={detailsRef}>
      <summary className={`${TRIGGER_CLASS[variant]} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <Heading className="m-0 text-pretty text-inherit [font:inherit]">{title}</Heading>
        <span aria-hidden="true" className={`${ICON_CLASS} group-open/item:rotate-45`}>
          +
        </span>
      </summary>
      <PanelBody variant={variant} paragraphs={paragraphs}>
        {children}
      </PanelBody>
    </details>
  );
}
