/**
 * Sealing, on the owner's computer (Node): a gallery's content key, its encrypted files and index,
 * and the manifest that lists every gallery beside decoys. The browser's side is crypto.ts.
 */
import { createHmac } from 'node:crypto';
import {
  decryptBytes,
  ENTRY_BLOCK,
  fromBase64,
  importContentKey,
  INDEX_BLOCK,
  newContentKey,
  paddedIndex,
  randomBytes,
  sealFile,
  toBase64,
  toHex,
  wrapContentKey,
  type Access,
  type KdfParams,
  type Sealed,
  type VaultEntry,
  type VaultIndex,
  type VaultManifest,
} from './crypto.ts';

/** A gallery's content key: raw (to name and seal files), imported, and wrapped for the manifest. */
export interface ContentKey {
  raw: Uint8Array<ArrayBuffer>;
  key: CryptoKey;
  wrapped: Sealed;
}

/** One encrypted object to publish beside the manifest. */
export interface SealedObject {
  name: string;
  data: Uint8Array;
}

/** The manifest's file name. */
export const MANIFEST = 'manifest.json';

/**
 * A gallery's content key: the one `wrapped` (an earlier publish's) opens with this access, else a
 * new random one. Reusing it lets publishing again reuse the ciphertexts of unchanged photos.
 */
export async function galleryKey(access: Access, wrapped: Sealed | null): Promise<ContentKey & { reused: boolean }> {
  if (wrapped) {
    try {
      const raw = await decryptBytes(access.key, fromBase64(wrapped.iv), fromBase64(wrapped.data));
      return { raw, key: await importContentKey(raw), wrapped, reused: true };
    } catch {
      // Not sealed with this password's key (a changed password, a damaged copy): make a new key.
    }
  }
  const content = await newContentKey();
  return { ...content, wrapped: await wrapContentKey(access.key, content.raw), reused: false };
}

/** A name for a plaintext under a gallery's key (an HMAC): says nothing without the key. */
export function sealedTag(content: ContentKey, tag: string): string {
  return createHmac('sha256', content.raw).update(tag).digest('hex');
}

/** Random file names: nothing about a photo or a gallery can be read from the file list. */
export const randomName = () => `${toHex(randomBytes(12))}.bin`;

/** A file sealed with the gallery's key: the IV, then the ciphertext and its tag. */
export const sealObject = (content: ContentKey, data: Uint8Array<ArrayBuffer>) => sealFile(content.key, data);

/** A gallery's index, padded and sealed; its manifest entry points at it. */
export async function sealIndex(
  content: ContentKey,
  index: VaultIndex,
): Promise<{ object: SealedObject; entry: VaultEntry }> {
  const object = { name: randomName(), data: await sealFile(content.key, paddedIndex(index)) };
  return { object, entry: { key: content.wrapped, index: object.name } };
}

/**
 * The manifest of these entries (by lookup id), with decoys so its size does not tell how many
 * galleries there are, and the decoys' index files to publish beside it.
 */
export function sealManifest(kdf: KdfParams, real: Record<string, VaultEntry>) {
  const entries = { ...real };
  const decoys: SealedObject[] = [];
  const total = Math.max(ENTRY_BLOCK, Math.ceil(Object.keys(entries).length / ENTRY_BLOCK) * ENTRY_BLOCK);
  while (Object.keys(entries).length < total) {
    const index = randomName();
    decoys.push({ name: index, data: randomBytes(INDEX_BLOCK + 28) });
    entries[toHex(randomBytes(16))] = {
      key: { iv: toBase64(randomBytes(12)), data: toBase64(randomBytes(48)) },
      index,
    };
  }
  // Sorted by the (random) ids, so the order does not tell which gallery came first.
  const galleries = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));
  const manifest: VaultManifest = { version: 2, kdf, galleries };
  return { manifest: JSON.stringify(manifest), decoys };
}
