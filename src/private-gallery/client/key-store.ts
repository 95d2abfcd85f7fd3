/**
 * Keeps a client's gallery access between visits: the lookup id and the non-extractable wrapping
 * key of her password, stored in IndexedDB (the browser can use the key but never reveal it).
 * Both come from the password and the site salt only, so a rebuild keeps her in; a changed
 * password (or salt) leaves an id that opens nothing. Every failure (no IndexedDB in private
 * browsing, blocked storage) degrades to "ask for the password again".
 */
import type { Access } from '../format/crypto';

const DB_NAME = 'coastlight-gallery';
const STORE = 'keys';
const ENTRY = 'gallery';

interface StoredAccess extends Access {
  salt: string;
}

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

export async function saveAccess(salt: string, access: Access): Promise<boolean> {
  try {
    await run('readwrite', (store) => store.put({ salt, ...access } satisfies StoredAccess, ENTRY));
    return true;
  } catch {
    return false;
  }
}

/** The stored access for this site salt, or null. */
export async function loadAccess(salt: string): Promise<Access | null> {
  try {
    const stored = await run<Partial<StoredAccess> | undefined>('readonly', (store) => store.get(ENTRY));
    return stored && stored.salt === salt && stored.id && stored.key ? { id: stored.id, key: stored.key } : null;
  } catch {
    return null;
  }
}

export async function clearAccess(): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(ENTRY));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
