// islands.js, the desk's one module (bundled by esbuild as the desk starts, src/desk/server/bundle.ts):
// every island of the page hydrated once the page is parsed (a module runs after it), and again
// when part of the page is rendered anew after a change (the "desk:rendered" event).
import { hydrate } from './hydrate.tsx';

hydrate();
document.addEventListener('desk:rendered', () => hydrate());
