/**
 * Turns the build's zod schemas into the editor's fields (Sveltia CMS's field options), so the
 * editor asks for exactly what the build accepts: the same names, required and optional fields,
 * lengths, patterns, number ranges, options and list shapes. A field the schema gains appears in
 * the editor on the next editor build; a kind of schema this file cannot translate stops that
 * build, naming the field.
 */
import type { z } from 'astro/zod';

/** An editor field, in Sveltia CMS's configuration format. */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  pattern?: [string, string];
  minlength?: number;
  maxlength?: number;
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  options?: string[];
  multiple?: boolean;
  field?: EditorField;
  fields?: EditorField[];
  root?: boolean;
  format?: string;
  time_format?: boolean;
  date_format?: string;
  media_folder?: string;
  public_folder?: string;
  summary?: string;
}

/** What the schema cannot say: labels, help texts, long-text and date fields, photo folders. */
export interface FieldHint {
  label?: string;
  hint?: string;
  /** `text` for paragraphs, `markdown` for a page's body. */
  widget?: 'text' | 'markdown';
  /** A calendar date written YYYY-MM-DD (a schema that transforms its input). */
  date?: boolean;
}

export interface FieldContext {
  /** The schema the collection's `image()` returned: marks a photo field. */
  image: z.ZodType;
  /** Where a photo uploaded into this file's fields is stored, and how the file writes its path. */
  media?: { folder: string; publicFolder: string };
  /** Hints by field path (`offer.sessionFee`, `experience.title`) or by field name. */
  hints?: Record<string, FieldHint>;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  format?: string;
  pattern?: RegExp;
  protocol?: RegExp;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** "metaDescription" → "Meta description". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The checks of a string or number schema, including those of a string format (email, url). */
function checksOf(def: Def): Record<string, unknown>[] {
  const own = (def.checks ?? []).map((check) => check._zod.def);
  return def.format
    ? [{ check: 'string_format', format: def.format, pattern: def.pattern, protocol: def.protocol }, ...own]
    : own;
}

function stringOptions(def: Def): Partial<EditorField> {
  const options: Partial<EditorField> = {};
  for (const check of checksOf(def)) {
    if (check['check'] === 'min_length') options.minlength = Number(check['minimum']);
    if (check['check'] === 'max_length') options.maxlength = Number(check['maximum']);
    if (check['check'] === 'length_equals') {
      options.minlength = Number(check['length']);
      options.maxlength = Number(check['length']);
    }
    if (check['check'] === 'string_format') {
      if (check['format'] === 'url')
        options.pattern = ['^https://\\S+$', 'Must be a full address starting with https://'];
      else if (check['format'] === 'email')
        options.pattern = ['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'Must be an email address'];
      else if (check['pattern'] instanceof RegExp) options.pattern = [check['pattern'].source, patternMessage(check)];
    }
  }
  return options;
}

function patternMessage(check: Record<string, unknown>): string {
  const error = check['error'];
  const message = typeof error === 'function' ? (error as (issue: unknown) => unknown)({}) : undefined;
  return typeof message === 'string'
    ? message.charAt(0).toUpperCase() + message.slice(1)
    : 'Does not have the expected form';
}

function numberOptions(def: Def): Partial<EditorField> {
  const options: Partial<EditorField> = { value_type: 'float' };
  for (const check of checksOf(def)) {
    if (check['check'] === 'number_format' && String(check['format']).includes('int')) options.value_type = 'int';
    if (check['check'] === 'greater_than') options.min = Number(check['value']) + (check['inclusive'] ? 0 : 1);
    if (check['check'] === 'less_than') options.max = Number(check['value']) - (check['inclusive'] ? 0 : 1);
  }
  return options;
}

function listLength(def: Def): Partial<EditorField> {
  const options: Partial<EditorField> = {};
  for (const check of checksOf(def)) {
    if (check['check'] === 'min_length') options.min = Number(check['minimum']);
    if (check['check'] === 'max_length') options.max = Number(check['maximum']);
  }
  return options;
}

/** One editor field for the schema of field `name` (at `path` in the file). */
export function fieldOf(name: string, schema: z.ZodType, context: FieldContext, path = name): EditorField {
  const hint = context.hints?.[path] ?? context.hints?.[name] ?? {};
  const base = { name, label: hint.label ?? labelOf(name), ...(hint.hint ? { hint: hint.hint } : {}) };
  let required = true;
  let initial: unknown;
  let current = schema;
  // Optional and defaulted fields may be left out of the file.
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' && def.innerType) required = false;
    else if (def.type === 'default' && def.innerType) {
      required = false;
      initial = def.defaultValue;
    } else if (def.type === 'pipe' && def.out && defOf(def.out).type !== 'transform') {
      current = def.out; // z.preprocess(fn, schema): the schema judges
      continue;
    } else break;
    current = def.innerType!;
  }
  const presence = {
    ...(required ? {} : { required: false }),
    ...(initial === undefined || (Array.isArray(initial) && !initial.length) ? {} : { default: initial }),
  };
  if (current === context.image) {
    return {
      ...base,
      ...presence,
      widget: 'image',
      ...(context.media ? { media_folder: context.media.folder, public_folder: context.media.publicFolder } : {}),
    };
  }
  const def = defOf(current);
  if (hint.date || (def.type === 'pipe' && def.out && defOf(def.out).type === 'transform')) {
    if (!hint.date) throw new Error(`${path}: the schema transforms its value; give the editor a hint for it (date?)`);
    return {
      ...base,
      ...presence,
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      date_format: 'YYYY-MM-DD',
      time_format: false,
    };
  }
  switch (def.type) {
    case 'string':
      return { ...base, ...presence, widget: hint.widget ?? 'string', ...stringOptions(def) };
    case 'number':
      return { ...base, ...presence, widget: 'number', ...numberOptions(def) };
    case 'boolean':
      return { ...base, ...presence, widget: 'boolean', default: initial ?? false };
    case 'enum':
      return { ...base, ...presence, widget: 'select', options: Object.values(def.entries ?? {}) };
    case 'object':
      return { ...base, ...presence, widget: 'object', fields: fieldsOf(current as z.ZodObject, context, path) };
    case 'array': {
      const element = def.element!;
      const elementDef = defOf(element);
      const list = { ...base, ...presence, widget: 'list', ...listLength(def) };
      if (elementDef.type === 'object') return { ...list, fields: fieldsOf(element as z.ZodObject, context, path) };
      return { ...list, field: fieldOf(name, element, context, path) };
    }
    default:
      throw new Error(`${path}: the editor has no field for a zod ${def.type}`);
  }
}

/** The editor fields of an object schema, in the schema's order. */
export function fieldsOf(schema: z.ZodObject, context: FieldContext, prefix = ''): EditorField[] {
  return Object.entries(schema.shape).map(([name, field]) =>
    fieldOf(name, field as z.ZodType, context, prefix ? `${prefix}.${name}` : name),
  );
}

/** The object schema inside a wrapper (a refinement or a preprocess step), for reading its fields. */
export function objectOf(schema: z.ZodType): z.ZodObject {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'object') return current as z.ZodObject;
    if (def.type === 'pipe' && def.out) current = def.out;
    else if (def.innerType) current = def.innerType;
    else throw new Error(`expected an object schema, found a zod ${def.type}`);
  }
}
