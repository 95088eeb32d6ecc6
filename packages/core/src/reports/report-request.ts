import type { Issue, Validation } from '../validation';
import { collect, issue } from '../validation';
import { ReportDimension, ReportMetric } from './catalogue';
import type { AnalyticsQuery, ReportFilter, ReportFilterKey } from './query';
import type { AnalyticsRegulationName } from './vocabulary';
import {
  REPORT_DEVICE_TYPES,
  REPORT_PAGE_FORMATS,
  regulationCodeOf,
  regulationNameOf,
} from './vocabulary';

/**
 * The server's reading of a report request (graph, run report, summary, insights): the filters
 * checked and normalised to the stored vocabulary, each dimension and metric checked against the
 * catalogue. Every query engine implements the same normalised request.
 */

export const REPORT_DATES_REQUIRED =
  'A report needs a startDate filter (gteq) and an endDate filter (lteq), as YYYY-MM-DD';
export const REPORT_DATES_ORDER = 'The start date must not be after the end date';
export const REPORT_FILTER_OPERATOR = 'This filter takes the operator';
export const REPORT_FILTER_VALUE = 'Unknown filter value';
export const REPORT_UNKNOWN_DIMENSION = 'Unknown dimension';
export const REPORT_UNKNOWN_METRIC = 'Unknown metric';
export const REPORT_FOREIGN_PROPERTY = 'This property is not one of the account';

/** Filters in the stored vocabulary; a missing key means every value. */
export interface NormalizedFilters {
  startDate: string;
  endDate: string;
  propertyId?: string[];
  regulation?: number[];
  deviceType?: string[];
  os?: string[];
  browser?: string[];
  pageFormat?: string[];
  country?: string[];
  themeUuid?: string[];
  themeLanguage?: string[];
  gbcApplicable?: boolean[];
  copApplicable?: boolean[];
  advancedApplicable?: boolean[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const asBoolean = (v: unknown): boolean | undefined =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;
const upper = (v: unknown) => String(v).toUpperCase();

type InKey = Exclude<keyof NormalizedFilters, 'startDate' | 'endDate'>;

/** How each 'in' filter's values are read; undefined marks a value that is refused. */
const IN_VALUES: Record<InKey, (v: unknown) => string | number | boolean | undefined> = {
  propertyId: (v) => String(v),
  regulation: (v) => regulationCodeOf(v),
  deviceType: (v) => (REPORT_DEVICE_TYPES as readonly string[]).find((d) => d === v),
  os: (v) => String(v),
  browser: (v) => String(v),
  pageFormat: (v) => (REPORT_PAGE_FORMATS as readonly string[]).find((f) => f === upper(v)),
  country: (v) => (/^[A-Za-z]{2}$/.test(String(v)) ? upper(v) : undefined),
  themeUuid: (v) => String(v),
  themeLanguage: (v) => String(v),
  gbcApplicable: asBoolean,
  copApplicable: asBoolean,
  advancedApplicable: asBoolean,
};

/** Checks and normalises a request's filters (index `at` names the filter in issues). */
export function normalizeReportFilters(
  filters: readonly ReportFilter[],
): Validation<NormalizedFilters> {
  const issues: Issue[] = [];
  const out: Record<string, unknown> = {};
  filters.forEach((f, at) => {
    const field = `filters.${at}.${f.key}`;
    const key: ReportFilterKey = f.key;
    if (key === 'startDate' || key === 'endDate') {
      const operator = key === 'startDate' ? 'gteq' : 'lteq';
      if (f.operator !== operator) {
        issues.push(issue(field, 'operator', `${REPORT_FILTER_OPERATOR} ${operator}`));
        return;
      }
      const value = String(f.values[0] ?? '');
      if (!DAY.test(value)) issues.push(issue(field, 'required', REPORT_DATES_REQUIRED));
      else out[key] = value;
      return;
    }
    if (f.operator !== 'in') {
      issues.push(issue(field, 'operator', `${REPORT_FILTER_OPERATOR} in`));
      return;
    }
    const read = IN_VALUES[key];
    const values = f.values.map(read);
    const bad = f.values.filter((_, i) => values[i] === undefined);
    if (bad.length) {
      issues.push(issue(field, 'value', `${REPORT_FILTER_VALUE}: ${bad.map(String).join(', ')}`));
      return;
    }
    // Two filters on one key intersect.
    const previous = out[key] as unknown[] | undefined;
    out[key] = previous ? values.filter((v) => previous.includes(v)) : [...new Set(values)];
  });
  if (!out.startDate || !out.endDate) {
    if (!issues.some((i) => i.rule === 'required')) {
      issues.push(issue('filters', 'required', REPORT_DATES_REQUIRED));
    }
  } else if (out.startDate > out.endDate) {
    issues.push(issue('filters', 'order', REPORT_DATES_ORDER));
  }
  return collect(out as unknown as NormalizedFilters, issues);
}

/** Checks a query's dimensions and metrics against the catalogue. */
export function validateAnalyticsQuery(query: AnalyticsQuery, at = 0): Validation<AnalyticsQuery> {
  const field = (name: string) => `queries.${at}.${name}`;
  return collect(query, [
    ...query.dimensions
      .filter((d) => !ReportDimension.safeParse(d).success)
      .map((d) => issue(field('dimensions'), 'unknown', `${REPORT_UNKNOWN_DIMENSION}: ${d}`)),
    ...query.metrics
      .filter((m) => !ReportMetric.safeParse(m).success)
      .map((m) => issue(field('metrics'), 'unknown', `${REPORT_UNKNOWN_METRIC}: ${m}`)),
  ]);
}

/** The regulation as a report row shows it: its name (GDPR, CCPA, MSPA, GBC, NONE). */
export const regulationDimensionValue = (code: number): AnalyticsRegulationName | string =>
  regulationNameOf(code) ?? String(code);
