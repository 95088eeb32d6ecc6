import { CUSTOM_REPORT_PERCENT_DECIMALS, formatPercent, NOT_AVAILABLE } from '../format';
import { LANGUAGE_NAMES, LanguageCode } from '../language';
import type { ReportCatalogue } from './catalogue';
import { catalogueDisplayName, DEFAULT_REPORT_CATALOGUE, isPercentMetric } from './catalogue';
import type { ReportFilterKey, AnalyticsResultRow, SavedReportQuery } from './query';
import { reportFileColumns } from './report-file';
import type { ReportValueNames } from './report-names';
import { reportValueName } from './report-names';
import type { ReportTheme } from './report-properties';
import { applicableLabel, deviceTypeLabel, DEVICE_TYPE_LABELS, pageFormatLabel } from './segments';
import {
  REPORT_BROWSERS,
  REPORT_DEVICE_TYPES,
  REPORT_OPERATING_SYSTEMS,
  REPORT_PAGE_FORMATS,
} from './vocabulary';

/**
 * The custom report's results (reports-and-account §2 Analytics tab, §9): the table's columns and
 * cells (percentages with two decimals), the chart's series, and the builder's filter choices.
 */

type ReportColumnsQuery = Pick<SavedReportQuery, 'dimensions' | 'metrics'>;

export interface CustomReportColumn {
  fieldName: string;
  label: string;
  kind: 'dimension' | 'metric';
}

/** The table's columns: the dimensions, then the metrics, headed by their display names. */
export function customReportColumns(
  query: ReportColumnsQuery,
  catalogue: ReportCatalogue = DEFAULT_REPORT_CATALOGUE,
): CustomReportColumn[] {
  return reportFileColumns(query).map((fieldName, i) => ({
    fieldName,
    label: catalogueDisplayName(fieldName, catalogue),
    kind: i < query.dimensions.length ? 'dimension' : 'metric',
  }));
}

const APPLICABLE_DIMENSIONS = new Set(['gbcApplicable', 'copApplicable', 'advancedApplicable']);

/**
 * One cell of the results table: a percentage metric with two decimals ('12.35%'), a count as its
 * whole number, a device type or page format by its label, an applicable flag as Yes/No, a theme,
 * property or theme language by its name (`names`); null or missing shows 'N/A'.
 */
export function customReportCell(
  fieldName: string,
  value: AnalyticsResultRow[string] | undefined,
  names?: ReportValueNames,
): string {
  const name = reportValueName(fieldName, value, names);
  if (name !== undefined) return name;
  if (fieldName === 'deviceType') return deviceTypeLabel(value === null ? null : String(value));
  if (fieldName === 'pageFormat') return pageFormatLabel(value === null ? null : String(value));
  if (APPLICABLE_DIMENSIONS.has(fieldName)) return applicableLabel(value as boolean | string);
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  if (typeof value === 'number' && isPercentMetric(fieldName)) {
    return formatPercent(value, CUSTOM_REPORT_PERCENT_DECIMALS);
  }
  return String(value);
}

export interface CustomReportSeries {
  /** The metric's display name. */
  name: string;
  fieldName: string;
  /** A percentage (plotted against a 0–100 axis of its own when counts share the chart). */
  percent: boolean;
  /** One value per category of `x`; null where the row has none. */
  values: Array<number | null>;
}

export interface CustomReportChart {
  /** The x axis title: the dimensions' display names, or 'Total' without a dimension. */
  xTitle: string;
  /** One category per row: its dimension cells joined with ' · ' ('Total' without a dimension). */
  x: string[];
  /** One series per metric. */
  series: CustomReportSeries[];
  /** Whether every series is a percentage (the axis then ends at 100). */
  percent: boolean;
}

/**
 * The chart of a run: one category per result row (labelled by its dimension cells, in row order),
 * one series per metric. Metric values are plotted as they are (percentages unrounded by the chart).
 * Themes, properties and languages are labelled by name (`names`).
 */
export function customReportChart(
  query: ReportColumnsQuery,
  rows: readonly AnalyticsResultRow[],
  catalogue: ReportCatalogue = DEFAULT_REPORT_CATALOGUE,
  names?: ReportValueNames,
): CustomReportChart {
  const label = (row: AnalyticsResultRow) =>
    query.dimensions.length === 0
      ? 'Total'
      : query.dimensions.map((d) => customReportCell(d, row[d], names)).join(' · ');
  return {
    xTitle:
      query.dimensions.length === 0
        ? 'Total'
        : query.dimensions.map((d) => catalogueDisplayName(d, catalogue)).join(' · '),
    x: rows.map(label),
    series: query.metrics.map((m) => ({
      name: catalogueDisplayName(m, catalogue),
      fieldName: m,
      percent: isPercentMetric(m),
      values: rows.map((row) => (typeof row[m] === 'number' ? (row[m] as number) : null)),
    })),
    percent: query.metrics.length > 0 && query.metrics.every(isPercentMetric),
  };
}

// --- Filters ------------------------------------------------------------------------------

export interface ReportFilterOption {
  value: string | boolean;
  label: string;
}

export interface ReportFilterChoice {
  key: ReportFilterKey;
  label: string;
  options: readonly ReportFilterOption[];
}

const yesNo: readonly ReportFilterOption[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];
const same = (values: readonly string[]): ReportFilterOption[] =>
  values.map((value) => ({ value, label: value }));

/**
 * The filters the builder offers besides Time and the property selection, each with its values
 * in the API's vocabulary: the regulations by name, device types by code with their labels, and
 * Yes/No for the applicable flags.
 */
export const REPORT_FILTER_CHOICES: readonly ReportFilterChoice[] = [
  { key: 'regulation', label: 'Regulation', options: same(['GDPR', 'CCPA', 'MSPA']) },
  {
    key: 'deviceType',
    label: 'Device Type',
    options: REPORT_DEVICE_TYPES.map((value) => ({ value, label: DEVICE_TYPE_LABELS[value] })),
  },
  { key: 'os', label: 'OS', options: same(REPORT_OPERATING_SYSTEMS) },
  { key: 'pageFormat', label: 'Page Format', options: same(REPORT_PAGE_FORMATS) },
  { key: 'browser', label: 'Browser', options: same(REPORT_BROWSERS) },
  { key: 'gbcApplicable', label: 'GBC Applicable', options: yesNo },
  { key: 'copApplicable', label: 'COP Applicable', options: yesNo },
  { key: 'advancedApplicable', label: 'Advanced Customizations', options: yesNo },
];

/**
 * The theme filters (reports-and-account §3: filter types themeUuid and themeLanguage), headed by
 * the catalogue's names of their dimensions: the account's themes by name (their ids as values),
 * and every language a theme can be written in, by name (in alphabetical order).
 */
export function themeFilterChoices(
  themes: readonly ReportTheme[],
  catalogue: ReportCatalogue = DEFAULT_REPORT_CATALOGUE,
): ReportFilterChoice[] {
  return [
    {
      key: 'themeUuid',
      label: catalogueDisplayName('themeUuid', catalogue),
      options: themes.map((t) => ({ value: t.uuid, label: t.themeName })),
    },
    {
      key: 'themeLanguage',
      label: catalogueDisplayName('themeLanguage', catalogue),
      // By name, as the console's other long lists (countries): English, German, Bulgarian… was
      // the order of the language table, which no one looks for a language in.
      options: LanguageCode.options
        .map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))
        .sort((a, b) => a.label.localeCompare(b.label, 'en')),
    },
  ];
}
