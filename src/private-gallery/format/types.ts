/**
 * The private galleries' format (version 4), as both sides read it: the manifest, its grants, the
 * index pointer, a gallery's index and its photos' files. How they are sealed and opened is
 * keys.ts (and seal.ts on the owner's side).
 */

/** The format of the manifest, its indexes and files; a browser refuses any other. */
export const FORMAT_VERSION = 4;
/** The URL fragment that carries a private link's access secret (never sent to a server). */
export { LINK_PARAM } from '../../lib/site/private-links.ts';

export interface KdfParams {
  name: 'PBKDF2';
  hash: 'SHA-256';
  iterations: number;
  /** Base64 site salt; each gallery's password is salted with it and the gallery's name (gallerySalt). */
  salt: string;
}

/** A password attempt: the gallery's name (its folder id, as in the invitation) and the password. */
export interface GalleryPassword {
  gallery: string;
  password: string;
}

export interface Sealed {
  /** Base64 initialisation vector, unique per key and plaintext. */
  iv: string;
  /** Base64 ciphertext with its GCM tag. */
  data: string;
}

/** One way into one gallery, as the manifest lists it: nothing in it is readable without its secret. */
export interface Grant {
  /** The gallery key, wrapped with the grant's unwrap key. */
  key: Sealed;
  /** The index pointer (IndexPointer as JSON, padded), sealed with the grant's pointer key. */
  index: Sealed;
}

/** What the site publishes beside the ciphertext files. */
export interface VaultManifest {
  version: typeof FORMAT_VERSION;
  kdf: KdfParams;
  /** By lookup id (hex); real grants and decoys look alike. */
  grants: Record<string, Grant>;
}

/** Where a grant's index is, what it hashes to, and the key that opens it. */
export interface IndexPointer {
  /** The index file's name, relative to the manifest. */
  file: string;
  /** Hex SHA-256 of the index file: an older or another index does not pass for it. */
  sha256: string;
  /** Base64 key of the index (it only opens what the page reads anyway). */
  key: string;
  /** The gallery's opaque id, bound into the index's additional data. */
  gallery: string;
}

export interface VaultFile {
  /** File name of the ciphertext (IV first), relative to the manifest. */
  file: string;
  width: number;
  height: number;
  type: string;
  /** Size of the decrypted file in bytes (before padding), shown before a download. */
  bytes: number;
}

/** A photo's original, with its own key: present only when the gallery allows full-size downloads. */
export interface VaultOriginal extends VaultFile {
  /** The original's key, wrapped with the gallery key. */
  key: Sealed;
}

export interface VaultImage {
  /** Opaque id of the photo (stable while the photo is unchanged), bound into its files. */
  id: string;
  /** The key of the thumbnail, the screen copy and the large copy, wrapped with the gallery key. */
  key: Sealed;
  alt: string;
  thumb: VaultFile;
  /**
   * The copy the viewer shows on a phone or a laptop (at most 1600 px on its long side: publish/sizes.ts). Every photo
   * published since it exists has one; an index published before has none, and its viewer shows
   * the large copy, as it did.
   */
  screen?: VaultFile;
  /** The large copy: downloads, and the viewer on a screen wider than the screen copy. */
  full: VaultFile;
  original?: VaultOriginal;
  /** File name for downloads, e.g. "03"; never the owner's file name. */
  name: string;
  /**
   * The owner's file name (e.g. IMG_0412.jpg), for the selection she sends back: only in the
   * client's own index, never in a partner's, never a download's name.
   */
  source?: string;
}

/** How many photos the client's package includes, from gallery.yaml (proofing). */
export interface SelectionRules {
  included: number;
  /** What an extra photo costs, as the owner wrote it (e.g. "$35"), or null. */
  extraPhotoPrice: string | null;
  /** True when she may not choose more than included. */
  strict: boolean;
}

export type DownloadPolicy = 'none' | 'web' | 'full';

/**
 * A gallery's decrypted index. A grant may open a sub-index (proofing's partner view): the same
 * shape listing only some photos, with only their keys, under a gallery key of its own.
 */
export interface VaultIndex {
  /** Opaque id of the gallery, stable across publishes: favorites are kept under it. */
  id: string;
  title: string;
  /** Last day open (YYYY-MM-DD or an ISO date-time), or null. */
  expires: string | null;
  downloads: DownloadPolicy;
  images: VaultImage[];
  /** The client's selection with a limit, when the owner set `included` (absent: favorites as before). */
  selection?: SelectionRules;
  /** 'partner': a view-only sub-index (no downloads, favorites or notes). */
  view?: 'partner';
  /** The studio's inbox (format/inbox.ts): only in the client's own index, with proofing. */
  inbox?: IndexInbox;
}

/** What a gallery's own index carries for the studio's inbox (format/inbox.ts); never a partner's sub-index. */
export interface IndexInbox {
  /** Base64url token the host checks (by its hash) before it stores a message. */
  token: string;
  /** Base64url raw (uncompressed, 65 bytes) P-256 public key of the studio. */
  key: string;
}

/**
 * What a file is to its photo; its key: 'photo' for the thumbnail, screen copy and large copy,
 * 'original' for the original.
 */
export type FileRole = 'thumb' | 'screen' | 'full' | 'original';

export class VaultError extends Error {}

/** Whether a downloaded manifest is of this format. */
export function isManifest(value: unknown): value is VaultManifest {
  const manifest = value as Partial<VaultManifest> | null;
  return !!manifest && manifest.version === FORMAT_VERSION && typeof manifest.grants === 'object' && !!manifest.kdf;
}
