import { useEffect, useState } from 'react';

/**
 * Whether the visitor asks for reduced motion. False on the first render, like the server's HTML,
 * so hydration keeps what the server drew; the preference is read right after.
 */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => setReduced(window.matchMedia('(prefers-reduced-motion: reduce)').matches), []);
  return reduced;
}
