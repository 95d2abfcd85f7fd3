import {
  decryptBytes,
  fromBase64,
  openIndex,
  deriveKey,
  type VaultFile,
  type VaultIndex,
  type VaultManifest,
} from './vault';
import { loadKey, saveKey } from './key-store';

/** Where the build publishes the encrypted gallery. */
export const VAULT_BASE = '/vault';

export async function fetchManifest(base = VAULT_BASE): Promise<VaultManifest> {
  const response = await fetch(`${base}/manifest.json`, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The private gallery is unavailable (${response.status}).`);
  return (await response.json()) as VaultManifest;
}

export interface Unlocked {
  key: CryptoKey;
  index: VaultIndex;
}

/** Checks a password: derives the key and opens the index; the GCM tag rejects a wrong one. */
export async function unlockWithPassword(manifest: VaultManifest, password: string): Promise<Unlocked> {
  const key = await deriveKey(password, manifest.kdf);
  const index = await openIndex(key, manifest);
  await saveKey(manifest.kdf.salt, key);
  return { key, index };
}

/** Reopens the gallery with the key kept from an earlier visit, or null if there is none that fits. */
export async function unlockWithStoredKey(manifest: VaultManifest): Promise<Unlocked | null> {
  const key = await loadKey(manifest.kdf.salt);
  if (!key) return null;
  try {
    return { key, index: await openIndex(key, manifest) };
  } catch {
    return null;
  }
}

/** Downloads and decrypts one image into an object URL (revoke it when done). */
export async function decryptToUrl(key: CryptoKey, file: VaultFile, base = VAULT_BASE): Promise<string> {
  const response = await fetch(`${base}/${file.file}`);
  if (!response.ok) throw new Error(`A private photo could not be loaded (${response.status}).`);
  const bytes = await decryptBytes(key, fromBase64(file.iv), new Uint8Array(await response.arrayBuffer()));
  return URL.createObjectURL(new Blob([bytes], { type: file.type }));
}
