/** Visual style: a divided list of questions, or a single centred button that opens more. */
export type AccordionVariant = 'list' | 'disclosure';

/** The + that turns into × when an item is open. */
export const ICON_CLASS =
  'shrink-0 text-2xl leading-none text-bronze transition-transform duration-300 motion-reduce:transition-none';

/** The item's trigger: the <summary> before hydration, the button after. */
export const TRIGGER_CLASS = {
  list: 'flex w-full items-center justify-between gap-6 py-5 text-left text-lg font-medium text-plum-deep hover:text-plum',
  disclosure: 'btn btn-outline mx-auto text-plum',
} as const;

/** The wrapper around every item. */
export const LIST_CLASS = { list: 'divide-y divide-plum/15 border-y border-plum/15', disclosure: '' } as const;
