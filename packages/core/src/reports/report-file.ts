import type { ReportCatalogue } from './catalogue';
import { DEFAULT_REPORT_CATALOGUE, catalogueDisplayName } from './catalogue';
import type { AnalyticsResultRow, SavedReportQuery } from './query';
import type { ReportValueNames } from './report-names';
import { reportValueName } from './report-names';

/**
 * The file a report run writes (reports-and-account §3: a report job's size and fileUrl): a CSV
 * with one column per dimension, then one per metric, headed by their display names.
 */

export const REPORT_FILE_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Cells a spreadsheet would read as a formula are prefixed with a quote (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: AnalyticsResultRow[string] | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The columns of a report's file: its dimensions, then its metrics (field names). */
export const reportFileColumns = (query: Pick<SavedReportQuery, 'dimensions' | 'metrics'>) => [
  ...query.dimensions,
  ...query.metrics,
];

/**
 * A report's rows as CSV (RFC 4180, CRLF line ends): a header of display names, then one line per
 * row; a missing or null value is an empty cell, numbers are written unformatted. Dimension
 * values are written by the name the results table shows (core's reportValueName: theme,
 * property, language and country names, device type and page format labels, Yes/No); an unknown
 * code is written as it is.
 */
export function reportRowsToCsv(
  query: Pick<SavedReportQuery, 'dimensions' | 'metrics'>,
  rows: readonly AnalyticsResultRow[],
  catalogue: ReportCatalogue = DEFAULT_REPORT_CATALOGUE,
  names?: ReportValueNames,
): string {
  const columns = reportFileColumns(query);
  const header = columns.map((c) => csvCell(catalogueDisplayName(c, catalogue))).join(',');
  const lines = rows.map((row) =>
    columns.map((c) => csvCell(reportValueName(c, row[c], names) ?? row[c])).join(','),
  );
  return [header, ...lines].join('\r\n') + '\r\n';
}

/** The file name of a run: the report's name made safe, and the run's day (2024-03-15). */
export function reportFileName(reportName: string, day: string): string {
  const base = reportName
    .trim()
    .replace(/[^\p{L}\p{N}._ -]+/gu, '')
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'report'}-${day}.csv`;
}
