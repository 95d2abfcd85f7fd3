/**
 * The editor page's only script: Sveltia CMS, bundled from npm into the editor's own build (no CDN),
 * reading its configuration from /config.json (derived from the build's schemas by
 * scripts/build-editor.mjs). Post previews use the site's own built stylesheet.
 */
import CMS from '@sveltia/cms';

for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preview-style"]')) {
  CMS.registerPreviewStyle(link.href);
}
void CMS.init();
