import type { Routes } from '@assent/core/api';
import { DEFAULT_REPORT_CATALOGUE } from '@assent/core/reports';
import type { AnalyticsScope } from '../analytics/queries';
import { reportProperties, reportThemes } from '../analytics/report-refs';
import { properties } from '../repositories/properties';
import {
  abTest,
  countryTable,
  insights,
  propertyAnalytics,
  runReport,
  summary,
  summaryComparison,
} from '../analytics/queries';
import type { AppDeps, GroupHandlers } from './context';
import { reportJobHandlers } from './report-jobs';

/**
 * Analytics: per-property consent analytics (the properties list and detail views), the report
 * selector's properties and themes, the catalogue, the dashboard and the report builder (all read by
 * analytics/queries.ts). Saved reports: report-jobs.ts.
 */
/** Runs one report query of the caller's account under the reports' time limit (504 past it). */
const limited = <T>(
  deps: AppDeps,
  pcode: string,
  query: (scope: AnalyticsScope) => Promise<T>,
): Promise<T> => deps.analytics.run(pcode, query);

export const analyticsHandlers: GroupHandlers<Routes['analytics']> = {
  summary: ({ body }, { deps, pCode }) => limited(deps, pCode, (s) => summary(s, body)),
  graph: ({ body }, { deps, pCode }) => limited(deps, pCode, (s) => runReport(s, body)),
  ...reportJobHandlers,
  runReport: ({ body }, { deps, pCode }) => limited(deps, pCode, (s) => runReport(s, body)),
  insights: ({ body }, { deps, pCode }) => limited(deps, pCode, (s) => insights(s, body)),
  summaryComparison: ({ body }, { deps, pCode }) =>
    limited(deps, pCode, (s) => summaryComparison(s, body)),
  countryTable: ({ body }, { deps, pCode }) => limited(deps, pCode, (s) => countryTable(s, body)),

  async abTest({ body }, { deps, pCode }) {
    // The site's own test order makes its first variant the control (another account's site is
    // not found here, and refused by the query).
    const site = await properties.get(deps.db, pCode, body.propertyId);
    const order = (site?.abTestingSitesCollection ?? []).map((v) => v.name);
    return limited(deps, pCode, (s) => abTest(s, body, order));
  },

  metadata: async () => DEFAULT_REPORT_CATALOGUE,

  properties: (_input, { deps, pCode }) => reportProperties(deps.db, pCode),

  themes: (_input, { deps, pCode }) => reportThemes(deps.db, pCode),

  propertyAnalytics: ({ body }, { deps, pCode }) =>
    limited(deps, pCode, (s) =>
      propertyAnalytics(s, body.propertyIds, body.startDate, body.endDate),
    ),
};
