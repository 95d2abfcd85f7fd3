/**
 * Her password card, drawn at build inside the gallery's island, shown the moment she presses the
 * age gate's Enter on this page: before the island's code has come (about 1.3 s on a low-tier phone
 * over slow 4G), so her next screen is the card, modal and her first field focused, not an empty
 * page. What she types stays in its fields, which the island adopts as its own when it hydrates, and
 * a press on Unlock meanwhile is held until it is ready (client:entered, held-hydration.ts).
 * The page's CSS decides whether the card is her next view (no kept access, no private link, no
 * invitation naming her gallery, the island's code not failed): this only opens what it shows.
 * No other import: this runs on the gate's first view.
 */
import { AGE_GATE_ENTERED_ATTRIBUTE } from '../../lib/browser/gates';

/** Set on <html> by the island once it has chosen her stage (usePrivateGalleryStage). */
const STAGE_ATTRIBUTE = 'data-gallery-stage';

/** Opens the card as the blocking modal the island keeps, unless the island has decided already. */
function openCard(root: Element, card: HTMLDialogElement | null): void {
  if (!card || card.open || root.hasAttribute(STAGE_ATTRIBUTE) || getComputedStyle(card).display === 'none') return;
  // Blocking, as the island's: Escape does not dismiss it.
  card.addEventListener('cancel', (event) => event.preventDefault());
  card.showModal();
  card.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
}

/** Shows her card at her press on the gate's Enter (at once if she has pressed it already). */
export function showCardAtEntry(root: Element = document.documentElement): void {
  const card = () => document.querySelector<HTMLDialogElement>('dialog[data-password-dialog]');
  if (root.hasAttribute(AGE_GATE_ENTERED_ATTRIBUTE)) return openCard(root, card());
  const watch = new MutationObserver(() => {
    if (!root.hasAttribute(AGE_GATE_ENTERED_ATTRIBUTE)) return;
    watch.disconnect();
    openCard(root, card());
  });
  watch.observe(root, { attributes: true, attributeFilter: [AGE_GATE_ENTERED_ATTRIBUTE] });
}
