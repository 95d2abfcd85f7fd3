/**
 * Keeps the private gallery's derived key between visits: a non-extractable CryptoKey stored in
 * IndexedDB (the browser can use it but never reveal it). Keys are filed under the manifest's
 * salt, so a rebuild with a new password (and salt) makes earlier keys useless. Every failure
 * (no IndexedDB in private browsing, blocked storage) degrades to "ask for the password again".
 */
const DB_NAME = 'coastlight-gallery';
const STORE = 'keys';
const ENTRY = 'gallery';

interface StoredKey {
  salt: string;
  key: CryptoKey;
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

export async function saveKey(salt: string, key: CryptoKey): Promise<boolean> {
  try {
    await run('readwrite', (store) => store.put({ salt, key } satisfies StoredKey, ENTRY));
    return true;
  } catch {
    return false;
  }
}

/** The stored key for this build's salt, or null. */
export async function loadKey(salt: string): Promise<CryptoKey | null> {
  try {
    const stored = await run<StoredKey | undefined>('readonly', (store) => store.get(ENTRY));
    return stored && stored.salt === salt ? stored.key : null;
  } catch {
    return null;
  }
}

export async function clearKey(): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(ENTRY));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
