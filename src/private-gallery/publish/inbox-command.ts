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
import { openInboxMessage, type InboxEnvelope, type InboxMessage } from '../format/inbox.ts';
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
  message: InboxMessage | null;
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
    for (const target of Object.values(readRecord(record).targets)) {
      for (const id of Object.keys(target.galleries)) ids.add(id);
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

/** Every message, opened where it opens, newest first (by day, then by when she pressed Send). */
export async function openMessages(target: VaultTarget, env: Env, root = process.cwd()): Promise<Opened[]> {
  const key = inboxKeyOf(env);
  const names = galleryNames(env, root);
  const opened: Opened[] = [];
  for (const stored of await storedMessages(target)) {
    const bytes = await target.get(stored.name);
    let message: InboxMessage | null = null;
    try {
      message = await openInboxMessage(JSON.parse(Buffer.from(bytes!).toString('utf8')) as InboxEnvelope, key);
    } catch {
      message = null;
    }
    opened.push({ ...stored, gallery: names.get(stored.tag) ?? stored.tag, message });
  }
  return opened.sort(
    (a, b) => b.day.localeCompare(a.day) || (b.message?.sentAt ?? '').localeCompare(a.message?.sentAt ?? ''),
  );
}

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

/** The list as printed. */
export function formatMessages(opened: Opened[], label: string, env: Env): string {
  if (!opened.length) return `No selections are waiting in ${label}.`;
  const ids = shortIds(opened.map((o) => o.id));
  const lines = [`${opened.length} ${opened.length === 1 ? 'selection' : 'selections'} in ${label}, newest first:`, ''];
  for (const { id, gallery, day, message } of opened) {
    const short = ids.get(id)!;
    if (!message) {
      lines.push(
        `${short}  ${gallery}, ${day}: this message does not open with the ${INBOX_KEY_VARIABLE} in ${join(privateGalleryDir(env), PASSWORDS_FILE)}; it was sealed to another studio key, and it was kept.`,
        '',
      );
      continue;
    }
    lines.push(`${short}  ${gallery}: ${message.title}`);
    lines.push(`  sent ${when(message.sentAt)}, ${message.picks.length} of ${message.included} included`);
    for (const pick of message.picks) {
      lines.push(`  Photo ${pick.number} (${pick.file})${pick.note ? `: ${pick.note}` : ''}`);
    }
    lines.push(`  Lightroom: ${message.lightroom}`, '');
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
  return latest.message!.lightroom;
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
