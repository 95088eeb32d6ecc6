import type { z } from 'zod';
import { NO_ANGLE_BRACKETS, REQUIRED } from './messages';

/** One broken rule: the field it concerns (dotted path), the rule's name and the user-facing message. */
export interface Issue {
  field: string;
  rule: string;
  message: string;
}

/** The result of every validation in core: callers decide whether to throw. */
export type Validation<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

export const valid = <T>(value: T): Validation<T> => ({ ok: true, value });

export const invalid = <T = never>(issues: Issue[]): Validation<T> => ({ ok: false, issues });

export const issue = (field: string, rule: string, message: string): Issue => ({
  field,
  rule,
  message,
});

/** Valid when no check produced an issue; falsy entries are checks that passed. */
export function collect<T>(
  value: T,
  checks: ReadonlyArray<Issue | Issue[] | undefined | false>,
): Validation<T> {
  const issues = checks.flat().filter((c): c is Issue => Boolean(c));
  return issues.length ? invalid(issues) : valid(value);
}

/** The first message per field, the shape of the API's `fields` error map. */
export function issuesToFields(issues: readonly Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { field, message } of issues) if (!(field in fields)) fields[field] = message;
  return fields;
}

/** Turns a zod error into issues naming the dotted field path and zod's rule code. */
export function issuesFromZod(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({
    field: i.path.map(String).join('.') || '(body)',
    rule: i.code,
    message: i.message,
  }));
}

export const isBlank = (value: string | null | undefined): boolean =>
  value === undefined || value === null || value.trim() === '';

export const hasAngleBrackets = (value: string): boolean => /[<>]/.test(value);

export function required(field: string, value: string | null | undefined, message = REQUIRED) {
  return isBlank(value) ? issue(field, 'required', message) : undefined;
}

export function noAngleBrackets(
  field: string,
  value: string | null | undefined,
  message = NO_ANGLE_BRACKETS,
) {
  return value && hasAngleBrackets(value) ? issue(field, 'noAngleBrackets', message) : undefined;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOSTNAME = new RegExp(`^(?:${LABEL}\\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$`, 'i');
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** A host name with a dotted domain (example.com, www.example.co.uk), `localhost` or an IPv4 address. */
export function isValidHost(host: string): boolean {
  if (host.length > 253) return false;
  return host.toLowerCase() === 'localhost' || IPV4.test(host) || HOSTNAME.test(host);
}

/**
 * An absolute http(s) URL with a valid host, optional port, path, query and fragment.
 * Written as a pattern so every face (browser, Node, banner) agrees on the same answer.
 */
export function isValidUrl(value: string): boolean {
  const match = /^https?:\/\/([^/?#:\s]+)(:\d{1,5})?([/?#][^\s]*)?$/i.exec(value.trim());
  if (!match || value.trim() !== value) return false;
  return isValidHost(match[1] ?? '');
}

/** Only http(s) links are ever rendered (the banner also relies on this). */
export const isSafeLink = (value: string): boolean => /^https?:\/\//i.test(value.trim());

// No spaces, no control characters (a BEL or ESC in an address is no address).
const EMAIL =
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  /^[^\s\u0000-\u001F\u007F@<>()[\]\\,;:"]+@[^\s\u0000-\u001F\u007F@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

export const isValidEmail = (value: string): boolean => EMAIL.test(value.trim());

/**
 * Text that could run as script where publishers' text is shown: markup that loads or runs code,
 * inline event handlers and script URLs. Plain text with the odd `<` is left to the angle-bracket rule.
 */
export function isUnsafeText(value: string): boolean {
  return (
    /<\s*\/?\s*(script|iframe|object|embed|link|meta|style|base|form|svg|math|img)\b/i.test(
      value,
    ) ||
    /\bon[a-z]+\s*=/i.test(value) ||
    /(javascript|vbscript|data)\s*:/i.test(value) ||
    /expression\s*\(/i.test(value)
  );
}
