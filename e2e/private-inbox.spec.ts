import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Page, Route } from '@playwright/test';
import { test, expect, afterFrames, expectNoAxeViolations, waitForIslands } from './fixtures';
import { serveVault, type Fixture } from './vault-fixture';
import { kdfFor, newSalt } from '../src/private-gallery/format/keys';
import { randomBytes } from '../src/private-gallery/format/encodings';
import {
  INBOX_PATH,
  newStudioKey,
  openInboxMessage,
  sealInboxMessage,
  studioPublicKey,
  type InboxMessage,
  type InboxPost,
} from '../src/private-gallery/format/inbox';
import { buildVault } from '../src/private-gallery/publish/build';
import { listGalleries } from '../src/private-gallery/publish/sources';
import { DEVELOPMENT_PASSWORD } from '../src/private-gallery/publish/secrets';
import { INBOX_KEY_VARIABLE } from '../src/private-gallery/publish/inbox';
import { serverState } from '../scripts/servers/cdn.ts';

// A proofing gallery of four photos (three included) published with the studio's inbox key, served
// at /vault/; the inbox's answers are Playwright routes, so each failure is the one the test names.
const GALLERY = { id: 'inbox-2026-11', title: 'Mia, November 2026', password: 'mia inbox password please' };
let fixture: Fixture;
let studioKey: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const root = mkdtempSync(join(tmpdir(), 'inbox-e2e-'));
  const folder = join(root, 'private', GALLERY.id);
  mkdirSync(folder, { recursive: true });
  for (let i = 1; i <= 4; i++) {
    await sharp({ create: { width: 600, height: 400, channels: 3, background: `hsl(${i * 71}, 35%, 45%)` } })
      .jpeg()
      .toFile(join(folder, `MIA_${i}0.jpg`));
  }
  writeFileSync(join(folder, 'gallery.yaml'), `title: ${GALLERY.title}\ndownloads: web\nincluded: 3\nlimit: strict\n`);
  studioKey = await newStudioKey();
  const vault = join(root, 'vault');
  await buildVault(vault, listGalleries(join(root, 'private')), {
    kdf: kdfFor(newSalt()),
    passwords: new Map([[GALLERY.id, GALLERY.password]]),
    seed: randomBytes(32),
    inboxKey: await studioPublicKey(studioKey),
  });
  fixture = { root, galleries: [], salt: '', seed: new Uint8Array(), linkSecrets: new Map(), vault, links: new Map() };
});

const UNLOCK = { timeout: 20_000 };
const sendState = (page: Page) => page.locator('[data-send-message]');
const sentLine = (page: Page) => page.locator('[data-selection-sent]');
const sendButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function open(page: Page, gallery: { id: string; password: string; title: string } = GALLERY) {
  if (gallery === GALLERY) await serveVault(page, fixture);
  await page.goto('/private-gallery');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'I am 18+' }).click();
  await page.getByLabel('Gallery name', { exact: true }).fill(gallery.id);
  await page.getByLabel('Password', { exact: true }).fill(gallery.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: gallery.title })).toBeVisible(UNLOCK);
}

/** The owner's inbox command on the test server's local bucket (where its sample is published, with its studio key). */
function galleriesInbox(state: string, ...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['scripts/owner/galleries.ts', 'inbox', '--local', '--persist-to', state, ...args],
    {
      env: { ...process.env, PRIVATE_GALLERY_DIR: resolve(state), WRANGLER_SEND_METRICS: 'false' },
      encoding: 'utf8',
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Answers the inbox's POSTs with `answer` (after serveVault: the later route wins), keeping what was posted. */
async function inbox(page: Page, posted: InboxPost[], answer: (route: Route) => Promise<void> | void) {
  await page.unroute(`**${INBOX_PATH}`);
  await page.route(`**${INBOX_PATH}`, async (route) => {
    if (route.request().method() !== 'POST') return route.fulfill({ status: 404 });
    posted.push(route.request().postDataJSON() as InboxPost);
    return answer(route);
  });
}

const stored = (route: Route, sent: string) =>
  route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ sent }) });

test.describe('sending her selection to the studio', () => {
  test(
    'a 500, then a stall: she is told, Retry sends it, the email holds the sealed text, and nothing is lost on a reload',
    { tag: '@quick' },
    async ({ page }) => {
      test.setTimeout(180_000);
      await open(page);
      for (const n of [3, 1]) await page.getByRole('button', { name: `Favorite photo ${n}` }).click();
      await page.getByRole('button', { name: 'Open photo 3' }).click();
      await page.getByLabel('Note for the studio on photo 3').fill('Warmer, please');
      await page.keyboard.press('Escape');

      const posted: InboxPost[] = [];
      await inbox(page, posted, (route) => route.fulfill({ status: 500, body: 'Something failed.' }));
      await sendButton(page, 'Send my selection').click();
      // Two of the three her package includes: asked once, she sends them.
      await sendButton(page, 'Send 2 photos').click();
      await expect(sendState(page)).toHaveText(
        'The studio’s inbox is not answering just now, so your selection has not arrived: please try again in a moment, or send it by email below.',
      );
      const retry = sendButton(page, 'Retry');
      await expect(retry).toBeFocused();

      // The email fallback holds, word for word, the text sealed in the message the host was given.
      expect(posted).toHaveLength(1);
      const message: InboxMessage = await openInboxMessage(posted[0]!.message, studioKey);
      expect(message.title).toBe(GALLERY.title);
      expect(message.included).toBe(3);
      expect(message.picks).toEqual([
        { number: 1, file: 'MIA_10.jpg', note: '' },
        { number: 3, file: 'MIA_30.jpg', note: 'Warmer, please' },
      ]);
      expect(message.lightroom).toBe('MIA_10, MIA_30');
      expect(message.text).toContain('Photo 3 (MIA_30.jpg): Warmer, please');
      const mailto = new URL((await page.getByRole('link', { name: 'Send it by email' }).getAttribute('href'))!);
      expect(mailto.searchParams.get('body')).toBe(`Hello,\n\n${message.text}\n\nThank you!`);
      await expect(sendButton(page, 'Copy')).toBeVisible();
      await expectNoAxeViolations(page);

      // Her picks and her note survive a reload after a failed send.
      await page.reload();
      await expect(page.locator('[data-selection-counter]')).toHaveText('2 of 3 chosen', UNLOCK);
      await expect(page.locator('[data-photo="3"] [data-note]')).toContainText('Warmer, please');

      // A host that never answers: after 10 s she is told, and may retry.
      await page.clock.install();
      await inbox(page, posted, () => undefined);
      await sendButton(page, 'Send my selection').click();
      await sendButton(page, 'Send 2 photos').click();
      await expect(sendButton(page, 'Sending…')).toBeFocused();
      await expect(sendState(page)).toHaveText('Sending your selection to the studio…');
      await page.clock.runFor(9_000);
      await expect(sendState(page)).toHaveText('Sending your selection to the studio…');
      await page.clock.runFor(1_500);
      await expect(sendState(page)).toHaveText(
        'The studio’s inbox did not answer within 10 seconds, so your selection may not have arrived: please try again, or send it by email below.',
      );

      // Retry, by keyboard, reaches the inbox: sent, at the host's time.
      await inbox(page, posted, (route) => stored(route, '2026-11-27T18:40:00.000Z'));
      await expect(sendButton(page, 'Retry')).toBeFocused();
      await page.keyboard.press('Enter');
      const first = await page.evaluate(() => {
        const d = new Date('2026-11-27T18:40:00.000Z');
        return `${d.toLocaleDateString('en-US', { month: 'long', day: 'numeric' })} at ${d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
      });
      await expect(sentLine(page)).toHaveText(`Sent to the studio on ${first}.`);
      await expect(sendState(page)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Send it by email' })).toHaveCount(0);
      await expect(sendButton(page, 'Sent to the studio')).toBeFocused();
      const last = await openInboxMessage(posted.at(-1)!.message, studioKey);
      expect(last.text).toBe(message.text);

      // A change asks her to send it again; sending again says so, with both dates, kept on reload.
      await page.getByRole('button', { name: 'Favorite photo 2' }).click();
      await expect(sentLine(page)).toHaveAttribute('data-selection-sent', 'changed');
      await expect(sentLine(page)).toContainText('and you have changed your selection since');
      await inbox(page, posted, (route) => stored(route, '2026-11-28T09:15:00.000Z'));
      await sendButton(page, 'Send again').click();
      await expect(sentLine(page)).toHaveText(
        new RegExp(`^Sent to the studio on ${first} and sent again on November 2\\d at \\d+:15 [AP]M\\.$`),
      );
      await page.reload();
      await expect(sentLine(page)).toHaveText(new RegExp(`^Sent to the studio on ${first} and sent again on `), UNLOCK);
      expect((await openInboxMessage(posted.at(-1)!.message, studioKey)).picks.map((p) => p.number)).toEqual([1, 2, 3]);
      await expectNoAxeViolations(page);
    },
  );

  test('a refused token, a full day and an offline device each get their own sentence and the email', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await open(page);
    await page.getByRole('button', { name: 'Favorite photo 2' }).click();
    const posted: InboxPost[] = [];
    const cases: [(route: Route) => Promise<void>, string, string][] = [
      [
        (route) => route.fulfill({ status: 403, body: 'No.' }),
        'The studio’s inbox did not accept your selection because this gallery has been updated or closed since you opened it: please reload the page, or send your selection by email below.',
        'Send my selection',
      ],
      [
        (route) => route.fulfill({ status: 429, headers: { 'retry-after': '3600' }, body: 'No.' }),
        'The studio’s inbox has taken as many selections from this gallery as it can today, so please send this one by email below.',
        'Send my selection',
      ],
      [
        (route) => route.abort('internetdisconnected'),
        'Your selection could not reach the studio because this device seems to be offline: please try again when you are connected, or send it by email below.',
        'Retry',
      ],
    ];
    for (const [i, [answer, sentence, button]] of cases.entries()) {
      await inbox(page, posted, answer);
      await page.locator('[data-send-button]').click();
      // One of the three her package includes: asked at the first press only.
      if (i === 0) await sendButton(page, 'Send 1 photo').click();
      await expect(sendState(page)).toHaveText(sentence);
      await expect(page.locator('[data-send-button]')).toHaveText(button);
      await expect(page.getByRole('link', { name: 'Send it by email' })).toHaveAttribute('href', /^mailto:/);
    }
    await expect(sentLine(page)).toHaveCount(0);
  });
});

test.describe('the send button says what a press will do', () => {
  test('fewer photos than her package asks once; once sent it reads as done, and Send again after a change', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await open(page);
    await page.getByRole('button', { name: 'Favorite photo 1' }).click();
    const posted: InboxPost[] = [];
    await inbox(page, posted, (route) => stored(route, '2026-11-27T18:40:00.000Z'));

    // One of the three her package includes: the first press asks, and sends nothing.
    await sendButton(page, 'Send my selection').click();
    const ask = page.getByRole('alertdialog', { name: 'Send fewer photos than your package includes?' });
    await expect(ask).toContainText(
      'You have chosen 1 of the 3 photos your package includes. Send your selection now, or keep choosing?',
    );
    await expect(ask.getByRole('button', { name: 'Send 1 photo' })).toBeFocused();
    await expectNoAxeViolations(page);
    await ask.getByRole('button', { name: 'Keep choosing' }).click();
    await expect(ask).toHaveCount(0);
    await expect(sendButton(page, 'Send my selection')).toBeFocused();
    expect(posted).toHaveLength(0);

    // Asked again, she sends: one message, and the button reads as done.
    await sendButton(page, 'Send my selection').click();
    await ask.getByRole('button', { name: 'Send 1 photo' }).click();
    await expect(sentLine(page)).toHaveText(/^Sent to the studio on /);
    const done = sendButton(page, 'Sent to the studio');
    await expect(done).toHaveAttribute('aria-disabled', 'true');
    await expect(done).toBeFocused();
    expect(posted).toHaveLength(1);
    // A second tap sends no second message (forced: Playwright waits for an aria-disabled button to be
    // enabled): a send would start at once, its state 'sending' seen by this observer.
    await page.evaluate(() => {
      const w = window as unknown as { __sendStates: string[] };
      w.__sendStates = [];
      const el = document.querySelector('[data-send-state]')!;
      new MutationObserver(() => w.__sendStates.push(el.getAttribute('data-send-state') ?? '')).observe(el, {
        attributes: true,
      });
    });
    await done.click({ force: true });
    await page.keyboard.press('Enter');
    await afterFrames(page);
    expect(await page.evaluate(() => (window as unknown as { __sendStates: string[] }).__sendStates)).toEqual([]);
    expect(posted).toHaveLength(1);
    await expectNoAxeViolations(page);

    // A change: Send again, without asking twice (still fewer than three).
    await page.getByRole('button', { name: 'Favorite photo 2' }).click();
    await inbox(page, posted, (route) => stored(route, '2026-11-28T09:15:00.000Z'));
    await sendButton(page, 'Send again').click();
    await expect(sendButton(page, 'Sent to the studio')).toHaveAttribute('aria-disabled', 'true');
    expect(posted).toHaveLength(2);
    expect((await openInboxMessage(posted[1]!.message, studioKey)).picks.map((p) => p.number)).toEqual([1, 2]);
    // A note is a change too; kept as done across a reload until then.
    await page.reload();
    await expect(sendButton(page, 'Sent to the studio')).toHaveAttribute('aria-disabled', 'true', UNLOCK);
    await page.getByRole('button', { name: 'Open photo 2' }).click();
    await page.getByLabel('Note for the studio on photo 2').fill('Brighter, please');
    await page.keyboard.press('Escape');
    await expect(sendButton(page, 'Send again')).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('her whole package sends at the first press, without asking', async ({ page }) => {
    await open(page);
    for (const n of [1, 2, 3]) await page.getByRole('button', { name: `Favorite photo ${n}` }).click();
    const posted: InboxPost[] = [];
    await inbox(page, posted, (route) => stored(route, '2026-11-27T18:40:00.000Z'));
    await sendButton(page, 'Send my selection').click();
    await expect(sendButton(page, 'Sent to the studio')).toBeFocused();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(posted).toHaveLength(1);
  });
});

test.describe('the round trip', () => {
  test('her selection, sent from the page through the Function, is read by the owner’s inbox command with its file names and note', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    // The sample gallery, published with its inbox by the test server into its own bucket; no route: the real Function answers.
    await open(page, { id: 'preview', password: DEVELOPMENT_PASSWORD, title: 'Preview gallery' });
    const note = `The one by the window, please (${Date.now()})`;
    await page.getByRole('button', { name: 'Favorite photo 3' }).click();
    await page.getByRole('button', { name: 'Open photo 3' }).click();
    await page.getByLabel('Note for the studio on photo 3').fill(note);
    await page.keyboard.press('Escape');
    await sendButton(page, 'Send my selection').click();
    // One of the two the sample's package includes: asked once.
    await sendButton(page, 'Send 1 photo').click();
    await expect(sentLine(page)).toHaveText(/^Sent to the studio on \w+ \d+ at \d+:\d\d [AP]M\.$/, UNLOCK);

    const state = serverState(Number(new URL(baseURL!).port));
    const { status, output } = galleriesInbox(state);
    expect(status, output).toBe(0);
    const lines = output.split('\n');
    const at = lines.findIndex((line) => line.includes(note));
    expect(lines[at]).toBe(`  Photo 3 (private-03.jpg): ${note}`);
    // Its id heads its entry; handled, it is deleted (and no longer counts against the day's limit).
    const head = lines.slice(0, at).findLast((line) => /^\S+ {2}preview: /.test(line))!;
    expect(head).toBeTruthy();
    const done = galleriesInbox(state, '--done', head.split(' ')[0]!);
    expect(done.status, done.output).toBe(0);
    expect(galleriesInbox(state).output).not.toContain(note);
  });
});

test.describe('a hostile client', () => {
  test('her own message, sealed with her gallery’s token and key and sent through the Function, runs nothing and opens no file when the owner reads it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const state = serverState(Number(new URL(baseURL!).port));
    const studio = parseEnv(readFileSync(join(state, 'passwords.env'), 'utf8'))[INBOX_KEY_VARIABLE]!;
    const key = await studioPublicKey(studio);
    await open(page, { id: 'preview', password: DEVELOPMENT_PASSWORD, title: 'Preview gallery' });
    // What a client with her own gallery can do: keep its token, and seal anything to the key her gallery holds.
    const marker = `PWNED-${Date.now()}`;
    await page.route(`**${INBOX_PATH}`, async (route) => {
      const { token } = JSON.parse(route.request().postData() ?? '{}') as InboxPost;
      const hostile: InboxMessage = {
        v: 1,
        title: `Preview$(touch ${marker})`,
        gallery: 'f'.repeat(32),
        sentAt: new Date().toISOString(),
        included: 999,
        picks: [
          { number: 1, file: 'private-01.jpg', note: `softer\u202e\u001b[2J` },
          { number: 2, file: '../../../../etc/passwd', note: '' },
          { number: 3, file: '/dev/tty', note: '' },
        ],
        lightroom: `private-01\u001b]52;c;cm0gLXJm\u0007\nrm -rf ~`,
        link: `https://coastlight.evil.example/private-gallery#picks=1.BQ$(touch ${marker})"; touch ${marker}; echo "`,
        text: '…',
      };
      await route.continue({ postData: JSON.stringify({ token, message: await sealInboxMessage(hostile, key) }) });
    });
    await page.getByRole('button', { name: 'Favorite photo 1' }).click();
    await sendButton(page, 'Send my selection').click();
    await sendButton(page, 'Send 1 photo').click();
    await expect(sentLine(page)).toHaveText(/^Sent to the studio on /, UNLOCK);

    const { status, output } = galleriesInbox(state);
    expect(status, output).toBe(0);
    const lines = output.split('\n');
    const at = lines.findIndex((line) => line === '  Photo 1 (private-01.jpg): softer[2J');
    expect(at, output).toBeGreaterThan(0);
    const head = lines.slice(0, at).findLast((line) => /^\S+ {2}preview: /.test(line))!;
    const id = head.split(' ')[0]!;
    expect(lines.slice(lines.indexOf(head), at + 6)).toEqual([
      `${id}  preview: Preview gallery`,
      expect.stringMatching(/^ {2}sent \d{4}-\d\d-\d\d \d\d:\d\d, 1 of 2 included$/),
      '  Photo 1 (private-01.jpg): softer[2J',
      '  Photo 2 (a photo this gallery does not have)',
      '  Photo 3 (a photo this gallery does not have)',
      '  Lightroom: private-01',
      expect.stringMatching(/^ {2}As she chose it: https:\/\/\S+\/private-gallery#picks=[0-9a-f]{8}\.AQ$/),
      `  A partner link of these photos: npm run galleries -- share preview --favorites ${id}`,
    ]);
    for (const text of [marker, 'evil.example', '999', 'passwd', '/dev/tty', 'rm -rf', '\u001b', '\u202e']) {
      expect(output).not.toContain(text);
    }
    // The command printed for her, pasted into a shell as she would: a stand-in npm records its words, and nothing else runs.
    const shell = mkdtempSync(join(tmpdir(), 'inbox-paste-'));
    writeFileSync(join(shell, 'npm'), '#!/bin/sh\nprintf "%s\\n" "$@" > words.txt\n', { mode: 0o755 });
    const pasted = lines[at + 5]!.slice(lines[at + 5]!.indexOf('npm run'));
    spawnSync('sh', ['-c', pasted], { cwd: shell, env: { PATH: `${shell}:/usr/bin:/bin` } });
    expect(readdirSync(shell).sort()).toEqual(['npm', 'words.txt']);
    expect(readFileSync(join(shell, 'words.txt'), 'utf8')).toBe(
      ['run', 'galleries', '--', 'share', 'preview', '--favorites', id, ''].join('\n'),
    );
    const done = galleriesInbox(state, '--done', id);
    expect(done.status, done.output).toBe(0);
  });
});
