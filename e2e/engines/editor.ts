// The owner's editor (Sveltia CMS, dist-editor/ on its own origin) in the other engines: the journey
// e2e/editor.spec.ts runs in Chromium, shortened to what the owner does first. The editor runs its
// real GitHub backend, pointed through the backend's `api_root` at a local stand-in for the GitHub
// API (scripts/servers/github-standin.ts) backed by a real git repository holding the project's
// content: the owner signs in with an access token, and a save is a commit the journey reads with
// git. Only the copy of dist-editor/ this runner serves names the stand-in (prepareEditor); the
// built dist-editor/ is never changed. Where the engine's automation can intercept requests
// (Firefox), every request to another host is aborted and named.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { contentFiles } from '../editor-repo.ts';
import type { editorConfig } from '../../src/editor/config.ts';
import { editorHeaders } from '../../scripts/build/editor-policy.ts';
import { startGitHubStandIn, type StandInRepository } from '../../scripts/servers/github-standin.ts';
import { startFront } from '../../scripts/servers/front.ts';
import { again, check, checkEqual, until, type Driver, type PageError } from './driver.ts';

declare global {
  interface Window {
    /** When the page last changed (mark()). */
    __journeyQuiet?: { at: number };
    /** The controls mark() found, and where each was at the last poll. */
    __journeyMarks?: Record<string, { el: Element; rect: string }>;
    /** The IndexedDB writes of a Blob the session refused (countRefusedBlobs()). */
    __refusedBlobs?: number;
  }
}

/** The editor's configuration, as build:editor writes it to config.json. */
type EditorConfig = ReturnType<typeof editorConfig>;

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
  override name = 'NotPossible';
}

// In-page helpers: self-contained, they run in the browser.

const bodyHas = (text: string) =>
  document.body.innerText
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .includes(text);

/**
 * Tags the first shown `selector` match whose text starts or ends with `text` (an icon's ligature
 * may come first; the editor wraps names and numbers in direction marks) or whose aria-label is
 * `text`; returns a selector for it, or '' if none. With `steady`, only once the page is quiet and
 * the control can take a tap: nothing in the page changed for 400 ms and no transition runs, the
 * control scrolled to the middle of the screen, where it was at the last poll, its middle point hit
 * by nothing else (the editor's dialogs fade and scale in, and its lists are drawn again as the
 * repository's files arrive; WebKit refused a tap on a control mid-move as "not interactable", CI
 * 2026-11-28). A control drawn again is found again.
 */
const mark = (selector: string, text: string, steady = false) => {
  const norm = (s: string | null) =>
    (s ?? '')
      .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  // The page as a whole quiet first: nothing added, removed or changed in it for 400 ms, and no
  // transition running anywhere (a splash or a list fading out over the control is not on its line).
  let quiet = window.__journeyQuiet;
  if (!quiet) {
    const watched = { at: performance.now() };
    quiet = window.__journeyQuiet = watched;
    new MutationObserver(() => (watched.at = performance.now())).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }
  const finite = (animation: Animation) =>
    animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity;
  if (steady && (performance.now() - quiet.at < 400 || document.getAnimations().some(finite))) return '';
  const key = `${selector}\u0000${text}`;
  const marks = (window.__journeyMarks ??= {});
  let found = steady ? marks[key]?.el : undefined;
  if (!found?.isConnected || !found.checkVisibility()) {
    found = [...document.querySelectorAll(selector)].find(
      (el) =>
        el.checkVisibility() &&
        (norm(el.textContent).startsWith(text) ||
          norm(el.textContent).endsWith(text) ||
          norm(el.getAttribute('aria-label')) === text),
    );
    if (!found) return '';
    marks[key] = { el: found, rect: '' };
  }
  // Set above when not found there.
  const entry = (marks[key] ??= { el: found, rect: '' });
  if (!steady) {
    found.setAttribute('data-journey-target', String(Math.random()).slice(2));
    return `[data-journey-target="${found.getAttribute('data-journey-target')}"]`;
  }
  found.scrollIntoView({ block: 'center', behavior: 'instant' });
  const box = found.getBoundingClientRect();
  const rect = [box.x, box.y, box.width, box.height].map(Math.round).join(',');
  const moved = rect !== entry.rect;
  entry.rect = rect;
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  if (moved || box.width === 0 || box.height === 0 || !hit || !found.contains(hit)) return '';
  const id = found.getAttribute('data-journey-target') ?? String(Math.random()).slice(2);
  // Marking is a change too: the mark is set once, so the next poll still finds the page quiet.
  if (found.getAttribute('data-journey-target') !== id) found.setAttribute('data-journey-target', id);
  return `[data-journey-target="${id}"]`;
};

/**
 * Sets a form control's value at once, as a paste does (Playwright's fill): typed key by key, a list
 * item's input is drawn again between keys and loses some of them, on a loaded machine.
 */
const setValue = (selector: string, value: string) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  // The element's own value setter (its prototype's), as the browser's paste uses: a control without one throws.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set;
  if (!setter) throw new Error(`${selector} takes no value`);
  setter.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
};

async function fill(d: Driver, selector: string, value: string) {
  check(await d.run(setValue, selector, value), `nothing matches ${selector}`);
}

/** In the page: whether the token prompt's field holds `token` and its Sign In button can be pressed. */
const tokenTaken = (token: string) => {
  const prompt = document.querySelector('[role="alertdialog"]');
  const button = [...(prompt?.querySelectorAll('button') ?? [])].find((el) => el.textContent.trim() === 'Sign In');
  return (
    prompt?.querySelector('input')?.value === token &&
    !!button &&
    !button.disabled &&
    button.getAttribute('aria-disabled') !== 'true'
  );
};

/** A tap refused because the control was being drawn again under it (WebKit, Firefox): made again once. */
const REDRAWN =
  /not interactable|ElementNotInteractable|ElementClickIntercepted|element click intercepted|stale element/i;

async function clickText(d: Driver, selector: string, text: string, timeout = 15_000) {
  // A page that never goes quiet (none seen yet) still gets its tap, as the owner would make it.
  const target = await until(d, `"${text}" in ${selector}, the page quiet`, mark, [selector, text, true], timeout)
    .catch(() => until(d, `"${text}" in ${selector}`, mark, [selector, text], 2_000))
    .catch(async (error: Error) => {
      const seen = await d.run(
        (sel: string) =>
          [...document.querySelectorAll(sel)].slice(0, 12).map((el) => el.textContent.trim().slice(0, 60)),
        selector,
      );
      throw new Error(`${error.message}; there: ${JSON.stringify(seen)}`);
    });
  await d.click(target);
}

const field = (path: string) => `section[data-key-path="${path}"]`;

/**
 * In the page: whether this origin's IndexedDB keeps a Blob. WebKit's automation session keeps
 * website data ephemeral, and there a transaction that stores a Blob fails, its error null.
 */
const storesBlobs = () =>
  new Promise<string>((resolve) => {
    const open = indexedDB.open('engines-blob-probe', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('probe');
    open.onerror = () => resolve(`opening the database failed: ${open.error}`);
    open.onsuccess = () => {
      const transaction = open.result.transaction('probe', 'readwrite');
      transaction.objectStore('probe').put(new Blob(['probe'], { type: 'image/webp' }), 'blob');
      transaction.oncomplete = () => resolve('ok');
      transaction.onerror = () => resolve(`storing a Blob failed, error ${transaction.error}`);
    };
  });

/**
 * In the page: counts, from now on, the IndexedDB transactions that write a Blob and that the
 * session refuses (the probe's aside). Each is the editor's own write, and the one unhandled
 * rejection (its reason null) it leaves is this count's, not a guess per photo.
 */
const countRefusedBlobs = () => {
  if (window.__refusedBlobs !== undefined) return;
  window.__refusedBlobs = 0;
  const holdsBlob = (value: unknown, depth = 0): boolean =>
    value instanceof Blob ||
    (depth < 3 &&
      value !== null &&
      typeof value === 'object' &&
      Object.values(value).some((inner) => holdsBlob(inner, depth + 1)));
  const counted = new WeakSet();
  for (const name of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[name];
    IDBObjectStore.prototype[name] = function (this: IDBObjectStore, value: unknown, ...rest: [key?: IDBValidKey]) {
      const transaction = this.transaction;
      if (holdsBlob(value) && transaction.db.name !== 'engines-blob-probe' && !counted.has(transaction)) {
        counted.add(transaction);
        let refused = false;
        const refuse = () => {
          if (!refused) window.__refusedBlobs = (window.__refusedBlobs ?? 0) + 1;
          refused = true;
        };
        transaction.addEventListener('error', refuse);
        transaction.addEventListener('abort', refuse);
      }
      return original.call(this, value, ...rest);
    };
  }
};

/** The refused Blob writes over the journey's page loads: counted in each page, added up as it is left. */
function blobRefusals(d: Driver) {
  let left = 0;
  const inPage = () => d.run(() => window.__refusedBlobs ?? 0);
  return {
    start: () => d.run(countRefusedBlobs),
    leave: async () => {
      left += await inPage();
    },
    total: async () => left + (await inPage()),
  };
}

/** Opens a new post and fills every required field but `skip`. */
async function fillPost(d: Driver, origin: string, skip: string, refusals: ReturnType<typeof blobRefusals>) {
  await refusals.leave();
  await d.open(`${origin}/admin#/collections/blog/new`);
  await refusals.start();
  await until(d, 'the new post form', (sel) => !!document.querySelector(sel), [`${field('title')} input`], 30_000);
  if (skip !== 'id') await fill(d, `${field('id')} input`, POST.id);
  if (skip !== 'title') await fill(d, `${field('title')} input`, POST.title);
  await fill(d, `${field('excerpt')} textarea`, POST.excerpt);
  await fill(d, `${field('publishDate')} input[type="date"]`, POST.date);
  // The form draws its fields as they come into view, moving the button while the click travels:
  // a click that opened nothing is made again once, as the owner would (a Browse button that never
  // shows fails at once).
  await again(d, 'Browse for the featured photo', /waiting for: the photo library/, async () => {
    await clickText(d, `${field('featuredImage')} button`, 'Browse');
    await until(d, 'the photo library', () => !!document.querySelector('[role="dialog"]'), [], 5_000);
  });
  // The library draws its list again as the repository's files arrive: a photo tapped while it was
  // being replaced (WebKit: ElementNotInteractableError, ci13) is tapped again, as the owner would.
  await again(d, "tap the post's photo in the library", REDRAWN, () =>
    clickText(d, '[role="dialog"] [role="option"]', POST.photo),
  );
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
    (sel: string) => {
      [...document.querySelectorAll('section[data-key-path]')].at(-1)?.scrollIntoView({ block: 'end' });
      return !!document.querySelector(sel);
    },
    [`${field('body')} [contenteditable="true"]`],
    20_000,
  );
  await d.type(`${field('body')} [contenteditable="true"]`, POST.body);
}

/** The repository the editor's configuration names (the deployed one is a placeholder as well). */
const REPO = { owner: 'studio', name: 'site', branch: 'main' };

/**
 * The editor as this runner serves it: a copy of the built dist-editor/ whose configuration names
 * the local GitHub stand-in as the backend's `api_root` (and whose page policy, made by the build's
 * own editorHeaders, lets the editor reach it), and the stand-in itself behind its own HTTPS front.
 */
export async function prepareEditor({ editorDist, port = 0 }: { editorDist: string; port?: number }) {
  const github = await startGitHubStandIn({ ...REPO, files: contentFiles() });
  const front = await startFront({ upstream: `http://127.0.0.1:${github.port}`, httpsPort: port });
  const dir = mkdtempSync(join(tmpdir(), 'engines-editor-'));
  cpSync(editorDist, dir, { recursive: true });
  const deployed = JSON.parse(readFileSync(join(editorDist, 'config.json'), 'utf8')) as EditorConfig;
  const config = {
    ...deployed,
    backend: { ...deployed.backend, repo: `${REPO.owner}/${REPO.name}`, branch: REPO.branch, api_root: front.origin },
  };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config, null, 2));
  writeFileSync(join(dir, '_headers'), editorHeaders(config));
  return {
    dir,
    github,
    config,
    apiOrigin: front.origin,
    async close() {
      await front.close();
      await github.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Errors a journey proves its engine's session causes: which, how many at most, and why.
 * `max` is a number, or a function that counts them once the errors have been read.
 */
export interface AllowedErrors {
  match: (error: PageError) => boolean;
  max: number | (() => Promise<number>);
  reason: string;
}

/** The editor as prepareEditor serves it. */
export type PreparedEditor = Awaited<ReturnType<typeof prepareEditor>>;

export const EDITOR_JOURNEY: {
  id: string;
  title: string;
  timeoutMs: number;
  run: (
    d: Driver,
    context: { editorOrigin: string; editor: PreparedEditor },
  ) => Promise<{ allowErrors?: AllowedErrors }>;
} = {
  id: 'j',
  // The editor reads the whole repository (its 90-odd files and each one's last commit) after
  // signing in and again after opening the new post's page: on a loaded 2-core host, minutes.
  timeoutMs: 300_000,
  title: `editor: signs in to GitHub (a local stand-in, a real git repository) with a token, lists the ${POST_COUNT} posts, an empty title blocks saving, a new post is committed`,
  async run(d, { editorOrigin, editor }) {
    // A repository of its own for this session, signed in to by its own token.
    const token = `ghp_engines_${d.engine}_${Date.now().toString(36)}`;
    const repo = editor.github.repository(token);
    try {
      return await journey(d, { editorOrigin, editor, token, repo });
    } catch (error) {
      // What the editor asked the stand-in, last first: where a journey stalls, this says on what.
      const asked = repo.requests.slice(-12).reverse().join('; ');
      const gaps = repo.unanswered.length ? `; unanswered: ${repo.unanswered.join('; ')}` : '';
      if (error instanceof Error)
        error.message += `\n(the GitHub stand-in was last asked: ${asked || 'nothing'}${gaps})`;
      throw error;
    } finally {
      repo.remove();
    }
  },
};

/** The journey's steps, on the session's repository. */
async function journey(
  d: Driver,
  {
    editorOrigin,
    editor,
    token,
    repo,
  }: { editorOrigin: string; editor: PreparedEditor; token: string; repo: StandInRepository },
): Promise<{ allowErrors?: AllowedErrors }> {
  const start = repo.head();
  const outside: string[] = [];
  if (d.intercept) {
    await d.intercept((url) => {
      const { origin, protocol } = new URL(url);
      if (!protocol.startsWith('http') || origin === editorOrigin || origin === editor.apiOrigin) return undefined;
      outside.push(url);
      return 'abort';
    });
  }
  await d.open(`${editorOrigin}/admin`);
  const refusals = blobRefusals(d);
  await refusals.start();
  // The token prompt is an alert dialog. The sign-in page draws its buttons again as it learns what
  // the browser supports (WebKit once refused a click on a button being redrawn): a click that
  // opened nothing is made again, as the owner would.
  const tokenField = '[role="alertdialog"] input';
  await again(d, 'Sign In Using Access Token', new RegExp(`${REDRAWN.source}|waiting for: the token field`, 'i'), () =>
    clickText(d, 'button', 'Sign In Using Access Token', 60_000).then(() =>
      until(d, 'the token field', (sel: string) => !!document.querySelector(sel), [tokenField], 10_000),
    ),
  );
  // Once (ci16, WebKit) Sign In refused the click: the screenshot showed the prompt still fading in,
  // its field empty and Sign In disabled after the token was set (the prompt drawn again, most
  // likely). So the token is typed until the prompt's own field holds it and its Sign In button is
  // enabled, then Sign In is pressed; a press refused is made again, as the owner would.
  const refused = new RegExp(`${REDRAWN.source}|waiting for: the token in its field|could not click`, 'i');
  await again(d, 'type the token and press Sign In', refused, async () => {
    if (await d.run(bodyHas, 'Blog posts')) return; // a press that took, though reported refused
    await fill(d, tokenField, token);
    await until(d, 'the token in its field and Sign In enabled', tokenTaken, [token], 10_000);
    await clickText(d, '[role="alertdialog"] button', 'Sign In');
  });
  await until(d, 'the collections after signing in', bodyHas, ['Blog posts'], 60_000);

  const blobs = await d.run(storesBlobs);

  // The posts list: every post of content/blog/.
  await d.run(() => (location.hash = '#/collections/blog'));
  const rowsShown = () =>
    document.querySelectorAll('[role="grid"] [role="row"], [role="listbox"] [role="option"]').length;
  const listed = await until(
    d,
    `the ${POST_COUNT} posts listed`,
    (count: number) =>
      document.querySelectorAll('[role="grid"] [role="row"], [role="listbox"] [role="option"]').length === count
        ? count
        : false,
    [POST_COUNT],
    30_000,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}; rows shown: ${await d.run(rowsShown)}`);
  });
  checkEqual(listed, POST_COUNT, 'posts listed');

  // An empty required field blocks saving, with the message shown, and commits nothing.
  await fillPost(d, editorOrigin, 'title', refusals);
  await clickText(d, 'button', 'Save');
  await until(d, 'the refusal message', bodyHas, [REFUSED]);
  await until(d, 'the title field says it is required', mark, [`${field('title')} [role="alert"]`, REQUIRED]);
  checkEqual(repo.head(), start, 'the branch head after the refusal (no commit)');

  // Every required field filled: one commit on the branch adds the post, with the schema's values.
  await fill(d, `${field('title')} input`, POST.title);
  await clickText(d, 'button', 'Save');
  await until(d, 'the saved message', bodyHas, [SAVED], 30_000);
  const head = repo.head();
  check(head, 'the branch has a head after saving');
  const commit = repo.commitInfo(head);
  const path = `content/blog/${POST.slug}.mdx`;
  checkEqual(commit.parents, [start], 'the new commit comes straight after the content commit');
  checkEqual(repo.changes(head), [{ status: 'A', path }], 'the files the commit changes');
  const blog = editor.config.collections.find((collection) => collection.name === 'blog');
  check(blog && 'label_singular' in blog, 'the editor has a blog collection, with its one-post label');
  checkEqual(
    commit.message,
    editor.config.backend.commit_messages.create
      .replace('{{collection}}', blog.label_singular)
      .replace('{{slug}}', POST.slug),
    'the commit message',
  );
  checkEqual(repo.history(head, { path }), [head], "the post's history");
  const file = repo.fileOid(head, path);
  check(file, `the commit holds ${path}`);
  const text = repo.blob(file).toString('utf8');
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
  checkEqual(repo.unanswered, [], 'calls the GitHub stand-in could not answer');
  checkEqual(outside, [], 'requests to another host');
  // Sveltia keeps photos' thumbnails in IndexedDB as Blobs and does not catch a refusal: where the
  // session's storage refuses Blobs (proved above, not assumed), one rejection, its reason null, per
  // refused write the page counted is the engine's session, not the editor's; no other error is
  // allowed. Counted once the errors are read, so a write refused after the last step still counts
  // (ci12 saw 10 where each of the 9 library photos was written once in ci11).
  return blobs === 'ok'
    ? {}
    : {
        allowErrors: {
          match: (error) => error.type === 'unhandledrejection' && error.message === 'null',
          max: refusals.total,
          reason: `${d.engine}'s automation session keeps website data ephemeral, where IndexedDB refuses Blobs (${blobs}); each is one of the editor's thumbnail writes the session refused, counted in the page`,
        },
      };
}
