/** For unit tests: an in-memory IndexedDB, as much of it as key-store.ts uses. */

/** A fake IndexedDB's content: database, store, key. */
export type Databases = Map<string, Map<string, Map<IDBValidKey, unknown>>>;

/** An in-memory IndexedDB (open, one store, get, put, delete) and its content, to read in a test. */
export function fakeIndexedDb(): { factory: IDBFactory; databases: Databases } {
  const databases: Databases = new Map();
  type Request = { result?: unknown; error?: unknown; onsuccess?: () => void; onerror?: () => void };
  const request = (run: () => unknown) => {
    const req: Request = {};
    queueMicrotask(() => {
      try {
        req.result = run();
        req.onsuccess?.();
      } catch (error) {
        req.error = error;
        req.onerror?.();
      }
    });
    return req;
  };
  const factory = {
    open(name: string) {
      const req: Request & { onupgradeneeded?: () => void } = {};
      queueMicrotask(() => {
        const fresh = !databases.has(name);
        const db = databases.get(name) ?? new Map<string, Map<IDBValidKey, unknown>>();
        databases.set(name, db);
        const store = (s: string) => db.get(s)!;
        req.result = {
          createObjectStore: (s: string) => db.set(s, new Map()),
          transaction: (s: string) => ({
            objectStore: () => ({
              get: (key: IDBValidKey) => request(() => store(s).get(key)),
              put: (value: unknown, key: IDBValidKey) => request(() => store(s).set(key, value) && key),
              delete: (key: IDBValidKey) => request(() => void store(s).delete(key)),
            }),
          }),
          close: () => {},
        };
        if (fresh) req.onupgradeneeded?.();
        req.onsuccess?.();
      });
      return req;
    },
  } as unknown as IDBFactory;
  return { factory, databases };
}
