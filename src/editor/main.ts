/**
 * The editor page's only script: Sveltia CMS, bundled from npm into the editor's own build (no CDN),
 * reading its configuration from /config.json (derived from the build's schemas by
 * scripts/build/build-editor.ts). Post previews use the site's own built stylesheet, and their markup the
 * post page's own classes (src/pages/blog/[slug].astro), so a post previews in the site's prose styles.
 */
import CMS from '@sveltia/cms';
import type { createElement } from 'react';

for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preview-style"]')) {
  CMS.registerPreviewStyle(link.href);
}

/** The CMS's own React element factory (it renders preview templates with its bundled React). */
const h = (window as unknown as { h: typeof createElement }).h;

CMS.registerPreviewTemplate('blog', ({ entry, widgetFor }) =>
  h(
    'div',
    { className: 'bg-ivory pb-12' },
    h(
      'header',
      { className: 'mx-auto max-w-3xl px-6 pt-14 text-center' },
      h('h1', { className: 'text-4xl text-plum-deep md:text-6xl' }, String(entry.getIn(['data', 'title']) ?? '')),
      h('p', { className: 'mt-6 text-lg text-muted' }, String(entry.getIn(['data', 'excerpt']) ?? '')),
    ),
    h('article', { className: 'prose-studio mx-auto max-w-3xl px-6 pt-12' }, widgetFor('body')),
  ),
);
void CMS.init();
