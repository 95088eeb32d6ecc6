/** Terminal helpers of the TUI: colours, the visible window of a long list, OSC 52 copy. */

export interface Palette {
  /** False with NO_COLOR (any non-empty value) or TERM=dumb: no colour at all, inverse for the cursor. */
  color: boolean;
  /** The terminal's background: ASSENT_TUI_THEME=light|dark, else COLORFGBG, else dark. */
  dark: boolean;
  accent: string | undefined;
  muted: string | undefined;
  error: string | undefined;
  ok: string | undefined;
  warn: string | undefined;
}

export function paletteFor(env: Record<string, string | undefined>): Palette {
  const color = !env.NO_COLOR && env.TERM !== 'dumb';
  const named = env.ASSENT_TUI_THEME?.toLowerCase();
  // COLORFGBG is "fg;bg" (rxvt, Konsole, iTerm2): a background of 7 or 9-15 is light.
  const bg = Number(env.COLORFGBG?.split(';').pop());
  const dark = named ? named !== 'light' : !(bg === 7 || (bg >= 9 && bg <= 15));
  if (!color)
    return {
      color,
      dark,
      accent: undefined,
      muted: undefined,
      error: undefined,
      ok: undefined,
      warn: undefined,
    };
  return dark
    ? {
        color,
        dark,
        accent: 'cyanBright',
        muted: 'gray',
        error: 'redBright',
        ok: 'greenBright',
        warn: 'yellowBright',
      }
    : { color, dark, accent: 'blue', muted: 'gray', error: 'red', ok: 'green', warn: 'magenta' };
}

/**
 * The rows of a list that fit in `height` lines with `selected` in view: only these are
 * rendered, so a list of 5,000 properties costs as much as one screen.
 */
export function visibleWindow(
  count: number,
  selected: number,
  height: number,
): { start: number; end: number } {
  const size = Math.max(1, height);
  if (count <= size) return { start: 0, end: count };
  const start = Math.min(Math.max(0, selected - Math.floor(size / 2)), count - size);
  return { start, end: start + size };
}

/** The OSC 52 sequence that puts `text` on the clipboard of terminals that support it. */
export const osc52 = (text: string): string =>
  `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;

/** Cuts or pads `text` to exactly `width` cells (an ellipsis marks a cut). */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text.padEnd(width);
  return width === 1 ? '…' : `${text.slice(0, width - 1)}…`;
}

/**
 * Cuts a status line to `width` keeping what matters on screen: `shrink` (a long name inside it)
 * gives way first, then the text before the answer keys (" y/n") of a question.
 */
export function fitPrompt(text: string, width: number, shrink?: string): string {
  const keys = ' y/n';
  const over = text.length - width;
  if (over <= 0) return fit(text, width);
  if (shrink && text.includes(shrink) && shrink.length - over >= 8)
    return text.replace(shrink, fit(shrink, shrink.length - over));
  if (!text.endsWith(keys)) return fit(text, width);
  return `${fit(text.slice(0, -keys.length), width - keys.length)}${keys}`;
}

/**
 * Publisher text as one line a terminal prints as text: control characters (an escape sequence
 * would be obeyed by the terminal) become spaces, markup and the default texts' segment markers
 * go, and runs of white space are one space.
 */
export const plainText = (text: string): string =>
  text
    .replace(/<<|>>/g, '')
    .replace(/<[^>]*>/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The key flags a handler reads (Ink's `Key`, or a subset of it). */
interface KeyFlags {
  return: boolean;
  tab: boolean;
  backspace: boolean;
  shift: boolean;
  ctrl: boolean;
  meta: boolean;
}

/**
 * The keys of one stdin chunk. Ink hands a run of plain characters that arrived together (keys
 * typed faster than they are read, a paste) to the handler as one input, e.g. "jj" or "j\r": each
 * character is a key of its own here, Enter, Tab and Backspace included. Escape sequences (arrows,
 * Esc) are split by Ink already; a single key, or one with Ctrl or Meta, stays as it is.
 */
export function splitKeys<K extends KeyFlags>(input: string, key: K): Array<[string, K]> {
  const chars = [...input];
  if (chars.length <= 1 || key.ctrl || key.meta) return [[input, key]];
  const plain = { ...key, return: false, tab: false, backspace: false, shift: false };
  return chars.map((c): [string, K] => {
    if (c === '\r' || c === '\n') return ['', { ...plain, return: true }];
    if (c === '\t') return ['', { ...plain, tab: true }];
    if (c === '\u007f' || c === '\b') return ['', { ...plain, backspace: true }];
    return [c, { ...plain, shift: c !== c.toLowerCase() }];
  });
}
