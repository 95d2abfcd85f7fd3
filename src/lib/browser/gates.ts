import { readStorage, writeStorage } from './storage.ts';

/** localStorage key set once a visitor confirms they are 18 or older (erotica and private gallery). */
export const AGE_VERIFIED_KEY = 'ageVerified';
/** localStorage key set once a visitor has entered the private gallery password. */
export const PRIVATE_GALLERY_KEY = 'privateGalleryVerified';
/** The value both keys hold once verified. */
export const VERIFIED = 'yes';

/** Attribute on <html> saying whether the age gate blocks the page: 'locked' or 'passed'. */
export const AGE_GATE_ATTRIBUTE = 'data-age-gate';
export type AgeGateState = 'locked' | 'passed';

// When storage throws (private mode, blocked cookies), a confirmation still holds for this visit.
const remembered = new Set<string>();

/** True if `key` holds 'yes' in localStorage, or was confirmed earlier in this visit. */
export function isVerified(key: string): boolean {
  return remembered.has(key) || readStorage('local', key) === VERIFIED;
}

/** Records `key` as verified; returns false when only this visit will remember it. */
export function rememberVerified(key: string): boolean {
  remembered.add(key);
  return writeStorage('local', key, VERIFIED);
}

export const isAgeVerified = (): boolean => isVerified(AGE_VERIFIED_KEY);
export const rememberAge = (): boolean => rememberVerified(AGE_VERIFIED_KEY);

/** Marks <html> so CSS shows or hides the gate and locks scrolling. */
export function setAgeGateState(root: Pick<Element, 'setAttribute'>, state: AgeGateState): void {
  root.setAttribute(AGE_GATE_ATTRIBUTE, state);
}

/**
 * The tiny classic script for <head> that decides the gate before first paint, so a verified
 * visitor never sees the modal flash. It must not import anything, hence a string.
 */
export function ageGateHeadScript(): string {
  const key = JSON.stringify(AGE_VERIFIED_KEY);
  const value = JSON.stringify(VERIFIED);
  return (
    `(function(){var s='locked';try{if(localStorage.getItem(${key})===${value})s='passed'}catch(e){}` +
    `document.documentElement.setAttribute(${JSON.stringify(AGE_GATE_ATTRIBUTE)},s)})();`
  );
}

/** Test-only: forgets what this visit remembered. */
export function resetRememberedForTests(): void {
  remembered.clear();
}

/** Attribute on <html> saying whether this browser holds the private gallery password key. */
export const GALLERY_KEY_ATTRIBUTE = 'data-gallery-key';

/**
 * The head script of the private gallery: marks <html> with whether the password key is 'yes'
 * (or a private link brings the access: `linkParam`, LINK_PARAM of lib/site/private-links.ts, in the
 * fragment), so before the island runs CSS already shows the
 * password modal (or the unlocking message).
 */
export function galleryHeadScript(linkParam: string): string {
  const key = JSON.stringify(PRIVATE_GALLERY_KEY);
  const value = JSON.stringify(VERIFIED);
  return (
    `(function(){var s='no';try{if(localStorage.getItem(${key})===${value}||/[#&]${linkParam}=/.test(location.hash))s='yes'}catch(e){}` +
    `document.documentElement.setAttribute(${JSON.stringify(GALLERY_KEY_ATTRIBUTE)},s)})();`
  );
}

/**
 * The id of an empty marker at the end of the gate's dialog: the gated pages' head holds their first
 * paint until it is parsed (`<link rel="expect" blocking="render">`, AgeGateHead.astro), so the gate
 * is never painted half-parsed and then grown, moving its card.
 */
export const AGE_GATE_END_ID = 'age-gate-end';

/** Set on the gate's <dialog> once its script has decided and is listening (tests wait for it). */
export const AGE_GATE_READY_ATTRIBUTE = 'data-age-gate-ready';

/**
 * Set on <html> when she presses the gate's Enter on this page (not when she had confirmed before):
 * the private gallery's page CSS then leaves its password card to the island, which starts only now.
 */
export const AGE_GATE_ENTERED_ATTRIBUTE = 'data-age-gate-entered';

/** The age gate's parts the page's script drives (a native <dialog> and its Enter button). */
export interface AgeGateParts {
  root: Pick<Element, 'setAttribute'>;
  dialog: Pick<HTMLDialogElement, 'open' | 'showModal' | 'close' | 'addEventListener' | 'setAttribute'>;
  enter: Pick<HTMLElement, 'addEventListener'>;
  /** Where focus goes once she enters: the top of the page she asked for. */
  main?: Pick<HTMLElement, 'focus'> | null;
}

/**
 * The age gate of the erotica page and the private gallery, without a framework: a visitor who confirmed before passes; anyone else
 * meets a blocking modal (showModal: the page behind is inert, focus starts on its first button).
 * Escape never dismisses it, and if a browser closes it anyway it opens again. Enter remembers her
 * and lets her in. Returns the state it set.
 */
export function mountAgeGate({ root, dialog, enter, main }: AgeGateParts): AgeGateState {
  if (isAgeVerified()) {
    setAgeGateState(root, 'passed');
    dialog.setAttribute(AGE_GATE_READY_ATTRIBUTE, '');
    return 'passed';
  }
  let locked = true;
  setAgeGateState(root, 'locked');
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  dialog.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Escape') event.preventDefault();
  });
  dialog.addEventListener('close', () => {
    if (locked && !dialog.open) dialog.showModal();
  });
  enter.addEventListener('click', () => {
    locked = false;
    rememberAge();
    root.setAttribute(AGE_GATE_ENTERED_ATTRIBUTE, '');
    setAgeGateState(root, 'passed');
    dialog.close();
    main?.focus({ preventScroll: true });
  });
  if (!dialog.open) dialog.showModal();
  dialog.setAttribute(AGE_GATE_READY_ATTRIBUTE, '');
  return 'locked';
}
