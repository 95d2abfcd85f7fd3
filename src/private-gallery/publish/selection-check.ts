/**
 * A client's selection, checked against the studio's own records before the owner sees any of it
 * (issue 50). Her message is data: the only things of hers kept are the photo numbers (each checked
 * against her gallery as it is in the owner's folder), her notes (made printable) and when she
 * pressed Send. The title, the package, the file names, the Lightroom line and the selection link
 * are all rebuilt here from the gallery's folder, its gallery.yaml and the site's own address; her
 * message's own `title`, `included`, `file`, `lightroom`, `link` and `text` are never shown.
 */
import { basename } from 'node:path';
import type { InboxMessage } from '../format/inbox.ts';
import { selectionLink } from '../format/picks.ts';
import type { GallerySource } from './sources.ts';

/** One of her picks, as the studio reads it. */
export interface CheckedPick {
  /** Its number as she saw it (1-based). */
  number: number;
  /**
   * The photo of her gallery with that number whose file name her message gave too, or null: a
   * photo this gallery does not have (a number past its end, or a name that is not that number's).
   */
  photo: { file: string; path: string } | null;
  /** Her note, without control or bidirectional characters; line breaks kept as \n. */
  note: string;
}

/** A selection as the owner's side shows it: nothing in it but what the studio's records say, her numbers and her notes. */
export interface CheckedSelection {
  /** Her gallery's folder name, or null when no folder of the owner's holds it (removed, or another computer's). */
  gallery: string | null;
  /** Its title from gallery.yaml; NO_FOLDER when its folder is gone. */
  title: string;
  /** When she pressed Send (ISO, checked by the format's schema). */
  sentAt: string;
  /** What her package includes, from gallery.yaml; null for a gallery without a package. */
  included: number | null;
  /** Her picks in her order; each with its photo, or null when the gallery does not have it. */
  picks: CheckedPick[];
  /** How many of her picks are photos of the gallery. */
  counted: number;
  /** The checked picks' file names without extensions, for a search in Lightroom ('' when none). */
  lightroom: string;
  /** Her selection's link, made from the site's address and the checked numbers; null without the gallery's id. */
  link: string | null;
}

/** What a selection from a gallery whose folder is gone says in place of its title: none of its picks can be checked. */
export const NO_FOLDER = 'its folder is not in your galleries folder, so none of her photos can be shown';

/** What a photo that is not in her gallery is called, wherever one is shown. */
export const NOT_IN_GALLERY = 'a photo this gallery does not have';

/**
 * A client's text as one printable line: no control character (C0, DEL, C1: a terminal's escapes,
 * its carriage return), no bidirectional override or isolate that would reorder what she reads,
 * line breaks as spaces.
 */
export const printable = (text: string) =>
  text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[\p{Cc}\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/gu, '')
    .trim();

/** A note as kept: each line printable, empty lines left out, joined by `separator`. */
export const printableNote = (note: string, separator = '\n') =>
  note
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map(printable)
    .filter(Boolean)
    .join(separator);

/**
 * Her message checked against her gallery (`gallery`: read from the owner's folder, or null when
 * none holds it) and its opaque id (`ref`, from the studio's seed), with links on `siteUrl`.
 */
export function checkSelection(
  message: InboxMessage,
  gallery: GallerySource | null,
  ref: string | null,
  siteUrl: string,
): CheckedSelection {
  const seen = new Set<number>();
  const picks: CheckedPick[] = [];
  for (const pick of message.picks) {
    // A number picked twice counts once, as the page's own selection does.
    if (seen.has(pick.number)) continue;
    seen.add(pick.number);
    // The number gives the photo; her file name only confirms it, it never names a file.
    const source = gallery?.photos[pick.number - 1];
    const file = source ? basename(source.path) : null;
    picks.push({
      number: pick.number,
      photo: source && file === pick.file ? { file, path: source.path } : null,
      note: printableNote(pick.note),
    });
  }
  const known = picks.flatMap((pick) => (pick.photo ? [{ number: pick.number, file: pick.photo.file }] : []));
  return {
    gallery: gallery?.id ?? null,
    title: gallery?.title ?? NO_FOLDER,
    sentAt: message.sentAt,
    included: gallery?.selection?.included ?? null,
    picks,
    counted: known.length,
    lightroom: known.map((pick) => pick.file.replace(/\.[^.]+$/, '')).join(', '),
    link:
      ref === null
        ? null
        : selectionLink(
            siteUrl,
            ref,
            known.map((pick) => pick.number),
          ),
  };
}
