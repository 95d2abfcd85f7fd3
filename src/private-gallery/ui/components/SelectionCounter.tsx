import { counterText } from '@/private-gallery/client/selection';
import type { SelectionRules } from '@/private-gallery/format/types';

/** "12 of 25 chosen", kept in view at the foot of the screen while she scrolls her photos. */
export function SelectionCounter({ count, rules }: { count: number; rules: SelectionRules }) {
  return (
    <p
      className="sticky bottom-4 z-10 mx-auto mt-6 w-fit rounded-full bg-plum px-5 py-2 text-sm text-ivory shadow-lg"
      data-selection-pill
    >
      {counterText(count, rules)}
    </p>
  );
}
