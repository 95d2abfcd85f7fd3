// The owner's editor (Sveltia CMS, dist-editor/ on its own origin) in the other engines, as far as
// their automation allows: the journey e2e/editor.spec.ts runs in Chromium, shortened to what the
// owner does first. Its backend is switched to the CMS's test repository by answering the editor's
// configuration request in the test only, and every request to another host is aborted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { contentFiles, readInPage, REPO_FOLDER, seedInPage } from '../editor-repo.ts';
import { check, checkEqual, until } from './driver.mjs';

/** The posts in content/blog/ (SPEC.md: 9), as the editor's list should show them. */
const POSTS = contentFiles();
const POST_COUNT = Object.keys(POSTS).filter((path) => /^content\/blog\/[^/]+\.mdx$/.test(path)).length;

/** The post the owner writes: every required field of the post schema. */
const POST = {
  slug: 'your-first-look-at-the-studio',
  id: '10',
  title: 'Your First Look at the Studio',
  excerpt: 'A short walk through the studio before your session.',
  date: '2026-11-20',
  photo: 'what-to-wear-for-your-boudoir-session.jpg',
  alt: 'Soft window light across the studio dressing room',
  category: 'Preparation',
  meta: 'A walk through our Titusville boudoir studio before your session: the dressing room, the window light and what to expect.',
  body: 'The studio is quiet, warm and entirely yours.',
};
/** The editor's messages (numbers come wrapped in direction marks, so only words are compared). */
const REFUSED = 'One field has an error. Please correct it to save the entry.';
const REQUIRED = 'This field is required.';
const SAVED = 'Entry saved.';

/** The reason an engine cannot run the journey, printed by the runner as "not possible", never as passed. */
export class NotPossible extends Error {
  name = 'NotPossible';
}

// In-page helpers: self-contained, they run in the browser.

const bodyHas = (text) =>
  document.body.innerText
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .includes(text);

/**
 * Tags the first shown `selector` match whose text starts or ends with `text` (an icon's ligature
 * may come first) or whose aria-label is `text`; returns a selector for it, or '' if none.
 */
const mark = (selector, text) => {
  // The editor wraps names and numbers in direction marks.
  const norm = (s) =>
    (s ?? '')
      .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const found = [...document.querySelectorAll(selector)].find(
    (el) =>
      el.checkVisibility() &&
      (norm(el.textContent).startsWith(text) ||
        norm(el.textContent).endsWith(text) ||
        norm(el.getAttribute('aria-label')) === text),
  );
  if (!found) return '';
  const id = String(Math.random()).slice(2);
  found.setAttribute('data-journey-target', id);
  return `[data-journey-target="${id}"]`;
};

/**
 * Sets a form control's value at once, as a paste does (Playwright's fill): typed key by key, a list
 * item's input is drawn again between keys and loses some of them, on a loaded machine.
 */
const setValue = (selector, value) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value').set.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
};

async function fill(d, selector, value) {
  check(await d.run(setValue, selector, value), `nothing matches ${selector}`);
}

async function clickText(d, selector, text, timeout = 15_000) {
  const target = await until(d, `"${text}" in ${selector}`, mark, [selector, text], timeout).catch(async (error) => {
    const seen = await d.run(
      (sel) => [...document.querySelectorAll(sel)].slice(0, 12).map((el) => el.textContent.trim().slice(0, 60)),
      selector,
    );
    throw new Error(`${error.message}; there: ${JSON.stringify(seen)}`);
  });
  await d.click(target);
}

const field = (path) => `section[data-key-path="${path}"]`;

/** Opens a new post and fills every required field but `skip`. */
async function fillPost(d, origin, skip) {
  await d.open(`${origin}/admin#/collections/blog/new`);
  await until(d, 'the new post form', (sel) => !!document.querySelector(sel), [`${field('title')} input`], 30_000);
  if (skip !== 'id') await fill(d, `${field('id')} input`, POST.id);
  if (skip !== 'title') await fill(d, `${field('title')} input`, POST.title);
  await fill(d, `${field('excerpt')} textarea`, POST.excerpt);
  await fill(d, `${field('publishDate')} input[type="date"]`, POST.date);
  // The form draws its fields as they come into view, moving the button while the click travels:
  // a click that opened nothing is made again, as the owner would.
  for (let attempt = 1; ; attempt++) {
    await clickText(d, `${field('featuredImage')} button`, 'Browse');
    const opened = await until(d, 'the photo library', () => !!document.querySelector('[role="dialog"]'), [], 5_000)
      .then(() => true)
      .catch((error) => (attempt === 3 ? Promise.reject(error) : false));
    if (opened) break;
  }
  await clickText(d, '[role="dialog"] [role="option"]', POST.photo);
  await clickText(d, '[role="dialog"] button', 'Insert');
  await until(d, 'the photo in its field', mark, [`${field('featuredImage')} button`, 'Replace Image'], 30_000);
  await fill(d, `${field('featuredImageAlt')} input`, POST.alt);
  await clickText(d, `${field('categories')} button`, 'Add Categories');
  await fill(d, `${field('categories')} input`, POST.category);
  await fill(d, `${field('metaDescription')} textarea`, POST.meta);
  // Fields below the screen are drawn as they scroll into view (on a phone, the text is one of them).
  await until(
    d,
    'the text field',
    (sel) => {
      [...document.querySelectorAll('section[data-key-path]')].at(-1)?.scrollIntoView({ block: 'end' });
      return !!document.querySelector(sel);
    },
    [`${field('body')} [contenteditable="true"]`],
    20_000,
  );
  await d.type(`${field('body')} [contenteditable="true"]`, POST.body);
}

/** The test repository's files, path → text (photos as base64). */
const readRepository = (d) => d.run(readInPage, REPO_FOLDER);

/** @type {{ id: string, title: string, run: (d: import('./driver.mjs').Driver, context: { editorOrigin: string, editorDist: string }) => Promise<void> }} */
export const EDITOR_JOURNEY = {
  id: 'j',
  title: `editor: signs in to the test repository, lists the ${POST_COUNT} posts, an empty title blocks saving, a new post is written`,
  async run(d, { editorOrigin, editorDist }) {
    // The repository lives in the editor origin's storage (the origin-private file system), seeded
    // from a file of that origin; the configuration is answered by the test: both must be possible.
    await d.open(`${editorOrigin}/favicon.svg`);
    const storage = await d.run(() =>
      navigator.storage?.getDirectory
        ? navigator.storage.getDirectory().then(
            () => 'ok',
            (error) => `navigator.storage.getDirectory() fails: ${error}`,
          )
        : 'navigator.storage.getDirectory is absent',
    );
    const impossible = [
      storage === 'ok' ? '' : `no origin-private file system for the test repository on ${editorOrigin} (${storage})`,
      d.intercept ? '' : "its automation cannot intercept requests to answer the editor's configuration",
    ].filter(Boolean);
    if (impossible.length) throw new NotPossible(`${d.engine}: ${impossible.join('; ')}`);

    const deployed = JSON.parse(readFileSync(join(editorDist, 'config.json'), 'utf8'));
    const testConfig = JSON.stringify({ ...deployed, backend: { name: 'test-repo' } });
    const outside = [];
    await d.intercept((url) => {
      const { origin, pathname, protocol } = new URL(url);
      if (!protocol.startsWith('http')) return undefined;
      if (origin !== editorOrigin) {
        outside.push(url);
        return 'abort';
      }
      return pathname === '/config.json' ? { contentType: 'application/json', body: testConfig } : undefined;
    });
    await d.run(seedInPage, { folder: REPO_FOLDER, files: POSTS });
    await d.open(`${editorOrigin}/admin`);
    await clickText(d, 'button', 'Work with Test Repository', 60_000);
    await until(d, 'the collections after signing in', bodyHas, ['Blog posts'], 30_000);

    // The posts list: every post of content/blog/.
    await d.run(() => (location.hash = '#/collections/blog'));
    const listed = await until(
      d,
      `the ${POST_COUNT} posts listed`,
      (count) => {
        const rows = document.querySelectorAll('[role="grid"] [role="row"], [role="listbox"] [role="option"]');
        return rows.length === count ? rows.length : false;
      },
      [POST_COUNT],
      30_000,
    );
    checkEqual(listed, POST_COUNT, 'posts listed');
    const before = await readRepository(d);

    // An empty required field blocks saving, with the message shown, and writes nothing.
    await fillPost(d, editorOrigin, 'title');
    await clickText(d, 'button', 'Save');
    await until(d, 'the refusal message', bodyHas, [REFUSED]);
    await until(d, 'the title field says it is required', mark, [`${field('title')} [role="alert"]`, REQUIRED]);
    checkEqual(Object.keys(await readRepository(d)).length, Object.keys(before).length, 'files after the refusal');

    // Every required field filled: the post is written with the schema's values.
    await fill(d, `${field('title')} input`, POST.title);
    await clickText(d, 'button', 'Save');
    await until(d, 'the saved message', bodyHas, [SAVED], 30_000);
    const after = await readRepository(d);
    const file = after[`content/blog/${POST.slug}.mdx`];
    check(
      file,
      `the editor wrote content/blog/${POST.slug}.mdx (new files: ${Object.keys(after).filter((p) => !(p in before))})`,
    );
    const text = Buffer.from(file, 'base64').toString('utf8');
    const [, frontMatter, body] = text.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/) ?? [];
    checkEqual(
      parse(frontMatter ?? ''),
      {
        id: Number(POST.id),
        title: POST.title,
        excerpt: POST.excerpt,
        publishDate: POST.date,
        featuredImage: `../images/blog/${POST.photo}`,
        featuredImageAlt: POST.alt,
        categories: [POST.category],
        metaDescription: POST.meta,
        draft: false,
      },
      "the new post's front matter",
    );
    checkEqual(body?.trim(), POST.body, "the new post's text");
    checkEqual(outside, [], 'requests to another host');
  },
};
