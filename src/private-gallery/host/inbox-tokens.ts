/**
 * The host's list of inbox tokens (issue 34): publishing writes it (publish/inbox.ts), the Function
 * reads it (inbox-host.ts) and stores a client's message only for a token it lists. It holds token
 * hashes, opaque gallery tags and closing instants, never a token, a name or a title. Used on both
 * sides: no imports.
 */

/** The token list's name in the bucket: not a VAULT_NAME, so never served (404). */
export const INBOX_TOKENS = 'inbox-tokens.json';
/** Where messages are stored: `inbox/<tag>/<YYYY-MM-DD UTC>/<32 hex>.json`; never served. */
export const INBOX_PREFIX = 'inbox/';

/** Whether an object is (or, in a folder standing in for a bucket, holds) a client's message. */
export const isInboxName = (name: string) => name === 'inbox' || name.startsWith(INBOX_PREFIX);

export interface InboxTokens {
  v: 1;
  /** By inboxTokenHash (hex): the gallery's opaque tag and, when it has an end, its closing instant (ms). */
  tokens: Record<string, { gallery: string; closes?: number }>;
}

/** The list as stored; throws on anything malformed. */
export function parseInboxTokens(text: string): InboxTokens {
  const list = JSON.parse(text) as InboxTokens;
  if (list?.v !== 1 || typeof list.tokens !== 'object' || !list.tokens) throw new Error('not a version 1 token list');
  for (const line of Object.values(list.tokens)) {
    if (typeof line?.gallery !== 'string' || !/^[0-9a-f]{32}$/.test(line.gallery)) throw new Error('bad gallery tag');
    if (line.closes !== undefined && typeof line.closes !== 'number') throw new Error('bad closing instant');
  }
  return list;
}
