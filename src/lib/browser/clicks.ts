/** What a click handler needs to know of a click: which button, and which modifier keys were held. */
export type ClickLike = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>;

/**
 * True for a click the browser should handle itself: a button other than the main one, or a modifier
 * key held (new tab, new window, download). Scripts that take over a link leave these clicks alone.
 */
export function isModifiedClick(event: ClickLike): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
