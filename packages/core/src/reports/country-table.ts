import { z } from 'zod';
import { countryName } from '../country';
import { NOT_AVAILABLE, formatCompactNumber, formatPercent } from '../format';
import { catalogueDisplayName, isPercentMetric } from './catalogue';
import { DashboardFilterSelection } from './insights';
import type { AnalyticsResultRow } from './query';
import { deviceTypeLabel, pageFormatLabel } from './segments';
import { roundMetricValue } from './metrics';
import { formatComparison, percentChange } from './summary';
import { ReportDateRange } from './time-period';

/**
 * The dashboard's country table (reports-and-account §2, §9): rows per country with a comparison
 * against an earlier period, sorted and filtered on the client, exported on the client.
 */

export const COUNTRY_TABLE_PAGE_SIZE = 10;

/** Metrics of the country table, each with a matching *Change column. */
export const COUNTRY_TABLE_METRICS = [
  'totalSessions',
  'optInPercent',
  'optOutPercent',
  'partialOptInPercent',
  'bouncePercent',
] as const;
export type CountryTableMetric = (typeof COUNTRY_TABLE_METRICS)[number];

const metric = z.number().nullable();

export const CountryTableRow = z.object({
  country: z.string(),
  pageFormat: z.string().nullable().optional(),
  deviceType: z.string().nullable().optional(),
  totalSessions: metric,
  optInPercent: metric,
  optOutPercent: metric,
  partialOptInPercent: metric,
  bouncePercent: metric,
  totalSessionsChange: metric,
  optInPercentChange: metric,
  optOutPercentChange: metric,
  partialOptInPercentChange: metric,
  bouncePercentChange: metric,
});
export type CountryTableRow = z.infer<typeof CountryTableRow>;

/** The country table call's body: current and comparison periods, properties and drawer filters. */
export const CountryTableRequest = z.object({
  currentRange: ReportDateRange,
  comparisonRange: ReportDateRange,
  propertyIds: z.array(z.string()),
  filters: DashboardFilterSelection.default({}),
});
export type CountryTableRequest = z.infer<typeof CountryTableRequest>;

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * Joins the current and comparison rows by country and computes each metric's change (a country
 * missing from the comparison counts 0 views there, reports-and-account §4's zero baseline). Pass exact
 * (unrounded) metric values: the change is computed from them, unrounded, and the values are
 * answered rounded as every report's.
 */
export function buildCountryTableRows(
  current: readonly AnalyticsResultRow[],
  comparison: readonly AnalyticsResultRow[],
): CountryTableRow[] {
  const before = new Map(comparison.map((r) => [String(r.country ?? '').toUpperCase(), r]));
  return current.map((row) => {
    const country = String(row.country ?? '').toUpperCase();
    const previous = before.get(country);
    const out: Record<string, unknown> = { country };
    if (row.pageFormat !== undefined)
      out.pageFormat = row.pageFormat === null ? null : String(row.pageFormat);
    if (row.deviceType !== undefined)
      out.deviceType = row.deviceType === null ? null : String(row.deviceType);
    for (const m of COUNTRY_TABLE_METRICS) {
      out[m] = roundMetricValue(m, num(row[m]));
      // A country without views in the comparison period had 0 of them: its Display Count change
      // follows the zero-baseline rule (+100%), as the cards' does; its rates had no views to be
      // rates of, so their change stays N/A.
      const before = m === 'totalSessions' && previous === undefined ? 0 : num(previous?.[m]);
      out[`${m}Change`] = percentChange(num(row[m]), before);
    }
    return CountryTableRow.parse(out);
  });
}

export type CountryTableSortField = CountryTableMetric | `${CountryTableMetric}Change` | 'country';
export interface CountryTableSort {
  field: CountryTableSortField;
  order: 'ascend' | 'descend';
}

/** Default sort: Display Count (totalSessions) descending. */
export const DEFAULT_COUNTRY_TABLE_SORT: CountryTableSort = {
  field: 'totalSessions',
  order: 'descend',
};

/**
 * The sort after a column is chosen (a header clicked in the console, a key in the terminal): the
 * same column again reverses the order; a new one starts ascending for Country, else descending.
 */
export const nextCountryTableSort = (
  sort: CountryTableSort,
  field: CountryTableSortField,
): CountryTableSort =>
  sort.field === field
    ? { field, order: sort.order === 'descend' ? 'ascend' : 'descend' }
    : { field, order: field === 'country' ? 'ascend' : 'descend' };

/** Sorts rows on the client; null metrics always sort last; ties keep their order. */
export function sortCountryRows(
  rows: readonly CountryTableRow[],
  sort: CountryTableSort = DEFAULT_COUNTRY_TABLE_SORT,
): CountryTableRow[] {
  const dir = sort.order === 'ascend' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.field === 'country') {
      return dir * countryName(a.country).localeCompare(countryName(b.country));
    }
    const x = a[sort.field];
    const y = b[sort.field];
    if (x === null && y === null) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return dir * (x - y);
  });
}

/** Filters rows on the client by country code or name (case-insensitive). */
export function filterCountryRows(
  rows: readonly CountryTableRow[],
  text: string,
): CountryTableRow[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter(
    (r) =>
      r.country.toLowerCase().includes(needle) ||
      countryName(r.country).toLowerCase().includes(needle),
  );
}

/** The rows of one page (1-based) of the table. */
export const countryTablePage = (
  rows: readonly CountryTableRow[],
  page: number,
): CountryTableRow[] =>
  rows.slice((page - 1) * COUNTRY_TABLE_PAGE_SIZE, page * COUNTRY_TABLE_PAGE_SIZE);

/** Columns of the table and the export, keyed by row field. */
export const COUNTRY_TABLE_COLUMNS: ReadonlyArray<{ field: keyof CountryTableRow; title: string }> =
  [
    { field: 'country', title: 'Country' },
    ...COUNTRY_TABLE_METRICS.flatMap((m) => [
      { field: m, title: catalogueDisplayName(m) },
      { field: `${m}Change` as const, title: catalogueDisplayName(`${m}Change`) },
    ]),
  ];

const csvCell = (value: string): string =>
  /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** A table cell as text: the country name, 'N/A' for null metrics, segment labels. */
export function countryTableCell(row: CountryTableRow, field: keyof CountryTableRow): string {
  if (field === 'country') return countryName(row.country);
  if (field === 'pageFormat') return pageFormatLabel(row.pageFormat);
  if (field === 'deviceType') return deviceTypeLabel(row.deviceType);
  const value = row[field];
  return value === null || value === undefined ? NOT_AVAILABLE : String(value);
}

/** The CSV the export button downloads (built on the client). */
export function countryRowsToCsv(rows: readonly CountryTableRow[]): string {
  const header = COUNTRY_TABLE_COLUMNS.map((c) => csvCell(c.title)).join(',');
  const lines = rows.map((row) =>
    COUNTRY_TABLE_COLUMNS.map((c) => csvCell(countryTableCell(row, c.field))).join(','),
  );
  return [header, ...lines].join('\n');
}

/** A cell as the table shows it: country names, one-decimal percentages, abbreviated counts, changes, N/A. */
export function countryTableShownCell(row: CountryTableRow, field: keyof CountryTableRow): string {
  if (field === 'country') return countryTableCell(row, field);
  const value = row[field];
  if (typeof value !== 'number') return countryTableCell(row, field);
  if (field.endsWith('Change')) return formatComparison(value);
  return isPercentMetric(field) ? formatPercent(value) : formatCompactNumber(value);
}
