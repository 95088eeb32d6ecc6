import { UNSAFE_CONTENT } from '../messages';
import type { Issue } from '../validation';
import { isUnsafeText, issue, noAngleBrackets } from '../validation';
import { PRIVACY_BODY_FIXED_SEGMENTS, textTooLong } from './messages';

/** Primary and secondary button texts: 24 characters. */
export const BUTTON_TEXT_MAX = 24;
/** The one premium account allowed longer button texts gets 40. */
export const EXTENDED_BUTTON_TEXT_MAX = 40;
/**
 * The property code of the special premium account with 40-character button texts. The spec keeps
 * the real code private; this value stands for it (docs/decisions.md).
 */
export const EXTENDED_BUTTON_TEXT_PCODE = 'assent-premium-40';
/** Disagree button text and the X button's tooltip. */
export const DISAGREE_TEXT_MAX = 24;
/** Consent or Pay privacy header. */
export const COP_PRIVACY_HEADER_MAX = 24;

/** The rich-text editor reports changes after 100 ms without typing. */
export const RICH_TEXT_DEBOUNCE_MS = 100;

/**
 * The special account (§5 "the special code", §6 "some fields are disabled for non-special
 * accounts"): 40-character button texts, and the only account that may edit the Consent or Pay
 * accept text, which every other account sees disabled (docs/decisions.md).
 */
const isSpecialAccount = (pCode: string | undefined): boolean =>
  pCode === EXTENDED_BUTTON_TEXT_PCODE;

export const buttonTextMax = (pCode: string | undefined): number =>
  isSpecialAccount(pCode) ? EXTENDED_BUTTON_TEXT_MAX : BUTTON_TEXT_MAX;

/** The Consent or Pay accept text: editable by the special account only. */
export const copAcceptTextEditable = (pCode: string | undefined): boolean =>
  isSpecialAccount(pCode);

export function maxLength(
  field: string,
  value: string | undefined,
  max: number,
): Issue | undefined {
  return value !== undefined && [...value].length > max
    ? issue(field, 'maxLength', textTooLong(max))
    : undefined;
}

/** A publisher text that could run as script (Do Not Sell text and every other publisher text). */
export function safeText(field: string, value: string | undefined): Issue | undefined {
  return value && isUnsafeText(value) ? issue(field, 'unsafe', UNSAFE_CONTENT) : undefined;
}

/**
 * The short texts of the form (headline, labels, button texts, tooltip): no '<' or '>', unsafe
 * content refused, and a length limit when given.
 */
export function validateShortText(field: string, value: string | undefined, max?: number): Issue[] {
  return [
    noAngleBrackets(field, value),
    safeText(field, value),
    max === undefined ? undefined : maxLength(field, value, max),
  ].filter((i): i is Issue => Boolean(i));
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"' };

/** The visible text of rich-text HTML: tags removed, common entities decoded. */
export const richTextPlain = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#160;/g, ' ');

/** The value a rich-text editor saves: '' when it holds no text (e.g. '<p><br></p>'). */
export const richTextValue = (html: string): string =>
  richTextPlain(html).trim() === '' ? '' : html;

/** The privacy body holds exactly four fixed segments. */
export const FIXED_SEGMENT_COUNT = 4;

/** The fixed segments of a privacy body: each `<<…>>`, in order. */
export const fixedSegmentsOf = (body: string): string[] =>
  [...body.matchAll(/<<[^<>]*>>/g)].map((m) => m[0]);

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * Whether an edit of the privacy body keeps its fixed segments: the same segments, unchanged, in
 * the same order. Text may be inserted before, between and after them; typing, deleting or pasting
 * over a segment changes the list and is refused.
 */
export const keepsFixedSegments = (before: string, after: string): boolean =>
  sameList(fixedSegmentsOf(before), fixedSegmentsOf(after));

/** The editor of the privacy body blocks paste and the context menu. */
export const PRIVACY_BODY_INPUT = { allowPaste: false, allowContextMenu: false } as const;

/**
 * A saved privacy body must carry the fixed segments of the reference text (the language's
 * default, or the text that was saved before). An empty body means the default text.
 */
export function validatePrivacyBody(field: string, body: string, reference: string): Issue[] {
  if (body.trim() === '') return [];
  const unsafe = safeText(field, body);
  if (unsafe) return [unsafe];
  return keepsFixedSegments(reference, body)
    ? []
    : [issue(field, 'fixedSegments', PRIVACY_BODY_FIXED_SEGMENTS)];
}
