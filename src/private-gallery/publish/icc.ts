import { createHash } from 'node:crypto';

/**
 * The tags of an ICC profile that say how its colours read, kept byte for byte: the primaries,
 * white and black points, tone curves, chromatic adaptation, the lookup tables of a LUT profile
 * (A2B, B2A, D2B, B2D, gamut), luminance, measurement conditions, the colour encoding (cicp) and
 * the image state. Everything else goes: 'desc' is written again, and the copyright, the device's
 * maker and model ('dmnd', 'dmdd'), 'meta', viewing-condition texts, colorant and named-colour
 * names, the profile sequence, calibration data and makers' private tags, which can name a person
 * or a device.
 */
const COLOUR_TAGS = new Set([
  ...['rXYZ', 'gXYZ', 'bXYZ', 'rTRC', 'gTRC', 'bTRC', 'kTRC', 'wtpt', 'bkpt', 'chad', 'chrm', 'lumi', 'meas'],
  ...['A2B0', 'A2B1', 'A2B2', 'A2B3', 'A2M0', 'B2A0', 'B2A1', 'B2A2', 'B2A3', 'gamt', 'cicp', 'ciis'],
  ...['D2B0', 'D2B1', 'D2B2', 'D2B3', 'B2D0', 'B2D1', 'B2D2', 'B2D3'],
]);

/** Standard profiles' own names, kept as a profile's description; any other is NEUTRAL_NAME. */
const STANDARD_NAMES = [
  /^sRGB( IEC ?61966-2[.-]1)?( black scaled)?$/,
  /^(Display P3|DCI-P3( D65)?|P3 D65)$/,
  /^(Adobe RGB \(1998\)|Compatible with Adobe RGB \(1998\))$/,
  /^(ProPhoto RGB|ROMM RGB)$/,
  /^(ITU-R BT\.?2020|Rec\.? ?2020|ITU-R BT\.?709|Rec\.? ?709)$/,
  /^(Generic Gr[ae]y Gamma 2\.2 Profile|Gray Gamma 2\.2|Dot Gain (10|15|20|25|30)%)$/,
  /^(Coated FOGRA39 \(ISO 12647-2:2004\)|U\.S\. Web Coated \(SWOP\) v2)$/,
];
export const NEUTRAL_NAME = 'Colour profile';

/** The header's fields that name a device, a program, a platform or a moment: zeroed. */
const HEADER_ZEROED: [number, number][] = [
  [4, 8], // preferred CMM
  [24, 36], // creation date and time
  [40, 44], // primary platform
  [48, 56], // device manufacturer and model
  [80, 128], // profile creator, profile ID (computed again), reserved
];

type Tag = { signature: string; offset: number; size: number };

const text = (bytes: Buffer) => bytes.toString('latin1');

/** The tag table, each tag checked to lie inside the profile; null if the profile is not one. */
export function iccTags(profile: Buffer): Tag[] | null {
  if (profile.length < 132 || text(profile.subarray(36, 40)) !== 'acsp') return null;
  if (profile.readUInt32BE(0) > profile.length) return null;
  const count = profile.readUInt32BE(128);
  if (132 + 12 * count > profile.length) return null;
  const tags: Tag[] = [];
  for (let i = 0; i < count; i++) {
    const at = 132 + 12 * i;
    const tag = {
      signature: text(profile.subarray(at, at + 4)),
      offset: profile.readUInt32BE(at + 4),
      size: profile.readUInt32BE(at + 8),
    };
    if (tag.offset < 132 || tag.offset + tag.size > profile.length) return null;
    tags.push(tag);
  }
  return tags;
}

/** A description's text: a v2 textDescriptionType's ASCII, or a v4 mluc's first record. */
function descriptionText(data: Buffer): string {
  const type = text(data.subarray(0, 4));
  if (type === 'desc' && data.length >= 12) {
    const length = Math.min(data.readUInt32BE(8), data.length - 12);
    return text(data.subarray(12, 12 + length)).replace(/\0.*$/s, '');
  }
  if (type === 'mluc' && data.length >= 28) {
    const length = data.readUInt32BE(20);
    const start = data.readUInt32BE(24);
    if (start + length > data.length) return '';
    const utf16 = Buffer.from(data.subarray(start, start + length)).swap16();
    return utf16.toString('utf16le').replace(/\0.*$/s, '');
  }
  return '';
}

/** A description tag for `name`: textDescriptionType in a version 2 profile, mluc from version 4. */
function descriptionTag(name: string, version: number): Buffer {
  if (version >= 4) {
    const utf16 = Buffer.from(name, 'utf16le').swap16();
    const head = Buffer.alloc(28);
    head.write('mluc', 0, 'latin1');
    head.writeUInt32BE(1, 8); // one record
    head.writeUInt32BE(12, 12); // of 12 bytes
    head.write('enUS', 16, 'latin1');
    head.writeUInt32BE(utf16.length, 20);
    head.writeUInt32BE(28, 24);
    return Buffer.concat([head, utf16]);
  }
  const ascii = Buffer.from(`${name}\0`, 'latin1');
  const head = Buffer.alloc(12);
  head.write('desc', 0, 'latin1');
  head.writeUInt32BE(ascii.length, 8);
  // No Unicode (language 0, count 0), no ScriptCode (code 0, count 0, its 67 bytes empty).
  return Buffer.concat([head, ascii, Buffer.alloc(4 + 4 + 2 + 1 + 67)]);
}

const padded = (data: Buffer) => Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);

/**
 * The profile's ID (ICC.1:2010 7.2.18): MD5 over the profile with its flags, rendering intent and
 * ID zeroed. Version 2 profiles have no ID: the field stays zero.
 */
function withProfileId(profile: Buffer): Buffer {
  if (profile[8]! < 4) return profile;
  const copy = Buffer.from(profile);
  copy.fill(0, 44, 48);
  copy.fill(0, 64, 68);
  copy.fill(0, 84, 100);
  createHash('md5').update(copy).digest().copy(profile, 84);
  return profile;
}

/**
 * A colour profile as a client's download keeps it: its colour tags byte for byte (two tags that
 * shared their data still share it), a description that is the standard's name (sRGB, Display P3,
 * Adobe RGB (1998)...) or NEUTRAL_NAME, and a header with no device, program, platform or date.
 * Nothing else of it: no copyright, no device names, no private tag. With `length`, zeros pad it
 * to that length, if it fits (an AVIF's box keeps its size). Null if `profile` is not an ICC
 * profile, or does not fit.
 */
export function neutralProfile(profile: Buffer, length?: number): Buffer | null {
  const tags = iccTags(profile);
  if (!tags) return null;
  const data = (tag: Tag) => profile.subarray(tag.offset, tag.offset + tag.size);
  const desc = tags.find((tag) => tag.signature === 'desc');
  const name = desc ? descriptionText(data(desc)) : '';
  const kept = tags.filter((tag) => COLOUR_TAGS.has(tag.signature));
  const description = descriptionTag(
    STANDARD_NAMES.some((standard) => standard.test(name)) ? name : NEUTRAL_NAME,
    profile[8]!,
  );
  const entries = [
    ...kept.map((tag) => ({ signature: tag.signature, bytes: data(tag), key: `${tag.offset}+${tag.size}` })),
  ];
  entries.push({ signature: 'desc', bytes: description, key: 'desc' });
  const table = Buffer.alloc(4 + 12 * entries.length);
  table.writeUInt32BE(entries.length, 0);
  const blocks: Buffer[] = [];
  const placed = new Map<string, number>();
  let offset = 128 + table.length;
  entries.forEach((entry, i) => {
    let at = placed.get(entry.key);
    if (at === undefined) {
      at = offset;
      placed.set(entry.key, at);
      const block = padded(entry.bytes);
      blocks.push(block);
      offset += block.length;
    }
    table.write(entry.signature, 4 + 12 * i, 'latin1');
    table.writeUInt32BE(at, 8 + 12 * i);
    table.writeUInt32BE(entry.bytes.length, 12 + 12 * i);
  });
  const size = length ?? offset;
  if (size < offset) return null;
  const header = Buffer.from(profile.subarray(0, 128));
  for (const [start, end] of HEADER_ZEROED) header.fill(0, start, end);
  header.writeUInt32BE(size, 0);
  return withProfileId(Buffer.concat([header, table, ...blocks, Buffer.alloc(size - offset)]));
}

/** The profile's description, as neutralProfile reads it (for the tests and the owner's messages). */
export function profileDescription(profile: Buffer): string {
  const desc = iccTags(profile)?.find((tag) => tag.signature === 'desc');
  return desc ? descriptionText(profile.subarray(desc.offset, desc.offset + desc.size)) : '';
}
