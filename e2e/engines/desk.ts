// The studio desk in WebKit (her Mac's Safari) and Firefox: `npm run desk` started as she starts
// it, over a galleries folder of its own holding a copy of the sample gallery (its own local bucket,
// nothing published), and opened from its printed address. Its session cookie is kept (the open
// address answers once), every island of its pages takes over (hydrate.tsx marks data-hydrated),
// a gallery's title is changed in place and written to its gallery.yaml, a confirmation opens on
// its button and "Keep it open" closes it with nothing changed, and Selections says nothing waits.
// Chromium runs the owner's whole first hour (e2e/desk.spec.ts); this is her other browsers' check
// that the same desk answers them.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { check, checkEqual, until, type Driver } from './driver.ts';
import { startDesk } from '../desk-process.ts';

/** The sample gallery (README, "The private client gallery"), copied into the desk's galleries folder. */
const SAMPLE = resolve('content/private/preview');
const GALLERY = 'sample-copy';

/** Every island of the desk's page taken over by its code (none left without data-hydrated). */
const hydrated = (d: Driver, what: string) =>
  until(d, `the desk's islands hydrated (${what})`, () => {
    const islands = [...document.querySelectorAll('[data-island]')];
    return islands.length > 0 && islands.every((island) => island.hasAttribute('data-hydrated'));
  });

const textOf = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? null;

export const DESK_JOURNEY = {
  id: 'k',
  title:
    'studio desk: opens from its address, its islands take over, a title changed in place is written to gallery.yaml, a confirmation opens and Keep it open closes it, Selections says nothing waits',
  // The desk starts the local bucket's runtime (seconds on a loaded host) before its first page.
  timeoutMs: 180_000,
  async run(d: Driver): Promise<void> {
    const work = mkdtempSync(join(tmpdir(), `desk-${d.engine}-`));
    const galleries = join(work, 'galleries');
    mkdirSync(galleries);
    cpSync(SAMPLE, join(galleries, GALLERY), { recursive: true });
    const { address, stop } = await startDesk({ galleries, state: join(work, 'state'), group: true });
    try {
      await d.open(address);
      // The open address set her session and sent her on: the address she reached holds no key.
      const reached = await d.run(() => location.pathname);
      check(!reached.includes('/open/'), `the desk's address led on to its pages, not ${reached}`);
      checkEqual(await d.run(textOf, 'h1'), 'Your galleries', 'the first page');
      await hydrated(d, 'her galleries');

      // Her gallery, changed in place: a new title, saved, said beside the form and written to gallery.yaml.
      await d.click('.card a[href*="/gallery/"], a[href*="/gallery/"]');
      await until(d, "her gallery's page", () => document.querySelector('#settings-title-field') !== null, [], 30_000);
      await hydrated(d, 'her gallery');
      await d.run(() => {
        const field = document.querySelector<HTMLInputElement>('#settings-title-field')!;
        field.value = '';
      });
      await d.type('#settings-title-field', 'Lea, December 2026');
      await d.click('form[data-action$="/api/galleries/settings"] button[type="submit"]');
      await until(
        d,
        'the settings saved, said beside them',
        () => document.getElementById('settings-status')?.textContent === 'Saved. Publish for her to see the change.',
        [],
        30_000,
      );
      checkEqual(await d.run(() => location.search), '', 'no field of hers in the address');
      checkEqual(await d.run(textOf, 'h1'), 'Lea, December 2026', 'the page drawn anew with her title');
      const yaml = readFileSync(join(galleries, GALLERY, 'gallery.yaml'), 'utf8');
      check(/^title: Lea, December 2026$/m.test(yaml), `gallery.yaml holds the new title: ${yaml}`);

      // A confirmation: opened by its button, a modal dialog; Keep it open closes it, nothing sent.
      await hydrated(d, 'her gallery, drawn anew');
      await d.click('button[data-dialog="close-dialog"]');
      await until(
        d,
        'the close confirmation open',
        () => (document.getElementById('close-dialog') as HTMLDialogElement | null)?.open === true,
      );
      // Its one plain button (the other sends the change).
      checkEqual(await d.run(textOf, '#close-dialog button[type="button"]'), 'Keep it open', 'the keep button');
      await d.click('#close-dialog button[type="button"]');
      await until(
        d,
        'the confirmation closed',
        () => (document.getElementById('close-dialog') as HTMLDialogElement | null)?.open === false,
      );
      checkEqual(await d.run(textOf, '#close-status'), '', 'nothing said: nothing was sent');

      // Selections before her first publish: nothing waits (no studio key yet, and no alarm about one), no badge.
      await d.click('a[href$="/inbox"]');
      await until(d, 'Selections', () => document.querySelector('h1')?.textContent === 'Selections', [], 30_000);
      await hydrated(d, 'Selections');
      checkEqual(await d.run(textOf, 'main .lead'), 'No selections are waiting.', 'Selections, empty');
      checkEqual(await d.run(() => document.querySelectorAll('header .badge').length), 0, 'no badge');
    } finally {
      await stop();
      rmSync(work, { recursive: true, force: true });
    }
    // Back on the site, where the runner reads what its recorder kept.
    await d.open('/');
  },
};
