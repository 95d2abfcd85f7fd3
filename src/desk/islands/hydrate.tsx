// The desk's islands taken over in her browser (islands.ts runs it): each with the props its page
// was rendered with, inside the site's error boundary (src/ui). An island is marked `data-hydrated`
// by its first effect, once React has taken it over and answers it, and says so ("desk:hydrated"):
// a form pressed before then was held by the page's one classic script (src/desk/hold.ts), which
// sends it now.
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { ISLANDS, type Islands } from './registry.ts';

const taken = new WeakSet<Element>();

/** In her words, where an island failed: what happened and what to do (its error goes to the browser's console). */
const STOPPED = (
  <p role="alert" className="state state-held">
    This part of the page stopped working. Reload the page to try again; nothing you saved is lost.
  </p>
);

function TakenOver({ onTaken, children }: { onTaken: () => void; children: ReactNode }) {
  useEffect(onTaken, [onTaken]);
  return children;
}

/** Marks an island taken over, and says so. */
const takenOver = (element: HTMLElement) => () => {
  element.dataset.hydrated = '';
  document.dispatchEvent(new Event('desk:hydrated'));
};

/** Hydrates every island of `root` not taken over yet. */
export function hydrate(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const Component = ISLANDS[element.dataset.island as keyof Islands] as ComponentType<object> | undefined;
    if (!Component || taken.has(element)) continue;
    taken.add(element);
    hydrateRoot(
      element,
      // Inside the site's own error boundary, as every island of the site: a failure shows a message, never a blank area.
      <ErrorBoundary fallback={STOPPED}>
        <TakenOver onTaken={takenOver(element)}>
          <Component {...(JSON.parse(element.dataset.props ?? '{}') as object)} />
        </TakenOver>
      </ErrorBoundary>,
    );
  }
}
