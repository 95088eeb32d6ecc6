import { EEA_COUNTRIES } from '../country';
import type { AnalyticsResultRow } from './query';
import type { PageFormatGroup, RegionGroup } from './segments';
import { reportRegulationFromId } from './segments';

/**
 * Chart groupings of the dashboard (reports-and-account §2, §9): sessions of European countries as
 * EU, of the United States as US, and a Total of every country; the same EU/US/Total series for
 * regulations; Total (All Pages), AMP and HTTP for page formats.
 */

/** The countries counted as 'EU' on the dashboard: the EEA plus the United Kingdom and Switzerland. */
export const EUROPEAN_COUNTRY_CODES: readonly string[] = [...EEA_COUNTRIES, 'GB', 'CH'];

export const US_COUNTRY_CODE = 'US';

/** EU or US for a country code (any case), or undefined for other countries. */
export function regionOfCountry(code: string | null | undefined): 'EU' | 'US' | undefined {
  const upper = (code ?? '').toUpperCase();
  if (upper === US_COUNTRY_CODE) return 'US';
  return EUROPEAN_COUNTRY_CODES.includes(upper) ? 'EU' : undefined;
}

/** EU for GDPR, US for CCPA and MSPA; accepts names or the report ids 1, 2, 3. */
export function regionOfRegulation(value: unknown): 'EU' | 'US' | undefined {
  const name =
    typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))
      ? reportRegulationFromId(value)
      : typeof value === 'string'
        ? value.toUpperCase()
        : undefined;
  if (name === 'GDPR') return 'EU';
  if (name === 'CCPA' || name === 'MSPA') return 'US';
  return undefined;
}

export type GroupedPoint<G extends string> = { period: string } & Record<G, number>;

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

function groupByPeriod<G extends string>(
  rows: readonly AnalyticsResultRow[],
  groups: readonly G[],
  groupOf: (row: AnalyticsResultRow) => G | undefined,
  total: G,
  metric: string,
): Array<GroupedPoint<G>> {
  const points = new Map<string, GroupedPoint<G>>();
  for (const row of rows) {
    const period = row.period === null || row.period === undefined ? '' : String(row.period);
    let point = points.get(period);
    if (!point) {
      point = { period, ...Object.fromEntries(groups.map((g) => [g, 0])) } as GroupedPoint<G>;
      points.set(period, point);
    }
    const value = numberOf(row[metric]);
    const group = groupOf(row);
    const sums = point as Record<G, number>;
    if (group !== undefined && group !== total) sums[group] += value;
    sums[total] += value;
  }
  return [...points.values()].sort((a, b) => a.period.localeCompare(b.period));
}

/** Sessions per period grouped into EU, US and Total (every country). */
export const groupSessionsByCountryRegion = (
  rows: readonly AnalyticsResultRow[],
  metric = 'totalSessions',
): Array<GroupedPoint<RegionGroup>> =>
  groupByPeriod(
    rows,
    ['EU', 'US', 'Total'],
    (r) => regionOfCountry(String(r.country ?? '')),
    'Total',
    metric,
  );

/** Sessions per period grouped by regulation into EU (GDPR), US (CCPA, MSPA) and Total. */
export const groupSessionsByRegulation = (
  rows: readonly AnalyticsResultRow[],
  metric = 'totalSessions',
): Array<GroupedPoint<RegionGroup>> =>
  groupByPeriod(
    rows,
    ['EU', 'US', 'Total'],
    (r) => regionOfRegulation(r.regulation),
    'Total',
    metric,
  );

/** Sessions per period grouped into Total (All Pages), AMP and HTTP. */
export const groupSessionsByPageFormat = (
  rows: readonly AnalyticsResultRow[],
  metric = 'totalSessions',
): Array<GroupedPoint<PageFormatGroup>> =>
  groupByPeriod(
    rows,
    ['Total (All Pages)', 'AMP', 'HTTP'],
    (r) => (r.pageFormat === 'AMP' || r.pageFormat === 'HTTP' ? r.pageFormat : undefined),
    'Total (All Pages)',
    metric,
  );
