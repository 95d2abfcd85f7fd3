/**
 * Keeps a client's gallery access between visits, in IndexedDB: the grant's lookup id and its two
 * non-extractable keys (one can only unwrap the gallery key, the other only open the index
 * pointer), the gallery's opaque id, and when this saved access ends. The browser can use the keys
 * but never reveal them; anyone using this browser profile can still use them until then, which is
 * why saved access ends after ACCESS_DAYS and "Forget this device" deletes it at once. Both keys
 * come from the password (or link) and the site salt only, so publishing again keeps her in; a
 * changed password leaves an id that opens nothing. Every failure (no IndexedDB in private
 * browsing, blocked storage) degrades to "ask for the password again".
 */
import { FORMAT_VERSION } from '../format/types';
import { type Access } from '../format/keys';

const DB_NAME = 'coastlight-gallery';
const STORE = 'keys';
const ENTRY = 'gallery';
/** How long a device remembers a gallery after its password or link was last entered. */
export const ACCESS_DAYS = 30;

interface StoredAccess extends Access {
  version: typeof FORMAT_VERSION;
  salt: string;
  /** The opaque id of the gallery it opened (for its favorites). */
  gallery: string;
  /** When this saved access ends (ms since 1970). */
  expires: number;
}

/** What this device kept: an access, nothing, one of an older format (within its days), one past its end. */
export type Kept = { access: Access; gallery: string } | 'none' | 'outdated' | 'expired';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export async function saveAccess(salt: string, access: Access, gallery: string, now = Date.now()): Promise<boolean> {
  const stored: StoredAccess = {
    version: FORMAT_VERSION,
    salt,
    id: access.id,
    unwrap: access.unwrap,
    pointer: access.pointer,
    gallery,
    expires: now + ACCESS_DAYS * 86_400_000,
  };
  try {
    await run('readwrite', (store) => store.put(stored, ENTRY));
    return true;
  } catch {
    return false;
  }
}

/** The stored access for this site salt, or why there is none to use. */
export async function loadAccess(salt: string, now = Date.now()): Promise<Kept> {
  let stored: Partial<StoredAccess> | undefined;
  try {
    stored = await run<Partial<StoredAccess> | undefined>('readonly', (store) => store.get(ENTRY));
  } catch {
    return 'none';
  }
  if (!stored) return 'none';
  // Past its end whatever its format: her favorites and notes end with it (client/unlock.ts).
  if (!(typeof stored.expires === 'number' && now < stored.expires)) return 'expired';
  if (stored.version !== FORMAT_VERSION || !stored.id || !stored.unwrap || !stored.pointer) return 'outdated';
  if (stored.salt !== salt) return 'none';
  return { access: { id: stored.id, unwrap: stored.unwrap, pointer: stored.pointer }, gallery: stored.gallery ?? '' };
}

/**
 * Forgets the saved access if it opens this gallery (by its opaque id: the gallery has closed) or
 * is this way in (by its grant's lookup id: a partner link has ended); an access to another
 * gallery, or another way in, stays. True when one was forgotten.
 */
export async function forgetAccess(match: { gallery?: string; grant?: string }): Promise<boolean> {
  const fits = (stored: Partial<StoredAccess> | undefined) =>
    !!stored && ((!!match.gallery && stored.gallery === match.gallery) || (!!match.grant && stored.id === match.grant));
  try {
    const db = await open();
    try {
      return await new Promise<boolean>((resolve, reject) => {
        // One transaction: read, then delete only what fits, so a save in between is not lost.
        const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
        const read = store.get(ENTRY);
        read.onerror = () => reject(read.error);
        read.onsuccess = () => {
          if (!fits(read.result as Partial<StoredAccess> | undefined)) return resolve(false);
          const removal = store.delete(ENTRY);
          removal.onerror = () => reject(removal.error);
          removal.onsuccess = () => resolve(true);
        };
      });
    } finally {
      db.close();
    }
  } catch {
    // Nothing stored (or no storage), nothing to forget.
    return false;
  }
}

export async function clearAccess(): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(ENTRY));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
