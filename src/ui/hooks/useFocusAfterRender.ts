import { useCallback, useEffect, useRef } from 'react';

type Target = () => HTMLElement | null | undefined;

/**
 * Moves focus once React has rendered what it points to: `focusAfterRender(() => element)` asks for
 * it, and after each render the target is looked up and focused the first time it exists.
 */
export function useFocusAfterRender(): (target: Target, options?: FocusOptions) => void {
  const pending = useRef<{ target: Target; options: FocusOptions | undefined } | null>(null);

  useEffect(() => {
    const request = pending.current;
    const element = request?.target();
    if (request && element) {
      pending.current = null;
      element.focus(request.options);
    }
  });

  return useCallback((target: Target, options?: FocusOptions) => {
    pending.current = { target, options };
  }, []);
}
