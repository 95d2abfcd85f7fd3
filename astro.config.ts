import { defineConfig, fontProviders } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { settings } from './src/lib/content/settings.ts';
import { NOINDEX_PATHS } from './src/lib/site/routes.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { markdownTokensPlugin } from './src/lib/content/markdown-tokens.ts';
import privateGallery from './src/private-gallery/astro.ts';
import staticHeaders from './src/integrations/static-headers.ts';
import imagePipeline from './src/integrations/image-pipeline.ts';
import editorDev from './src/integrations/editor-dev.ts';
import settledDirective from './src/integrations/settled-directive.ts';
import modulePreloads from './src/integrations/module-preloads.ts';
import sharp from 'sharp';
import { CORE_RANGES, EXTENDED_RANGES, FONT_FILES, toUnicodeRange } from './src/lib/site/font-subset.ts';
import { cspDirectives, PREVIEW_HEADERS, scriptResources } from './src/lib/security/security.ts';

/** Two faces per family: the preloaded core characters first, then the rest of Latin on demand. */
const faces = (files: (typeof FONT_FILES)[number]) => {
  const face = (src: string, unicodeRange: [string, ...string[]]) => ({
    src: [src] as [string],
    unicodeRange,
    weight: '300 700',
    style: 'normal' as const,
    display: 'swap' as const,
  });
  const variants: [ReturnType<typeof face>, ...ReturnType<typeof face>[]] = [
    face(files.core, toUnicodeRange(CORE_RANGES)),
    face(files.latin, toUnicodeRange(EXTENDED_RANGES)),
  ];
  return variants;
};

// Astro encodes one image per CPU core at a time; one libvips thread per image keeps a 2-core build
// host busy without oversubscribing it, and halves the pixels held in memory at once.
// SHARP_THREADS raises it on a larger host.
sharp.concurrency(Number(process.env['SHARP_THREADS'] ?? 1));

export default defineConfig({
  site: settings.siteUrl,
  trailingSlash: 'never',
  build: { format: 'file' },
  markdown: {
    // %session-fee% and friends in posts and pages come from content/settings.yaml.
    processor: satteri({ mdastPlugins: [markdownTokensPlugin()] }),
    // No highlighter: Shiki colours code with inline style attributes, which the CSP forbids. Code
    // blocks render as plain <pre><code>, styled by .prose-studio.
    syntaxHighlight: false,
  },
  integrations: [
    react(),
    settledDirective(),
    modulePreloads(),
    mdx(),
    privateGallery(),
    staticHeaders(),
    imagePipeline(),
    editorDev(),
    sitemap({
      // Gated and not-found pages are noindex, so they stay out of the sitemap.
      filter: (page) => !NOINDEX_PATHS.some((path) => new URL(page).pathname.replace(/\/$/, '') === path),
    }),
  ],
  fonts: [
    {
      provider: fontProviders.local(),
      name: FONT_FILES[0].family,
      cssVariable: FONT_FILES[0].cssVariable,
      fallbacks: ['Georgia', 'serif'],
      options: {
        variants: faces(FONT_FILES[0]),
      },
    },
    {
      provider: fontProviders.local(),
      name: FONT_FILES[1].family,
      cssVariable: FONT_FILES[1].cssVariable,
      fallbacks: ['Arial', 'sans-serif'],
      options: {
        variants: faces(FONT_FILES[1]),
      },
    },
  ],
  security: {
    // Hashes for every inline script and style; hosts come from content/settings.yaml.
    csp: {
      directives: cspDirectives(settings),
      scriptDirective: { resources: scriptResources(settings) },
      styleDirective: { resources: ["'self'"] },
    },
  },
  image: {
    service: {
      // Astro's sharp service, decoding each camera photo once for all the files made from it
      // (src/integrations/image-service.ts).
      entrypoint: './src/integrations/image-service.ts',
      // AVIF at effort 0 (of 0-9): measured on camera-like photos, the same bytes and the same
      // fidelity (SSIM) as effort 2 at a quarter of its encoding time at 2400 px, a third at 1200
      // (docs/performance.md, "Photos"); the default effort 4 takes 5-7 times longer than 2 for 5-13 % fewer bytes.
      config: { avif: { effort: 0 } },
    },
  },
  // `npm start` (astro preview) sends the security headers of dist/_headers; the page policy is in its <meta>.
  server: { headers: PREVIEW_HEADERS },
  vite: {
    plugins: [tailwindcss()],
  },
});
