// The desk's islands taken over in her browser (islands.ts runs it): each with the props its page
// was rendered with.
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS, type Islands } from './registry.ts';

/** Hydrates every island of `root` not hydrated yet; each is marked `data-hydrated` once it is. */
export function hydrate(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')) {
    const Component = ISLANDS[element.dataset.island as keyof Islands] as ComponentType<object> | undefined;
    if (!Component) continue;
    hydrateRoot(element, <Component {...(JSON.parse(element.dataset.props ?? '{}') as object)} />);
    element.dataset.hydrated = '';
  }
}
