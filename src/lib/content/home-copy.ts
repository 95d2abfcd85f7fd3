/** The home page's paragraphs (content/home.yaml): its schema, and the validated texts read once per build. */
import { z } from 'astro/zod';
import { parseYamlData, readYamlData } from './yaml-data.ts';

export const HOME_COPY_FILE = 'content/home.yaml';

const text = z.string().trim().min(1);

export const homeCopySchema = z.object({
  /** The line under the hero headline. */
  heroSubheading: text,
  /** The paragraphs under the experience headline, one or more. */
  experience: z.array(text).min(1),
  beforeAfter: z.object({
    /** The photographer's personal note, shown as a quote. */
    quote: text,
    /** The paragraph under the quote. */
    text,
  }),
});

export type HomeCopy = z.infer<typeof homeCopySchema>;

export function parseHomeCopy(yaml: string, file = HOME_COPY_FILE): HomeCopy {
  return parseYamlData(yaml, homeCopySchema, file);
}

export const homeCopy: HomeCopy = readYamlData(HOME_COPY_FILE, homeCopySchema);
