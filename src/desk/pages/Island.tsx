// An island in a page rendered on her computer: its component's HTML as hydration reads it
// (renderToString) and its props, for src/desk/islands/hydrate.tsx to take over in her browser.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ISLANDS, type Islands } from '../islands/registry.ts';

export function Island<Name extends keyof Islands>({
  name,
  props,
  inline = false,
}: {
  name: Name;
  props: Parameters<Islands[Name]>[0];
  /** Inside a line of text (a link's badge): a <span>, not a <div>. */
  inline?: boolean;
}) {
  const Component = ISLANDS[name] as ComponentType<typeof props>;
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper
      className="contents"
      data-island={name}
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: renderToString(<Component {...props} />) }}
    />
  );
}
