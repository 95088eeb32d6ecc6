import { z } from 'zod';
import type { Issue } from './validation';
import { issue } from './validation';

/**
 * Text that cannot be stored: a NUL (PostgreSQL text refuses it) or a lone UTF-16 surrogate (it has
 * no UTF-8 form). Wording not shown in the spec (docs/decisions.md).
 */
export const UNSTORABLE_TEXT =
  'This field contains a character that cannot be stored (a NUL byte or an unpaired surrogate).';

/** One-line text (names, ids, URLs) with a line break or another control character. Not shown in the spec. */
export const ONE_LINE_TEXT =
  'This field must be a single line without control characters (such as line breaks, tabs or escape).';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** True when the text has a NUL or an unpaired surrogate. */
export const hasUnstorableCharacters = (text: string): boolean => UNSTORABLE.test(text);

/** True when the text has a control character or a line break (one-line fields refuse them). */
export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);

/** Objects a JSON or query parser made (any prototype); binary bodies are not text and are skipped. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !ArrayBuffer.isView(value) &&
  !(value instanceof ArrayBuffer);

/**
 * Every string in a parsed request (values and keys, at any depth) that cannot be stored, as
 * issues naming the dotted path (`(body)` for the value itself). Runs before any schema, so every
 * route answers 400 naming the field instead of failing in the database.
 */
export function findUnstorableText(value: unknown, path: readonly string[] = []): Issue[] {
  const field = () => path.join('.') || '(body)';
  if (typeof value === 'string')
    return hasUnstorableCharacters(value) ? [issue(field(), 'storableText', UNSTORABLE_TEXT)] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => findUnstorableText(item, [...path, String(index)]));
  if (isRecord(value)) {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(hasUnstorableCharacters(key)
        ? [issue([...path, key].join('.'), 'storableText', UNSTORABLE_TEXT)]
        : []),
      ...findUnstorableText(item, [...path, key]),
    ]);
  }
  return [];
}

/**
 * The named one-line fields of a value (`prefix` + field) that hold a line break or another control
 * character, for save rules whose schema also reads stored rows (issue 19 item 10).
 */
export function oneLineIssues(
  values: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  prefix = '',
): Issue[] {
  return fields.flatMap((field) => {
    const value = values[field];
    return typeof value === 'string' && hasControlCharacters(value)
      ? [issue(`${prefix}${field}`, 'oneLine', ONE_LINE_TEXT)]
      : [];
  });
}

/**
 * A string schema for text that is one line (names, publisher name, ids, URLs): refuses line
 * breaks and other control characters with ONE_LINE_TEXT.
 */
export const oneLineText = (schema: z.ZodString = z.string()) =>
  schema.refine((text) => !hasControlCharacters(text), { message: ONE_LINE_TEXT });
