// Publish, the desk's island (src/desk/islands/PublishPanel.tsx), hydrated as in her browser over
// the page the desk renders: the lock the page was sent without, asked for and shown; a publish's
// progress and outcome; Unlock sending the command's --unlock. The desk's answers are stubbed here:
// what the routes answer is routes.ts's tests' (late-values.test.ts, actions.test.ts).
// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrate } from '../islands/hydrate.tsx';
import { markup } from '../pages/index.tsx';
import { PublishPanel } from '../pages/Galleries.tsx';
import type { DeskSetup } from './actions.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const setup = { local: true } as DeskSetup;

/** The panel as her page has it, hydrated; `answer` stands for the desk. */
async function panel(
  locked: boolean | null,
  answer: (url: string, init?: RequestInit) => Response | Promise<Response>,
) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return answer(url, init);
    }),
  );
  document.head.innerHTML = '<meta name="desk-token" content="t0ken">';
  document.body.innerHTML = `<main id="main"><div class="cards"></div>${markup(PublishPanel({ setup, locked }))}</main>`;
  await act(async () => hydrate(document));
  return { sent, unlock: () => document.querySelector<HTMLFormElement>('form.unlock')! };
}

const lines = (...items: unknown[]) =>
  new Response(items.map((item) => `${JSON.stringify(item)}\n`).join(''), {
    headers: { 'content-type': 'application/x-ndjson' },
  });
const settle = () => act(async () => new Promise((done) => setTimeout(done, 20)));

afterEach(() => vi.unstubAllGlobals());

describe('Publish, the island', () => {
  it('asks for a lock the page was sent without, and offers Unlock only when her website holds one', async () => {
    const { sent, unlock } = await panel(null, () => Response.json({ waiting: null, locked: true }));
    await settle();
    expect(sent.map((request) => request.url)).toEqual([expect.stringMatching(/api\/status$/)]);
    expect([unlock().hidden, unlock().hasAttribute('data-late')]).toEqual([false, false]);
    // Known when the page was made: not asked for again.
    const known = await panel(false, () => Response.json({ locked: true }));
    await settle();
    expect([known.sent, known.unlock().hidden]).toEqual([[], true]);
  });

  it('shows a publish as it goes, then its outcome and notes; Unlock sends the command’s --unlock', async () => {
    const progress = { photos: 2, resized: 1, sealed: 1, uploaded: 3, bytes: 2_400_000, secondsLeft: 4 };
    const { sent, unlock } = await panel(false, (url) =>
      url.endsWith('api/publish')
        ? lines(
            { progress },
            {
              done: {
                ok: false,
                message: 'Nothing was published: another publish…',
                warnings: ['a note'],
                held: ['held one'],
                locked: true,
              },
            },
          )
        : new Response('<main></main>'),
    );
    const words = document.querySelector('.progress-words')!;
    const seen: string[] = [];
    new MutationObserver(() => seen.push(words.textContent ?? '')).observe(words, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    await act(async () => document.querySelector<HTMLFormElement>('form:not(.unlock)')!.requestSubmit());
    await settle();
    expect(seen).toContain('1 of 2 photos sealed, 1 resized; 3 files uploaded, 2.3 MB; about 4 s left');
    expect(document.getElementById('publish-status')?.textContent).toBe('Nothing was published: another publish…');
    expect([...document.querySelectorAll('.notes li')].map((li) => li.textContent)).toEqual(['held one', 'a note']);
    expect(document.querySelector<HTMLElement>('.progress-box')!.hidden).toBe(true);
    // Refused by a lock: Unlock is offered, and sends the command's --unlock.
    expect(unlock().hidden).toBe(false);
    await act(async () => unlock().requestSubmit());
    await settle();
    const publishes = sent.filter((request) => request.url.endsWith('api/publish')).map((request) => request.body);
    expect(publishes).toEqual([{}, { unlock: true }]);
  });

  it('leaves a lock read before a publish pressed since to the publish’s own outcome', async () => {
    let answerStatus: (response: Response) => void = () => {};
    const { unlock } = await panel(null, (url) =>
      url.endsWith('api/status')
        ? new Promise<Response>((done) => (answerStatus = done))
        : url.endsWith('api/publish')
          ? lines({ done: { ok: true, message: 'Published 1 gallery', warnings: [], held: [], locked: false } })
          : new Response('<main></main>'),
    );
    await act(async () => document.querySelector<HTMLFormElement>('form:not(.unlock)')!.requestSubmit());
    await settle();
    answerStatus(Response.json({ waiting: null, locked: true }));
    await settle();
    expect(unlock().hidden).toBe(true);
  });
});
