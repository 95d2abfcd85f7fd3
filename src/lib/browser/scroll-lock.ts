type Root = Pick<HTMLElement, 'clientWidth'> & { style: Pick<CSSStyleDeclaration, 'overflow' | 'paddingRight'> };

/**
 * Stops the page behind a modal from scrolling; returns the undo, which restores the inline styles
 * it found. Keeps the width steady where scrollbars take space, by padding for the one it hides.
 */
export function lockPageScroll(
  root: Root = document.documentElement,
  viewportWidth: number = window.innerWidth,
): () => void {
  const { overflow, paddingRight } = root.style;
  const scrollbar = viewportWidth - root.clientWidth;
  root.style.overflow = 'hidden';
  if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
  return () => {
    root.style.overflow = overflow;
    root.style.paddingRight = paddingRight;
  };
}
