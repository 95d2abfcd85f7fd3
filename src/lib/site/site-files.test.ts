import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPages, fileForPath, fileOfRoute, routeOfFile } from './site-files';
import { routeOfUrlPath } from './routes';

describe('the route model', () => {
  it('maps built files to the addresses the host serves them at', () => {
    expect(routeOfFile('index.html')).toBe('/');
    expect(routeOfFile('about.html')).toBe('/about');
    expect(routeOfFile('blog/some-post.html')).toBe('/blog/some-post');
    expect(routeOfFile('404.html')).toBe('/404');
    for (const route of ['/', '/about', '/blog/some-post']) expect(routeOfFile(fileOfRoute(route))).toBe(route);
  });

  it('takes the canonical route from the URL a page is rendered under', () => {
    expect(routeOfUrlPath('/about.html')).toBe('/about');
    expect(routeOfUrlPath('/about')).toBe('/about');
    expect(routeOfUrlPath('/about/')).toBe('/about');
    expect(routeOfUrlPath('/index.html')).toBe('/');
    expect(routeOfUrlPath('/')).toBe('/');
    expect(routeOfUrlPath('/blog/a-post.html')).toBe('/blog/a-post');
  });

  it('finds the file for an address, and none for the forms the host redirects', () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'blog'));
    mkdirSync(join(dist, '_astro'));
    for (const file of ['index.html', 'about.html', 'blog.html', 'blog/a-post.html', '_astro/x.js']) {
      writeFileSync(join(dist, file), '');
    }
    expect(fileForPath(dist, '/')).toBe(join(dist, 'index.html'));
    expect(fileForPath(dist, '/about')).toBe(join(dist, 'about.html'));
    expect(fileForPath(dist, '/blog')).toBe(join(dist, 'blog.html'));
    expect(fileForPath(dist, '/blog/a-post')).toBe(join(dist, 'blog/a-post.html'));
    expect(fileForPath(dist, '/_astro/x.js')).toBe(join(dist, '_astro/x.js'));
    expect(fileForPath(dist, '/about/')).toBeNull();
    expect(fileForPath(dist, '/about.html')).toBeNull();
    expect(fileForPath(dist, '/missing')).toBeNull();
    expect(builtPages(dist).map((page) => page.route)).toEqual(['/', '/about', '/blog', '/blog/a-post']);
  });
});
