import type { ClientDirective } from 'astro';
import { AGE_GATE_ATTRIBUTE } from './gates.ts';

/**
 * `client:entered`: for an island behind the age gate (the private gallery). It hydrates once the
 * gate is passed: at once for a visitor who confirmed before (the head script has marked <html>
 * 'passed' before this runs), else the moment she presses the gate's Enter. A new visitor's first
 * view is the gate alone, drawn without a framework, so React and the island (200-400 ms of a
 * low-tier phone's main thread) start only once she has answered it.
 */
const entered: ClientDirective = (load) => {
  const root = document.documentElement;
  const passed = () => root.getAttribute(AGE_GATE_ATTRIBUTE) === 'passed';
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    watch.disconnect();
    const hydrate = await load();
    await hydrate();
  };
  const watch = new MutationObserver(() => {
    if (passed()) void start();
  });
  if (passed()) void start();
  else watch.observe(root, { attributes: true, attributeFilter: [AGE_GATE_ATTRIBUTE] });
};

export default entered;
