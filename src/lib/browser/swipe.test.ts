import { describe, expect, it } from 'vitest';
import { SWIPE_PX, swipeStep } from './swipe';

describe('swipeStep', () => {
  it('steps forward on a leftward swipe and back on a rightward one', () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(120, -10)).toBe(-1);
  });

  it('needs the threshold, inclusive', () => {
    expect(swipeStep(-SWIPE_PX, 0)).toBe(1);
    expect(swipeStep(SWIPE_PX - 1, 0)).toBe(0);
    expect(swipeStep(-(SWIPE_PX - 1), 0)).toBe(0);
    expect(swipeStep(-30, 0, 20)).toBe(1);
  });

  it('ignores a mostly vertical move, and a diagonal one', () => {
    expect(swipeStep(-60, 200)).toBe(0);
    expect(swipeStep(80, 80)).toBe(0);
    expect(swipeStep(81, 80)).toBe(-1);
  });
});
