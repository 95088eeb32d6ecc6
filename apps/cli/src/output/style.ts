const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
} as const;
export type Style = keyof typeof CODES;

/**
 * Styles text with ANSI codes when `enabled` (the colour of the stream the text goes to:
 * ctx.color.stdout or ctx.color.stderr), else returns it as is.
 */
export const paint =
  (enabled: boolean) =>
  (style: Style, text: string): string =>
    enabled ? `\x1b[${CODES[style][0]}m${text}\x1b[${CODES[style][1]}m` : text;

/** Cuts text to a width with an ellipsis. */
export function truncate(text: string, width: number): string {
  if (text.length <= width) return text;
  return width <= 1 ? text.slice(0, width) : `${text.slice(0, width - 1)}…`;
}

/** A value as plan, get and bulk-update print it: strings quoted, lists and objects as JSON. */
export const showValue = (value: unknown): string =>
  value === undefined ? '(unset)' : JSON.stringify(value);
