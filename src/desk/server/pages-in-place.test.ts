// The desk's pages for what a gallery is changed by in place: its photos (the cover, taking one
// out, adding more, the order numbered live), what waits for a publish, the galleries closing this
// week, her settings for a new gallery and a partner link's name. Rendered as the desk serves them
// and read as a browser would (jsdom), its islands hydrated for the live parts.
// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { hydrate } from '../islands/hydrate.tsx';
import type { ClosingSoon, GalleryCard } from './actions.ts';
import { detail } from './detail-fixture.ts';
import { NO_DEFAULTS } from './defaults.ts';
import { galleriesPage, galleryCard, galleryPage, markup, newGalleryPage } from '../pages/index.tsx';

/** The page as a browser reads it: its <main>'s content in this test's document. */
function show(markup: string): Document {
  document.body.innerHTML = `<main id="main">${markup}</main>`;
  return document;
}

describe("a gallery's photos, changed in place", () => {
  it('marks the first photo as the cover, offers every other one as the cover and each to take out, and adds photos from her computer', () => {
    const page = show(markup(galleryPage(detail(), null, '2026-12-04')));
    const items = [...page.querySelectorAll('.order-item')];
    expect(items).toHaveLength(3);
    const coverMarks = items.map((item) => item.querySelector('.cover-mark') !== null);
    expect(coverMarks).toEqual([true, false, false]);
    const coverButtons = items.map((item) => {
      const button = item.querySelector<HTMLButtonElement>('.cover-button')!;
      return [button.hidden, button.dataset.file, button.textContent];
    });
    expect(coverButtons).toEqual([
      [true, 'IMG_0410.jpg', 'Make it the cover (IMG_0410.jpg)'],
      [false, 'IMG_0420.jpg', 'Make it the cover (IMG_0420.jpg)'],
      [false, 'IMG_0430.jpg', 'Make it the cover (IMG_0430.jpg)'],
    ]);
    // Each change is of this gallery: its id is the island's.
    const island = page.querySelector<HTMLElement>('[data-island="PhotoOrder"]')!;
    expect((JSON.parse(island.dataset.props!) as { id: string }).id).toBe('ivy-2026-10');
    const outButtons = items.map(
      (item) =>
        [...item.querySelectorAll<HTMLButtonElement>('button')].find((button) =>
          button.textContent?.startsWith('Take it out'),
        )?.dataset.file,
    );
    expect(outButtons).toEqual(['IMG_0410.jpg', 'IMG_0420.jpg', 'IMG_0430.jpg']);
    // No move that goes nowhere: Up off on the first, Down off on the last.
    const moves = items.map((item) =>
      [...item.querySelectorAll<HTMLButtonElement>('[data-move]')].map((button) => button.disabled),
    );
    expect(moves).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
    const add = page.querySelector<HTMLFormElement>('form[data-add-photos]')!;
    expect(add.dataset.gallery).toBe('ivy-2026-10');
    expect(page.querySelector('label[for="add-photos"]')?.textContent).toBe('Choose them');
    expect(page.querySelector('label[for="add-from"]')?.textContent).toMatch(/^Or the path of the folder/);
    // Each description has a visible label naming its photo.
    expect(page.querySelector('label[for="alt-1"]')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Description of photo 2 IMG_0420.jpg',
    );
  });

  it('answers each change beside its own section, announced: photos, partner links, settings, password', () => {
    const page = show(markup(galleryPage(detail(), null, '2026-12-04')));
    for (const [form, status] of [
      ['form[data-action="/api/photos"]', 'photos-status'],
      ['form[data-add-photos]', 'photos-status'],
      ['form[data-action="/api/share"]', 'partner-status'],
      ['form[data-action="/api/galleries/settings"]', 'settings-status'],
      ['form[data-action="/api/galleries/password"]', 'password-status'],
    ] as const) {
      expect(page.querySelector<HTMLElement>(form)?.dataset.status, form).toBe(status);
      const line = page.getElementById(status)!;
      expect([line.getAttribute('role'), line.getAttribute('aria-live')], status).toEqual(['status', 'polite']);
      // Beside it: in the same section as the form.
      expect(line.closest('section'), status).toBe(page.querySelector(form)!.closest('section'));
    }
  });

  it('numbers the photos live as one is moved, before Save, and moves the cover mark with the first place', async () => {
    const page = show(markup(galleryPage(detail(), null, '2026-12-04')));
    // Its island, hydrated as islands.js hydrates it in her browser.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => hydrate(page));
    expect(page.querySelector('[data-island="PhotoOrder"]')?.hasAttribute('data-hydrated')).toBe(true);
    const down = page.querySelector<HTMLButtonElement>('.order-item [data-move="1"]')!;
    await act(async () => down.click());
    const items = [...page.querySelectorAll('.order-item')];
    expect(items.map((item) => item.querySelector('.order-file')?.textContent)).toEqual([
      'IMG_0420.jpg',
      'IMG_0410.jpg',
      'IMG_0430.jpg',
    ]);
    expect(items.map((item) => item.querySelector('.order-number')?.textContent)).toEqual(['1', '2', '3']);
    expect(items.map((item) => item.querySelector('.cover-mark') !== null)).toEqual([true, false, false]);
    expect(
      items.map((item) =>
        [...item.querySelectorAll<HTMLButtonElement>('[data-move]')].map((button) => button.disabled),
      ),
    ).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
    // The new first photo may not be made the cover again; the old one may.
    expect(items.map((item) => item.querySelector<HTMLButtonElement>('.cover-button')?.hidden)).toEqual([
      true,
      false,
      false,
    ]);
    // What Save sends: the files in the order she sees, each with its description beside it.
    expect([...page.querySelectorAll<HTMLInputElement>('input[name="files"]')].map((input) => input.value)).toEqual([
      'IMG_0420.jpg',
      'IMG_0410.jpg',
      'IMG_0430.jpg',
    ]);
    expect(page.getElementById('photos-status')?.textContent).toBe('IMG_0410.jpg is now number 2: save to keep it.');
    // Her keyboard stays on the photo she moved: its Down, which still goes somewhere.
    expect(document.activeElement).toBe(items[1]!.querySelector('[data-move="1"]'));
    // Up from the middle, then a drag of the last onto the first.
    await act(async () => items[1]!.querySelector<HTMLButtonElement>('[data-move="-1"]')!.click());
    expect(page.getElementById('photos-status')?.textContent).toBe('IMG_0410.jpg is now number 1: save to keep it.');
    const [first, , third] = [...page.querySelectorAll<HTMLElement>('.order-item')];
    await act(async () => {
      const transfer = { setData: () => {} };
      third!.dispatchEvent(Object.assign(new Event('dragstart', { bubbles: true }), { dataTransfer: transfer }));
      first!.dispatchEvent(
        Object.assign(new Event('dragover', { bubbles: true, cancelable: true }), { dataTransfer: transfer }),
      );
      first!.dispatchEvent(
        Object.assign(new Event('drop', { bubbles: true, cancelable: true }), { dataTransfer: transfer }),
      );
    });
    expect([...page.querySelectorAll('.order-item .order-file')].map((file) => file.textContent)).toEqual([
      'IMG_0430.jpg',
      'IMG_0410.jpg',
      'IMG_0420.jpg',
    ]);
    expect(page.getElementById('photos-status')?.textContent).toBe('IMG_0430.jpg is now number 1: save to keep it.');
  });
});

describe('what waits, what closes, what a new gallery starts with', () => {
  it('lists on a card what a publish would send, under what is on her website now', () => {
    const card = {
      id: 'ivy-2026-10',
      title: 'Ivy, October 2026',
      page: 'p1',
      sample: false,
      cover: null,
      photos: 3,
      package: { kind: 'none', text: 'Favorites, no package' },
      downloads: 'Web-size downloads',
      lastDay: null,
      state: {
        kind: 'waiting',
        text: 'On your website as published on 2026-12-04; waiting for a publish: a new partner link',
        waiting: ['a new partner link'],
      },
    } as unknown as GalleryCard;
    const page = show(markup(galleryCard(card)));
    expect(page.querySelector('.state')?.textContent).toBe(
      'On your website as published on 2026-12-04; waiting for a publish: a new partner link',
    );
    expect(page.querySelector('.waits p')?.textContent).toBe('Waits for a publish:');
    expect([...page.querySelectorAll('.waits li')].map((li) => li.textContent)).toEqual(['a new partner link']);
    // Nothing waiting: no list.
    const published = { ...card, state: { kind: 'published', text: 'On your website as published on 2026-12-04' } };
    expect(show(markup(galleryCard(published as GalleryCard))).querySelector('.waits')).toBeNull();
  });

  it('puts the galleries closing this week first, each reminder with its own Copy, and none without a reminder', () => {
    const closing: ClosingSoon[] = [
      {
        id: 'ivy-2026-10',
        title: 'Ivy, October 2026',
        lastDay: '2026-12-05',
        lastDayText: 'December 5, 2026',
        daysLeft: 1,
        reminder: 'Hello Ivy,\n\nA gentle reminder from Coastlight Boudoir: your gallery is open until…',
      },
      {
        id: 'mia-2026-11',
        title: 'Mia, November 2026',
        lastDay: '2026-12-04',
        lastDayText: 'December 4, 2026',
        daysLeft: 0,
        reminder: null,
      },
    ];
    const setup = { refusal: null, own: null, local: false, dir: '/galleries' } as unknown as Parameters<
      typeof galleriesPage
    >[1];
    const page = show(markup(galleriesPage([], setup, { closing })));
    const section = page.querySelector('section[aria-labelledby="closing-title"]')!;
    expect(section.querySelector('h2')?.textContent).toBe('Closing this week');
    // Before the publish panel: the first thing she reads after her folder.
    expect(section.compareDocumentPosition(page.querySelector('section[aria-labelledby="publish-title"]')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const items = [...section.querySelectorAll('li')];
    expect(items[0]?.querySelector('p')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Ivy, October 2026 closes at the end of December 5, 2026 (tomorrow).',
    );
    expect(items[0]?.querySelector('pre')?.textContent).toBe(closing[0]?.reminder);
    const copy = items[0]?.querySelector<HTMLButtonElement>('[data-copy]');
    expect(copy?.dataset.copy).toBe(items[0]?.querySelector('pre')?.id);
    expect(items[1]?.querySelector('p')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Mia, November 2026 closes at the end of December 4, 2026 (today).',
    );
    expect(items[1]?.querySelector('[data-copy]')).toBeNull();
    // None closing: no section.
    expect(show(markup(galleriesPage([], setup))).querySelector('[aria-labelledby="closing-title"]')).toBeNull();
  });

  it("starts a new gallery's form with her settings, its last day counted from today", () => {
    const page = show(
      markup(
        newGalleryPage('2026-12-04', {
          downloads: 'full',
          included: 25,
          extraPhotoPrice: '$35',
          strict: true,
          daysOpen: 30,
        }),
      ),
    );
    const value = (id: string) => page.querySelector<HTMLInputElement | HTMLSelectElement>(`#${id}`)?.value;
    expect([value('expires'), value('included'), value('limit'), value('extraPhotoPrice'), value('downloads')]).toEqual(
      ['2027-01-03', '25', 'strict', '$35', 'full'],
    );
    // And the form that keeps them, filled with them.
    expect([
      value('defaults-days'),
      value('defaults-included'),
      value('defaults-limit'),
      value('defaults-downloads'),
    ]).toEqual(['30', '25', 'strict', 'full']);
    expect(page.querySelector<HTMLFormElement>('form[data-action="/api/galleries/defaults"]')?.dataset.status).toBe(
      'defaults-status',
    );
    // Without settings of hers: no last day, web-size downloads, no package.
    const plain = show(markup(newGalleryPage('2026-12-04', NO_DEFAULTS)));
    const plainValue = (id: string) => plain.querySelector<HTMLInputElement | HTMLSelectElement>(`#${id}`)?.value;
    expect([plainValue('expires'), plainValue('included'), plainValue('limit'), plainValue('downloads')]).toEqual([
      '',
      '',
      'soft',
      'web',
    ]);
  });

  it("shows a partner link's name before it, for her eyes, and offers the field to name one", () => {
    const page = show(
      markup(
        galleryPage(
          detail({
            shares: [
              {
                code: 'AbCdEfGh',
                link: 'https://studio.example/private-gallery#share=AbCdEfGh',
                expires: null,
                names: ['IMG_0410.jpg'],
                name: 'for her partner',
              },
            ],
          }),
          null,
          '2026-12-04',
        ),
      ),
    );
    const item = page.querySelector('ul.shares li')!;
    expect(item.querySelector('.share-name')?.textContent).toBe('for her partner');
    expect(item.querySelector('code')?.textContent).toBe('https://studio.example/private-gallery#share=AbCdEfGh');
    const field = page.querySelector<HTMLInputElement>('#share-name')!;
    expect([field.name, field.maxLength]).toEqual(['name', 60]);
    expect(page.querySelector('label[for="share-name"]')?.textContent).toMatch(/^Its name, for you/);
  });
});
