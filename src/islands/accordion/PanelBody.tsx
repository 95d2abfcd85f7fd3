import type { ReactNode } from 'react';
import type { AccordionVariant } from './classes';

const PANEL_CLASS = { list: 'pb-6 text-base leading-relaxed text-ink', disclosure: 'pt-10' } as const;

interface Props {
  variant: AccordionVariant;
  paragraphs?: string[] | undefined;
  children?: ReactNode;
}

/** A panel's content, the same before and after hydration: its paragraphs, or the rich children. */
export function PanelBody({ variant, paragraphs, children }: Props) {
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
