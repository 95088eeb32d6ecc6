import type { AssentClient } from '@assent/core/api';
import { countryTableQuery, insightsQuery, summaryComparisonQuery } from '@assent/core/queries';
import type { DashboardFilterSelection, ReportDateRange } from '@assent/core/reports';
import {
  DASHBOARD_SUMMARY_METRICS,
  defaultComparisonRange,
  defaultSummaryRange,
} from '@assent/core/reports';

/** What the Dashboard tab's three calls depend on: its pickers, filters and properties. */
interface DashboardInput {
  summaryRange: ReportDateRange;
  comparisonRange: ReportDateRange;
  insightsRange: ReportDateRange;
  filters: DashboardFilterSelection;
  propertyIds: string[];
}

/** The dashboard as it opens: 7 days ending yesterday (core's 07:00 rule), the 7 before, no filter. */
export function defaultDashboardInput(now: Date, propertyIds: string[]): DashboardInput {
  const summaryRange = defaultSummaryRange(now);
  return {
    summaryRange,
    comparisonRange: defaultComparisonRange(summaryRange),
    insightsRange: defaultSummaryRange(now),
    filters: {},
    propertyIds,
  };
}

/**
 * The summary cards', the insights charts' and the country table's queries for one input: the
 * Dashboard tab reads them, and the console's start prefetches the default ones (app/prefetch.ts),
 * so both must build the same keys.
 */
export function dashboardQueries(client: AssentClient, pCode: string, input: DashboardInput) {
  return {
    summary: summaryComparisonQuery(client, pCode, {
      summaryDateRange: input.summaryRange,
      comparisonDateRange: input.comparisonRange,
      propertyId: input.propertyIds,
      metricFields: [...DASHBOARD_SUMMARY_METRICS],
    }),
    insights: insightsQuery(client, pCode, {
      range: input.insightsRange,
      propertyIds: input.propertyIds,
      filters: input.filters,
    }),
    countries: countryTableQuery(client, pCode, {
      currentRange: input.insightsRange,
      comparisonRange: defaultComparisonRange(input.insightsRange),
      propertyIds: input.propertyIds,
      filters: input.filters,
    }),
  };
}
