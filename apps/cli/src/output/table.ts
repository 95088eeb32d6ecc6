import Table from 'cli-table3';
import type { CliContext } from '../context';
import { paint, truncate } from './style';

/** One column: the row field it shows, its title, and the narrowest it may be squeezed to. */
export interface Column<Row> {
  key: keyof Row & string;
  title: string;
  /** @default the title's length, at least 6 */
  min?: number;
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
  const bold = paint(ctx);
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
  for (const row of cells) table.push(row.map((cell, i) => truncate(cell, widths[i]!)));
  return `${table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')}\n`;
}
