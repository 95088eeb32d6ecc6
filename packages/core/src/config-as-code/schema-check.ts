import type { z } from 'zod';
import type { DocumentIssue, DocumentPath } from './document';
import { invalidValue, unknownField } from './messages';
import { closest } from './suggest';

/**
 * Strict reading of a value against a settings schema, for documents and command-line values:
 * zod strips unknown keys of nested objects (a typo like `enabeld` would vanish), and its union
 * and enum messages ("Invalid input") do not say what is allowed. Both are read off the schema
 * itself, so the allowed values are never written twice.
 */

interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  checks?: Array<{ _zod: { def: { check: string; format?: string } } }>;
  catchall?: z.ZodType;
  discriminator?: string;
}

const defOf = (schema: z.ZodType): SchemaDef =>
  (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch']);

/** The schema under optional, default, nullable and similar wrappers. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let def = defOf(current); WRAPPERS.has(def.type) && def.innerType; def = defOf(current))
    current = def.innerType;
  return current;
}

const isNullable = (schema: z.ZodType): boolean => {
  let current = schema;
  for (let def = defOf(current); WRAPPERS.has(def.type) && def.innerType; def = defOf(current)) {
    if (def.type === 'nullable') return true;
    current = def.innerType;
  }
  return false;
};

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const INT_FORMATS = new Set(['int32', 'uint32', 'safeint', 'int64', 'uint64']);

/** The alternatives a schema accepts, as words: ['latest', 'a whole number']. */
function alternatives(schema: z.ZodType, inUnion = false): string[] {
  const inner = unwrapSchema(schema);
  const def = defOf(inner);
  const extra = isNullable(schema) ? ['null'] : [];
  switch (def.type) {
    case 'enum':
      return [...Object.values(def.entries ?? {}).map(String), ...extra];
    case 'literal':
      return [...(def.values ?? []).map(String), ...extra];
    case 'boolean':
      return ['true', 'false', ...extra];
    case 'number':
      return [
        def.checks?.some((c) => INT_FORMATS.has(c._zod.def.format ?? ''))
          ? 'a whole number'
          : 'a number',
        ...extra,
      ];
    case 'string':
      return ['text', ...extra];
    case 'array':
      return [
        `a list of ${orList((def.element ? alternatives(def.element) : []).map(plural))}`,
        ...extra,
      ];
    case 'object':
      return [`a mapping of ${Object.keys(def.shape ?? {}).join(', ')}`, ...extra];
    case 'union': {
      const options = def.options ?? [];
      // A pipe inside a union is a looser spelling of another member (numbers as text, say).
      const plain = options.filter((o) => defOf(unwrapSchema(o)).type !== 'pipe');
      const shown = plain.length ? plain : options;
      return [...new Set(shown.flatMap((o) => alternatives(o, true))), ...extra];
    }
    case 'pipe':
      return def.in ? alternatives(def.in, inUnion) : [];
    default:
      return [];
  }
}

/** An alternative as list items: "a whole number" → "whole numbers"; values stay as they are. */
const plural = (word: string): string =>
  word.startsWith('a mapping')
    ? `mappings${word.slice('a mapping'.length)}`
    : word === 'a whole number'
      ? 'whole numbers'
      : word === 'a number'
        ? 'numbers'
        : word === 'text'
          ? 'texts'
          : word;

const orList = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/** What a schema accepts, in words: "latest or a whole number", "one of EEA, USA or NEVER". */
export function describeExpected(schema: z.ZodType): string | undefined {
  const words = alternatives(schema);
  if (!words.length) return undefined;
  return words.length > 2 ? `one of ${orList(words)}` : orList(words);
}

/** The schema of a value at a path inside `schema` (through objects and lists), if it is clear. */
export function schemaAt(
  schema: z.ZodType,
  path: ReadonlyArray<PropertyKey>,
): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const segment of path) {
    if (!current) return undefined;
    const def = defOf(unwrapSchema(current));
    if (def.type === 'object' && typeof segment === 'string') current = def.shape?.[segment];
    else if (def.type === 'array' && typeof segment === 'number') current = def.element;
    else return undefined;
  }
  return current;
}

function valueAt(value: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** Codes whose zod message ("Invalid input", "Invalid option") is replaced by the allowed values. */
const REWORDED = new Set(['invalid_value', 'invalid_union', 'invalid_type']);

/**
 * A zod error on `value` (parsed with `schema`) as document issues under `path`; wrong values
 * say what is allowed: `Invalid value "banana": expected latest or a whole number`.
 */
export function readableIssues(
  error: z.ZodError,
  schema: z.ZodType,
  value: unknown,
  path: DocumentPath,
): DocumentIssue[] {
  return error.issues.map((i) => {
    const at = i.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const target = schemaAt(schema, at);
    const expected = REWORDED.has(i.code) && target ? describeExpected(target) : undefined;
    return {
      path: [...path, ...at],
      message: expected ? invalidValue(valueAt(value, at), expected) : i.message,
    };
  });
}

/**
 * Keys of nested mappings that the schema does not know (a typo like `enabeld` inside
 * `consentOrPayConfig`), each at its full path with a suggestion when one is close.
 */
export function unknownKeyIssues(
  schema: z.ZodType,
  value: unknown,
  path: DocumentPath,
): DocumentIssue[] {
  const def = defOf(unwrapSchema(schema));
  if (def.type === 'object' && isMapping(value)) {
    const shape = def.shape ?? {};
    const known = Object.keys(shape);
    // A loose object (a catchall other than never) takes any key by design.
    const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
    return Object.entries(value).flatMap(([key, child]) =>
      key in shape
        ? unknownKeyIssues(shape[key]!, child, [...path, key])
        : open
          ? []
          : [{ path: [...path, key], message: unknownField(key, closest(key, known)) }],
    );
  }
  if (def.type === 'array' && Array.isArray(value) && def.element) {
    const element = def.element;
    return value.flatMap((item, i) => unknownKeyIssues(element, item, [...path, i]));
  }
  if (def.type === 'union') {
    // The member of the value's kind (a mapping or a list), when there is exactly one.
    const kind = isMapping(value) ? 'object' : Array.isArray(value) ? 'array' : undefined;
    let members = (def.options ?? []).filter((o) => defOf(unwrapSchema(o)).type === kind);
    // A discriminated union: the member whose discriminator accepts the value's.
    const key = def.discriminator;
    if (members.length > 1 && key && isMapping(value))
      members = members.filter((o) => schemaAt(o, [key])?.safeParse(value[key]).success);
    return members.length === 1 ? unknownKeyIssues(members[0]!, value, path) : [];
  }
  return [];
}
