/**
 * `npm run galleries -- inbox` (issue 34): the owner reads her clients' selections on her computer,
 * opened with the studio key from passwords.env; the host only ever held them sealed.
 *
 *   inbox                       every message, newest first: gallery, date, count, each pick
 *   inbox --lightroom <id>      the latest selection's file names from that gallery, on one line
 *   inbox --done <message>      delete one message she has handled (its short id from the list)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isInboxEnvelope, openInboxMessage, UnreadableInboxMessage, type InboxMessage } from '../format/inbox.ts';
import { fromBase64Url } from '../format/encodings.ts';
import { galleryRef, SEED_BYTES } from '../format/seal.ts';
import { INBOX_PREFIX } from '../host/inbox-tokens.ts';
import { INBOX_KEY_VARIABLE, inboxTag } from './inbox.ts';
import { readRecord, RECORD_FILE } from './record.ts';
import { IN_REPOSITORY_DIR, listGalleries, privateGalleryDir, type Env } from './sources.ts';
import { didYouMean } from './words.ts';
import { PASSWORDS_FILE, SEED_VARIABLE } from './secrets.ts';
import type { VaultTarget } from './target.ts';

/** A stored message's name: inbox/<tag>/<day>/<32 hex>.json. */
const MESSAGE_NAME = new RegExp(`^${INBOX_PREFIX}([0-9a-f]{32})/(\\d{4}-\\d{2}-\\d{2})/([0-9a-f]{32})\\.json$`);
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
  /** The message, checked (format/inbox.ts inboxMessageOf); null when it does not open, or is unreadable. */
  message: InboxMessage | null;
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

/** Each gallery's tag in the inbox, with her folder name: the galleries in the folder and those recorded as published. */
export function galleryNames(env: Env, root = process.cwd()): Map<string, string> {
  const names = new Map<string, string>();
  const seedText = env[SEED_VARIABLE]?.trim();
  if (!seedText) return names;
  const seed = fromBase64Url(seedText);
  if (seed.length !== SEED_BYTES) return names;
  const dir = privateGalleryDir(env);
  const ids = new Set<string>();
  for (const folder of [dir, join(root, IN_REPOSITORY_DIR)]) {
    try {
      for (const gallery of listGalleries(folder)) ids.add(gallery.id);
    } catch {
      // A gallery.yaml publishing would refuse: its messages show its tag.
    }
  }
  const record = join(dir, RECORD_FILE);
  if (existsSync(record)) {
    // Removed galleries stay named in the record, so their messages still show the folder.
    for (const target of Object.values(readRecord(record).targets)) {
      for (const id of [...Object.keys(target.galleries), ...(target.removed ?? [])]) ids.add(id);
    }
  }
  for (const id of ids) names.set(inboxTag(seed, galleryRef(seed, id)), id);
  return names;
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

/** One stored message opened: the message, or null and whether it is unreadable rather than sealed to another key. */
async function openOne(bytes: Uint8Array | null, key: string): Promise<Pick<Opened, 'message' | 'unreadable'>> {
  let envelope: unknown;
  try {
    envelope = JSON.parse(Buffer.from(bytes ?? []).toString('utf8'));
  } catch {
    envelope = null;
  }
  if (!isInboxEnvelope(envelope)) return { message: null, unreadable: true };
  try {
    return { message: await openInboxMessage(envelope, key) };
  } catch (error) {
    return error instanceof UnreadableInboxMessage ? { message: null, unreadable: true } : { message: null };
  }
}

/** Every message, opened where it opens, newest first (by day, then by when she pressed Send). */
export async function openMessages(target: VaultTarget, env: Env, root = process.cwd()): Promise<Opened[]> {
  const key = inboxKeyOf(env);
  const names = galleryNames(env, root);
  const opened: Opened[] = [];
  for (const stored of await storedMessages(target)) {
    const message = await openOne(await target.get(stored.name), key);
    opened.push({ ...stored, gallery: names.get(stored.tag) ?? stored.tag, ...message });
  }
  const sent = (o: Opened) => o.message?.sentAt ?? '';
  return opened.sort((a, b) => b.day.localeCompare(a.day) || sent(b).localeCompare(sent(a)));
}

/**
 * A client's text as one printable line: no control character (C0, DEL, C1: a terminal's escapes,
 * its carriage return), no bidirectional override that would reorder what she reads, line breaks
 * as spaces.
 */
export const printable = (text: string) =>
  text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .trim();

/** A note as printed: its line breaks kept, each further line indented under its photo, empty lines left out. */
export const printableNote = (note: string, indent = '    ') =>
  note
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map(printable)
    .filter(Boolean)
    .join(`\n${indent}`);

/** The shortest ids (at least SHORT digits) that tell every listed message apart. */
export function shortIds(ids: string[]): Map<string, string> {
  let length = SHORT;
  while (length < 32 && new Set(ids.map((id) => id.slice(0, length))).size < ids.length) length++;
  return new Map(ids.map((id) => [id, id.slice(0, length)]));
}

/** Her clock's date and time for an instant: 2026-11-27 18:00. */
const when = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
};

/** One message as listed: everything she wrote printable (no control character), under its own header. */
function messageLines(short: string, gallery: string, message: InboxMessage): string[] {
  const lines = [
    `${short}  ${gallery}: ${printable(message.title)}`,
    `  sent ${when(message.sentAt)}, ${message.picks.length} of ${message.included} included`,
  ];
  for (const pick of message.picks) {
    const note = printableNote(pick.note);
    lines.push(`  Photo ${pick.number} (${printable(pick.file)})${note ? `: ${note}` : ''}`);
  }
  lines.push(`  Lightroom: ${printable(message.lightroom)}`);
  // Her #picks= link: what "share --favorites" takes, and what shows "Chosen by your client".
  lines.push(
    `  Her selection link (for "npm run galleries -- share ${gallery} --favorites"): ${printable(message.link)}`,
  );
  return lines;
}

/** The list as printed. */
export function formatMessages(opened: Opened[], label: string, env: Env): string {
  if (!opened.length) return `No selections are waiting in ${label}.`;
  const ids = shortIds(opened.map((o) => o.id));
  const lines = [`${opened.length} ${opened.length === 1 ? 'selection' : 'selections'} in ${label}, newest first:`, ''];
  for (const { id, gallery, day, message, unreadable } of opened) {
    const short = ids.get(id)!;
    if (unreadable) {
      lines.push(
        `${short}  ${gallery}, ${day}: unreadable, kept. It is not a selection as the gallery page sends one, so nothing of it is shown; "npm run galleries -- inbox --done ${short}" deletes it.`,
        '',
      );
    } else if (!message) {
      lines.push(
        `${short}  ${gallery}, ${day}: this message does not open with the ${INBOX_KEY_VARIABLE} in ${join(privateGalleryDir(env), PASSWORDS_FILE)}; it was sealed to another studio key, and it was kept.`,
        '',
      );
    } else lines.push(...messageLines(short, gallery, message), '');
  }
  lines.push('When you have handled one: npm run galleries -- inbox --done <its id>');
  return lines.join('\n');
}

/** The latest selection's file names from one gallery (her folder name), on one line. */
export function lightroomLine(opened: Opened[], gallery: string, label: string): string {
  const latest = opened.find((o) => o.gallery === gallery && o.message);
  if (!latest) {
    const waiting = opened.filter((o) => o.message).map((o) => o.gallery);
    throw new InboxError(`No selection from "${gallery}" is waiting in ${label}${didYouMean(gallery, waiting)}.`);
  }
  return printable(latest.message!.lightroom);
}

/** Deletes the one message whose id begins with `short`; returns what to print. */
export async function doneWith(target: VaultTarget, opened: Opened[], short: string, label: string): Promise<string> {
  const wanted = short.trim().toLowerCase();
  const matching = wanted.length >= 4 ? opened.filter((o) => o.id.startsWith(wanted)) : [];
  if (matching.length !== 1) {
    throw new InboxError(
      matching.length
        ? `"${short}" names ${matching.length} messages in ${label}: give more of its id, as "npm run galleries -- inbox" shows it.`
        : `No message "${short}" in ${label}: "npm run galleries -- inbox" lists them with their ids.`,
    );
  }
  const [done] = matching as [Opened];
  await target.delete([done.name]);
  return `Deleted ${wanted} (${done.gallery}, ${done.day}) from ${label}.`;
}
