import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect, expectNoAxeViolations, waitForIslands } from './fixtures';
import { serverState } from '../scripts/servers/cdn.ts';
import { writeCameraPhoto } from '../scripts/audits/camera-photos.ts';
import { REFUSALS } from '../src/desk/server/server.ts';
import { startDesk } from './desk-process.ts';

// The studio desk's journey, as the owner lives it: a gallery made from three camera photos,
// published to the test server's own bucket (where its sample gallery and studio key are), her
// invitation copied and opened by the client in another browser context, the client's selection
// read on the desk and marked Done, a partner link made by tapping two photos and named, a photo moved
// and described by keyboard, a photo added and taken out, the cover chosen, published from the
// gallery's own page, the gallery closed, and the project's content/ as it was
// (the desk runs with --local: the command's rehearsal, which closes it in the local preview and
// leaves her gallery.yaml as it is). At 1280 and 390 px. Each journey publishes into the server's one bucket: they run one after the other.
test.describe.configure({ mode: 'serial' });

const UNLOCK = { timeout: 30_000 };
/** A preview is sealed on her computer (her photos resized, as a publish does) and opened in the page. */
const PREVIEWED = { timeout: 90_000 };
const PUBLISHED = { timeout: 120_000 };

/** The project's content/ folder: each file's path and size. */
const projectContent = () =>
  readdirSync('content', { recursive: true, encoding: 'utf8' })
    .sort()
    .map((path) => `${path} ${statSync(join('content', path)).size}`);

/** The desk's own port, beside this checkout's servers (E2E_PORT): one per viewport. */
const deskPort = (offset: number) => Number(process.env['E2E_PORT'] ?? 4322) + 120 + offset;

for (const [width, height, port] of [
  [1280, 800, deskPort(0)],
  [390, 844, deskPort(1)],
] as const) {
  test.describe(`the studio desk at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('she makes a gallery from three camera photos, publishes it, invites her client, reads her selection, shares two photos and closes it', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(420_000);
      const state = serverState(Number(new URL(baseURL!).port));
      const id = `desk-${width}-${Date.now().toString(36)}`;
      const title = `Ada, desk journey ${width}`;
      const photos = mkdtempSync(join(tmpdir(), 'desk-camera-'));
      // The project's content/ as it is before her hour: after it, not a file more (no client's file is written there).
      const contentBefore = projectContent();
      const files = [];
      for (let n = 1; n <= 4; n++) {
        const file = join(photos, `IMG_04${n}0.jpg`);
        await writeCameraPhoto(file, { width: 1800, height: 1200, seed: n * 7 });
        files.push(file);
      }
      // Her one computer: the galleries folder paired with the server's bucket, kept from journey to
      // journey and run to run with its record (published.json), as hers is. A new folder each time
      // would be a second computer with no record, which publishing refuses once while it takes the
      // bucket's own record (record-copy.ts), after the first journey has published. Outside the
      // project, as hers is: the desk writes no client's file inside it.
      const dir = join(
        tmpdir(),
        'coastlight-desk-galleries',
        createHash('sha256').update(resolve(state)).digest('hex').slice(0, 16),
      );
      if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
      copyFileSync(join(state, 'passwords.env'), join(dir, 'passwords.env'));
      const { address, stop } = await startDesk({ port, state, galleries: dir, siteUrl: baseURL! });
      try {
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
          origin: `http://127.0.0.1:${port}`,
        });
        await page.goto(address);
        // The token leaves the address at once, for the desk's secret path.
        expect(new URL(page.url()).pathname).toMatch(/^\/[\w-]{22}\/$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Your galleries' })).toBeVisible();
        await expectNoAxeViolations(page);

        // A new gallery: the form, and three camera photos copied in.
        await page.getByRole('link', { name: 'New gallery' }).click();
        // (The form is an island: what it is dropped onto is answered once it is hydrated.)
        await expect(page.locator('[data-island="NewGalleryForm"]')).toHaveAttribute('data-hydrated', '');
        await page.getByLabel('Title, as she will see it').fill(title);
        await page.getByLabel(/^Folder name/).fill(id);
        await page.getByLabel(/^Photos included/).fill('2');
        // Two chosen, the third dropped onto the form as from the Finder.
        await page.getByLabel('Choose them').setInputFiles(files.slice(0, 2));
        const third = { name: 'IMG_0430.jpg', data: readFileSync(files[2]!).toString('base64') };
        await page.locator('[data-drop]').evaluate((zone, { name, data }) => {
          const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], name, { type: 'image/jpeg' }));
          zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
          zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
        }, third);
        await expect(page.locator('.drop-count')).toHaveText('1 photo dropped: IMG_0430.jpg');
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Make the gallery' }).click();
        await expect(page.locator('main > [role="status"]')).toHaveText(
          `The gallery ${id} is made with 3 photos and a strong password made for her: publish it for her to see it.`,
        );
        const password = await page.locator('#made-password').textContent();
        expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

        // Publish to the local preview: progress, then the command's summary.
        await page.getByRole('link', { name: 'Back to your galleries' }).click();
        const card = page.locator(`[data-gallery="${id}"]`);
        await expect(card).toContainText('Never published');

        // Before she publishes: her gallery as her client will see it, made on her computer and opened
        // with the gallery's own code, at a phone's width and a computer's.
        await card.getByRole('link', { name: title }).click();
        await page.getByRole('link', { name: 'See it as she will' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title}, as she will see it`);
        for (const where of ['on her phone', 'on a computer']) {
          const frame = page.frameLocator(`iframe[title="${title} ${where}"]`);
          await expect(frame.getByRole('heading', { name: title })).toBeVisible(PREVIEWED);
          // Her three photos, decrypted in the page as on her client's phone.
          await expect(frame.locator('img[src^="blob:"]')).toHaveCount(3, PREVIEWED);
        }
        await expectNoAxeViolations(page);
        await page.getByRole('link', { name: 'Galleries', exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Your galleries' })).toBeVisible();
        // The progress bar's words, as they change.
        await page.evaluate(() => {
          const words = document.querySelector('.progress-words')!;
          const seen: string[] = [];
          (window as unknown as { seen: string[] }).seen = seen;
          new MutationObserver(() => seen.push(words.textContent ?? '')).observe(words, {
            childList: true,
            characterData: true,
            subtree: true,
          });
        });
        await expect(page.locator('[data-island="PublishPanel"]')).toHaveAttribute('data-hydrated', '');
        await page.getByRole('button', { name: 'Publish to the preview' }).click();
        await expect(page.getByRole('status')).toHaveText(
          /^Published \d+ galleries \(\d+ photos\)( and \d+ closed)? to the preview on this computer in /,
          PUBLISHED,
        );
        const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
        expect(seen).toContainEqual(
          expect.stringMatching(
            /^\d+ of \d+ photos sealed, \d+ resized; \d+ files? uploaded, \d+(\.\d)? (KB|MB); about \d+ (s|min) left$/,
          ),
        );
        expect(seen.at(-1)).toMatch(/^(\d+) of \1 photos sealed, \d+ resized; \d+ files uploaded, \d+(\.\d)? (KB|MB)$/);
        await expect(card).toContainText(`Published on ${new Date().toISOString().slice(0, 10)}`);

        // Her invitation, copied.
        await card.getByRole('link', { name: title }).click();
        await page.getByRole('button', { name: 'Copy invitation' }).click();
        await expect(page.locator('main > [role="status"]')).toHaveText('Copied.');
        const invitation = await page.evaluate(() => navigator.clipboard.readText());
        expect(invitation).toContain(`Your gallery's name is ${id}. I will send your password in a separate message.`);
        expect(invitation).not.toContain(password);
        await page.getByRole('button', { name: 'Copy password' }).click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          `The password for your gallery ${id}: ${password}`,
        );
        const link = invitation.split('\n').find((line) => line.startsWith(baseURL!))!;
        expect(link).toMatch(/\/private-gallery\/?#access=[A-Za-z0-9_-]{43}$/);
        await expectNoAxeViolations(page);

        // The client, in a browser of her own: the link opens her gallery; she sends her selection.
        const client = await browser.newContext({ viewport: { width, height } });
        const her = await client.newPage();
        await her.goto(link);
        await waitForIslands(her);
        await her.getByRole('button', { name: 'I am 18+' }).click();
        await expect(her.getByRole('heading', { name: title })).toBeVisible(UNLOCK);
        for (const n of [1, 3]) await her.getByRole('button', { name: `Favorite photo ${n}` }).click();
        await her.getByRole('button', { name: 'Send my selection', exact: true }).click();
        await expect(her.locator('[data-selection-sent]')).toHaveText(/^Sent to the studio on /, UNLOCK);
        await client.close();

        // Her selection, on the desk.
        await page.getByRole('link', { name: /^Selections/ }).click();
        const message = page.locator('li.message', { hasText: id });
        await expect(message.getByRole('heading', { name: title })).toBeVisible();
        await expect(message).toContainText(`${id}, sent`);
        await expect(message).toContainText('2 of 2 included');
        await expect(message.getByRole('img', { name: 'Photo 1' })).toBeVisible();
        await expect(message.locator('code[id^="lightroom-"]')).toHaveText('IMG_0410, IMG_0430');
        await expectNoAxeViolations(page);
        // Done: that selection is filed away on her computer, with Undo, and the badge counts one fewer.
        const badge = page
          .getByRole('link', { name: /^Selections/ })
          .locator('.badge')
          .first();
        const waiting = Number(await badge.textContent());
        expect(waiting).toBeGreaterThanOrEqual(1);
        await message.getByRole('button', { name: `Done with ${title}` }).click();
        await expect(page.getByRole('status')).toHaveText(/^Filed away on your computer: .+, sent .+\. Undo$/);
        await expect(page.locator('li.message', { hasText: title })).toHaveCount(0);
        // Undo brings it back; Done again files it for good.
        await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
        await expect(page.getByRole('status')).toHaveText('Back among the selections waiting.');
        await expect(page.locator('li.message', { hasText: title })).toHaveCount(1);
        await page
          .locator('li.message', { hasText: title })
          .getByRole('button', { name: `Done with ${title}` })
          .click();
        await expect(page.getByRole('status')).toHaveText(/^Filed away on your computer: /);
        await expect(page.locator('li.message', { hasText: title })).toHaveCount(0);
        if (waiting > 1) await expect(badge).toHaveText(String(waiting - 1));
        else await expect(badge).toHaveCount(0);

        // A partner link: two photos tapped.
        await page.getByRole('link', { name: 'Galleries', exact: true }).click();
        await page.locator(`[data-gallery="${id}"]`).getByRole('link', { name: title }).click();
        await page.getByText('Photo 1', { exact: true }).click();
        await page.getByText('Photo 2', { exact: true }).click();
        await page.getByLabel(/^Its name, for you/).fill('for her partner');
        await page.getByRole('button', { name: 'Make the partner link' }).click();
        await expect(page.locator('#partner-status')).toContainText(
          `Partner link "for her partner" for ${title}, photos 1, 2 (IMG_0410.jpg, IMG_0420.jpg):`,
        );
        await expect(page.locator('ul.shares li')).toHaveCount(1);
        await expect(page.locator('ul.shares li .share-name')).toHaveText('for her partner');

        // Her photos' order and descriptions, by keyboard: photo 1 moved down, described, saved in gallery.yaml.
        // (Her photos' order is an island: pressed once it is hydrated, as her own press would be a moment after the page.)
        await expect(page.locator('[data-island="PhotoOrder"]')).toHaveAttribute('data-hydrated', '');
        await page.getByRole('button', { name: 'Down IMG_0410.jpg' }).focus();
        await page.keyboard.press('Enter');
        await expect(page.locator('#photos-status')).toHaveText('IMG_0410.jpg is now number 2: save to keep it.');
        await page.getByLabel('Description of photo 2 IMG_0410.jpg').fill('Ada by the window, in morning light');
        await page.getByRole('button', { name: 'Save the order and descriptions' }).click();
        await expect(page.locator('#photos-status')).toHaveText(
          'Saved in its gallery.yaml: publish for her to see the new order and descriptions.',
        );
        expect(readFileSync(join(dir, id, 'gallery.yaml'), 'utf8')).toContain(
          'photos:\n  - file: IMG_0420.jpg\n  - file: IMG_0410.jpg\n    alt: Ada by the window, in morning light\n  - file: IMG_0430.jpg\n',
        );

        // Changed in place: a fourth photo added from her computer, then taken out (kept on her computer,
        // never deleted), and the third made the cover, the photo her gallery opens on.
        await page.getByLabel('Choose them').setInputFiles(files[3]!);
        await page.getByRole('button', { name: 'Add these photos' }).click();
        await expect(page.locator('#photos-status')).toHaveText('1 photo added: publish for her to see them.');
        await expect(page.locator('.order-item .order-file')).toHaveText([
          'IMG_0420.jpg',
          'IMG_0410.jpg',
          'IMG_0430.jpg',
          'IMG_0440.jpg',
        ]);
        await page.getByRole('button', { name: 'Take it out (IMG_0440.jpg)' }).click();
        await expect(page.locator('#photos-status')).toHaveText(
          `IMG_0440.jpg is out of the gallery, kept on your computer in ${join(dir, 'removed-photos', id)}. Publish for her to see the change.`,
        );
        expect(existsSync(join(dir, id, 'IMG_0440.jpg'))).toBe(false);
        expect(readFileSync(join(dir, 'removed-photos', id, 'IMG_0440.jpg'))).toEqual(readFileSync(files[3]!));
        await page.getByRole('button', { name: 'Make it the cover (IMG_0430.jpg)' }).click();
        await expect(page.locator('#photos-status')).toHaveText(
          'IMG_0430.jpg is the cover: her gallery opens on it. Publish for her to see the change.',
        );
        await expect(page.locator('.order-item .order-file')).toHaveText([
          'IMG_0430.jpg',
          'IMG_0420.jpg',
          'IMG_0410.jpg',
        ]);
        await expect(page.locator('.order-item').first().locator('.cover-mark')).toBeVisible();

        // Her settings changed in place: a later last day (her invitation says it as her page will) and a
        // package of 10 photos, kept in gallery.yaml; then a new password, made for her, and sent apart.
        const later = new Date(Date.now() + 40 * 86_400_000).toLocaleDateString('en-CA');
        const laterSaid = new Date(`${later}T12:00:00Z`).toLocaleDateString('en-US', {
          month: 'long',
          day: 'numeric',
          year: 'numeric',
          timeZone: 'UTC',
        });
        await page.getByLabel(/^Last day open/).fill(later);
        await page.getByLabel(/^Photos included/).fill('10');
        await page.getByRole('button', { name: 'Save the settings' }).click();
        await expect(page.locator('#settings-status')).toHaveText('Saved. Publish for her to see the change.');
        const yaml = readFileSync(join(dir, id, 'gallery.yaml'), 'utf8');
        expect(yaml).toMatch(new RegExp(`^expires: ['"]?${later}['"]?$`, 'm'));
        expect(yaml).toMatch(/^included: 10$/m);
        await expect(page.locator('#invitation')).toContainText(`It is open until the end of ${laterSaid}.`);
        await page.getByRole('button', { name: 'Set a new password' }).click();
        await expect(page.locator('#password-status')).toHaveText(
          'Her new password is set: publish, then send her the new password. The old one opens nothing after that.',
        );
        const newPassword = (await page.locator('#password-text').textContent())?.split(': ').at(-1) ?? '';
        expect(newPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
        expect(newPassword).not.toBe(password);
        expect(readFileSync(join(dir, 'passwords.env'), 'utf8')).toContain(`=${newPassword}`);

        // Each card and page says what waits for a publish; Publish on the gallery's own page sends it.
        await expect(page.locator('.standing .waits')).toContainText(
          'your changes to its photos, settings or password',
        );
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Publish to the preview' }).click();
        await expect(page.locator('#publish-status')).toHaveText(
          /^Published \d+ galleries \(\d+ photos\)( and \d+ closed)? to the preview on this computer in /,
          PUBLISHED,
        );
        await expect(page.locator('.standing .state')).toHaveText(/^Published on \d{4}-\d{2}-\d{2}/);
        await expect(page.locator('.standing .waits')).toHaveCount(0);

        // Closed, after a confirmation that says what she will see: with --local, the command's rehearsal.
        // "Keep it open" first: the dialog closes and nothing is sent.
        await page.getByRole('button', { name: 'Close this gallery…' }).click();
        const dialog = page.getByRole('dialog', { name: `Close ${title} now?` });
        await dialog.getByRole('button', { name: 'Keep it open' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.locator('#close-status')).toHaveText('');
        await expect(page.locator('.standing .state')).toHaveText(/^Published on \d{4}-\d{2}-\d{2}/);
        await page.getByRole('button', { name: 'Close this gallery…' }).click();
        await expect(dialog).toContainText('This desk publishes to the local preview: closing here is a rehearsal.');
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: 'Rehearse closing it' }).click();
        await expect(page.getByRole('status').filter({ hasText: /^Rehearsal/ })).toHaveText(
          new RegExp(
            `^Rehearsal: closed "${id}" in the local preview only \\(the preview on this computer: \\d+ old files deleted\\); your gallery\\.yaml is unchanged; close it on the desk of your website for her\\.$`,
          ),
          PUBLISHED,
        );
        // Her link, in the local preview, now says the gallery has closed.
        const after = await browser.newContext({ viewport: { width, height } });
        const closed = await after.newPage();
        await closed.goto(link);
        await waitForIslands(closed);
        await closed.getByRole('button', { name: 'I am 18+' }).click();
        await expect(closed.getByText('This gallery has closed', { exact: false }).first()).toBeVisible(UNLOCK);
        await after.close();
        expect(projectContent()).toEqual(contentBefore);
      } finally {
        await stop();
        // Her journey's gallery leaves the folder (the record carries it, closed), so the folder stays small.
        rmSync(join(dir, id), { recursive: true, force: true });
        rmSync(photos, { recursive: true, force: true });
      }
    });
  });
}

// A press the moment a desk page shows, before its script has come: the desk still answers it (its
// script runs before the page's buttons exist). Found as a lost "Copy invitation" on a loaded host.
test.describe('the studio desk, its script slow to come', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a gallery made the moment the page shows is answered by the desk, not sent as a new address', async ({
    page,
    baseURL,
  }) => {
    const state = serverState(Number(new URL(baseURL!).port));
    const dir = mkdtempSync(join(tmpdir(), 'desk-early-'));
    copyFileSync(join(state, 'passwords.env'), join(dir, 'passwords.env'));
    mkdirSync(join(dir, 'taken'));
    const { address, stop } = await startDesk({ port: deskPort(2), state, galleries: dir, siteUrl: baseURL! });
    try {
      // Its script 1.5 s late, as on a busy computer (routing also turns the browser's cache off).
      await page.route('**/assets/desk.js', async (route) => {
        await new Promise((done) => setTimeout(done, 1_500));
        await route.continue();
      });
      await page.goto(address);
      await page.goto(new URL('new', page.url()).href, { waitUntil: 'commit' });
      await page.getByLabel('Title, as she will see it').fill('Early');
      await page.getByLabel(/^Folder name/).fill('taken');
      await page.getByRole('button', { name: 'Make the gallery' }).click();
      // Said beside the field it is about, which is marked and keeps the focus.
      await expect(page.locator('#new-id-status')).toHaveText(
        `There is already a gallery folder ${join(dir, 'taken')}: choose another name.`,
      );
      await expect(page.getByLabel(/^Folder name/)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(/^Folder name/)).toBeFocused();
      expect(new URL(page.url()).search).toBe('');
      await expect(page.getByLabel('Title, as she will see it')).toHaveValue('Early');
      // A weak password: refused beside the password field, with the strong one it offers to use at once.
      await page.getByLabel(/^Folder name/).fill('early-2026');
      await page.getByLabel(/^Her password/).fill('early2026');
      await page.getByRole('button', { name: 'Make the gallery' }).click();
      const refusal = page.locator('#new-password-status');
      await expect(refusal).toContainText(
        'Her password is shorter than 12 characters: choose a longer one, for example ',
      );
      await expect(page.locator('#new-id-status')).toHaveText('');
      const offered = /for example ([a-z2-9-]{19})/.exec((await refusal.textContent()) ?? '')?.[1];
      await refusal.getByRole('button', { name: `Use this one: ${offered}` }).click();
      await expect(page.getByLabel(/^Her password/)).toHaveValue(offered!);
      await page.getByRole('button', { name: 'Make the gallery' }).click();
      await expect(page.locator('main > [role="status"]')).toHaveText(
        'The gallery early-2026 is made with 0 photos: publish it for her to see it.',
      );
      await expect(page.locator('#made-password')).toHaveText(offered!);
    } finally {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The same for an island's press: Publish pressed before the islands' code has come is held by the
// page's script and sent by the island once it has taken over, never sent by the browser as a new address.
test.describe('the studio desk, its islands slow to come', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Publish pressed the moment the page shows is published once its island has come', async ({ page, baseURL }) => {
    const state = serverState(Number(new URL(baseURL!).port));
    const dir = mkdtempSync(join(tmpdir(), 'desk-early-island-'));
    copyFileSync(join(state, 'passwords.env'), join(dir, 'passwords.env'));
    const { address, stop } = await startDesk({ port: deskPort(4), state, galleries: dir, siteUrl: baseURL! });
    try {
      let arrived = false;
      await page.route('**/assets/islands.js', async (route) => {
        await new Promise((done) => setTimeout(done, 2_000));
        arrived = true;
        await route.continue();
      });
      await page.goto(address, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Publish to the preview' }).click();
      expect(arrived).toBe(false);
      // The desk's answer to that press (her folder holds no gallery: publishing says what it did or why not).
      await expect(page.locator('#publish-status')).toHaveText(
        /^(Published \d+ galleries|Nothing was published: the galleries folder )/,
        PUBLISHED,
      );
      expect(new URL(page.url()).search).toBe('');
      await expect(page.locator('[data-island="PublishPanel"]')).toHaveAttribute('data-hydrated', '');
    } finally {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Her session is the desk's alone: browsers keep cookies per host name, not per port, so another
// server on 127.0.0.1 she visits (the local preview, any tool) must receive nothing of it; and the
// address the desk printed, left in her history, opens nothing a second time.
test.describe('the studio desk, its session', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a plain listener on another 127.0.0.1 port, visited after the desk, receives no cookie or token of it; the address from history opens nothing', async ({
    page,
    baseURL,
  }) => {
    const state = serverState(Number(new URL(baseURL!).port));
    const dir = mkdtempSync(join(tmpdir(), 'desk-session-'));
    copyFileSync(join(state, 'passwords.env'), join(dir, 'passwords.env'));
    const heard: { url: string; headers: IncomingHttpHeaders }[] = [];
    const other = createServer((request, response) => {
      heard.push({ url: request.url ?? '', headers: request.headers });
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Another server</title>');
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    const elsewhere = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const { address, stop } = await startDesk({ port: deskPort(3), state, galleries: dir, siteUrl: baseURL! });
    try {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: 'Your galleries' })).toBeVisible();
      const path = new URL(page.url()).pathname;
      const cookies = await page.context().cookies();
      expect(
        cookies.map(({ name, domain, path: scope, httpOnly, sameSite }) => ({
          name,
          domain,
          scope,
          httpOnly,
          sameSite,
        })),
      ).toEqual([
        { name: `desk-${deskPort(3)}`, domain: '127.0.0.1', scope: path, httpOnly: true, sameSite: 'Strict' },
      ]);
      const secrets = [
        cookies[0]!.value,
        address.slice(address.lastIndexOf('/') + 1),
        (await page.locator('meta[name="desk-token"]').getAttribute('content'))!,
        path.slice(1, -1),
      ];
      expect(new Set(secrets).size).toBe(4);

      // Another server on this computer, at the desk's own addresses' names: nothing of the desk reaches it.
      await page.goto(`${elsewhere}/`);
      await page.goto(`${elsewhere}/inbox`);
      expect(heard.map(({ url }) => url)).toEqual(expect.arrayContaining(['/', '/inbox']));
      for (const { url, headers } of heard) {
        expect([url, headers.cookie]).toEqual([url, undefined]);
        for (const secret of secrets) expect(JSON.stringify({ url, headers })).not.toContain(secret);
      }

      // The printed address, again (from her history): refused, and no cookie set.
      const again = await page.goto(address);
      expect([again!.status(), await again!.text(), await again!.headerValue('set-cookie')]).toEqual([
        403,
        REFUSALS.token,
        null,
      ]);
    } finally {
      await stop();
      other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
