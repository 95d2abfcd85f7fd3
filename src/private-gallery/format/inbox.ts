/**
 * The studio's inbox (issue 34): a client's selection, sealed in her browser to the studio's public
 * key and posted to the host, which stores what it cannot read; the owner opens it on her computer
 * with the private key kept in passwords.env.
 *
 * Sealing is ECIES with WebCrypto only: an ephemeral ECDH P-256 key per message, HKDF-SHA-256 over
 * the shared secret (salted with both public keys), AES-256-GCM. A message names no gallery and no
 * person outside its ciphertext.
 *
 * The gallery's inbox token (a random secret inside its encrypted index, rotated with its key) lets
 * the host tell a client's message from anyone else's post: the host keeps only the tokens' hashes.
 */
import { z } from 'astro/zod';
import { fromBase64Url, randomBytes, toBase64Url, toHex } from './encodings.ts';
import { MAX_PHOTO } from './picks.ts';

export type { IndexInbox } from './types.ts';

/** The largest body the host accepts at POST /vault/inbox (bytes). */
export const MAX_INBOX_BYTES = 32 * 1024;
/** The longest note on one photo a message may hold (the page cuts hers at 280 characters). */
export const MAX_INBOX_NOTE = 4000;
/**
 * The most picks a message may hold: more than a body of MAX_INBOX_BYTES can carry (a pick is at
 * least 32 bytes of JSON, sealed as base64: some 760 at most).
 */
export const MAX_INBOX_PICKS = 1000;
/** The longest gallery title (gallery.yaml's `title`) a message may hold. */
export const MAX_INBOX_TITLE = 1000;
/** The longest file name a message may hold (the longest most file systems allow). */
export const MAX_INBOX_FILE = 255;
/** The most messages the host accepts per gallery per day (UTC). */
export const INBOX_DAILY_LIMIT = 20;
/** The path a page posts a sealed message to. */
export const INBOX_PATH = '/vault/inbox';
/** Bytes of a gallery's inbox token. */
export const INBOX_TOKEN_BYTES = 32;
/** The version of the sealed envelope and of its plaintext. */
export const INBOX_VERSION = 1;

const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const;
const IV_BYTES = 12;

/** One chosen photo as the studio reads it. */
export interface InboxPick {
  /** Its number in the gallery (1-based), as she sees it. */
  number: number;
  /** The owner's file name (e.g. IMG_0412.jpg), or "photo N" when the index has none. */
  file: string;
  /** Her note on it, or ''. */
  note: string;
}

/** What she sends: everything the email of today holds, structured for the owner's command. */
export interface InboxMessage {
  v: typeof INBOX_VERSION;
  /** The gallery's title. */
  title: string;
  /** The gallery's opaque id (VaultIndex.id): the owner's command maps it to the folder. */
  gallery: string;
  /** When she pressed Send (ISO, her clock). */
  sentAt: string;
  /** How many photos her package includes. */
  included: number;
  picks: InboxPick[];
  /** The one-line list of file names for a search in Lightroom. */
  lightroom: string;
  /** Her selection's #picks= link. */
  link: string;
  /** The whole text, word for word what the email fallback holds. */
  text: string;
}

/**
 * The message as the page sends it (client/inbox.ts inboxMessage), checked strictly on the owner's
 * computer before anything of it is shown: every field its type, every string and list capped, no
 * other field. A longer string than MAX_INBOX_BYTES could not have come through the host at all.
 * Made on first use, so the page, which only seals, does not carry the schema library.
 */
const inboxSchema = () => {
  const text = (max: number) => z.string().max(max);
  const count = z.number().int().min(0).max(MAX_PHOTO);
  return z.strictObject({
    v: z.literal(INBOX_VERSION),
    title: text(MAX_INBOX_TITLE),
    gallery: z.string().regex(/^[0-9a-f]{1,64}$/),
    sentAt: z.iso.datetime(),
    included: count,
    picks: z
      .array(z.strictObject({ number: count.min(1), file: text(MAX_INBOX_FILE), note: text(MAX_INBOX_NOTE) }))
      .max(MAX_INBOX_PICKS),
    lightroom: text(MAX_INBOX_BYTES),
    link: text(MAX_INBOX_BYTES),
    text: text(MAX_INBOX_BYTES),
  });
};
let schema: ReturnType<typeof inboxSchema> | undefined;

/** A message that opened with the studio key but is not one the page sends: listed as unreadable, never shown. */
export class UnreadableInboxMessage extends Error {}

/** The message, if `value` is one as the page sends it (inboxSchema); else null. */
export function inboxMessageOf(value: unknown): InboxMessage | null {
  schema ??= inboxSchema();
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The sealed message as posted and stored. */
export interface InboxEnvelope {
  v: typeof INBOX_VERSION;
  /** Base64url raw ephemeral public key (65 bytes). */
  key: string;
  /** Base64url 12-byte IV. */
  iv: string;
  /** Base64url AES-GCM ciphertext with its tag. */
  data: string;
}

/** The body of POST /vault/inbox. */
export interface InboxPost {
  token: string;
  message: InboxEnvelope;
}

/**
 * Labels bound into the key derivation, the ciphertext and the token hash: the inbox's own version,
 * not the gallery format's, so a message stored before a format change still opens.
 */
const label = (what: string) => new TextEncoder().encode(`coastlight inbox v${INBOX_VERSION}\0${what}`);
const aad = () => label('message');

/** The AES key both sides derive from an ECDH secret and the two public keys. */
async function messageKey(
  shared: ArrayBuffer,
  ephemeral: Uint8Array<ArrayBuffer>,
  studio: Uint8Array<ArrayBuffer>,
  use: 'encrypt' | 'decrypt',
  crypto: Crypto,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const salt = new Uint8Array(ephemeral.length + studio.length);
  salt.set(ephemeral);
  salt.set(studio, ephemeral.length);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: label('key') },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    [use],
  );
}

/** Seals a message to the studio's public key (base64url raw), with a new ephemeral key. */
export async function sealInboxMessage(
  message: InboxMessage,
  studioKey: string,
  crypto: Crypto = globalThis.crypto,
): Promise<InboxEnvelope> {
  const studioRaw = fromBase64Url(studioKey);
  const studio = await crypto.subtle.importKey('raw', studioRaw, CURVE, false, []);
  const ephemeral = (await crypto.subtle.generateKey(CURVE, true, ['deriveBits'])) as CryptoKeyPair;
  const ephemeralRaw = new Uint8Array(await crypto.subtle.exportKey('raw', ephemeral.publicKey));
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: studio }, ephemeral.privateKey, 256);
  const key = await messageKey(shared, ephemeralRaw, studioRaw, 'encrypt', crypto);
  const iv = randomBytes(IV_BYTES, crypto);
  const plain = new TextEncoder().encode(JSON.stringify(message));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad() }, key, plain));
  return { v: INBOX_VERSION, key: toBase64Url(ephemeralRaw), iv: toBase64Url(iv), data: toBase64Url(data) };
}

/** The studio's key pair, as kept in passwords.env: base64url PKCS#8 of the private key. */
export async function newStudioKey(crypto: Crypto = globalThis.crypto): Promise<string> {
  const pair = (await crypto.subtle.generateKey(CURVE, true, ['deriveBits'])) as CryptoKeyPair;
  return toBase64Url(new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey)));
}

/** The studio's public key (base64url raw) for a private key as kept in passwords.env. */
export async function studioPublicKey(privateKey: string, crypto: Crypto = globalThis.crypto): Promise<string> {
  const key = await crypto.subtle.importKey('pkcs8', fromBase64Url(privateKey), CURVE, true, ['deriveBits']);
  const jwk = await crypto.subtle.exportKey('jwk', key);
  const x = fromBase64Url(jwk.x ?? '');
  const y = fromBase64Url(jwk.y ?? '');
  const raw = new Uint8Array(1 + x.length + y.length);
  raw[0] = 4;
  raw.set(x, 1);
  raw.set(y, 1 + x.length);
  return toBase64Url(raw);
}

/** Whether a value has the envelope's shape (not whether it opens). */
export function isInboxEnvelope(value: unknown): value is InboxEnvelope {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const b64 = (x: unknown) => typeof x === 'string' && /^[A-Za-z0-9_-]+$/.test(x);
  return v['v'] === INBOX_VERSION && b64(v['key']) && b64(v['iv']) && b64(v['data']);
}

/**
 * Opens a sealed message with the studio's private key (base64url PKCS#8); throws if it does not
 * open, and UnreadableInboxMessage if it opens but is not a message as the page sends one.
 */
export async function openInboxMessage(
  envelope: InboxEnvelope,
  privateKey: string,
  crypto: Crypto = globalThis.crypto,
): Promise<InboxMessage> {
  const studioRaw = fromBase64Url(await studioPublicKey(privateKey, crypto));
  const own = await crypto.subtle.importKey('pkcs8', fromBase64Url(privateKey), CURVE, false, ['deriveBits']);
  const ephemeralRaw = fromBase64Url(envelope.key);
  const ephemeral = await crypto.subtle.importKey('raw', ephemeralRaw, CURVE, false, []);
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: ephemeral }, own, 256);
  const key = await messageKey(shared, ephemeralRaw, studioRaw, 'decrypt', crypto);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(envelope.iv), additionalData: aad() },
    key,
    fromBase64Url(envelope.data),
  );
  let message: InboxMessage | null = null;
  try {
    message = inboxMessageOf(JSON.parse(new TextDecoder().decode(plain)));
  } catch {
    // Not JSON: unreadable, as below.
  }
  if (!message) throw new UnreadableInboxMessage('this message is not a selection as the gallery page sends one');
  return message;
}

/** A new inbox token (base64url). */
export const newInboxToken = (crypto: Crypto = globalThis.crypto) =>
  toBase64Url(randomBytes(INBOX_TOKEN_BYTES, crypto));

/** What the host keeps of a token: hex SHA-256 of a label and the token's bytes. */
export async function inboxTokenHash(token: string, crypto: Crypto = globalThis.crypto): Promise<string> {
  const prefix = label('token');
  const bytes = fromBase64Url(token);
  const input = new Uint8Array(prefix.length + bytes.length);
  input.set(prefix);
  input.set(bytes, prefix.length);
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', input)));
}
