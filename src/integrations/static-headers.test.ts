import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headersFile, metaPolicy, pagePolicies } from './static-headers';
import { scriptHash } from '../lib/security/inline-script';

const page = (policy: string, body = '') =>
  `<html><head>${body}<meta http-equiv="content-security-policy" content="${policy}"></head></html>`;

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  for (const [name, html] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), html);
  }
  return dir;
}

describe('dist/_headers', () => {
  it('gives every response one policy: the not-found page for /*, each page its own after a detach', () => {
    const text = headersFile([
      { route: '/', policy: 'default-src home' },
      { route: '/404', policy: 'default-src missing' },
    ]);
    const blocks = text.split('\n\n').map((block) => block.trim().split('\n'));
    expect(blocks[0]?.[0]).toBe('/*');
    expect(blocks[0]?.filter((line) => line.includes('Content-Security-Policy'))).toEqual([
      '  Content-Security-Policy: default-src missing',
    ]);
    expect(blocks.find((block) => block[0] === '/')).toEqual([
      '/',
      '  ! Content-Security-Policy',
      '  Content-Security-Policy: default-src home',
    ]);
    expect(blocks.find((block) => block[0] === '/_astro/*')?.[1]).toContain('immutable');
  });

  it('refuses a page whose inline script has no hash in its policy, naming the file', () => {
    const code = 'document.title="x"';
    const good = dist({ 'index.html': page(`script-src 'self' '${scriptHash(code)}'`, `<script>${code}</script>`) });
    expect(pagePolicies(good)).toEqual([
      {
        route: '/',
        policy: `script-src 'self' '${scriptHash(code)}'; frame-ancestors 'none'; upgrade-insecure-requests`,
      },
    ]);
    const bad = dist({ 'blog/post.html': page("script-src 'self'", `<script>${code}</script>`) });
    expect(() => pagePolicies(bad)).toThrow(/blog\/post\.html: an inline script has no hash/);
  });

  it('gives /private-gallery only the site and its hashes, in its header and its <meta>', () => {
    const policy =
      "default-src 'self'; img-src 'self' data: blob: https://www.facebook.com; connect-src 'self' https://www.facebook.com; frame-src https://forms.example.com; script-src 'self' https://embed.forms.example.com https://connect.facebook.net 'sha256-abc='";
    const dir = dist({ 'private-gallery.html': page(policy.replace(/'/g, '&#39;')), 'erotica.html': page(policy) });
    const policies = Object.fromEntries(pagePolicies(dir).map((p) => [p.route, p.policy]));
    const tight =
      "default-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-src 'none'; script-src 'self' 'sha256-abc='";
    expect(policies['/private-gallery']).toBe(`${tight}; frame-ancestors 'none'; upgrade-insecure-requests`);
    expect(metaPolicy(readFileSync(join(dir, 'private-gallery.html'), 'utf8'))).toBe(tight);
    // Other pages keep the hosts they need.
    expect(policies['/erotica']).toContain('https://embed.forms.example.com');
  });
});
