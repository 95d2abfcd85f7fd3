// What the preview's page loads, made on her computer at the first preview (no build step): the
// gallery's own code bundled by esbuild (src/desk/preview/main.tsx: OpenGallery and the client's
// unlock), and the site's own stylesheet (src/styles/global.css) compiled by Tailwind from the
// site's classes, with the site's two faces from the desk's copies of them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { once } from './disk-cache.ts';
import { bundle } from './bundle.ts';
import { compileCss } from './styles.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const UNLOCK = fileURLToPath(new URL('../../private-gallery/client/unlock.ts', import.meta.url));
const INBOX = fileURLToPath(new URL('../../private-gallery/format/inbox.ts', import.meta.url));

/**
 * The gallery's files are asked for under /vault on the site; in the preview, under the desk's own
 * preview address, read from the page (#preview's data-vault). Only the bundle's copy changes: the
 * site's code is as it is deployed. A selection sent from the preview goes to the same address,
 * which takes none.
 */
const BASES: [file: string, from: string, to: string][] = [
  [
    UNLOCK,
    "export const VAULT_BASE = '/vault';",
    'export const VAULT_BASE = document.getElementById("preview")?.dataset.vault ?? "/vault";',
  ],
  [
    INBOX,
    "export const INBOX_PATH = '/vault/inbox';",
    'export const INBOX_PATH = (document.getElementById("preview")?.dataset.vault ?? "/vault") + "/inbox";',
  ],
];

/** The preview's page's module: the gallery's own code, its files asked for under the preview's address. */
export const previewScript = once(() =>
  bundle('src/desk/preview/main.tsx', [
    {
      name: 'preview-vault',
      setup(build) {
        for (const [file, from, to] of BASES) {
          build.onLoad({ filter: new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) }, () => {
            const source = readFileSync(file, 'utf8');
            if (!source.includes(from)) throw new Error(`${file} no longer says ${from}`);
            return { contents: source.replace(from, to), loader: 'ts' };
          });
        }
      },
    },
  ]),
);

/** The site's stylesheet, for the preview's page, with the desk's copies of the site's faces. */
export const previewStylesheet = once(() =>
  compileCss(
    "@import '../styles/global.css';\n@import './fonts.css';",
    fileURLToPath(new URL('../', import.meta.url)),
    // The site's classes, wherever its pages and components are (as its build finds them).
    [{ base: `${ROOT}src`, pattern: '**/*' }],
  ),
);
