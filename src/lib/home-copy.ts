import { z } from 'astro/zod';
import { readYamlData } from './settings';

export const HOME_COPY_FILE = 'content/home.yaml';

const text = z.string().trim().min(1);

export const homeCopySchema = z.object({
  heroSubheading: text,
  /** Exactly two paragraphs under the experience headline. */
  experience: z.array(text).length(2),
  beforeAfter: z.object({ quote: text, text }),
});

export type HomeCopy = z.infer<typeof homeCopySchema>;

export const homeCopy: HomeCopy = readYamlData(HOME_COPY_FILE, homeCopySchema);
