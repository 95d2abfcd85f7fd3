import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScripts, scriptHash, unhashedInlineScripts } from './inline-script';

const code = "document.documentElement.setAttribute('data-x','1')";
const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;

describe('inline script hashes', () => {
  it('hashes the exact text, as browsers do', () => {
    expect(scriptHash(code)).toBe(hash);
    expect(scriptHash(`${code} `)).not.toBe(hash);
  });

  it('finds only the inline scripts a browser would run', () => {
    const html = [
      `<script>${code}</script>`,
      '<script type="module">import "./x.js"</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script src="/_astro/a.js"></script>',
      '<script async src="https://forms.example.com/r.js" data-x></script>',
    ].join('');
    expect(inlineScripts(html)).toEqual([code, 'import "./x.js"']);
  });

  it('names an inline script whose hash the policy lacks', () => {
    const html = `<head><script>${code}</script><script>other()</script></head>`;
    const policy = `default-src 'self'; script-src 'self' '${hash}'; style-src 'self'`;
    expect(unhashedInlineScripts(html, policy)).toEqual(['other()']);
    expect(unhashedInlineScripts(`<script>${code}</script>`, policy)).toEqual([]);
    // A hash elsewhere in the policy does not allow a script.
    expect(unhashedInlineScripts(`<script>${code}</script>`, `script-src 'self'; style-src '${hash}'`)).toEqual([code]);
  });
});
