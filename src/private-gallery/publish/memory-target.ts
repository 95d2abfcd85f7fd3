import { contentVersion, type VaultTarget } from './target.ts';

/**
 * A bucket in memory, with names holding slashes as R2's do, and its objects to look at: the
 * desk's preview seals a gallery into one (src/desk/server/preview.ts), and the tests publish to one.
 * Its conditional write checks and writes in one step, as R2 does.
 */
export function memoryTarget(label = 'the local bucket in test'): VaultTarget & { objects: Map<string, Uint8Array> } {
  const objects = new Map<string, Uint8Array>();
  const encode = (data: Uint8Array | string) => (typeof data === 'string' ? new TextEncoder().encode(data) : data);
  return {
    label,
    objects,
    list: async () => new Set(objects.keys()),
    get: async (name) => objects.get(name) ?? null,
    put: async (name, data) => void objects.set(name, encode(data)),
    version: async (name) => contentVersion(objects.get(name) ?? null),
    async putIf(name, data, version) {
      if (contentVersion(objects.get(name) ?? null) !== version) return false;
      objects.set(name, encode(data));
      return true;
    },
    delete: async (names) => names.forEach((name) => objects.delete(name)),
    close: async () => {},
  };
}
