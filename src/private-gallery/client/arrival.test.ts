import { afterEach, describe, expect, it } from 'vitest';
import { resetArrivalForTests, takeArrival, withoutInvitation } from './arrival';

/** A stand-in address bar: what the page replaced it with, each time. */
function address(hash: string) {
  const replaced: string[] = [];
  const location = { pathname: '/private-gallery', search: '', hash };
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, url?: string | URL | null) => void replaced.push(String(url)),
  };
  return { location, history, replaced };
}

afterEach(() => resetArrivalForTests());

describe('what her address brought (takeArrival)', () => {
  it('takes a private link out of the address at once, the whole fragment with it', () => {
    const { location, history, replaced } = address('#access=c2VjcmV0&note=1');
    expect(takeArrival(location, history)).toBe('#access=c2VjcmV0&note=1');
    expect(replaced).toEqual(['/private-gallery']);
  });

  it("takes only her invitation's part, any other part kept", () => {
    const { location, history, replaced } = address('#gallery=jenna-2026-10&note=1');
    expect(takeArrival(location, history)).toBe('#gallery=jenna-2026-10&note=1');
    expect(replaced).toEqual(['/private-gallery#note=1']);
  });

  it('leaves an address without either as it is', () => {
    const { location, history, replaced } = address('#top');
    expect(takeArrival(location, history)).toBe('#top');
    expect(replaced).toEqual([]);
  });

  it('is taken once: a later call (the island, after the gate) gets the same fragment and touches nothing', () => {
    const first = address('#access=c2VjcmV0');
    takeArrival(first.location, first.history);
    const later = address('');
    expect(takeArrival(later.location, later.history)).toBe('#access=c2VjcmV0');
    expect(later.replaced).toEqual([]);
  });

  it("takes her invitation's name out of a fragment, leaving any other part as it was", () => {
    expect(withoutInvitation('#gallery=jenna-2026-10')).toBe('');
    expect(withoutInvitation('#access=abc&gallery=jenna-2026-10')).toBe('#access=abc');
    expect(withoutInvitation('#picks=0123abcd.Cw')).toBe('#picks=0123abcd.Cw');
  });
});
