/**
 * `npm run galleries -- inbox` (issue 34): the owner reads her clients' selections on her computer,
 * opened with the studio key from passwords.env; the host only ever held them sealed.
 *
 *   inbox                       every message, newest first: gallery, date, count, each pick
 *   inbox --lightroom <id>      the latest selection's file names from that gallery, on one line
 *   inbox --done <message>      delete one message she has handled (its short id from the list)
 *
 * Every selection is checked against her gallery first (selection-check.ts): nothing of a client's
 * message but her photo numbers and her notes reaches the screen, and no command printed here holds
 * anything she wrote.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isInboxEnvelope, openInboxMessage, UnreadableInboxMessage } from '../format/inbox.ts';
import { checkSelection, NOT_IN_GALLERY, printable, printableNote, type CheckedSelection } from './selection-check.ts';
import { fromBase64Url } from '../format/encodings.ts';
import { galleryRef, SEED_BYTES } from '../format/seal.ts';
import { INBOX_PREFIX } from '../host/inbox-tokens.ts';
import { INBOX_KEY_VARIABLE, inboxTag } from './inbox.ts';
import { readRecord, RECORD_FILE } from './record.ts';
import { IN_REPOSITORY_DIR, listGalleries, privateGalleryDir, type Env, type GallerySource } from './sources.ts';
import { didYouMean } from './words.ts';
import { PASSWORDS_FILE, SEED_VARIABLE } from './secrets.ts';
import type { VaultTarget } from './target.ts';

/** A stored message's name: inbox/<tag>/<day>/<32 hex>.json. */
export const MESSAGE_NAME = new RegExp(`^${INBOX_PREFIX}([0-9a-f]{32})/(\\d{4}-\\d{2}-\\d{2})/([0-9a-f]{32})\\.json$`);
/** The short id the list shows: the first digits of the random name (longer if two share them). */
const SHORT = 8;

/** A failure the command prints as it is (one sentence) and exits 1 on. */
export class InboxError extends Error {}

interface Stored {
  name: string;
  tag: string;
  day: string;
  id: string;
}

export interface Opened extends Stored {
  /** Her folder name, or the gallery's opaque tag when no folder or record knows it. */
  gallery: string;
  /**
   * The selection, parsed (format/inbox.ts inboxMessageOf) and checked against her gallery
   * (selection-check.ts); null when it does not open, or is unreadable.
   */
  selection: CheckedSelection | null;
  /** It is not a message as the page sends one (it opened, or is not a sealed message at all): listed by its id only. */
  unreadable?: true;
}

/** The studio's private key, or a sentence that says where it should be. */
export function inboxKeyOf(env: Env): string {
  const key = env[INBOX_KEY_VARIABLE]?.trim();
  if (!key) {
    const file = join(privateGalleryDir(env), PASSWORDS_FILE);
    throw new InboxError(
      `There is no studio key (${INBOX_KEY_VARIABLE}) in ${file}: put back the passwords.env from your backup; a first publish makes one, but it cannot open selections sent to the old one.`,
    );
  }
  return key;
}

/** A gallery the inbox knows by its tag: her folder name, its opaque id, and the gallery read from her folder (null when gone). */
export interface KnownGallery {
  id: string;
  ref: string;
  gallery: GallerySource | null;
}

/** Each gallery's tag in the inbox: the galleries in the folder and those recorded as published. */
export function galleryBook(env: Env, root = process.cwd()): Map<string, KnownGallery> {
  const book = new Map<string, KnownGallery>();
  const seedText = env[SEED_VARIABLE]?.trim();
  if (!seedText) return book;
  const seed = fromBase64Url(seedText);
  if (seed.length !== SEED_BYTES) return book;
  const dir = privateGalleryDir(env);
  const found = new Map<string, GallerySource | null>();
  for (const folder of [dir, join(root, IN_REPOSITORY_DIR)]) {
    // A gallery.yaml publishing would refuse is left out: its messages show its tag.
    for (const gallery of listGalleries(folder, new Map())) if (!found.has(gallery.id)) found.set(gallery.id, gallery);
  }
  const record = join(dir, RECORD_FILE);
  if (existsSync(record)) {
    // Removed galleries stay named in the record, so their messages still show the folder.
    for (const target of Object.values(readRecord(record).targets)) {
      for (const id of [...Object.keys(target.galleries), ...(target.removed ?? [])]) {
        if (!found.has(id)) found.set(id, null);
      }
    }
  }
  for (const [id, gallery] of found) {
    const ref = galleryRef(seed, id);
    book.set(inboxTag(seed, ref), { id, ref, gallery });
  }
  return book;
}

/** Each gallery's tag in the inbox, with her folder name. */
export function galleryNames(env: Env, root = process.cwd()): Map<string, string> {
  return new Map([...galleryBook(env, root)].map(([tag, known]) => [tag, known.id]));
}

/** The stored messages, in no order (openMessages sorts them once opened). */
async function storedMessages(target: VaultTarget): Promise<Stored[]> {
  const stored: Stored[] = [];
  for (const name of await target.list()) {
    const match = MESSAGE_NAME.exec(name);
    if (match) stored.push({ name, tag: match[1]!, day: match[2]!, id: match[3]! });
  }
  return stored;
}

/** One stored message opened: her selection checked, or null and whether it is unreadable rather than sealed to another key. */
async function openOne(
  bytes: Uint8Array | null,
  key: string,
  known: KnownGallery | undefined,
  siteUrl: string,
): Promise<Pick<Opened, 'selection' | 'unreadable'>> {
  let envelope: unknown;
  try {
    envelope = JSON.parse(Buffer.from(bytes ?? []).toString('utf8'));
  } catch {
    envelope = null;
  }
  if (!isInboxEnvelope(envelope)) return { selection: null, unreadable: true };
  try {
    const message = await openInboxMessage(envelope, key);
    return {
      selection: checkSelection(message, known?.gallery ?? null, known?.ref ?? null, siteUrl),
    };
  } catch (error) {
    return error instanceof UnreadableInboxMessage ? { selection: null, unreadable: true } : { selection: null };
  }
}

/**
 * Every message, opened where it opens and checked against her gallery, newest first (by day, then
 * by when she pressed Send); selection links on `siteUrl`, the site's own address.
 */
export async function openMessages(
  target: VaultTarget,
  env: Env,
  siteUrl: string,
  root = process.cwd(),
): Promise<Opened[]> {
  const key = inboxKeyOf(env);
  const book = galleryBook(env, root);
  const opened: Opened[] = [];
  for (const stored of await storedMessages(target)) {
    const known = book.get(stored.tag);
    const selection = await openOne(await target.get(stored.name), key, known, siteUrl);
    opened.push({ ...stored, gallery: known?.id ?? stored.tag, ...selection });
  }
  const sent = (o: Opened) => o.selection?.sentAt ?? '';
  return opened.sort((a, b) => b.day.localeCompare(a.day) || sent(b).localeCompare(sent(a)));
}

export { printable, printableNote };

/** The shortest ids (at least SHORT digits) that tell every listed message apart. */
export function shortIds(ids: string[]): Map<string, string> {
  let length = SHORT;
  while (length < 32 && new Set(ids.map((id) => id.slice(0, length))).size < ids.length) length++;
  return new Map(ids.map((id) => [id, id.slice(0, length)]));
}

/** Her clock's date and time for an instant: 2026-11-27 18:00 (the desk writes it the same way). */
export const when = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
};

/**
 * One selection as listed: the studio's title, her numbers with the studio's file names, her notes
 * (printable), the Lightroom line and her link rebuilt from the studio's records, and the one
 * command that makes a partner link of it, every word of it the command's own.
 */
function messageLines(short: string, gallery: string, selection: CheckedSelection): string[] {
  const count =
    selection.included === null
      ? `${selection.counted} chosen`
      : `${selection.counted} of ${selection.included} included`;
  const lines = [`${short}  ${gallery}: ${printable(selection.title)}`, `  sent ${when(selection.sentAt)}, ${count}`];
  for (const pick of selection.picks) {
    const note = pick.note ? `: ${pick.note.split('\n').join('\n    ')}` : '';
    lines.push(`  Photo ${pick.number} (${pick.photo ? printable(pick.photo.file) : NOT_IN_GALLERY})${note}`);
  }
  lines.push(`  Lightroom: ${printable(selection.lightroom)}`);
  if (selection.link) lines.push(`  As she chose it: ${selection.link}`);
  if (selection.gallery && selection.counted) {
    lines.push(
      `  A partner link of these photos: npm run galleries -- share ${selection.gallery} --favorites ${short}`,
    );
  }
  return lines;
}

/** The list as printed. */
export function formatMessages(opened: Opened[], label: string, env: Env): string {
  if (!opened.length) return `No selections are waiting in ${label}.`;
  const ids = shortIds(opened.map((o) => o.id));
  const lines = [`${opened.length} ${opened.length === 1 ? 'selection' : 'selections'} in ${label}, newest first:`, ''];
  for (const { id, gallery, day, selection, unreadable } of opened) {
    const short = ids.get(id)!;
    if (unreadable) {
      lines.push(
        `${short}  ${gallery}, ${day}: unreadable, kept. It is not a selection as the gallery page sends one, so nothing of it is shown; "npm run galleries -- inbox --done ${short}" deletes it.`,
        '',
      );
    } else if (!selection) {
      lines.push(
        `${short}  ${gallery}, ${day}: this message does not open with the ${INBOX_KEY_VARIABLE} in ${join(privateGalleryDir(env), PASSWORDS_FILE)}; it was sealed to another studio key, and it was kept.`,
        '',
      );
    } else lines.push(...messageLines(short, gallery, selection), '');
  }
  lines.push('When you have handled one: npm run galleries -- inbox --done <its id>');
  return lines.join('\n');
}

/** The latest selection's file names from one gallery (her folder name), on one line: the studio's names of her checked picks. */
export function lightroomLine(opened: Opened[], gallery: string, label: string): string {
  const latest = opened.find((o) => o.gallery === gallery && o.selection);
  if (!latest?.selection) {
    const waiting = opened.filter((o) => o.selection).map((o) => o.gallery);
    throw new InboxError(`No selection from "${gallery}" is waiting in ${label}${didYouMean(gallery, waiting)}.`);
  }
  return printable(latest.selection.lightroom);
}

/** The one message whose id begins with `short` (at least 4 hex digits), or the sentence that says why none is. */
function oneMessage(opened: Opened[], short: string, label: string): Opened {
  const wanted = short.trim().toLowerCase();
  const matching = /^[0-9a-f]{4,32}$/.test(wanted) ? opened.filter((o) => o.id.startsWith(wanted)) : [];
  const [only] = matching;
  if (!only || matching.length !== 1) {
    throw new InboxError(
      matching.length
        ? `"${short}" names ${matching.length} messages in ${label}: give more of its id, as "npm run galleries -- inbox" shows it.`
        : `No message "${short}" in ${label}: "npm run galleries -- inbox" lists them with their ids.`,
    );
  }
  return only;
}

/**
 * The photo numbers of one selection (its short id, as the list shows it) for a partner link of
 * gallery `id`: only her picks that are photos of that gallery. A link or any other text is refused:
 * nothing a client wrote is typed into a command.
 */
export function favoritesOf(opened: Opened[], short: string, id: string, label: string): number[] {
  if (!/^[0-9a-f]{4,32}$/i.test(short.trim())) {
    throw new InboxError(
      '--favorites takes the id of her selection as "npm run galleries -- inbox" lists it (e.g. 3f2a9c1e), not a link.',
    );
  }
  const { selection, gallery } = oneMessage(opened, short, label);
  if (!selection) throw new InboxError(`The message "${short}" is not a selection that can be read.`);
  if (selection.gallery !== id)
    throw new InboxError(`The selection "${short}" is from "${gallery}", not from "${id}".`);
  const numbers = selection.picks.flatMap((pick) => (pick.photo ? [pick.number] : []));
  if (!numbers.length) throw new InboxError(`None of the photos in the selection "${short}" is a photo of "${id}".`);
  return numbers;
}

/** Deletes the one message whose id begins with `short`; returns what to print. */
export async function doneWith(target: VaultTarget, opened: Opened[], short: string, label: string): Promise<string> {
  const done = oneMessage(opened, short, label);
  await target.delete([done.name]);
  return `Deleted ${short.trim().toLowerCase()} (${done.gallery}, ${done.day}) from ${label}.`;
}
