import type { ClientDirective } from 'astro';
import { AGE_GATE_ATTRIBUTE } from './gates.ts';
import { armHydration } from './held-hydration.ts';

/**
 * `client:entered`: for an island behind the age gate (the private gallery). It hydrates once the
 * gate is passed: at once for a visitor who confirmed before (the head script has marked <html>
 * 'passed' before this runs), else the moment she presses the gate's Enter. A new visitor's first
 * view is the gate alone, drawn without a framework, so React and the island (200-400 ms of a
 * low-tier phone's main thread) start only once she has answered it.
 * Its server HTML may be her next view before its code has come (the gallery's password card, shown
 * by the gate's script at her press): a press on one of its buttons meanwhile (Unlock, or Enter in
 * a field) is held, shown pressed, and given to the island once it is ready (held-hydration.ts).
 */
const entered: ClientDirective = (load, _options, island) => {
  const root = document.documentElement;
  const passed = () => root.getAttribute(AGE_GATE_ATTRIBUTE) === 'passed';
  const start = armHydration(island, load, { reach: 'controls' });
  const watch = new MutationObserver(() => {
    if (!passed()) return;
    watch.disconnect();
    void start();
  });
  if (passed()) void start();
  else watch.observe(root, { attributes: true, attributeFilter: [AGE_GATE_ATTRIBUTE] });
};

export default entered;
