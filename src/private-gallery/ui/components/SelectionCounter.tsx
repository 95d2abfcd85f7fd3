import { counterText } from '@/private-gallery/client/selection';
import type { SelectionRules } from '@/private-gallery/format/types';

/**
 * "12 of 25 chosen", kept in view at the foot of the screen while she scrolls her photos: a band
 * as wide as the grid and opaque, so no photo ever shows beside it or through it (a photo passing
 * under it is past the foot of the screen, as under the browser's own toolbar), and after the last
 * row it rests in the page's flow, so the last photos and their numbers end above it.
 */
export function SelectionCounter({ count, rules }: { count: number; rules: SelectionRules }) {
  return (
    <p
      className="sticky bottom-0 z-10 mt-6 rounded-t-sm bg-plum px-5 py-3 text-center text-sm text-ivory shadow-[0_-6px_12px_-8px_rgb(0_0_0/0.4)]"
      data-selection-pill
    >
      {counterText(count, rules)}
    </p>
  );
}
