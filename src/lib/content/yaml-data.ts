/**
 * Reads the owner's YAML files that are not content collections (settings, home page texts, private
 * galleries) and validates them with a zod schema. Plain Node, so astro.config.ts and the scripts
 * can use it; a wrong value stops with one line per field, naming the file and the field.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'astro/zod';

/** Where a value sits in the file, as the owner counts: `booking.schedulerUrl`, `photos[2].alt` (the second photo). */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key + 1}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, '');
}

/** Turns a zod failure into one line per field, each naming the file and the field (if any). */
export function describeIssues(file: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => [file, fieldPath(issue.path), issue.message].filter(Boolean).join(': '))
    .join('\n');
}

/** Parses and validates YAML text against `schema`; throws an Error naming the file and field(s). */
export function parseYamlData<T extends z.ZodType>(text: string, schema: T, file: string): z.infer<T> {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid YAML: ${(error as Error).message}`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw new Error(`Invalid content in ${file}\n${describeIssues(file, result.error)}`);
  return result.data;
}

/** Reads a YAML file of the owner's (path relative to the project root) and validates it. */
export function readYamlData<T extends z.ZodType>(file: string, schema: T, root = process.cwd()): z.infer<T> {
  return parseYamlData(readFileSync(resolve(root, file), 'utf8'), schema, file);
}
