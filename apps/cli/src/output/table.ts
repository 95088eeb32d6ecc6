import Table from 'cli-table3';
import type { CliContext } from '../context';
import { paint, truncate } from './style';

/** One column: the row field it shows, its title, and the narrowest it may be squeezed to. */
export interface Column<Row> {
  key: keyof Row & string;
  title: string;
  /** @default the title's length, at least 6 */
  min?: number;
  /** Wrap long values onto more lines instead of truncating them with `…`. @default false */
  wrap?: boolean;
  format?: (value: Row[keyof Row], row: Row) => string;
}

const GAP = 2;

/**
 * Widths that fit the terminal: each column as wide as its content, then the widest squeezed
 * (never under its minimum) until the row fits.
 */
export function fitWidths(natural: number[], minimums: number[], width: number): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1);
  while (total() > width) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++)
      if (widths[i]! > minimums[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    if (widest < 0) break;
    widths[widest] = Math.max(minimums[widest]!, widths[widest]! - (total() - width));
  }
  return widths;
}

/**
 * Pieces of a word longer than a line: cut after a comma or slash in the line's second half
 * where there is one (JSON lists, URLs), else at the width.
 */
function splitLongWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (rest.length > width) {
    const at = Math.max(rest.lastIndexOf(',', width - 1), rest.lastIndexOf('/', width - 1));
    const cut = at >= width / 2 ? at + 1 : width;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return [...pieces, rest];
}

/** Text as lines of at most `width` columns, broken at spaces (the spaces dropped), nothing lost. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const pieces = word.length > width ? splitLongWord(word, width) : [word];
    for (const [i, piece] of pieces.entries()) {
      const glue = i === 0 && line ? ' ' : '';
      if (line && (line + glue + piece).length > width) {
        lines.push(line);
        line = piece;
      } else line += glue + piece;
    }
  }
  return [...lines, line];
}

/** A borderless table with a bold header, fitted to ctx.width (80 columns off a terminal). */
export function renderTable<Row>(
  columns: ReadonlyArray<Column<Row>>,
  rows: readonly Row[],
  ctx: Pick<CliContext, 'color' | 'width'>,
): string {
  const cells = rows.map((row) =>
    columns.map((c) => {
      const value = row[c.key];
      return (c.format ? c.format(value, row) : value === undefined ? '' : String(value)).replace(
        /\s+/g,
        ' ',
      );
    }),
  );
  const natural = columns.map((c, i) =>
    Math.max(c.title.length, ...cells.map((r) => r[i]!.length)),
  );
  const minimums = columns.map((c, i) =>
    Math.min(natural[i]!, c.min ?? Math.max(6, c.title.length)),
  );
  const widths = fitWidths(natural, minimums, ctx.width);
  const bold = paint(ctx.color.stdout);
  const table = new Table({
    chars: {
      top: '',
      'top-mid': '',
      'top-left': '',
      'top-right': '',
      bottom: '',
      'bottom-mid': '',
      'bottom-left': '',
      'bottom-right': '',
      left: '',
      'left-mid': '',
      mid: '',
      'mid-mid': '',
      right: '',
      'right-mid': '',
      middle: ' '.repeat(GAP),
    },
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
    colWidths: widths,
    head: columns.map((c, i) => bold('bold', truncate(c.title, widths[i]!))),
  });
  for (const row of cells)
    table.push(
      row.map((cell, i) =>
        columns[i]!.wrap ? wrapText(cell, widths[i]!).join('\n') : truncate(cell, widths[i]!),
      ),
    );
  return `${table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')}\n`;
}
