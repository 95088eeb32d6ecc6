import type { AssentClient } from '../api';
import type { AbTestRequest } from '../reports/ab-test';
import type { CountryTableRequest } from '../reports/country-table';
import type { DashboardInsightsRequest } from '../reports/insights';
import { sitePremiumReportRequest } from '../reports/premium-report';
import type { SummaryComparisonQuery } from '../reports/summary';
import type { ReportDateRange } from '../reports/time-period';
import { queryOptionsOf } from './query-options';

/**
 * The reports dashboard's data (reports-and-account §2, §7): the summary cards, the insights charts
 * and the country table, each cached per filter set (the request is part of the key), and a site's
 * A/B test report.
 */
export type SummaryComparisonInput = Omit<SummaryComparisonQuery, 'pCode'>;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  account: (pCode: string) => [...dashboardKeys.all, pCode] as const,
  summary: (pCode: string, input: SummaryComparisonInput) =>
    [...dashboardKeys.account(pCode), 'summary', input] as const,
  insights: (pCode: string, input: DashboardInsightsRequest) =>
    [...dashboardKeys.account(pCode), 'insights', input] as const,
  countryTable: (pCode: string, input: CountryTableRequest) =>
    [...dashboardKeys.account(pCode), 'countryTable', input] as const,
};

export const summaryComparisonQuery = (
  client: AssentClient,
  pCode: string,
  input: SummaryComparisonInput,
) =>
  queryOptionsOf(dashboardKeys.summary(pCode, input), ({ signal }) =>
    client.analytics.summaryComparison({ params: { pCode }, body: input }, { signal }),
  );

export const insightsQuery = (
  client: AssentClient,
  pCode: string,
  input: DashboardInsightsRequest,
) =>
  queryOptionsOf(dashboardKeys.insights(pCode, input), ({ signal }) =>
    client.analytics.insights({ params: { pCode }, body: input }, { signal }),
  );

export const countryTableQuery = (
  client: AssentClient,
  pCode: string,
  input: CountryTableRequest,
) =>
  queryOptionsOf(dashboardKeys.countryTable(pCode, input), ({ signal }) =>
    client.analytics.countryTable({ params: { pCode }, body: input }, { signal }),
  );

/** A property's A/B test of themes over a range (the site detail's A/B Testing tab). */
export const abTestKeys = {
  all: ['abTest'] as const,
  report: (pCode: string, input: AbTestRequest) => [...abTestKeys.all, pCode, input] as const,
};
export const abTestQuery = (client: AssentClient, pCode: string, input: AbTestRequest) =>
  queryOptionsOf(abTestKeys.report(pCode, input), ({ signal }) =>
    client.analytics.abTest({ params: { pCode }, body: input }, { signal }),
  );

/** A site's premium reports over a range (/sites/reports/{id}): one graph call, keyed per range. */
export const premiumReportKeys = {
  all: ['premiumReport'] as const,
  site: (pCode: string, propertyId: string, range: ReportDateRange) =>
    [...premiumReportKeys.all, pCode, propertyId, range] as const,
};
export const sitePremiumReportQuery = (
  client: AssentClient,
  pCode: string,
  propertyId: string,
  range: ReportDateRange,
) =>
  queryOptionsOf(premiumReportKeys.site(pCode, propertyId, range), ({ signal }) =>
    client.analytics.graph(
      { params: { pCode }, body: sitePremiumReportRequest(propertyId, range) },
      { signal },
    ),
  );
