// The desk's plain forms and its Selections badge, as islands (src/desk/islands/ChangeForm.tsx,
// SelectionsBadge.tsx), hydrated as in her browser over the pages the desk renders: a change sent
// as JSON with the page's token to the desk's own address (never as a new address), lists kept as
// lists, Done's Undo beside what it said, and the badge asked for when the page was sent without it.
// The desk's answers are stubbed: what the routes answer is routes.ts's tests' (inbox.test.ts,
// late-values.test.ts).
// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { act, createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrate } from '../islands/hydrate.tsx';
import { galleryPage, inboxPage, layout, markup } from '../pages/index.tsx';
import type { DeskSetup, InboxMessage, Waiting } from './actions.ts';
import { detail } from './detail-fixture.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Sent {
  url: string;
  method: string;
  token: string | null;
  body: unknown;
}

/** Stands for the desk: records what is sent, answers with `answer`. */
function desk(answer: (url: string, method: string) => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const token = new Headers(init?.headers).get('X-Desk-Token');
      sent.push({ url, method, token, body: init?.body ? JSON.parse(String(init.body)) : null });
      return answer(url, method);
    }),
  );
  return sent;
}

/** `main` as her page has it, its islands hydrated. */
async function show(main: string) {
  document.head.innerHTML = '<meta name="desk-token" content="t0ken">';
  document.body.innerHTML = `<main id="main">${main}</main>`;
  await act(async () => hydrate(document));
}

const settle = () => act(async () => new Promise((done) => setTimeout(done, 30)));
const press = (button: HTMLButtonElement) => act(async () => button.click());
const button = (name: RegExp) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((each) => name.test(each.textContent ?? ''))!;

const selection = (id: string, title: string): InboxMessage => ({
  id,
  short: id.slice(0, 4),
  gallery: 'ivy-2026-10',
  day: '2026-12-04',
  kind: 'selection',
  title,
  sent: 'December 4, 2026',
  included: null,
  counted: 1,
  picks: [{ number: 2, file: 'IMG_0420.jpg', note: '', thumb: null }],
  lightroom: 'IMG_0420.jpg',
  link: null,
});

/** A published gallery of three photos, as the desk's records have it. */
const ivy = () => detail();

afterEach(() => vi.unstubAllGlobals());

describe("the desk's plain forms, as islands", () => {
  it('files a selection away with Done, draws the list anew, and offers Undo beside what it said, which puts it back', async () => {
    const one = selection('aaaa1111', 'Ivy, October 2026');
    const two = selection('bbbb2222', 'Nina, November 2026');
    let listed = [one, two];
    const page = () => `<main id="main">${markup(inboxPage({ messages: listed, problem: null }))}</main>`;
    const sent = desk((url, method) => {
      if (method === 'GET') return new Response(page(), { headers: { 'content-type': 'text/html' } });
      if (url.endsWith('api/inbox/done')) {
        listed = [two];
        return Response.json({
          message: 'Ivy, October 2026 is filed away.',
          undo: 'aaaa1111',
          waiting: { selections: 1, unreadable: 0 },
        });
      }
      listed = [one, two];
      return Response.json({ message: 'Ivy, October 2026 is back.', waiting: { selections: 2, unreadable: 0 } });
    });
    await show(markup(inboxPage({ messages: listed, problem: null })));
    const told: Waiting[] = [];
    document.addEventListener('desk:waiting', (event) => told.push((event as CustomEvent<Waiting>).detail));

    await press(button(/^Done with Ivy/));
    await settle();
    // Sent to the desk's own address, with the page's token in a header, as JSON naming the message.
    expect(sent[0]).toEqual({
      url: expect.stringMatching(/\/src\/desk\/api\/inbox\/done$/),
      method: 'POST',
      token: 't0ken',
      body: { id: 'aaaa1111' },
    });
    // The list drawn anew: one card, and the counts agree.
    expect(sent[1]).toMatchObject({ method: 'GET' });
    expect([...document.querySelectorAll('[data-message]')].map((card) => card.getAttribute('data-message'))).toEqual([
      'bbbb2222',
    ]);
    expect(document.querySelector('.lead')?.textContent).toBe('1 selection is waiting, newest first.');
    const status = document.querySelector<HTMLElement>('main .status')!;
    expect(status.textContent).toBe('Ivy, October 2026 is filed away. Undo');
    expect(document.activeElement).toBe(status);
    expect(told).toEqual([{ selections: 1, unreadable: 0 }]);

    await press(button(/^Undo$/));
    await settle();
    expect(sent[2]).toEqual({
      url: expect.stringMatching(/\/src\/desk\/api\/inbox\/undo$/),
      method: 'POST',
      token: 't0ken',
      body: { id: 'aaaa1111' },
    });
    expect(document.querySelectorAll('[data-message]')).toHaveLength(2);
    expect(document.querySelector('main .status')?.textContent).toBe('Ivy, October 2026 is back.');
    expect(told).toEqual([
      { selections: 1, unreadable: 0 },
      { selections: 2, unreadable: 0 },
    ]);
  });

  it('sends a partner link’s photos as a list, an empty one when none is tapped, and says a refusal beside the form', async () => {
    const sent = desk(() => Response.json({ message: 'Tap at least one photo for the link.' }, { status: 400 }));
    await show(markup(galleryPage(ivy(), null, '2026-12-04')));

    await press(button(/^Make the partner link$/));
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ id: 'ivy-2026-10', photos: [], name: '', expires: '' });
    // Refused: nothing drawn anew, said beside the partner links and focused there.
    expect(document.getElementById('partner-status')?.textContent).toBe('Tap at least one photo for the link.');
    expect(document.activeElement).toBe(document.getElementById('partner-status'));

    await act(async () => {
      document.querySelector<HTMLInputElement>('#photo-1')!.click();
      document.querySelector<HTMLInputElement>('#photo-3')!.click();
      document.querySelector<HTMLInputElement>('#share-name')!.value = 'for her partner';
    });
    await press(button(/^Make the partner link$/));
    await settle();
    expect(sent[1]!.body).toEqual({ id: 'ivy-2026-10', photos: ['1', '3'], name: 'for her partner', expires: '' });
    expect(new URL(location.href).search).toBe('');
  });
});

describe('a confirmation, an island on the site’s own modal dialog', () => {
  it('opens on its button, closes on Keep it with nothing sent, and sends its change on the confirming press', async () => {
    const shown: string[] = [];
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      shown.push(this.id);
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
    let posts = 0;
    const sent = desk((_url, method) =>
      method === 'GET'
        ? new Response(
            `<main id="main">${markup(galleryPage(ivy(), { local: true } as DeskSetup, '2026-12-04'))}</main>`,
            {
              headers: { 'content-type': 'text/html' },
            },
          )
        : ++posts === 1
          ? Response.json({ message: 'Her website could not be reached: try again in a minute.' }, { status: 502 })
          : Response.json({ message: 'Rehearsal: closed in the preview only.' }),
    );
    await show(markup(galleryPage(ivy(), { local: true } as DeskSetup, '2026-12-04')));
    const dialog = () => document.getElementById('close-dialog') as HTMLDialogElement;
    expect(dialog().open).toBe(false);
    expect(dialog().getAttribute('aria-labelledby')).toBe('close-dialog-title');
    expect(document.getElementById('close-dialog-title')?.textContent).toBe('Close Ivy, October 2026 now?');

    await press(button(/^Close this gallery…$/));
    expect([shown, dialog().open]).toEqual([['close-dialog'], true]);
    await press(button(/^Keep it open$/));
    expect([dialog().open, sent]).toEqual([false, []]);

    // Refused: the dialog closes as soon as the desk answers, and the refusal is said beside it.
    await press(button(/^Close this gallery…$/));
    await press(button(/^Rehearse closing it$/));
    await settle();
    expect(dialog().open).toBe(false);
    expect(document.getElementById('close-status')?.textContent).toBe(
      'Her website could not be reached: try again in a minute.',
    );
    expect(document.activeElement).toBe(document.getElementById('close-status'));

    await press(button(/^Close this gallery…$/));
    await press(button(/^Rehearse closing it$/));
    await settle();
    expect(sent[1]).toEqual({
      url: expect.stringMatching(/\/src\/desk\/api\/close$/),
      method: 'POST',
      token: 't0ken',
      body: { id: 'ivy-2026-10' },
    });
    // Closed as soon as the desk answered; the page drawn anew, what happened said beside it.
    expect(shown).toEqual(['close-dialog', 'close-dialog', 'close-dialog']);
    expect(dialog().open).toBe(false);
    expect(document.getElementById('close-status')?.textContent).toBe('Rehearsal: closed in the preview only.');
  });
});

describe('a page with two confirmations', () => {
  it('gives each its own ids, its description named by its dialog', async () => {
    // Never published: both Delete and Close are offered, each an island rendered apart.
    await show(markup(galleryPage(detail({ state: { kind: 'never', text: 'Never published' } }), null, '2026-12-04')));
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const dialog of ['delete-dialog', 'close-dialog']) {
      const described = document.getElementById(dialog)?.getAttribute('aria-describedby');
      expect(document.getElementById(described!)?.closest('dialog')?.id).toBe(dialog);
    }
  });
});

describe('an island that fails', () => {
  it('shows in its place, in her words, that it stopped and what to do, never a blank area', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await show('<div data-island="PhotoOrder" data-props="{}"></div>');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'This part of the page stopped working. Reload the page to try again; nothing you saved is lost.',
    );
  });
});

describe('the Selections badge', () => {
  const header = (waiting: Waiting | null) => {
    const html = layout({
      title: 'Galleries',
      current: '/',
      token: 't0ken',
      setup: { local: true } as DeskSetup,
      waiting,
      body: createElement('p', null, 'Her galleries'),
    });
    return new DOMParser().parseFromString(html, 'text/html').querySelector('header')!.outerHTML;
  };
  const link = () => document.querySelector('a[href="/inbox"]')!;

  it('asks the desk what waits when the page was sent without it, and shows it; a change that knows tells it', async () => {
    let asked = 0;
    const sent = desk(() =>
      ++asked < 2
        ? new Response('not yet', { status: 503 })
        : Response.json({ waiting: { selections: 2, unreadable: 1 }, locked: false }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      await show(header(null));
      expect(link().textContent).toBe('Selections');
      await act(async () => vi.advanceTimersByTimeAsync(10));
      // Not known at the first ask: nothing said, asked again 3 s later.
      expect(link().textContent).toBe('Selections');
      await act(async () => vi.advanceTimersByTimeAsync(3_000));
    } finally {
      vi.useRealTimers();
    }
    await settle();
    expect(sent.map((request) => [request.method, request.url.replace(/.*\/desk\//, ''), request.token])).toEqual([
      ['GET', 'api/status', 't0ken'],
      ['GET', 'api/status', 't0ken'],
    ]);
    expect(link().textContent).toBe('Selections 2 waiting 1 unreadable');
    await act(async () =>
      document.dispatchEvent(new CustomEvent('desk:waiting', { detail: { selections: 0, unreadable: 1 } })),
    );
    expect(link().textContent).toBe('Selections 1 unreadable');
  });

  it('shows what the page was sent with, and asks nothing', async () => {
    const sent = desk(() => Response.json({}));
    await show(header({ selections: 3, unreadable: 0 }));
    await settle();
    expect(sent).toEqual([]);
    expect(link().querySelector('.badge')?.textContent).toBe('3');
    expect(link().textContent).toBe('Selections 3 waiting');
  });
});

describe('a press before its island answers', () => {
  it('is held by the page’s one classic script and made once the island has taken over: a form sent, a dialog opened', async () => {
    // The script as the desk serves it (server.ts holdScript: its types stripped), run as the browser runs it.
    const script = readFileSync(join(process.cwd(), 'src/desk/hold.ts'), 'utf8');
    new Function(stripTypeScriptTypes(script, { mode: 'strip' }))();
    const opened: string[] = [];
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      opened.push(this.id);
    };
    const sent = desk(() => Response.json({ message: 'The settings are saved: publish for her to see them.' }));
    const navigated = vi.fn();
    window.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) navigated();
    });
    const page = () => {
      document.head.innerHTML = '<meta name="desk-token" content="t0ken">';
      document.body.innerHTML = `<main id="main">${markup(galleryPage(ivy(), null, '2026-12-04'))}</main>`;
    };
    const settings = () => document.querySelector<HTMLFormElement>('form[data-action="/api/galleries/settings"]')!;

    // Save pressed before islands.js has come: nothing sent, and the browser does not send the form.
    page();
    await act(async () => settings().requestSubmit());
    expect([sent.length, navigated.mock.calls.length]).toEqual([0, 0]);
    // Its island takes over: the form is sent, once, by the island, with the page's token.
    await act(async () => hydrate(document));
    await settle();
    const posts = () => sent.filter((request) => request.method === 'POST');
    expect(posts().map((request) => [request.url.replace(/.*\/desk\//, ''), request.token])).toEqual([
      ['api/galleries/settings', 't0ken'],
    ]);
    expect(document.getElementById('settings-status')?.textContent).toBe(
      'The settings are saved: publish for her to see them.',
    );

    // A button pressed before its island answers: the dialog opens once the island has taken over.
    page();
    await press(button(/^Close this gallery/));
    expect(opened).toEqual([]);
    await act(async () => hydrate(document));
    await settle();
    expect(opened).toEqual(['close-dialog']);
    expect(posts()).toHaveLength(1);
    expect(navigated).not.toHaveBeenCalled();
  });
});
