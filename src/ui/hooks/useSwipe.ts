import { useRef, type PointerEvent } from 'react';
import { swipeStep } from '@/lib/browser/swipe';

/**
 * Pointer handlers to spread on an element: a sideways swipe on a touch screen calls `onStep`,
 * leftwards with 1 (next), rightwards with -1 (previous). Mouse and pen drags are ignored.
 */
export function useSwipe<E extends Element>(onStep: (by: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent<E>) => {
      start.current = event.pointerType === 'touch' ? { x: event.clientX, y: event.clientY } : null;
    },
    onPointerUp: (event: PointerEvent<E>) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const by = swipeStep(event.clientX - from.x, event.clientY - from.y);
      if (by !== 0) onStep(by);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
