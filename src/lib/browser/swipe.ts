/** How far a finger must travel sideways for a swipe to change the photo. */
export const SWIPE_PX = 50;

/**
 * The step a touch swipe asks for, from how far the finger moved (`dx`, `dy` in px): leftwards
 * for the next photo (1), rightwards for the previous (-1), 0 when too short or mostly vertical.
 */
export function swipeStep(dx: number, dy: number, threshold = SWIPE_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
