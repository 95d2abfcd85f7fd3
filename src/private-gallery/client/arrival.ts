/**
 * What her address brought to the private gallery: a private link (LINK_PARAM) or her invitation's
 * gallery name (GALLERY_PARAM), in the fragment. It is taken out of the address bar and this history
 * entry as soon as the page's own script runs, while the age gate still shows, and kept here for the
 * island, which starts only once she has passed the gate (client:entered). Whichever asks first takes
 * it; every later call gets the same fragment. No other import: this runs on the gate's first view.
 */
import { GALLERY_PARAM, LINK_PARAM } from '../../lib/site/private-links';

let arrived: string | null = null;

/** The fragment she arrived with ('' when none), taken out of the address once. */
export function takeArrival(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'state' | 'replaceState'> = window.history,
): string {
  if (arrived !== null) return arrived;
  const { pathname, search, hash } = location;
  arrived = hash;
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  // A private link takes the whole fragment with it; her invitation only its own part.
  if (params.has(LINK_PARAM)) history.replaceState(history.state, '', pathname + search);
  else if (params.has(GALLERY_PARAM))
    history.replaceState(history.state, '', pathname + search + withoutInvitation(hash));
  return arrived;
}

/** The fragment without her invitation's gallery name, any other part kept ('' when nothing is left). */
export function withoutInvitation(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete(GALLERY_PARAM);
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}

/** Test-only: forgets what was taken. */
export function resetArrivalForTests(): void {
  arrived = null;
}
