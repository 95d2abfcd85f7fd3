/**
 * Proves the owner-facing promise of content.config.ts with real Astro runs: a broken post stops the
 * build with a message naming the file and the field, and a draft never reaches the built site.
 * Each case runs in a throwaway copy of the project (node_modules linked, not copied), so the
 * working tree is never touched. About 50 s on an idle two-core machine; the timeouts leave room
 * for a busy one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileOfRoute } from './lib/site/site-files';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { astro as runAstro, copyProject } from '../scripts/shared/site-copy.ts';

const POST = 'content/blog/what-to-wear-for-your-boudoir-session.mdx';
const OTHER_POST = 'content/blog/the-difference-between-boudoir-and-erotica.mdx';

let dir = '';
let original = '';

// Only the blog's pages: the other pages' images would make the build slow without proving more.
const copyBlog = () => copyProject('blog-content-', { pages: ['blog', 'rss.xml.ts', '404.astro'] });
const astro = (command: 'build' | 'sync') => runAstro(dir, command);

/** Applies `edit` to the test post's text, runs Astro, then restores the post. */
function withPost(edit: (text: string) => string, command: 'build' | 'sync' = 'sync') {
  writeFileSync(join(dir, POST), edit(original));
  try {
    return astro(command);
  } finally {
    writeFileSync(join(dir, POST), original);
  }
}

beforeAll(() => {
  dir = copyBlog();
  original = readFileSync(join(dir, POST), 'utf8');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a broken post stops the build', () => {
  it('names the file and the field when metaDescription is missing', { timeout: 150_000 }, () => {
    const { status, output } = withPost((text) => text.replace(/^metaDescription: .*\n/m, ''), 'build');
    expect(status).not.toBe(0);
    expect(output).toContain(POST);
    expect(output).toContain('metaDescription: is missing');
    expect(existsSync(join(dir, 'dist', 'blog'))).toBe(false);
  });

  it('names every wrong field of a post at once: a wrong date and a too-long description', { timeout: 150_000 }, () => {
    const { status, output } = withPost((text) =>
      text
        .replace(/^publishDate: .*$/m, 'publishDate: 21 May 2025')
        .replace(/^metaDescription: .*$/m, `metaDescription: "${'A long summary. '.repeat(12)}"`),
    );
    expect(status).not.toBe(0);
    expect(output).toContain(POST);
    expect(output).toContain('publishDate: must be a real date written YYYY-MM-DD');
    expect(output).toContain('metaDescription: is too long');
  });

  it('names a misspelt field instead of ignoring it', { timeout: 150_000 }, () => {
    const { status, output } = withPost((text) => text.replace(/^id: .*$/m, '$&\nDraft: true'));
    expect(status).not.toBe(0);
    expect(output).toContain(POST);
    expect(output).toContain('Draft: is not a field a post can have');
  });

  it('names a file whose name cannot be an address', { timeout: 150_000 }, () => {
    const renamed = 'content/blog/What To Wear.mdx';
    renameSync(join(dir, POST), join(dir, renamed));
    try {
      const { status, output } = astro('sync');
      expect(status).not.toBe(0);
      expect(output).toContain(`${renamed}: file name:`);
    } finally {
      renameSync(join(dir, renamed), join(dir, POST));
    }
  });
});

describe('production builds', () => {
  it('leave drafts out everywhere and show an update date', { timeout: 240_000 }, () => {
    const draft = 'content/blog/a-private-draft.mdx';
    writeFileSync(
      join(dir, draft),
      original
        .replace(/^id: .*$/m, 'id: 99\ndraft: true')
        .replace(/^title: .*$/m, 'title: "Unpublished Draft Title"')
        // Newest of all, so it would top page 1 if it leaked.
        .replace(/^publishDate: .*$/m, 'publishDate: 2030-01-01'),
    );
    // One build checks both, as builds are the slow part.
    writeFileSync(join(dir, POST), original.replace(/^publishDate: .*$/m, '$&\nupdatedDate: 2025-06-02'));
    try {
      const { status, output } = astro('build');
      expect(status, output).toBe(0);
      const dist = (path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
      expect(existsSync(join(dir, 'dist', fileOfRoute('/blog/a-private-draft')))).toBe(false);
      for (const file of [fileOfRoute('/blog'), 'blog/search.json', 'rss.xml']) {
        expect(dist(file), file).not.toContain('a-private-draft');
        expect(dist(file), file).not.toContain('Unpublished Draft Title');
      }
      expect(dist('rss.xml').match(/<item>/g)).toHaveLength(9);

      const updated = dist(fileOfRoute('/blog/what-to-wear-for-your-boudoir-session'));
      expect(updated).toContain('<meta property="article:modified_time" content="2025-06-02">');
      expect(updated).toContain('"dateModified":"2025-06-02"');
      expect(updated).toMatch(/Updated\s*<time datetime="2025-06-02">June 2, 2025<\/time>/);
    } finally {
      rmSync(join(dir, draft));
      writeFileSync(join(dir, POST), original);
    }
  });

  it('fail when two posts share an id number, naming both files', { timeout: 150_000 }, () => {
    const otherId = /^id: (\d+)$/m.exec(readFileSync(join(dir, OTHER_POST), 'utf8'))?.[1];
    expect(otherId).toBeDefined();
    const { status, output } = withPost((text) => text.replace(/^id: .*$/m, `id: ${otherId}`), 'build');
    expect(status).not.toBe(0);
    expect(output).toMatch(/content\/blog\/[a-z-]+\.mdx: id: \d+ is already used by content\/blog\/[a-z-]+\.mdx/);
    expect(output).toContain(POST);
    expect(output).toContain(OTHER_POST);
  });
});
