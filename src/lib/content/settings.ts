import { z } from 'astro/zod';
import { parseYamlData, readYamlData } from './yaml-data.ts';

/** Where the owner's settings live, relative to the project root. */
export const SETTINGS_FILE = 'content/settings.yaml';

const url = z.url({ protocol: /^https$/, error: 'must be a full https:// address' });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time like 09:00');
const social = z.object({
  /** The name shown to screen readers, e.g. "Instagram". */
  label: z.string().min(1),
  /** The full address of the profile. */
  url,
});

/** The studio's time zone when the settings name none: the studio is in Florida (as format/dates.ts's). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Whether Intl knows this IANA time zone name. */
function isTimeZone(zone: string): boolean {
  try {
    return !!zone && !!new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
}

export const settingsSchema = z.object({
  brand: z.object({
    /** The studio's name, used in titles, header and footer. */
    name: z.string().min(2),
    /** A short line for previews. */
    tagline: z.string().min(2),
  }),
  /** Public address of the site, without a trailing path. */
  siteUrl: url,
  contact: z.object({
    email: z.email({ error: 'must be an email address' }),
    phoneText: z.string().min(1),
  }),
  social: z.object({ photos: social, network: social, video: social }),
  booking: z.object({
    schedulerUrl: url,
    contactFormUrl: url,
    eroticaFormUrl: url,
    eroticaFormResizerUrl: url,
  }),
  /**
   * The link-preview card of discreet pages (erotica, private gallery): a file in
   * content/images/share, 1200×630, with no photo of a person.
   */
  discreetShareImage: z
    .string()
    .regex(/^[\w.-]+\.(png|jpe?g|webp)$/, 'must be a file name in content/images/share, e.g. brand-card.png')
    .default('brand-card.png'),
  /** Empty means no ad pixel is loaded. */
  adPixelId: z.string().regex(/^\d*$/, 'must be digits only, or empty').default(''),
  business: z.object({
    streetAddress: z.string().default(''),
    city: z.string().min(1),
    region: z.string().length(2),
    postalCode: z.string().default(''),
    country: z.string().length(2),
    areaServed: z.array(z.string()).default([]),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    opens: time,
    closes: time,
    priceRange: z.string().regex(/^\$+$/, 'must be one to four $ signs').max(4),
    /** The studio's time zone: a private gallery's last day ends at midnight there (format/dates.ts). */
    timeZone: z
      .string()
      .refine(isTimeZone, 'must be a time zone like America/New_York')
      .default(DEFAULT_TIME_ZONE),
  }),
  offer: z.object({
    sessionFee: z.number().int().positive(),
    collectionsFrom: z.number().int().positive(),
    paymentPlanMonths: z.number().int().positive(),
    sessionHours: z.string().min(1),
    outfits: z.number().int().positive(),
    looksToBring: z.string().min(1),
    guestsAllowed: z.number().int().nonnegative(),
    replyWithinHours: z.number().int().positive(),
  }),
});

export type Settings = z.infer<typeof settingsSchema>;

export function parseSettings(text: string, file = SETTINGS_FILE): Settings {
  return parseYamlData(text, settingsSchema, file);
}

export function loadSettings(root = process.cwd()): Settings {
  return readYamlData(SETTINGS_FILE, settingsSchema, root);
}

/** The validated settings, read once per build. */
export const settings: Settings = loadSettings();

/** Formats a whole-dollar price as US currency: 1500 → "$1,500". */
export function usd(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
