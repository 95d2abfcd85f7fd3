/**
 * Sealing, on the owner's computer (Node): the keys of a gallery and its photos, its encrypted
 * files and index, one grant per way in, and the manifest that lists the grants beside decoys.
 * The browser's side is keys.ts (the format's types in types.ts).
 *
 * Every key, id and photo file comes from the *seed*, a secret kept with the passwords (never
 * published): the same photo is sealed as the same bytes under the same name, so it is uploaded
 * once. A gallery's keys also depend on every way into it (generationOf): a new password, a link
 * added or withdrawn, gives new keys for every file, so a key read out of a browser before opens
 * nothing published after. What a visitor of the bucket could compare between two publishes is
 * sealed anew each time instead: every grant (fresh IVs), every index and every decoy (fresh bytes
 * under a fresh name), so real entries and decoys change alike; only lookup ids stay (a password's
 * and a link's come from its secret, a decoy's from the seed), so no entry stands out by coming
 * and going.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  FORMAT_VERSION,
  type FileRole,
  type Grant,
  type IndexPointer,
  type KdfParams,
  type Sealed,
  type VaultIndex,
  type VaultManifest,
} from './types.ts';
import { toBase64, toHex } from './encodings.ts';
import {
  boundTo,
  ENTRY_BLOCK,
  fileData,
  grantKeys,
  IV_BYTES,
  KEY_BYTES,
  photoKeyData,
  POINTER_BYTES,
  TAG_BYTES,
  wrappedJwk,
} from './keys.ts';
import { fileBucket, INDEX_BUCKETS, paddedIndex } from './buckets.ts';

/** One encrypted object to publish beside the manifest. */
export interface SealedObject {
  name: string;
  data: Uint8Array;
}

/** The manifest's file name. */
export const MANIFEST = 'manifest.json';
export const SEED_BYTES = 32;

/** HMAC-SHA-256 under the seed of these parts (each ended by a NUL, so no two lists collide). */
export function fromSeed(seed: Uint8Array, ...parts: (string | Uint8Array)[]): Buffer {
  const hmac = createHmac('sha256', seed);
  for (const part of parts) hmac.update(part).update('\0');
  return hmac.digest();
}

/** As many pseudo-random bytes as asked, from the seed and a label (HMAC in counter mode). */
export function seedStream(seed: Uint8Array, label: string, length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  for (let block = 0, at = 0; at < length; block++, at += 32) {
    out.set(fromSeed(seed, label, String(block)).subarray(0, Math.min(32, length - at)), at);
  }
  return out;
}

/** The opaque id of a gallery: stable across publishes, says nothing of its folder name. */
export const galleryRef = (seed: Uint8Array, folder: string) =>
  fromSeed(seed, 'gallery id', folder).toString('hex', 0, 16);

/** The opaque id of a photo in its gallery, by the hash of its bytes. */
export const photoRef = (seed: Uint8Array, gallery: string, photoHash: string) =>
  fromSeed(seed, 'photo id', gallery, photoHash).toString('hex', 0, 16);

/**
 * A gallery's generation: a hash of the lookup ids of every way into it (its password, each private
 * link, each partner link), in any order. A way added or withdrawn gives another generation.
 */
export function generationOf(grantIds: string[]): string {
  return createHash('sha256')
    .update([...grantIds].sort().join('\0'))
    .digest('hex');
}

/**
 * A gallery's keys (raw, on the owner's computer only): the gallery key that wraps its photos'
 * keys, the index key, and each photo's keys. `generation` is generationOf its ways in, so a new
 * password, or a link added or withdrawn, makes new keys.
 */
export function galleryKeys(seed: Uint8Array, gallery: string, generation: string) {
  const key = (...parts: string[]) => new Uint8Array(fromSeed(seed, 'key', gallery, generation, ...parts));
  return {
    gallery: key('gallery'),
    index: key('index'),
    /** Thumbnail, screen copy and large copy share the photo key; the original has its own. */
    photo: (photoHash: string, kind: 'photo' | 'original') => key('photo', kind, photoHash),
  };
}

const aesKey = (raw: Uint8Array<ArrayBuffer>) => crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);

/**
 * Encrypts with an IV derived from the seed, the additional data and the plaintext: the same
 * plaintext sealed again gives the same bytes (so unchanged things publish unchanged), and no two
 * plaintexts or additional data share an IV under one key.
 */
export async function sealStable(
  seed: Uint8Array,
  key: CryptoKey,
  data: Uint8Array<ArrayBuffer>,
  additionalData: Uint8Array<ArrayBuffer>,
): Promise<Sealed> {
  const iv = new Uint8Array(fromSeed(seed, 'iv', additionalData, data).subarray(0, IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, data);
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(sealed)) };
}

/**
 * A photo's file padded to its size bucket and sealed (the IV, then ciphertext and tag), with an IV
 * from the seed, its additional data and its bytes: the same photo publishes as the same bytes on
 * any computer, with or without the cache; any other plaintext gets another IV.
 */
export async function sealPhotoFile(
  seed: Uint8Array,
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array,
  gallery: string,
  photo: string,
  role: FileRole,
): Promise<Uint8Array<ArrayBuffer>> {
  const padded = new Uint8Array(fileBucket(data.length));
  padded.set(data);
  const additionalData = fileData(gallery, photo, role);
  const digest = createHash('sha256').update(padded).digest();
  const iv = new Uint8Array(fromSeed(seed, 'iv', additionalData, digest).subarray(0, IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, await aesKey(key), padded),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

/** A photo's key wrapped with its gallery key, as the index carries it. */
export async function wrapPhotoKey(
  seed: Uint8Array,
  galleryKey: Uint8Array<ArrayBuffer>,
  photoKey: Uint8Array<ArrayBuffer>,
  gallery: string,
  photo: string,
  kind: 'photo' | 'original',
) {
  const jwk = wrappedJwk(photoKey, 'decrypt');
  return sealStable(seed, await aesKey(galleryKey), jwk, photoKeyData(gallery, photo, kind));
}

/** Encrypts with a random IV: sealed again, the same plaintext gives other bytes. */
export async function sealFresh(
  key: CryptoKey,
  data: Uint8Array<ArrayBuffer>,
  additionalData: Uint8Array<ArrayBuffer>,
): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, data);
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(sealed)) };
}

/** A name for a plaintext under a key (an HMAC): says nothing without the key. */
export function sealedTag(key: Uint8Array, tag: string): string {
  return createHmac('sha256', key).update(tag).digest('hex');
}

/**
 * A published file's name, by its ciphertext (under the seed): a photo file keeps its name from
 * publish to publish, an index or decoy (sealed anew each time) gets a new one, and no name says
 * anything about a photo or a gallery, nor which kind of file it is.
 */
export const objectName = (seed: Uint8Array, data: Uint8Array) =>
  `${fromSeed(seed, 'name', 'object', createHash('sha256').update(data).digest('hex')).toString('hex', 0, 12)}.bin`;

/**
 * A gallery's index, padded to its bucket and sealed with the index key under a random IV: a new
 * ciphertext and a new name at every publish, as decoys get; the pointer its grants carry.
 */
export async function sealIndex(
  seed: Uint8Array,
  indexKey: Uint8Array<ArrayBuffer>,
  index: VaultIndex,
): Promise<{ object: SealedObject; pointer: IndexPointer }> {
  const additional = boundTo('index', index.id);
  const sealed = await sealFresh(await aesKey(indexKey), paddedIndex(index), additional);
  const data = Buffer.concat([Buffer.from(sealed.iv, 'base64'), Buffer.from(sealed.data, 'base64')]);
  const sha256 = createHash('sha256').update(data).digest('hex');
  const object = { name: objectName(seed, data), data };
  return { object, pointer: { file: object.name, sha256, key: toBase64(indexKey), gallery: index.id } };
}

/**
 * One way in: the gallery key wrapped for this access secret (a JWK only for unwrapping), and the
 * index pointer sealed for it, both under random IVs, so a grant's bytes change at every publish.
 * Returns the grant's lookup id (the same at every publish) and the grant. (The seed is no longer
 * used here; the parameter stays so that callers are unchanged.)
 */
export async function sealGrant(
  _seed: Uint8Array,
  secret: Uint8Array<ArrayBuffer>,
  galleryKey: Uint8Array<ArrayBuffer>,
  pointer: IndexPointer,
): Promise<{ id: string; grant: Grant }> {
  const keys = await grantKeys(secret, { wrap: ['encrypt'], pointer: ['encrypt'] });
  const text = new TextEncoder().encode(JSON.stringify(pointer));
  if (text.length > POINTER_BYTES) throw new Error('index pointer too long');
  const padded = new Uint8Array(POINTER_BYTES).fill(0x20);
  padded.set(text);
  return {
    id: keys.id,
    grant: {
      key: await sealFresh(keys.wrap, wrappedJwk(galleryKey, 'unwrapKey'), boundTo('grant key', keys.id)),
      index: await sealFresh(keys.pointer, padded, boundTo('grant index', keys.id)),
    },
  };
}

/** A grant's lookup id for an access secret (to tell two galleries sharing one password). */
export async function grantId(secret: Uint8Array<ArrayBuffer>): Promise<string> {
  return (await grantKeys(secret, { wrap: ['encrypt'], pointer: ['encrypt'] })).id;
}

/** A sealed gallery key's length: its JWK and the GCM tag (a decoy's key has the same). */
const GRANT_KEY_BYTES = wrappedJwk(new Uint8Array(KEY_BYTES), 'unwrapKey').length + TAG_BYTES;

/**
 * The manifest of these grants (by lookup id), with decoys so its size does not tell how many ways
 * in there are, and the decoys' index files to publish beside it. A decoy's lookup id comes from the
 * seed (the same at every publish, as a real grant's); its grant and its index are random bytes
 * drawn anew at every publish, under a new name, as real grants and indexes are sealed anew. Their
 * indexes take every size bucket in turn, and there is always at least one in each.
 */
export function sealManifest(seed: Uint8Array, kdf: KdfParams, real: Record<string, Grant>) {
  const grants = { ...real };
  const decoys: SealedObject[] = [];
  // At least one decoy per index bucket, whatever the number of grants; then up to a whole block.
  const least = Object.keys(grants).length + INDEX_BUCKETS.length;
  const total = Math.ceil(least / ENTRY_BLOCK) * ENTRY_BLOCK;
  for (let i = 0; Object.keys(grants).length < total; i++) {
    const bytes = (length: number) => new Uint8Array(randomBytes(length));
    const size = INDEX_BUCKETS[i % INDEX_BUCKETS.length]!;
    const data = bytes(IV_BYTES + size + TAG_BYTES);
    decoys.push({ name: objectName(seed, data), data });
    grants[toHex(seedStream(seed, `decoy ${i} id`, 16))] = {
      key: { iv: toBase64(bytes(IV_BYTES)), data: toBase64(bytes(GRANT_KEY_BYTES)) },
      index: { iv: toBase64(bytes(IV_BYTES)), data: toBase64(bytes(POINTER_BYTES + TAG_BYTES)) },
    };
  }
  // Sorted by the (random-looking) ids, so the order does not tell which came first.
  const sorted = Object.fromEntries(Object.entries(grants).sort(([a], [b]) => a.localeCompare(b)));
  const manifest: VaultManifest = { version: FORMAT_VERSION, kdf, grants: sorted };
  return { manifest: JSON.stringify(manifest), decoys };
}
