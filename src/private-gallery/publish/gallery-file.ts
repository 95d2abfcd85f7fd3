/**
 * The owner's private gallery files: each gallery's gallery.yaml (content/private/<id>/) and the
 * site salt (content/private-gallery-salt.txt). Their schemas and parsers; a wrong value stops the
 * build naming the file, the entry and the field. Publishing itself is src/private-gallery/publish/.
 */
import { z } from 'astro/zod';
import { type DownloadPolicy } from '../format/types.ts';
import { fromBase64 } from '../format/encodings.ts';
import { SALT_BYTES } from '../format/keys.ts';
import { describeIssues, parseYamlData } from '../../lib/content/yaml-data.ts';
import { basename, dirname } from 'node:path';
import { parse, YAMLError } from 'yaml';

export const DOWNLOAD_POLICIES = ['none', 'web', 'full'] as const satisfies readonly DownloadPolicy[];

/** Rejects fields the schema does not know, naming each: a misspelt `expire:` must not leave a gallery open. */
const strict = <T extends z.ZodRawShape>(shape: T, where: string) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.join(', ')}: not a field of ${where} (fields: ${Object.keys(shape).join(', ')})`
        : undefined,
  });

const photo = strict(
  {
    /** A photo's file name in the gallery's folder, e.g. private-01.jpg. */
    file: z.string({ error: 'needs the file name of a photo in this folder, e.g. file: private-01.jpg' }).trim().min(1),
    /** What the photo shows, for visitors who cannot see it (a generic text when left out). */
    alt: z.string({ error: 'must be text' }).trim().min(1, 'is empty: describe the photo, or leave alt out').optional(),
  },
  'a photo',
);

const expires = z
  .union([z.date(), z.string()], { error: 'must be a date, e.g. expires: 2026-12-31' })
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
  .superRefine((value, context) => {
    // A day that is not on the calendar (2027-02-30) is refused, never rolled over to March 2.
    if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(value)) {
      if (!isCalendarDay(value)) {
        context.addIssue({
          code: 'custom',
          message: `${value} is not a day on the calendar: write it as YYYY-MM-DD, e.g. expires: 2026-12-31`,
        });
      }
    } else context.addIssue({ code: 'custom', message: 'must be a date, e.g. expires: 2026-12-31' });
  });

/** Whether `value` is a day as YYYY-MM-DD that exists (2028-02-29 does, 2027-02-29 does not). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const galleryFileSchema = z.preprocess(
  // An empty file reads as null: report its missing title, not "expected an object".
  (raw) => raw ?? {},
  strict(
    {
      /** The gallery's title, shown to the client, e.g. "Jenna, October 2026". */
      title: z
        .string({ error: 'needs a title, e.g. title: Jenna, October 2026' })
        .trim()
        .min(1, 'needs a title, e.g. title: Jenna, October 2026'),
      /** Optional: the last day the gallery is open, YYYY-MM-DD; then her page says it has closed, and the next publish deletes its photos. */
      expires: expires.nullish().transform((value) => value ?? null),
      /** What the client may download: none, web (the large web copies) or full (also the originals). */
      downloads: z.enum(DOWNLOAD_POLICIES, { error: 'must be one of none, web, full' }).default('web'),
      /** The photos in the order the client sees them; photos of the folder not listed come last. */
      /** Optional (proofing): how many photos her package includes; her hearts count against it. */
      included: z
        .number({ error: 'must be a whole number of photos, e.g. included: 25' })
        .int('must be a whole number of photos, e.g. included: 25')
        .positive('must be at least 1, e.g. included: 25')
        .optional(),
      /** Optional: what each photo beyond `included` costs, as the client should read it, e.g. "$35". */
      extraPhotoPrice: z
        .union([z.number(), z.string()], { error: 'must be a price, e.g. extraPhotoPrice: $35' })
        .transform((value) => (typeof value === 'number' ? `$${value}` : value.trim()))
        .refine((value) => value.length > 0, 'is empty: write a price, e.g. extraPhotoPrice: $35, or leave it out')
        .optional(),
      /** Optional: `strict` stops her at `included`; otherwise she may choose more, told what extras cost. */
      limit: z.enum(['strict', 'soft'], { error: 'must be strict or soft' }).optional(),
      photos: z
        .array(photo, { error: 'must be a list of "- file: name.jpg" entries' })
        .nullish()
        .transform((value) => value ?? []),
    },
    'gallery.yaml',
  ).superRefine((file, context) => {
    for (const field of ['extraPhotoPrice', 'limit'] as const) {
      if (file[field] !== undefined && file.included === undefined) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'needs included: the number of photos her package includes',
        });
      }
    }
  }),
);

export type GalleryFile = z.infer<typeof galleryFileSchema>;

/** The selection rules a gallery.yaml sets (proofing), as its index carries them; undefined without `included`. */
export function selectionRules(file: Pick<GalleryFile, 'included' | 'extraPhotoPrice' | 'limit'>) {
  if (file.included === undefined) return undefined;
  return { included: file.included, extraPhotoPrice: file.extraPhotoPrice ?? null, strict: file.limit === 'strict' };
}

/** Parses and validates a gallery.yaml; `file` is its path, for the error message. */
export function parseGalleryFile(text: string, file: string): GalleryFile {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof YAMLError) throw new Error(yamlSlip(error, file));
    throw error;
  }
  return parseYamlData(text, galleryFileSchema, file);
}

/**
 * A YAML slip in a gallery.yaml, as she reads it: which gallery, which line, and the fix. A colon
 * inside a text (an alt or a title) is the usual one: the text needs quotes around it.
 */
export function yamlSlip(error: YAMLError, file: string): string {
  const where = `gallery.yaml of "${basename(dirname(file))}"${error.linePos ? `, line ${error.linePos[0].line}` : ''}`;
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || /mapping/i.test(error.message)) {
    return `${where}: a colon inside a text needs quotes around the text, for example alt: "Ivy: by the window"`;
  }
  const first = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return `${where}: this line is not read as YAML (${first}); compare it with the lines around it, and put quotes around a text with a colon or a # in it`;
}

const saltSchema = z
  .string()
  .trim()
  .refine((text) => {
    try {
      return fromBase64(text).length === SALT_BYTES;
    } catch {
      return false;
    }
  }, `must be the code the build wrote there (${SALT_BYTES} random bytes in base64, e.g. r/VqxS46zByFrVguyGj7iw==); delete the file to make a new one, which logs every client out`);

/** Validates the site salt file's text and returns the salt. */
export function parseSiteSalt(text: string, file: string): string {
  const result = saltSchema.safeParse(text);
  if (!result.success) throw new Error(`Invalid content in ${file}\n${describeIssues(file, result.error)}`);
  return result.data;
}
