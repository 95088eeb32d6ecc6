import { z } from 'zod';
import type { ReportGranularity } from './granularity';
import { dashboardGranularity } from './granularity';
import type { AnalyticsQuery, AnalyticsQueryBody, ReportFilter, ReportFilterKey } from './query';
import { AnalyticsQueryResult, ReportFilterValue, propertyFilter, timeFilters } from './query';
import { ReportDateRange } from './time-period';

/**
 * The dashboard's insights section (reports-and-account §2, §7): the 'More Filters' drawer, the six
 * charts and the one call that fetches them.
 */

/** Categories of the 'More Filters' drawer, in order, with the filter key each one sets. */
export const DASHBOARD_FILTER_CATEGORIES = [
  { key: 'regulation', label: 'Regulation' },
  { key: 'deviceType', label: 'Device Type' },
  { key: 'os', label: 'OS' },
  { key: 'pageFormat', label: 'Page Format' },
  { key: 'browser', label: 'Browser' },
  { key: 'gbcApplicable', label: 'GBC Applicable' },
  { key: 'copApplicable', label: 'COP Applicable' },
  { key: 'advancedApplicable', label: 'Advanced Customizations' },
] as const satisfies ReadonlyArray<{ key: ReportFilterKey; label: string }>;

/** Keys the dashboard filters by: the drawer's categories plus country. */
export const DashboardFilterKey = z.enum([
  ...DASHBOARD_FILTER_CATEGORIES.map((c) => c.key),
  'country',
] as const satisfies readonly ReportFilterKey[]);
export type DashboardFilterKey = z.infer<typeof DashboardFilterKey>;

/** What the drawer (and the country table) has selected: values per key; empty means all. */
export const DashboardFilterSelection = z.partialRecord(
  DashboardFilterKey,
  z.array(ReportFilterValue),
);
export type DashboardFilterSelection = z.infer<typeof DashboardFilterSelection>;

/** The drawer's selection as query filters ('in' per non-empty key, in the drawer's order). */
export function selectionFilters(selection: DashboardFilterSelection): ReportFilter[] {
  return Object.entries(selection)
    .filter(
      (entry): entry is [DashboardFilterKey, ReportFilterValue[]] => (entry[1]?.length ?? 0) > 0,
    )
    .map(([key, values]) => ({ key, operator: 'in' as const, values: [...values] }));
}

/** The six charts of the insights section. */
export const DashboardChartId = z.enum([
  'consentBreakdown',
  'consentTrend',
  'sessionsByRegulation',
  'sessionsByCountry',
  'sessionsByPageFormat',
  'sessionsByDevice',
]);
export type DashboardChartId = z.infer<typeof DashboardChartId>;

export const DASHBOARD_CHART_KINDS: Record<DashboardChartId, 'pie' | 'bar' | 'line'> = {
  consentBreakdown: 'pie',
  consentTrend: 'line',
  sessionsByRegulation: 'bar',
  sessionsByCountry: 'bar',
  sessionsByPageFormat: 'line',
  sessionsByDevice: 'pie',
};

/** Percent axes never go above 100. */
export const PERCENT_AXIS_MAX = 100;

const CONSENT_METRICS = ['optInPercent', 'optOutPercent', 'partialOptInPercent', 'bouncePercent'];

/** The queries of the six charts for a granularity. */
export function dashboardChartQueries(granularity: ReportGranularity): AnalyticsQuery[] {
  const q = (id: DashboardChartId, dimensions: string[], metrics: string[]): AnalyticsQuery => ({
    id,
    dimensions,
    metrics,
    granularity,
  });
  return [
    q('consentBreakdown', [], CONSENT_METRICS),
    q('consentTrend', ['period'], CONSENT_METRICS),
    q('sessionsByRegulation', ['period', 'regulation'], ['totalSessions']),
    q('sessionsByCountry', ['period', 'country'], ['totalSessions']),
    q('sessionsByPageFormat', ['period', 'pageFormat'], ['totalSessions']),
    q('sessionsByDevice', ['deviceType'], ['totalSessions']),
  ];
}

/** The insights call's body: the range, the selected properties and the drawer's selection. */
export const DashboardInsightsRequest = z.object({
  range: ReportDateRange,
  propertyIds: z.array(z.string()),
  filters: DashboardFilterSelection.default({}),
});
export type DashboardInsightsRequest = z.infer<typeof DashboardInsightsRequest>;

/** The insights call's answer: the granularity used and one result per chart. */
export const DashboardInsightsResponse = z.object({
  granularity: z.enum(['day', 'week', 'month']),
  charts: z.array(AnalyticsQueryResult),
});
export type DashboardInsightsResponse = z.infer<typeof DashboardInsightsResponse>;

/**
 * What the insights call runs: the six chart queries at the dashboard granularity of the range,
 * filtered by startDate, endDate, propertyId and the drawer's selection.
 */
export function dashboardInsightsQuery(request: DashboardInsightsRequest): {
  granularity: ReportGranularity;
  body: AnalyticsQueryBody;
} {
  const granularity = dashboardGranularity(request.range);
  return {
    granularity,
    body: {
      queries: dashboardChartQueries(granularity),
      filters: [
        ...timeFilters(request.range),
        propertyFilter(request.propertyIds),
        ...selectionFilters(request.filters),
      ],
    },
  };
}

/** The rows of one chart in an insights answer (empty when missing: the chart shows 'No Data Available'). */
export const chartRows = (response: DashboardInsightsResponse, id: DashboardChartId) =>
  response.charts.find((c) => c.id === id)?.results ?? [];
