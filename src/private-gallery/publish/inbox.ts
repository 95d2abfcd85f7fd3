/**
 * The studio's inbox on the owner's side (issue 34): the studio key, each proofing gallery's inbox
 * token, and the host's token list.
 *
 * - The studio key: `PRIVATE_GALLERY_INBOX_KEY` (base64url PKCS#8 of a P-256 private key) in the
 *   galleries folder's passwords.env, made on the first publish. Never in the bucket, never in dist.
 *   Its public half goes into each proofing gallery's own index, so her browser seals to it.
 * - A gallery's token is derived, not stored: HMAC(seed, "inbox token", its ref, its generation).
 *   A new password or a link added or withdrawn (a new generation, new keys) gives a new token, and
 *   the old one stops working at the next publish.
 * - `inbox-tokens.json` in the bucket (a name outside serve.ts's VAULT_NAME, so never served): the
 *   hash of each open gallery's token, with the gallery's opaque tag and its closing instant. The
 *   Function (inbox-host.ts) stores a message only for a token listed here, under
 *   `inbox/<tag>/<day>/<slot>.json` (one of 20 fixed names a day). Publishing never deletes anything under `inbox/`.
 */
import { fromSeed } from '../format/seal.ts';
import { closesAt, isExpired, STUDIO_TIME_ZONE } from '../format/dates.ts';
import { fromBase64Url, toBase64Url } from '../format/encodings.ts';
import type { IndexInbox } from '../format/types.ts';
import { inboxTokenHash } from '../format/inbox.ts';
import { INBOX_PREFIX, INBOX_TOKENS, isInboxName, parseInboxTokens, type InboxTokens } from '../host/inbox-tokens.ts';
import { keepInHerFile, PASSWORDS_FILE, writePasswordsFile, type Logger } from './secrets.ts';
import { privateGalleryDir, type Env } from './sources.ts';
import type { VaultTarget } from './target.ts';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

export { INBOX_PREFIX, INBOX_TOKENS, isInboxName };

/** The studio key's variable in passwords.env. */
export const INBOX_KEY_VARIABLE = 'PRIVATE_GALLERY_INBOX_KEY';

/** A gallery's opaque tag in the inbox (its messages' folder): stable per gallery and seed. */
export const inboxTag = (seed: Uint8Array, ref: string) => fromSeed(seed, 'inbox tag', ref).toString('hex', 0, 16);

/** A gallery's inbox token for one generation of its keys. */
export const inboxToken = (seed: Uint8Array, ref: string, generation: string) =>
  toBase64Url(new Uint8Array(fromSeed(seed, 'inbox token', ref, generation)));

/** The public half (base64url raw, 65 bytes) of a studio key as kept in passwords.env. */
export function publicHalf(privateKey: string): string {
  const key = createPrivateKey({ key: Buffer.from(fromBase64Url(privateKey)), format: 'der', type: 'pkcs8' });
  const { x, y, crv } = createPublicKey(key).export({ format: 'jwk' });
  if (crv !== 'P-256' || !x || !y) throw new Error('not a P-256 key');
  return toBase64Url(new Uint8Array([4, ...fromBase64Url(x), ...fromBase64Url(y)]));
}

/**
 * The studio's private key from the environment (passwords.env), made and written there when
 * absent, with a warning that says what losing it means.
 */
export function studioPrivateKey(env: Env, logger?: Logger, root = process.cwd()): string {
  const known = env[INBOX_KEY_VARIABLE]?.trim();
  if (known) {
    try {
      publicHalf(known);
    } catch {
      throw new Error(
        `${INBOX_KEY_VARIABLE} in ${PASSWORDS_FILE} is not a studio key: put back the one from your backup, or delete that line to make a new one (selections sent to the old key could then not be read).`,
      );
    }
    keepInHerFile(INBOX_KEY_VARIABLE, known, env, root, logger);
    return known;
  }
  const file = join(privateGalleryDir(env), PASSWORDS_FILE);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  // Written by an earlier call in this run (the environment was read before it).
  const written = parseEnv(before)[INBOX_KEY_VARIABLE]?.trim();
  if (written) return written;
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const made = toBase64Url(new Uint8Array(privateKey.export({ format: 'der', type: 'pkcs8' })));
  writePasswordsFile(file, `${before}${before && !before.endsWith('\n') ? '\n' : ''}${INBOX_KEY_VARIABLE}=${made}\n`);
  logger?.warn(
    `made the studio's inbox key (${INBOX_KEY_VARIABLE}) in ${file}: keep it with your backup of that file; without it, no selection a client sent could be read.`,
  );
  return made;
}

/** The studio's public key for publishing (made with its private key on the first publish). */
export const studioInboxKey = (env: Env, logger?: Logger) => publicHalf(studioPrivateKey(env, logger));

/** One open proofing gallery's line in the token list. */
export interface InboxEntry {
  hash: string;
  tag: string;
  closes?: number;
}

/**
 * What a gallery's own index carries for the inbox, and its line in the token list: only a gallery
 * with proofing (`selection`), open now, published with a studio key; else null.
 */
export async function galleryInbox(
  seed: Uint8Array,
  ref: string,
  generation: string,
  gallery: { selection?: unknown; expires: string | null },
  publicKey: string | undefined,
  now: Date,
  /** The studio's time zone, where the gallery's last day ends. */
  zone: string = STUDIO_TIME_ZONE,
): Promise<{ inbox: IndexInbox; entry: InboxEntry } | null> {
  if (!publicKey || !gallery.selection || isExpired(gallery.expires, now, zone)) return null;
  const token = inboxToken(seed, ref, generation);
  const entry: InboxEntry = { hash: await inboxTokenHash(token), tag: inboxTag(seed, ref) };
  if (gallery.expires) entry.closes = closesAt(gallery.expires, zone).getTime();
  return { inbox: { token, key: publicKey }, entry };
}

/**
 * Writes the token list: the galleries published now, and the lines of those carried over as they
 * were (their indexes, so their tokens, unchanged). A closed or removed gallery has no line. Kept
 * from pruning (`keep`). Not written when there is no studio key and no list yet.
 */
export async function writeInboxTokens(
  target: VaultTarget,
  entries: InboxEntry[],
  carriedTags: string[],
  existing: Set<string>,
  keep: Set<string>,
  withKey: boolean,
  now: Date,
) {
  if (!withKey && !existing.has(INBOX_TOKENS)) return;
  const list: InboxTokens = { v: 1, tokens: {} };
  if (carriedTags.length && existing.has(INBOX_TOKENS)) {
    const before = await target.get(INBOX_TOKENS);
    const previous = before ? parseInboxTokens(Buffer.from(before).toString('utf8')) : null;
    for (const [hash, line] of Object.entries(previous?.tokens ?? {})) {
      if (carriedTags.includes(line.gallery) && (line.closes === undefined || now.getTime() < line.closes)) {
        list.tokens[hash] = line;
      }
    }
  }
  for (const { hash, tag, closes } of entries) {
    list.tokens[hash] = { gallery: tag, ...(closes !== undefined ? { closes } : {}) };
  }
  keep.add(INBOX_TOKENS);
  await target.put(INBOX_TOKENS, JSON.stringify(list));
}
