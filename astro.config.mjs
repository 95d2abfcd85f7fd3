// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { settings } from './src/lib/settings.ts';
import { NOINDEX_PATHS } from './src/lib/routes.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { markdownTokensPlugin } from './src/lib/markdown-tokens.ts';
import privateGallery from './src/integrations/private-gallery.ts';
import staticHeaders from './src/integrations/static-headers.ts';
import { cspDirectives, scriptResources, SECURITY_HEADERS } from './src/lib/security.ts';

const latin = (/** @type {string} */ pkg, /** @type {string} */ file) => `${pkg}/files/${file}-latin-wght-normal.woff2`;

export default defineConfig({
  site: settings.siteUrl,
  trailingSlash: 'never',
  build: { format: 'directory' },
  markdown: {
    // %session-fee% and friends in posts and pages come from content/settings.yaml.
    processor: satteri({ mdastPlugins: [markdownTokensPlugin()] }),
  },
  integrations: [
    react(),
    mdx(),
    privateGallery(),
    staticHeaders(),
    sitemap({
      // Gated and not-found pages are noindex, so they stay out of the sitemap.
      filter: (page) => !NOINDEX_PATHS.some((path) => new URL(page).pathname.replace(/\/$/, '') === path),
    }),
  ],
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Cormorant Garamond',
      cssVariable: '--font-cormorant',
      fallbacks: ['Georgia', 'serif'],
      options: {
        variants: [
          {
            src: [latin('@fontsource-variable/cormorant-garamond', 'cormorant-garamond')],
            weight: '300 700',
            style: 'normal',
            display: 'swap',
          },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Jost',
      cssVariable: '--font-jost',
      fallbacks: ['Arial', 'sans-serif'],
      options: {
        variants: [
          {
            src: [latin('@fontsource-variable/jost', 'jost')],
            weight: '300 700',
            style: 'normal',
            display: 'swap',
          },
        ],
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
  // `npm start` (astro preview) sends the same headers as dist/_headers on static hosts.
  server: { headers: SECURITY_HEADERS },
  vite: {
    plugins: [tailwindcss()],
  },
});
