import type {
  DashboardChartId,
  DashboardInsightsResponse,
  AnalyticsResultRow,
} from '@assent/core/reports';
import {
  chartRows,
  DASHBOARD_CHART_KINDS,
  deviceTypeLabel,
  groupSessionsByCountryRegion,
  groupSessionsByPageFormat,
  groupSessionsByRegulation,
  PAGE_FORMAT_GROUPS,
  REGION_GROUPS,
  VISIT_OUTCOME_LABELS,
} from '@assent/core/reports';

/** One chart of the insights section, as plotted and as its table alternative. */
export interface DashboardChart {
  id: DashboardChartId;
  title: string;
  kind: 'pie' | 'bar' | 'line';
  /** Values are percentages (their axis stops at 100). */
  percent: boolean;
  /** The x values (bar, line) or the slices (pie). */
  categoryTitle: string;
  categories: string[];
  /**
   * `total`: the series is the sum of the others (Total, Total (All Pages)). On a line chart it is
   * drawn as a wide band under them, so it stays visible where it equals one of them (every page
   * HTTP, say).
   */
  series: Array<{ name: string; values: number[]; total?: boolean }>;
}

export const CHART_TITLES: Record<DashboardChartId, string> = {
  consentBreakdown: 'Consent breakdown',
  consentTrend: 'Consent trend',
  sessionsByRegulation: 'Sessions by regulation',
  sessionsByCountry: 'Sessions by country',
  sessionsByPageFormat: 'Sessions by page format',
  sessionsByDevice: 'Sessions by device type',
};

/** The consent metrics and their labels (the pie's Accept all, Deny all, Partial opt-in, Bounce). */
const CONSENT = [
  ['optInPercent', VISIT_OUTCOME_LABELS.acceptAll],
  ['optOutPercent', VISIT_OUTCOME_LABELS.rejectAll],
  ['partialOptInPercent', VISIT_OUTCOME_LABELS.partial],
  ['bouncePercent', VISIT_OUTCOME_LABELS.bounce],
] as const;

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const period = (row: AnalyticsResultRow) => String(row.period ?? '');

/** True when a chart has nothing to plot: it shows 'No Data Available'. */
export const isChartEmpty = (chart: DashboardChart) =>
  chart.categories.length === 0 || chart.series.every((s) => s.values.every((v) => v === 0));

/** The six charts of an insights answer, grouped with core's rules. */
export function dashboardCharts(response: DashboardInsightsResponse): DashboardChart[] {
  const base = (id: DashboardChartId, percent: boolean, categoryTitle: string) => ({
    id,
    title: CHART_TITLES[id],
    kind: DASHBOARD_CHART_KINDS[id],
    percent,
    categoryTitle,
  });
  const breakdown = chartRows(response, 'consentBreakdown')[0];
  const trend = chartRows(response, 'consentTrend');
  const grouped = <G extends string>(
    points: Array<{ period: string } & Record<G, number>>,
    groups: readonly G[],
    total: G,
  ) => ({
    categories: points.map((p) => p.period),
    series: groups.map((g) => ({
      name: g,
      values: points.map((p) => p[g]),
      ...(g === total ? { total: true } : {}),
    })),
  });
  const devices = chartRows(response, 'sessionsByDevice');
  return [
    {
      ...base('consentBreakdown', true, 'Outcome'),
      categories: breakdown ? CONSENT.map(([, label]) => label) : [],
      series: breakdown
        ? [{ name: 'Share', values: CONSENT.map(([metric]) => num(breakdown[metric])) }]
        : [],
    },
    {
      ...base('consentTrend', true, 'Period'),
      categories: trend.map(period),
      series: CONSENT.map(([metric, label]) => ({
        name: label,
        values: trend.map((row) => num(row[metric])),
      })),
    },
    {
      ...base('sessionsByRegulation', false, 'Period'),
      ...grouped(
        groupSessionsByRegulation(chartRows(response, 'sessionsByRegulation')),
        REGION_GROUPS,
        'Total',
      ),
    },
    {
      ...base('sessionsByCountry', false, 'Period'),
      ...grouped(
        groupSessionsByCountryRegion(chartRows(response, 'sessionsByCountry')),
        REGION_GROUPS,
        'Total',
      ),
    },
    {
      ...base('sessionsByPageFormat', false, 'Period'),
      ...grouped(
        groupSessionsByPageFormat(chartRows(response, 'sessionsByPageFormat')),
        PAGE_FORMAT_GROUPS,
        'Total (All Pages)',
      ),
    },
    {
      ...base('sessionsByDevice', false, 'Device type'),
      categories: devices.map((row) => deviceTypeLabel(row.deviceType as string | null)),
      series: [{ name: 'Display Count', values: devices.map((row) => num(row.totalSessions)) }],
    },
  ];
}
